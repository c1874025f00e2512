"""The deal of the day and a challenge's deals never replace a game in
progress without asking: the replaced game becomes the previous game, and
every game the history lists as in progress can be resumed from it."""

from __future__ import annotations

import json

from webhelpers import FAST, act, preset, settle, wait_ready

SAVED = "JSON.parse(localStorage.getItem('touti.game.v1'))"


def saved(page) -> dict:
    return page.evaluate(SAVED)


def play_a_card(page) -> None:
    """Acts (bidding) until a card of the player has been played."""
    for _ in range(40):
        state = settle(page)
        if state == "card":
            page.locator("#hand button.legal").first.click()
            page.wait_for_function(f"{SAVED}.record.actions.some(a => a.type === 'play' && a.seat === 0)")
            settle(page)
            return
        act(page, state, bid=True)
    raise AssertionError("no card played")


def act_once(page) -> None:
    """The player takes one turn (so that the game on the table has begun)."""
    count = len(saved(page)["record"]["actions"])
    act(page, settle(page), bid=True)
    page.wait_for_function(f"{SAVED}.record.actions.length > {count}")


def resume_from_history(page, game_id: str) -> None:
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector(f"#history-list button[data-resume='{game_id}']").click()


def test_a_deal_asks_before_replacing_the_game_which_the_history_resumes(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    play_a_card(page)
    mine = saved(page)

    # the deal of the day over it: asked; kept, the game is untouched
    page.evaluate("location.hash = '#daily'")
    page.click("#daily-play")
    page.wait_for_selector("dialog[data-dialog='replace']")
    assert "game in progress" in page.text_content("#dialog")
    page.click("#replace-keep")
    page.wait_for_selector("html[data-view='game']")
    settle(page)
    assert saved(page)["record"] == mine["record"] and page.locator("#hand button[data-card]").count() == 9
    assert page.evaluate("localStorage.getItem('touti.game.previous')") is None

    # asked again and played: the deal on the table, the game kept as the previous game
    page.evaluate("location.hash = '#daily'")
    page.click("#daily-play")
    page.click("#replace-go")
    page.wait_for_function(f"{SAVED}.kind === 'daily'")
    page.wait_for_selector("html[data-view='game']")
    previous = json.loads(page.evaluate("localStorage.getItem('touti.game.previous')"))
    assert previous["record"] == mine["record"] and previous["gameId"] == mine["gameId"]
    page.wait_for_selector("#menu-previous:visible")
    act_once(page)
    settle(page)
    daily = saved(page)

    # a challenge's deal asks the same way
    page.evaluate("location.hash = '#challenge'")
    page.click("#challenge-new")
    page.click("#challenge-play")
    page.wait_for_selector("dialog[data-dialog='replace']")
    page.click("#replace-keep")
    page.wait_for_selector("html[data-view='game']")
    assert saved(page)["record"] == daily["record"]

    # the history resumes the replaced game (asked first): the two games change places
    resume_from_history(page, mine["gameId"])
    page.wait_for_selector("dialog[data-dialog='replace']")
    page.click("#replace-go")
    page.wait_for_function(f"{SAVED}.gameId === {json.dumps(mine['gameId'])}")
    page.wait_for_selector("html[data-view='game']")
    settle(page)
    assert saved(page)["record"] == mine["record"] and page.locator("#hand button[data-card]").count() == 9
    assert json.loads(page.evaluate("localStorage.getItem('touti.game.previous')"))["gameId"] == daily["gameId"]

    # the challenge's deal replaces it (the daily deal is then only in the history),
    # and the daily deal resumes from the history as what it is: the day's deal
    page.evaluate("location.hash = '#challenge'")
    page.click(".challenge-list button[data-challenge]")      # the challenge kept
    page.click("#challenge-play")
    page.click("#replace-go")
    page.wait_for_function(f"{SAVED}.kind === 'challenge'")
    act_once(page)
    assert json.loads(page.evaluate("localStorage.getItem('touti.game.previous')"))["gameId"] == mine["gameId"]
    resume_from_history(page, daily["gameId"])
    page.click("#replace-go")
    page.wait_for_function(f"{SAVED}.gameId === {json.dumps(daily['gameId'])}")
    back = saved(page)
    assert back["kind"] == "daily" and back["of"] == daily["of"] and back["levels"] == daily["levels"]
    assert back["record"]["deal"] == daily["record"]["deal"]
    settle(page)
    # the history lists it still in progress, once
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector(f"#history-list [data-game='{daily['gameId']}']")
    assert page.locator(f"#history-list [data-game='{daily['gameId']}']").count() == 1
