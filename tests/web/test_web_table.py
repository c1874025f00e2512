"""During play: the trick's leader and order of play on the table, the winner
of each trick announced on it (on a phone too), take-backs for practice, and
the history of finished hands kept on the device."""

from __future__ import annotations

import json

from touti_core import api

from webhelpers import FAST, preset, record_fragment, settle, stored_games, wait_ready


def to_player_card(page):
    """Acts until it is the player's card to play (bids 230 first in game S4)."""
    for _ in range(20):
        state = settle(page)
        if state == "act:auction":
            page.locator("#actions button[data-action='bid']").last.click()
        elif state == "act:trump":
            page.click("#actions button[data-action='trump'][data-suit='O']")
        elif state == "act:ghna":
            page.click("#actions button[data-action='no_ghna']")
        elif state in ("card", "act:play"):
            return
        else:
            raise AssertionError(state)


def test_the_order_of_play_and_the_trick_winner_are_on_the_table(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    preset(page, {"speed": "fast"})
    page.goto(site + "#game=S4")          # the player leads the first trick
    wait_ready(page)
    to_player_card(page)
    # the trick is empty: no numbered dot over an empty place (each card played shows its number)
    orders = page.eval_on_selector_all("#trick .order", "els => els.map(e => [e.dataset.seat, e.textContent, e.hidden])")
    assert orders == [["0", "1", True], ["1", "2", True], ["2", "3", True], ["3", "4", True]]
    assert page.get_attribute("#trick .order[data-seat='0']", "class").split() == ["order", "order-south", "leader"]
    page.locator("#hand button.legal").first.click()
    news = page.wait_for_selector("#trick .trick-news:not([hidden])", timeout=30_000)
    text = news.text_content()
    assert " takes it: " in text or text.startswith("You take it: ")
    assert news.is_visible()
    # the same words as the trick itself: its winner and its points
    page.wait_for_function("JSON.parse(localStorage.getItem('touti.game.v1')).record.actions.length >= 6")
    s = api.from_record(json.loads(page.evaluate("localStorage.getItem('touti.game.v1')"))["record"])
    trick = s["tricks"][0]
    names = {0: "You", 1: "Karim", 2: "Nora", 3: "Driss"}
    assert text == (f"You take it: {trick['points']}" if trick["winner"] == 0
                    else f"{names[trick['winner']]} takes it: {trick['points']}")


def test_take_back_restores_the_exact_position_and_marks_practice(page, site):
    preset(page, {**FAST, "takeBacks": True})
    page.goto(site + "#game=S4")
    wait_ready(page)
    to_player_card(page)
    before = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record")
    hand = page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")
    page.locator("#hand button.legal").first.click()
    page.wait_for_function(f"JSON.parse(localStorage.getItem('touti.game.v1')).record.actions.length > {len(before['actions'])}")
    settle(page)
    assert page.locator("#practice").is_hidden()
    page.click("#menu-undo")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('touti.game.v1')).record.actions.length === {len(before['actions'])}")
    settle(page)
    assert page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record") == before
    assert page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)") == hand
    assert page.locator("#practice").is_visible()
    assert page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).practice") is True


def test_take_back_is_off_by_default(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    assert page.locator("#menu-undo").is_hidden()


def test_finished_hands_are_kept_in_the_history_across_a_reload(page, site):
    sc = json.loads(open("web/scenarios/made-contract.json").read())
    record = {"format": "touti-record/1", "deal": sc["deal"], "rules": sc["rules"], "actions": sc["actions"]}
    preset(page, FAST)
    page.goto(site + record_fragment(record))
    wait_ready(page)
    settle(page)
    page.click("#hand button[data-card='1O']")
    assert settle(page) in ("hand_over", "game_over")
    games = stored_games(page, "g => g.length === 1 && g[0].hands.length === 1")     # in IndexedDB
    game = games[0]
    assert game["hands"][0]["result"]["made"] is True
    assert isinstance(game["record"]["actions"], str)       # kept compact
    assert page.evaluate("localStorage.getItem('touti.history.v1')") is None
    page.reload()
    wait_ready(page)
    settle(page)
    assert stored_games(page)[0]["hands"] == game["hands"]


def test_history_and_stats_screens_export_import_and_clear(page, site, tmp_path):
    sc = json.loads(open("web/scenarios/made-contract.json").read())
    record = {"format": "touti-record/1", "deal": sc["deal"], "rules": sc["rules"], "actions": sc["actions"]}
    preset(page, FAST)
    page.goto(site + record_fragment(record))
    wait_ready(page)
    settle(page)
    page.click("#hand button[data-card='1O']")
    settle(page)
    page.goto(site + "#history")
    page.wait_for_selector("html[data-view='history'] .history-game")
    assert page.locator(".history-hand").count() == 1
    assert "100 by You" in page.text_content(".history-hand") and "made" in page.text_content(".history-hand")
    assert page.get_attribute(".history-review", "href").startswith("#review=")
    with page.expect_download() as dl:
        page.click("#history-export")
    path = tmp_path / "history.json"
    dl.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["format"] == "touti-history/1" and len(exported["games"]) == 1
    page.click("#history-clear")
    page.click("#history-clear-yes")
    page.wait_for_function("!document.querySelector('.history-game')")
    assert stored_games(page) == []
    page.set_input_files("#history-file", str(path))
    page.wait_for_selector(".history-game")
    assert "1 game added" in page.text_content(".history-status")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nope"}')
    page.set_input_files("#history-file", str(bad))
    page.wait_for_function("document.querySelector('.history-status').textContent.includes('not a Touti history')")
    page.click("#history-stats")
    page.wait_for_selector("html[data-view='stats'] .stats-table")
    text = page.text_content("#screen")
    assert "Contracts made by your team" in text and "1 of 1 taken (100%)" in text
