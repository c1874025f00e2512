"""Ghna offers and the cap, the last trick, and concession in the page."""

from __future__ import annotations

from touti_core import api
from touti_core.cards import NAMES

from webhelpers import FAST, preset, record_fragment, settle, wait_ready

MINE = ["1E", "12E", "11E", "12C", "11C", "3E", "1O", "1C", "1B", "3O"]


def fixed_deal() -> list[list[str]]:
    rest = [c for c in NAMES if c not in MINE]
    return [MINE, rest[0:10], rest[10:20], rest[20:30]]


def drive(s: dict, choose) -> dict:
    """Applies ``choose(state, legal)`` until it returns None."""
    for _ in range(100):
        legal = api.legal_actions(s)
        a = choose(s, legal)
        if a is None:
            return s
        s = api.act(s, a)
    raise AssertionError("no end")


def first(legal, kind):
    return next(a for a in legal if a["type"] == kind)


def test_ghna_offer_and_the_cap_explained(page, site):
    # docs/rules.md worked example 4: contract 90 (cap 40), trumps swords, the
    # player holds Rey + Cabal of swords and of cups.
    s = api.new_hand(fixed_deal(), 3)          # the player (seat 0) speaks first

    def auction(s, legal):
        if s["phase"] == "auction" and s["to_act"] == 0 and not s["auction"]:
            return {"type": "bid", "seat": 0, "amount": 90}
        if s["phase"] in ("auction", "signal"):
            return first(legal, "pass" if s["phase"] == "auction" else "no_signal")
        if s["phase"] == "trump":
            return {"type": "trump", "seat": 0, "suit": "E"}
        return None
    s = drive(s, auction)
    assert s["phase"] == "play" and s["to_act"] == 0 and s["contract"]["ghna_cap"] == 40

    preset(page, FAST)
    page.goto(site + record_fragment(api.to_record(s)))
    wait_ready(page)
    settle(page)
    page.click("#hand button[data-card='1E']")      # the Ace of trumps wins the trick
    assert settle(page) == "act:ghna"
    offered = page.eval_on_selector_all(
        "#actions button[data-action]", "els => els.map(e => [e.dataset.action, e.dataset.suit || null, e.textContent])")
    assert [(a, s_) for a, s_, _ in offered] == [("ghna", "C"), ("ghna", "E"), ("no_ghna", None)]
    assert "(+20)" in offered[0][2] and "(+40)" in offered[1][2]
    # the last trick can be reviewed
    page.click("#menu-last")
    assert page.locator("#dialog .trick-row .trick-card").count() == 4
    assert "You win it" in page.text_content("#dialog")
    page.keyboard.press("Escape")
    # declaring the cups Ghna first leaves the swords one unable to fit
    page.click("#actions button[data-action='ghna'][data-suit='C']")
    page.wait_for_function("document.getElementById('log-list').textContent"
                           ".includes('You declare the Ghna of cups (+20).')")
    note = page.wait_for_selector("#notes .note")
    text = note.text_content()
    assert "swords" in text and "+40" in text and "40" in text
    points = page.text_content("#hand-points")
    assert int(points.split("Us ")[1].split()[0]) >= 20     # cards won + the Ghna, live


def test_concession_answered_by_the_player(page, site):
    s = api.new_hand(fixed_deal(), 0)          # forehand is seat 1

    def until_partner_proposes(s, legal):
        if s["phase"] == "auction":
            if s["to_act"] == 1 and not s["auction"]:
                return {"type": "bid", "seat": 1, "amount": 80}
            return first(legal, "pass")
        if s["phase"] == "signal":
            return first(legal, "no_signal")
        if s["phase"] == "trump":
            return {"type": "trump", "seat": 1, "suit": "O"}
        if s["phase"] == "play" and s["to_act"] == 2:
            return {"type": "concede", "seat": 2}
        if s["phase"] == "concession":
            return None
        return next(a for a in legal if a["type"] in ("play", "no_ghna"))
    s = drive(s, until_partner_proposes)
    assert s["phase"] == "concession" and s["to_act"] == 0
    preset(page, FAST)
    page.goto(site + record_fragment(api.to_record(s)))
    wait_ready(page)
    assert settle(page) == "act:concession"
    assert sorted(page.eval_on_selector_all("#actions button[data-action]", "els => els.map(e => e.dataset.action)")) \
        == ["accept", "refuse"]
    page.click("#actions button[data-action='accept']")
    assert settle(page) in ("hand_over", "game_over")
    assert "The defenders abandoned the hand." in page.text_content("#panel")
    assert "You accept: the hand is abandoned." in page.text_content("#log-list")


def test_concession_proposed_by_the_player(page, site):
    s = api.new_hand(fixed_deal(), 0)

    def offered(s):
        """The page offers to abandon when the hand is decided or nearly so (controls.js concedeOffered)."""
        c = s["contract"]
        have = s["points"][c["declarer"] % 2]
        return have >= c["amount"] or (c["amount"] - have <= 10 and 10 - len(s["tricks"]) <= 3)

    def until_player_defends(s, legal):
        if s["phase"] == "auction":
            if s["to_act"] == 1 and not s["auction"]:
                return {"type": "bid", "seat": 1, "amount": 70}
            return first(legal, "pass")
        if s["phase"] == "signal":
            return first(legal, "no_signal")
        if s["phase"] == "trump":
            return {"type": "trump", "seat": 1, "suit": "O"}
        if s["phase"] == "play" and s["to_act"] == 0 and offered(s):
            return None
        plays = [a for a in legal if a["type"] in ("play", "no_ghna")]
        return plays[-1 if s["to_act"] in (0, 2) else 0]      # the defenders give the points away
    s = drive(s, until_player_defends)
    assert {"type": "concede", "seat": 0} in api.legal_actions(s)
    preset(page, FAST)
    page.goto(site + record_fragment(api.to_record(s)))
    wait_ready(page)
    assert settle(page) == "act:play"
    page.click("#actions button[data-action='concede']")
    # the partner (a bot) answers; either way the log says so
    page.wait_for_function("/Nora (accepts|refuses)/.test(document.getElementById('log-list').textContent)")
    assert "You propose to abandon the hand." in page.text_content("#log-list")
