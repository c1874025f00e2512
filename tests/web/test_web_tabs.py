"""Two tabs of the site (Chromium): one tab at a time owns the game in
progress (web/js/tabs.js, a Web Lock).  A second tab says so and offers to
take over; taking it stops the first tab, which then writes nothing and says
so in turn; neither tab's game is ever overwritten by the other."""

from __future__ import annotations

import json

import pytest

from webhelpers import FAST, SETTLED_JS, act, preset, settle, wait_ready

SAVED_ACTIONS = "() => (JSON.parse(localStorage.getItem('touti.game.v1') || 'null')?.record?.actions || []).length"


def play_turns(page, turns: int) -> None:
    """The player's next ``turns`` decisions, by clicks."""
    for _ in range(turns):
        act(page, settle(page))


@pytest.mark.fresh_browser
def test_one_tab_owns_the_game_another_says_so_takes_it_over_and_nothing_is_overwritten(page, site):
    preset(page, FAST)
    page.goto(site + "#game=K7")
    wait_ready(page)
    play_turns(page, 2)
    assert page.get_attribute("html", "data-tab") in (None, "owner")
    first = page.evaluate(SAVED_ACTIONS)
    assert first > 0

    # a second tab: told at once, it neither plays nor writes
    second = page.context.new_page()
    second.goto(site)
    wait_ready(second)
    second.wait_for_selector("#elsewhere[open] #tab-take")
    assert second.get_attribute("html", "data-tab") == "elsewhere"
    assert "open in another tab" in second.text_content("#elsewhere")
    second.keyboard.press("Escape")                  # it goes only by taking the game
    assert second.locator("#elsewhere[open]").count() == 1
    play_turns(page, 1)                              # the first tab still plays and saves
    assert page.evaluate(SAVED_ACTIONS) > first

    # the second tab takes over: the first is told and stops
    second.click("#tab-take")
    second.wait_for_selector("html[data-tab='owner']")
    page.wait_for_selector("#elsewhere[open] #tab-take")
    assert page.get_attribute("html", "data-tab") == "elsewhere"
    state = settle(second)
    taken = second.evaluate(SAVED_ACTIONS)
    act(second, state)                               # the second tab plays on from the first's save
    for _ in range(100):
        if second.evaluate(SAVED_ACTIONS) > taken:
            break
        second.wait_for_timeout(50)
    assert second.evaluate(SAVED_ACTIONS) > taken
    mine = second.evaluate("localStorage.getItem('touti.game.v1')")
    page.wait_for_timeout(1500)                      # the first tab's bots would have played by now
    assert page.evaluate("localStorage.getItem('touti.game.v1')") == mine     # nothing overwritten
    assert page.evaluate(SETTLED_JS) is False                                # and it offers no move

    # the second tab closes: the first takes the game back without a fight, from the second's save
    second.close()
    page.click("#tab-take")
    page.wait_for_selector("html[data-tab='owner']")
    settle(page)
    record = json.loads(mine)["record"]
    shown = page.evaluate("() => JSON.parse(localStorage.getItem('touti.game.v1')).record")
    assert shown["seed"] == record["seed"]
    assert shown["actions"][:len(record["actions"])] == record["actions"]
