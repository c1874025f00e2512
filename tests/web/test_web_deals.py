"""The deal of the day (#daily) and duplicate challenges by link (#challenge):
the same deals for everyone, results kept, compared, shared; bad links
reported without touching the game in progress; a link whose bots did not
play as the bots do is not verified and kept apart; no spoiler of a deal not
played yet."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from cspwait import csp_safe
from touti_core import api
from touti_core.bots import choose, seat_seed
from touti_core.bots.verify import play_hand, verify_hand
from webhelpers import CATALOGUES, FAST, deflated, inside, play_out_hand, preset, settle, two_frames, wait_ready


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
            # the day as the page's language writes it (here English)
            assert page.text_content("#daily-date") == f"The deal of {when:%B} {when.day}, {when.year}"
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
                assert page.text_content("#daily-best li").startswith("December 2, 2026: ")
                saved = json.loads(page.evaluate("localStorage.getItem('touti.daily.v1')"))
                assert list(saved["days"]) == ["2026-12-02"]
            page.evaluate("localStorage.clear()")     # the next player is someone else
            page.close()
    finally:
        ctx.close()
    assert hands[0] == hands[1]          # the same date: the same deal
    assert hands[0] != hands[2]          # the next date: another one


def play_deal(page, i: int, n: int, hint: bool = False) -> list[str]:
    """Plays deal ``i`` of the challenge on screen (asking a hint first with ``hint``);
    returns the player's cards."""
    page.wait_for_selector("#challenge-play")
    assert f"deal {i + 1} of {n}" in page.text_content("#challenge-play")
    page.click("#challenge-play")
    page.wait_for_selector("html[data-view='game']")
    page.wait_for_function("((JSON.parse(localStorage.getItem('touti.game.v1')) || {}).of || {}).hand"
                           f" === {i}")
    cards = hand_now(page)
    if hint:
        settle(page, timeout=60_000)
        page.click("#menu-hint")
        page.wait_for_function("(JSON.parse(localStorage.getItem('touti.game.v1')) || {}).hinted === true")
    play_out_hand(page)
    page.click("#panel-back")
    page.wait_for_selector("html[data-view='challenge'] #challenge-table")
    return cards


def play_challenge(page, n: int, first: int = 0, hint: bool = False) -> list[list[str]]:
    """Plays the deals of the challenge on screen from ``first`` (a hint in the first
    with ``hint``); returns the player's cards of each."""
    return [play_deal(page, i, n, hint=hint and i == first) for i in range(first, n)]


def cells(page, which: str) -> list[str]:
    return page.eval_on_selector_all(f"#challenge-table tbody td.{which}", "els => els.map(e => e.textContent)")


#: An init script that keeps every text the challenge's status line showed (window.__said).
STATUS_TEXTS = """
window.__said = [];
new MutationObserver(() => {
  const el = document.getElementById("challenge-status");
  if (el && el.textContent && window.__said.at(-1) !== el.textContent) window.__said.push(el.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


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
        a_cards = play_challenge(a, 4, hint=True)          # with a hint in the first deal
        cid = a.get_attribute("[data-challenge]", "data-challenge")
        a.fill("#challenge-name", "Amina")
        a.click("#challenge-share")
        a.wait_for_function("document.getElementById('challenge-link').textContent.includes('#challenge=')")
        link = a.text_content("#challenge-link")
        assert len(link) < 4000
        a_scores = a.eval_on_selector_all("#challenge-table tbody td.mine", "els => els.map(e => e.textContent.split(' ')[0])")
        assert a.text_content("#challenge-table thead .badge.aided") == "hints used"
        # her history marks the deal she asked a hint in, in words
        a.evaluate("location.hash = '#history'")
        a.wait_for_selector(".history-game[data-kind='challenge']")
        marks = a.eval_on_selector_all(".history-game[data-kind='challenge']", "els => els.map(e => (e.querySelector(\"[data-mark='hinted']\") || {}).textContent || '')")
        assert sorted(marks) == ["", "", "", "Hints used"]

        # the friend opens it: the friend's engine checks Amina's play, deal by deal
        b.add_init_script(STATUS_TEXTS)
        b.goto(link)
        wait_ready(b)
        b.wait_for_selector("#challenge-table")
        assert b.get_attribute("#challenge-status", "data-verified") == "true"
        assert "Amina" in b.text_content("#challenge-status")
        said = b.evaluate("window.__said")
        assert [f"Checking deal {k} of 4" in " ".join(said) for k in (1, 2, 3, 4)] == [True] * 4, said
        assert "hints used" in b.text_content("#challenge-table thead")     # beside her name
        # no spoiler: her scores and reviews stay hidden until Badr has played each deal
        assert cells(b, "theirs") == ["played — play it to see"] * 4
        assert b.locator("#challenge-table td.theirs a").count() == 0
        assert b.text_content("#challenge-table tfoot td:nth-of-type(2)") == "0"
        b_cards = [play_deal(b, 0, 4)]
        assert cells(b, "theirs")[0].split(" ")[0] == a_scores[0]
        assert b.get_attribute("#challenge-table tbody tr[data-hand='0'] td.theirs a", "href") == f"#review=challenge:{cid}:0:0"
        assert cells(b, "theirs")[1:] == ["played — play it to see"] * 3
        # nor by the review's route: deal 2 of hers shows no hand
        b.evaluate(f"location.hash = '#review=challenge:{cid}:1:0'")
        b.wait_for_function("document.querySelector('.review-status')?.textContent.includes('Play this deal')")
        assert b.locator("#review-board, #screen [data-card]").count() == 0    # (the table keeps its own cards)
        b.evaluate("location.hash = '#challenge'")
        b.wait_for_selector("#challenge-table")
        b_cards += play_challenge(b, 4, first=1)
        assert b_cards == a_cards            # the same deals
        theirs = [x.split(" ")[0] for x in cells(b, "theirs")]
        assert theirs == a_scores
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
    # a link a later version of Touti made is not called damaged: the page says to
    # update, and the link stays in the address so that the reload opens it
    later = deflated({"v": 2, "s": 5, "n": 4})
    page.goto(site + "#challenge=" + later)
    page.wait_for_function("document.querySelector('.challenge-status')?.dataset.newer === 'true'")
    assert "newer version" in page.text_content(".challenge-status")
    assert page.evaluate("location.hash") == "#challenge=" + later
    assert page.evaluate("localStorage.getItem('touti.challenges.v1')") is None


SIMPLE = {"pass": "p", "concede": "x", "accept": "y", "refuse": "n", "no_signal": "sn", "no_ghna": "gn"}


def compact(actions: list[dict]) -> str:
    """Actions in the page's compact text (web/js/compact.js)."""
    def token(a: dict) -> str:
        s, k = str(a["seat"]), a["type"]
        field = {"bid": ("b", "amount"), "announce": ("a", "signal"), "signal": ("s", "signal"),
                 "trump": ("t", "suit"), "play": ("c", "card"), "ghna": ("g", "suit")}
        if k in field:
            letter, name = field[k]
            return f"{s}{letter}{a[name]}"
        return s + SIMPLE[k]
    return ".".join(token(a) for a in actions)


def by_hand(seed: int, levels: list[str]) -> list[dict]:
    """The issue's forged hand: the person's seat played by the normal bot, the bots'
    seats "played" by hand: they pass whenever they may, and throw their first legal card."""
    d = api.deal_of(seed)
    state = api.new_hand(d["hands"], d["dealer"], None)
    while state["to_act"] is not None:
        seat = state["to_act"]
        v = api.view(state, seat)
        if seat == 0:
            action = choose(v, v["legal"], "normal", seat_seed(state, 0), table=[None, *levels])
        else:
            action = next((a for a in v["legal"] if a["type"] in ("pass", "no_signal", "no_ghna")), v["legal"][0])
        state = api.act(state, action)
    return [dict(a) for a in api.thaw(state["actions"])]


def challenge_link(seed: int, levels: list[str], name: str, hands: list[list[dict]]) -> str:
    return "#challenge=" + deflated({"v": 1, "s": seed, "n": 4, "r": {"target": 600}, "l": levels, "nm": name,
                                     "h": [compact(h) for h in hands]})


def kept_challenges(page) -> list[dict]:
    return json.loads(page.evaluate("localStorage.getItem('touti.challenges.v1')") or '{"list": []}')["list"]


def test_a_link_whose_bots_were_played_by_hand_is_not_verified_nor_kept_and_other_levels_are_apart(page, site):
    preset(page, FAST)
    seed, normal, easy = 4100, ["normal"] * 3, ["easy"] * 3
    forged = [by_hand(seed + i, normal) for i in range(4)]
    caught = verify_hand(seed, None, normal, forged[0])
    assert not caught["ok"]
    # an honest link: checked and kept
    page.goto(site + challenge_link(seed, normal, "Hamid", [play_hand(seed + i, None, normal) for i in range(4)]))
    wait_ready(page)
    page.wait_for_function("document.getElementById('challenge-status')?.dataset.verified === 'true'")
    first = kept_challenges(page)
    assert [[o["name"] for o in c["others"]] for c in first] == [["Hamid"]]

    # the same deals, rules and bots, the bots' decisions chosen by hand: every action legal
    page.evaluate(f"location.hash = {json.dumps(challenge_link(seed, normal, 'Eve', forged))}")
    page.wait_for_function("document.getElementById('challenge-status')?.dataset.verified === 'false'")
    said = page.text_content("#challenge-status")
    assert "Not verified" in said and "Eve" in said and f"In deal 1, at move {caught['at'] + 1}," in said
    assert kept_challenges(page) == first                  # neither kept nor merged with Hamid's
    assert page.locator("#challenge-play-anyway").count() == 1

    # other bots: another challenge, beside the first
    page.evaluate(f"location.hash = {json.dumps(challenge_link(seed, easy, 'Farid', [play_hand(seed + i, None, easy) for i in range(4)]))}")
    page.wait_for_function("document.getElementById('challenge-status')?.dataset.verified === 'true'")
    both = kept_challenges(page)
    assert len(both) == 2 and both[0] == first[0] and both[0]["id"] != both[1]["id"]
    assert both[1]["levels"] == {"1": "easy", "2": "easy", "3": "easy"}
    assert [o["name"] for o in both[1]["others"]] == ["Farid"]
    assert page.get_attribute("[data-challenge]", "data-challenge") == both[1]["id"]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_challenge_the_browser_cannot_keep_is_shown_for_the_visit_and_said(page, site, lang):
    """Storage full (or blocked) for the challenges: a friend's honest link still shows its table, with the
    friend's results and the hand to play, and says that it is kept for this visit only (the screen was blank);
    said whole and within the screen at 360x640, 390x844 and 844x390, in English and Arabic."""
    preset(page, {**FAST, "locale": lang})
    page.add_init_script("""(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'touti.challenges.v1') throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    })()""")
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seed, normal = 4200, ["normal"] * 3
    page.goto(site + challenge_link(seed, normal, "Hamid", [play_hand(seed + i, None, normal) for i in range(4)]))
    wait_ready(page)
    page.wait_for_function("document.getElementById('challenge-status')?.dataset.verified === 'true'")
    said = page.text_content("#challenge-status")
    assert "Hamid" in said and CATALOGUES[lang]["challenge.not_kept"] in said, said
    page.wait_for_selector("[data-challenge] #challenge-play")
    assert "Hamid" in page.text_content("[data-challenge] table")
    for w, h in ((360, 640), (390, 844), (844, 390)):
        page.set_viewport_size({"width": w, "height": h})
        two_frames(page)
        geo = page.evaluate("""() => { const e = document.getElementById('challenge-status');
          e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect();
          const b = document.getElementById('challenge-play').getBoundingClientRect();
          return {line: [r.left, r.top, r.right, r.bottom], cut: e.scrollWidth > e.clientWidth + 1,
            wide: document.scrollingElement.scrollWidth - innerWidth, play: [b.width, b.height]}; }""")
        assert not geo["cut"] and geo["wide"] <= 0, (lang, w, h, geo)
        assert inside(geo["line"], [0, 0, w, h]), (lang, w, h, geo)
        assert min(geo["play"]) >= 44, (lang, w, h, geo)
    assert kept_challenges(page) == []
    assert not errors, errors
