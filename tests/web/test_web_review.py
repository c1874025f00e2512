"""The review of a played hand (#review): a short summary first (the contract,
made or not and by which team, the costs in all, the costliest decisions, each
a button that jumps to its step), every card face up, the strong bot's choice
worded from the catalogue at each decision, each card's cost exactly as the
engine's review (none shown for a best card), the auction's costs labelled as
estimates with their uncertainty, the figures the statistics then show; on a
phone the trick reviewed is in view at every step; in Arabic right to left with
no Latin word; axe clean."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from touti_core import api
from touti_core.bots.review import review_hand

from test_web_languages import VISIBLE_TEXT_JS
from webhelpers import FAST, play_out_hand, preset, stored_games, wait_ready

TABLE = [None, "normal", "normal", "normal"]
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = [(360, 640), (390, 844), (844, 390)]


def open_review(page, site: str, lang: str = "en") -> tuple[dict, dict]:
    """Plays hand 1 of game K7 by clicking (the player passes and plays its first legal
    card), opens its review from the end-of-hand panel: (the record, the engine's review)."""
    preset(page, {**FAST, "locale": lang})
    page.goto(site + "#game=K7")
    wait_ready(page)
    play_out_hand(page)
    record = json.loads(page.evaluate("localStorage.getItem('touti.game.v1')"))["record"]
    page.click("#panel-review")
    page.wait_for_selector("html[data-view='review'] #review-summary", timeout=60_000)
    return record, review_hand(record, 0, 0, TABLE)


def key(page) -> str:
    return page.get_attribute("#review-trick", "data-key")


def go_to(page, step: int) -> None:
    page.wait_for_function(f"document.getElementById('review-trick').dataset.key.split(':')[0] === '{step}'")


def test_the_review_shows_all_cards_and_each_cards_cost(page, site):
    record, expected = open_review(page, site)
    page.wait_for_selector("#review-board .mini-card")
    assert page.locator("#review-board .mini-card").count() == 40
    # the totals: the card play's certain cost, the auction's estimate, kept apart
    play = page.text_content("#review-lost-play")
    assert page.get_attribute("#review-lost-play", "data-points") == str(expected["lost_play"])
    assert f"{expected['lost_play']} points of the hand lost against the best cards with every hand known" in play
    auction = page.text_content("#review-lost-auction")
    if any(d.get("estimate") and not d["same"] for d in expected["decisions"]):
        assert f"about {expected['lost_auction']} ± {expected['lost_auction_margin']} points of score" in auction
        assert "estimate" in auction
    # trick by trick: the player's card decision with the cost of every card
    seen = 0
    for step in range(1, len(expected["tricks"]) + 1):
        page.click("#review-next")
        go_to(page, step)
        decision = next((d for d in expected["decisions"] if d["trick"] == step and "costs" in d), None)
        shown = dict(page.eval_on_selector_all("#review-board .review-south .mini-card .cost",
                                               "els => els.map(e => [e.parentElement.dataset.card, Number(e.dataset.cost)])"))
        options = dict(page.eval_on_selector_all("#review-trick .review-options .mini-card .cost",
                                                 "els => els.map(e => [e.parentElement.dataset.card, Number(e.dataset.cost)])"))
        if decision:
            assert shown == decision["costs"] == options
            seen += 1
        else:
            assert shown == {} == options
    assert seen >= 1
    # arrow keys go back
    page.keyboard.press("ArrowLeft")
    go_to(page, len(expected["tricks"]) - 1)
    # the figures are kept for the statistics, which say them as the review does
    games = stored_games(page, "g => g.length && g.at(-1).hands[0].review")
    assert games[-1]["hands"][0]["review"] == {"lost_auction": expected["lost_auction"],
                                               "lost_play": expected["lost_play"]}
    assert api.from_record(record)["phase"] in ("hand_over", "game_over")
    page.goto(site + "#stats")
    page.wait_for_selector("#stats-lost-play")
    assert float(page.get_attribute("#stats-lost-play", "data-points")) == expected["lost_play"]
    assert float(page.get_attribute("#stats-lost-auction", "data-points")) == expected["lost_auction"]
    stats = page.text_content(".stats-trend")
    assert f"Card play: {expected['lost_play']} points of the hand lost a hand on average" in stats
    assert f"Auction: about {expected['lost_auction']} points of score lost a hand" in stats
    assert "estimate" in stats


def test_the_summary_says_the_contract_and_jumps_to_the_costliest_decisions(page, site):
    _, expected = open_review(page, site)
    result = expected["result"]
    team = result["declarer"] % 2
    summary = page.text_content("#review-summary")
    names = ["You", "Karim", "Nora", "Driss"]
    assert f"Contract {result['contract']} by {names[result['declarer']]} ({'our' if team == 0 else 'their'} team)" in summary
    assert ("Made:" if result["made"] else "Failed:") in summary
    assert f"the declarers won {result['points'][team]} points of the hand, the defenders {result['points'][1 - team]}" in summary
    top = [expected["decisions"][j] for j in expected["top"]]
    assert top, "the hand played has costly decisions"
    buttons = page.locator("#review-top button")
    assert buttons.count() == len(top)
    for i, d in enumerate(top):
        button = buttons.nth(i)
        text = button.text_content()
        if d.get("estimate"):
            assert "±" in text and "sampled deal" in text
        else:
            assert f"{d['cost']} point" in text and "of the hand lost" in text
        assert button.bounding_box()["height"] >= 44
        # from the other end of the hand, the jump goes to the decision's step and shows it
        button.click()
        go_to(page, d["trick"])
        note = page.locator(f"#review-trick .review-note.marked[data-at='{d['at']}']")
        assert note.count() == 1
        box = note.bounding_box()
        assert 0 <= box["y"] and box["y"] + min(box["height"], 120) <= page.viewport_size["height"] + 0.5
        page.evaluate("window.scrollTo(0, 0)")


def js_round(x: float) -> int:
    """A number as the page rounds it (``Math.round``: a half up, 0.5 -> 1), not as
    Python's ``round`` does (a half to even, 0.5 -> 0)."""
    return math.floor(x + 0.5)


def test_no_cost_is_shown_where_the_choice_is_the_best_and_the_bot_is_worded(page, site):
    _, expected = open_review(page, site)
    log_sentence = re.compile(r"\bYou (play|bid|pass|announce|signal|name|declare)\b")
    checked = {"best": 0, "cost": 0, "estimate": 0}
    for step in range(0, len(expected["tricks"]) + 1):
        if step:
            page.click("#review-next")
            go_to(page, step)
        for d in expected["decisions"]:
            if d["trick"] != step:
                continue
            note = page.locator(f"#review-trick .review-note[data-at='{d['at']}']")
            assert note.count() == 1, d
            cost = note.locator(".review-cost")
            bot = note.locator(".review-bot").text_content()
            assert bot.startswith("The strong bot, which sees only its own hand, would")
            assert not log_sentence.search(bot)
            if d["same"]:
                assert "would have chosen the same" in bot
            if d.get("estimate"):
                if d["same"] or not d["cost"]:
                    assert cost.count() == 0
                else:
                    text = cost.text_content()
                    assert re.search(rf"about {js_round(d['cost'])} ± {js_round(d['margin'])} points of score lost "
                                     rf"\(estimated over {d['deals']} sampled deals?\)", text), text
                    checked["estimate"] += 1
            elif d["cost"] == 0:
                assert cost.count() == 0        # a best choice: no cost, not even "0"
                checked["best"] += 1
            else:
                assert cost.text_content() == f"{d['cost']} point{'s' if d['cost'] > 1 else ''} of the hand lost"
                checked["cost"] += 1
    assert checked["best"] and checked["cost"] and checked["estimate"], checked


AXE_JS = """axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>
    [v.id, v.impact, v.nodes.map(n => n.target.join(' ')).slice(0, 3)]))"""

GEOMETRY_JS = """() => {
  const box = (s) => { const e = document.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const small = [...document.querySelectorAll('.review-nav button, #review-top button, #review-hands > summary')]
    .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && (r.width < 44 || r.height < 44)).length;
  return {w: innerWidth, h: innerHeight, scroll: document.documentElement.scrollWidth, small,
          nav: box('.review-nav'), cards: box('#review-trick .review-trick-cards'), title: box('.review-trick-title'),
          shown: [...document.querySelectorAll('#review-trick .review-trick-cards .mini-card')].map((e) => e.dataset.card)};
}"""


#: The texts a person meets on the review's screen (VISIBLE_TEXT_JS of the language
#: tests, within the screen's section).
SCREEN_TEXT_JS = VISIBLE_TEXT_JS.replace("walk(document.body);", "walk(document.getElementById('screen'));") \
    .replace("out.push(document.title);", "")


def inside(b, g, top: float = 0.0) -> bool:
    return b[0] >= -0.5 and b[1] >= top - 0.5 and b[2] <= g["w"] + 0.5 and b[3] <= g["h"] + 0.5


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_a_phone_the_trick_is_in_view_at_every_step(page, site, size, lang):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    _, expected = open_review(page, site, lang)
    if lang == "ar":
        assert page.get_attribute("html", "dir") == "rtl"
    g = page.evaluate(GEOMETRY_JS)
    assert g["scroll"] <= g["w"] and g["small"] == 0, g
    before = None
    for step in range(1, len(expected["tricks"]) + 1):
        page.click("#review-next")
        go_to(page, step)
        g = page.evaluate(GEOMETRY_JS)
        # the trick's four cards are whole on the screen, below the steps' bar, and new
        assert g["cards"] and inside(g["cards"], g, top=g["nav"][3]), (step, g)
        assert inside(g["nav"], g), (step, g)
        assert g["shown"] == [c["card"] for c in expected["tricks"][step - 1]["cards"]] != before
        assert g["scroll"] <= g["w"] and g["small"] == 0, (step, g)
        before = g["shown"]
    # and back: the auction's step is in view too
    for _ in range(len(expected["tricks"])):
        page.click("#review-prev")
    go_to(page, 0)
    g = page.evaluate(GEOMETRY_JS)
    assert inside(g["title"], g), g
    # the hands fold and unfold at a tap
    assert page.locator("#review-board .mini-card").first.is_visible()
    page.click("#review-hands > summary")
    assert not page.locator("#review-board .mini-card").first.is_visible()
    page.click("#review-hands > summary")
    if lang == "ar":
        page.evaluate("document.getElementById('review-hands').open = true")
        # right to left: every part of the review reads from the right (the seats keep their places)
        dirs = page.eval_on_selector_all(".review-name, .review-summary, .review-trick, .review-nav, .review-cards",
                                         "els => [...new Set(els.map(e => getComputedStyle(e).direction))]")
        assert dirs == ["rtl"]
        name = page.eval_on_selector(".review-south", """e => { const h = e.getBoundingClientRect();
            const n = e.querySelector('.review-name').getBoundingClientRect();
            const c = e.querySelector('.mini-card').getBoundingClientRect(); return [h.right - n.right, h.right - c.right]; }""")
        assert name[0] < 12 and name[1] < 12, name       # the name and the first card on the right
        texts = []
        for step in range(0, len(expected["tricks"]) + 1):
            if step:
                page.click("#review-next")
                go_to(page, step)
            texts += page.evaluate(SCREEN_TEXT_JS)
        latin = sorted({w for text in texts for w in re.findall(r"[A-Za-z]{2,}", text)})
        assert latin == [], latin
    # axe-core (its script served from the site's origin: the page's policy stays on)
    page.context.route(site + "axe-under-test.js", lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
    page.add_script_tag(url=site + "axe-under-test.js")
    assert page.evaluate(AXE_JS) == [], (lang, size)
