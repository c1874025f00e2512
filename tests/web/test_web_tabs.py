"""Two tabs of one browser: one tab at a time owns the game in progress
(tabs.js).  Another tab says the game is open elsewhere and offers to take it
over; the tab it is taken from stops and never writes the save again; a tab
closed leaves the game to the other; the lesson and the embedded demo never
take it."""

from __future__ import annotations

import json
from pathlib import Path

from cspwait import csp_safe
from webhelpers import FAST, act, hand_cards, preset, settle, wait_ready

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

SAVED_JS = "() => JSON.parse(localStorage.getItem('touti.game.v1')).record.actions.length"
ELSEWHERE = "html[data-view='elsewhere'] #tab-take"


def new_tab(context, url: str):
    tab = csp_safe(context.new_page())
    tab.goto(url)
    wait_ready(tab)
    return tab


def saved(tab) -> int:
    return tab.evaluate(SAVED_JS)


def audit(context, tab, site: str) -> list:
    """axe-core's violations on the tab's page (its script served by the site's origin: the policy stays on)."""
    context.route(site + "axe-under-test.js", lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
    tab.add_script_tag(url=site + "axe-under-test.js")
    return tab.evaluate("""axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>
        [v.id, v.impact, v.nodes.map(n => n.target.join(' ')).slice(0, 3)]))""")


def test_a_second_tab_is_told_takes_the_game_over_and_the_first_never_writes_again(page, context, site):
    one = page
    preset(one, FAST)
    one.goto(site + "#game=S4")                # the player speaks first
    wait_ready(one)
    act(one, settle(one), bid=True)
    settle(one)
    before = saved(one)
    cards = hand_cards(one)

    # a second tab: told where the game is, the save untouched
    two = new_tab(context, site)
    two.wait_for_selector(ELSEWHERE)
    assert "another tab" in two.text_content("#screen")
    assert two.is_hidden("#app") and two.get_attribute("html", "data-tab") == "elsewhere"
    assert saved(two) == before
    assert audit(context, two, site) == []
    # the first tab still plays, and saves
    act(one, settle(one), bid=True)
    settle(one)
    assert saved(one) > before
    before = saved(one)
    cards = hand_cards(one)

    # it takes the game over: the saved game on its table, the first tab told
    two.click("#tab-take")
    two.wait_for_selector("html[data-view='game'][data-tab='owner']")
    settle(two)
    assert hand_cards(two) == cards and saved(two) == before
    one.wait_for_selector(ELSEWHERE)
    assert one.is_hidden("#app") and hand_cards(one) == []

    # the second tab plays; the first one has nothing left to act with, and writes nothing
    act(two, settle(two), bid=True)
    settle(two)
    after = saved(two)
    assert after > before
    one.keyboard.press("h")                    # the hint key: no game here to ask about
    one.evaluate("document.querySelector('#hand button')?.click()")
    assert saved(one) == after and one.get_attribute("html", "data-view") == "elsewhere"

    # the first one may take it back, and then the second one is told in turn
    one.click("#tab-take")
    one.wait_for_selector("html[data-view='game']")
    settle(one)
    two.wait_for_selector(ELSEWHERE)
    assert saved(one) == after
    two.click("#tab-take")
    two.wait_for_selector("html[data-view='game']")
    one.wait_for_selector(ELSEWHERE)

    # a reload keeps the second tab's game, the saved one
    two.reload()
    wait_ready(two)
    two.wait_for_selector("html[data-view='game']")
    settle(two)
    assert saved(two) == after
    assert one.get_attribute("html", "data-view") == "elsewhere"

    # the second tab is closed: the first takes the game without a fight when it is back in view
    two.close()
    one.wait_for_function("navigator.locks.query().then(q => q.held.length === 0)")      # the browser let it go
    one.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    one.wait_for_selector("html[data-view='game']")
    settle(one)
    assert saved(one) == after and len(hand_cards(one)) == 10


def test_the_lesson_and_the_embedded_demo_never_take_the_game(page, context, site):
    lesson = page
    preset(lesson, FAST)
    lesson.goto(site + "#learn")
    wait_ready(lesson)
    lesson.wait_for_selector("html[data-view='learn'] #coach")
    demo = new_tab(context, site + "embed.html?scenario=made-contract&speed=instant")
    # a tab that opens the game has it, although the lesson and the demo were open first
    game = new_tab(context, site + "#game=S4")
    game.wait_for_selector("html[data-view='game']")
    settle(game)
    # the lesson's tab goes back to the game: it is elsewhere, and the lesson still plays on
    lesson.click("#screen-back")
    lesson.wait_for_selector(ELSEWHERE)
    lesson.click("#elsewhere-learn")
    lesson.wait_for_selector("html[data-view='learn'] #coach-next")
    lesson.click("#coach-next")
    lesson.wait_for_function("document.getElementById('coach').dataset.step === '1'")
    assert game.get_attribute("html", "data-view") == "game"
    demo.close()


def test_a_tab_that_missed_the_news_never_writes_over_a_later_owner(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    # a damaged owner's mark is no owner: the game plays on and is saved
    page.evaluate("localStorage.setItem('touti.game.owner', '{not json')")
    act(page, settle(page), bid=True)
    settle(page)
    before = saved(page)
    assert before > 0
    # another tab took the game after this one (its mark says so) and this one missed both messages
    page.evaluate("localStorage.setItem('touti.game.owner', JSON.stringify({tab: 'later', since: Date.now() + 1000}))")
    act(page, settle(page), bid=True)
    page.wait_for_selector(ELSEWHERE)
    assert saved(page) == before
    assert json.loads(page.evaluate("localStorage.getItem('touti.game.owner')"))["tab"] == "later"
