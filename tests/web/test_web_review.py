"""The review of a played hand (#review): every card face up, the strong bot's
choice at each decision, and each card's cost exactly as the engine's review."""

from __future__ import annotations

import json

from touti_core import api
from touti_core.bots.review import review_hand

from test_web_deals import play_out_hand
from webhelpers import FAST, preset, settle, stored_games, wait_ready


def test_the_review_shows_all_cards_and_each_cards_cost(page, site):
    preset(page, FAST)
    page.goto(site + "#game=K7")
    wait_ready(page)
    play_out_hand(page)
    record = json.loads(page.evaluate("localStorage.getItem('touti.game.v1')"))["record"]
    page.click("#panel-review")
    page.wait_for_selector("html[data-view='review'] #review-board .mini-card", timeout=60_000)
    assert page.locator("#review-board .mini-card").count() == 40
    expected = review_hand(record, 0, 0, [None, "normal", "normal", "normal"])
    summary = page.text_content("#review-summary")
    assert f"{expected['lost_auction']} in the auction, {expected['lost_play']} in the play" in summary
    # trick by trick: the player's card decision with the cost of every card
    seen = 0
    for step in range(1, len(expected["tricks"]) + 1):
        page.click("#review-next")
        page.wait_for_function(f"document.getElementById('review-trick').dataset.key === '{step}'")
        start = [i for i, a in enumerate(expected["actions"]) if a["type"] == "play"][4 * (step - 1)]
        mine = next((i for i in range(start, start + 8) if i < len(expected["actions"])
                     and expected["actions"][i]["type"] == "play" and expected["actions"][i]["seat"] == 0), None)
        decision = next((d for d in expected["decisions"] if d["at"] == mine), None)
        shown = dict(page.eval_on_selector_all("#review-board .review-south .mini-card .cost",
                                               "els => els.map(e => [e.parentElement.dataset.card, Number(e.dataset.cost)])"))
        if decision and "costs" in decision:
            assert shown == decision["costs"]
            seen += 1
        else:
            assert shown == {}
    assert seen >= 1
    # arrow keys go back
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.getElementById('review-trick').dataset.key === '{len(expected['tricks']) - 1}'")
    # the figures are kept for the statistics
    games = stored_games(page, "g => g.length && g.at(-1).hands[0].review")
    assert games[-1]["hands"][0]["review"] == {"lost_auction": expected["lost_auction"],
                                               "lost_play": expected["lost_play"]}
    assert api.from_record(record)["phase"] in ("hand_over", "game_over")
