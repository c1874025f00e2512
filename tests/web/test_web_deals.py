"""The deal of the day (#daily) and duplicate challenges by link (#challenge):
the same deals for everyone, results kept, compared, shared; bad links
reported without touching the game in progress."""

from __future__ import annotations

import datetime as dt
import json

from cspwait import csp_safe
from webhelpers import FAST, play_out_hand, preset, settle, wait_ready


def hand_now(page) -> list[str]:
    """The player's ten cards once the table shows the deal the game saved (a one-hand game)."""
    page.wait_for_function("""() => {
      const saved = JSON.parse(localStorage.getItem('touti.game.v1') || 'null');
      if (!saved || !saved.record.deal) return false;
      const shown = [...document.querySelectorAll('#hand button[data-card]')].map(e => e.dataset.card).sort();
      return JSON.stringify(shown) === JSON.stringify([...saved.record.deal.hands[0]].sort());
    }""")
    return page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card).sort()")


def new_page(browser, day: dt.datetime):
    ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    ctx.clock.set_fixed_time(day)
    page = csp_safe(ctx.new_page())
    preset(page, FAST)
    return ctx, page


def test_the_deal_of_the_day_is_the_same_for_everyone_that_day(browser, site):
    day = dt.datetime(2026, 12, 2, 10, 0)
    hands = []
    # three players one after the other on one browser (its engine's snapshot kept,
    # each player's storage their own): the context's clock says when
    ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        for when in (day, day.replace(hour=22), day + dt.timedelta(days=1)):
            ctx.clock.set_fixed_time(when)
            page = csp_safe(ctx.new_page())
            preset(page, FAST)
            page.goto(site + "#daily")
            wait_ready(page)
            page.wait_for_selector("html[data-view='daily'] #daily-play")
            assert when.strftime("%Y-%m-%d") in page.text_content("#daily-date")
            assert page.evaluate("localStorage.getItem('touti.daily.v1')") is None
            page.click("#daily-play")
            page.wait_for_selector("html[data-view='game']")
            page.wait_for_function("(JSON.parse(localStorage.getItem('touti.game.v1')) || {}).kind === 'daily'")
            hands.append(hand_now(page))
            if len(hands) == 1:
                # the first one plays it out: result, streak, share text with no card in it
                play_out_hand(page)
                page.click("#panel-back")
                page.wait_for_selector("#daily-result")
                assert "score" in page.text_content("#daily-result")
                assert page.text_content("#daily-streak") == "1 day in a row."
                share = page.text_content("#daily-share-text")
                assert "2026-12-02" in share and not any(c in share.split() for c in hands[0])
                assert page.locator("#daily-best li").count() == 1
                saved = json.loads(page.evaluate("localStorage.getItem('touti.daily.v1')"))
                assert list(saved["days"]) == ["2026-12-02"]
            page.evaluate("localStorage.clear()")     # the next player is someone else
            page.close()
    finally:
        ctx.close()
    assert hands[0] == hands[1]          # the same date: the same deal
    assert hands[0] != hands[2]          # the next date: another one


def play_challenge(page, n: int) -> list[list[str]]:
    """Plays every deal of the challenge on screen; returns the player's cards of each."""
    cards = []
    for i in range(n):
        page.wait_for_selector("#challenge-play")
        assert f"deal {i + 1} of {n}" in page.text_content("#challenge-play")
        page.click("#challenge-play")
        page.wait_for_selector("html[data-view='game']")
        page.wait_for_function("((JSON.parse(localStorage.getItem('touti.game.v1')) || {}).of || {}).hand"
                               f" === {i}")
        cards.append(hand_now(page))
        play_out_hand(page)
        page.click("#panel-back")
        page.wait_for_selector("html[data-view='challenge'] #challenge-table")
    return cards


def test_two_friends_play_the_same_challenge_and_see_each_others_results(page, browser, site):
    a = page                             # Amina's browser has started the game before
    preset(a, FAST)
    b_ctx, b = new_page(browser, dt.datetime(2026, 12, 2, 9))    # Badr's never has
    try:
        a.goto(site + "#challenge")
        wait_ready(a)
        a.wait_for_selector("#challenge-new")
        a.select_option("#challenge-size", "4")
        a.click("#challenge-new")
        a_cards = play_challenge(a, 4)
        a.fill("#challenge-name", "Amina")
        a.click("#challenge-share")
        a.wait_for_function("document.getElementById('challenge-link').textContent.includes('#challenge=')")
        link = a.text_content("#challenge-link")
        assert len(link) < 4000
        a_scores = a.eval_on_selector_all("#challenge-table tbody td.mine", "els => els.map(e => e.textContent.split(' ')[0])")

        # the friend opens it: Amina's results, replayed by the friend's engine
        b.goto(link)
        wait_ready(b)
        b.wait_for_selector("#challenge-table")
        assert "Amina" in b.text_content(".challenge-status")
        theirs = b.eval_on_selector_all("#challenge-table tbody td.theirs", "els => els.map(e => e.textContent.split(' ')[0])")
        assert theirs == a_scores
        b_cards = play_challenge(b, 4)
        assert b_cards == a_cards            # the same deals
        mine = b.eval_on_selector_all("#challenge-table tbody td.mine", "els => els.map(e => Number(e.textContent.split(' ')[0]))")
        diffs = b.eval_on_selector_all("#challenge-table tbody td.diff", "els => els.map(e => e.textContent)")
        assert diffs == [f"{d:+d}" if d else "0" for d in (m - int(x) for m, x in zip(mine, theirs))]
        b.fill("#challenge-name", "Badr")
        b.click("#challenge-share")
        b.wait_for_function("document.getElementById('challenge-link').textContent.includes('#challenge=')")
        back = b.text_content("#challenge-link")

        # and Amina sees Badr's answer beside her own
        a.goto(back)
        a.wait_for_selector("#challenge-table th:has-text('Badr')")
        assert a.eval_on_selector_all("#challenge-table tbody td.theirs",
                                      "els => els.map(e => Number(e.textContent.split(' ')[0]))") == mine
    finally:
        b_ctx.close()


def deflated(data: dict) -> str:
    """A link payload as the page writes it: raw deflate, base64url."""
    import base64
    import zlib
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(json.dumps(data).encode()) + c.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_tampered_challenge_link_is_reported_and_the_game_untouched(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    saved = page.evaluate("localStorage.getItem('touti.game.v1')")
    # well formed, but its play does not replay: a card the player never held
    forged = deflated({"v": 1, "s": 5, "n": 4, "r": {"target": 600}, "l": ["normal"] * 3, "nm": "Eve",
                       "h": ["0c1O.1c2O.2c3O.3c4O", None, None, None]})
    for payload in ("not-a-challenge", "AAAA", forged, ""):
        page.goto(site + "#challenge=" + payload)
        page.wait_for_selector("html[data-view='challenge'] #challenge-new")
        if payload:
            page.wait_for_function("document.querySelector('.challenge-status').dataset.bad === 'true'")
            assert "damaged or was changed" in page.text_content(".challenge-status")
        assert page.evaluate("localStorage.getItem('touti.game.v1')") == saved
        assert page.evaluate("localStorage.getItem('touti.challenges.v1')") is None
