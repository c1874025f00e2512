"""Helpers for the rule scenario tests (tests/test_rules_*.py, test_api_errors.py).

Everything goes through the public JSON API ``touti_core.api``: deals are
built from readable strings, actions are plain dicts, and expectations are
exact sets of cards or actions.

>>> hands = make_deal({0: "7C 2O", 1: "1C"}, closed={1: "C"})
>>> len(hands), [len(h) for h in hands]
(4, [10, 10, 10, 10])
"""

from __future__ import annotations

import json

import pytest

from touti_core import api
from touti_core.api import IllegalAction, act, legal_actions, new_hand

SUITS = "OCEB"
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
DECK = [f"{r}{s}" for s in SUITS for r in RANKS]
#: Strength inside a suit, strongest first (docs/rules.md 1).
STRENGTH = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)
POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}


def cards(text: str) -> list[str]:
    """``"7C 1C 3O"`` -> ``["7C", "1C", "3O"]``."""
    return text.split()


def rank(card: str) -> int:
    return int(card[:-1])


def suit(card: str) -> str:
    return card[-1]


def card_points(card: str) -> int:
    return POINTS.get(rank(card), 0)


def make_deal(spec: dict[int, str], closed: dict[int, str] | None = None,
              avoid: dict[int, str] | None = None) -> list[list[str]]:
    """Four hands of ten cards: ``spec[s]`` are cards seat ``s`` surely holds.

    The rest of the deck is dealt deterministically to fill every hand to
    ten cards.  ``closed[s]`` is a string of suit letters in which seat ``s``
    holds exactly its ``spec`` cards (nothing added: a void if none given);
    ``avoid[s]`` lists cards that must not be added to seat ``s``.  The filler
    never completes a Rey + Cabal pair (a Ghna) that the spec did not ask for,
    so unexpected Ghna windows do not appear.
    """
    closed = closed or {}
    avoid = avoid or {}
    hands = [cards(spec.get(s, "")) for s in range(4)]
    given = [c for h in hands for c in h]
    assert len(given) == len(set(given)), f"a card is given twice: {given}"
    assert all(c in DECK for c in given), given
    assert all(len(h) <= 10 for h in hands)
    pool = [c for c in DECK if c not in given]

    def allowed(s: int, c: str) -> bool:
        return (len(hands[s]) < 10 and suit(c) not in closed.get(s, "")
                and c not in cards(avoid.get(s, "")))

    def makes_ghna(s: int, c: str) -> bool:
        other = {11: 12, 12: 11}.get(rank(c))
        return other is not None and f"{other}{suit(c)}" in hands[s]

    # The most constrained cards first (fewest seats may take them).
    pool.sort(key=lambda c: sum(allowed(s, c) for s in range(4)))
    for c in pool:
        seats = [s for s in range(4) if allowed(s, c)]
        assert seats, f"make_deal: no seat can take {c}"
        good = [s for s in seats if not makes_ghna(s, c)] or seats
        # The seat with the most room left, so that constrained seats fill last.
        s = max(good, key=lambda s: (10 - len(hands[s]), -s))
        hands[s].append(c)
    assert sorted(c for h in hands for c in h) == sorted(DECK)
    return hands


def deal_game(spec: dict[int, str], dealer: int = 3, rules: dict | None = None,
              scores: list[int] | None = None, closed: dict[int, str] | None = None,
              avoid: dict[int, str] | None = None) -> dict:
    """``new_hand`` from a partial spec (filled by :func:`make_deal`)."""
    return new_hand(make_deal(spec, closed, avoid), dealer, rules, scores)


def do(state: dict, type_: str, seat: int | None = None, **fields) -> dict:
    """``act`` with an action built from keywords; seat defaults to ``to_act``."""
    action = {"type": type_}
    if type_ != "next_hand":
        action["seat"] = state["to_act"] if seat is None else seat
    action.update(fields)
    return act(state, action)


def bid(state, amount, seat=None):
    return do(state, "bid", seat, amount=amount)


def pass_(state, seat=None):
    return do(state, "pass", seat)


def win_auction(state: dict, declarer: int, amount: int, trump: str | None = None) -> dict:
    """Drive the auction: ``declarer`` bids ``amount`` on its first turn,
    everybody else passes, every signal window is answered ``no_signal``;
    then the declarer names ``trump`` (if given)."""
    has_bid = False
    while state["phase"] in ("auction", "signal"):
        if state["phase"] == "signal":
            state = do(state, "no_signal")
        elif state["to_act"] == declarer and not has_bid:
            state = bid(state, amount)
            has_bid = True
        else:
            state = pass_(state)
    assert state["phase"] == "trump", state["phase"]
    assert state["to_act"] == declarer
    if trump is not None:
        state = do(state, "trump", suit=trump)
        assert state["phase"] == "play"
    return state


def play(state: dict, text: str) -> dict:
    """Play the cards of ``text`` in order, each by the seat to act."""
    for c in cards(text):
        assert state["phase"] == "play", f"expected play before {c}, phase is {state['phase']}"
        state = do(state, "play", card=c)
    return state


def legal_cards(state: dict) -> set[str]:
    return {a["card"] for a in legal_actions(state) if a["type"] == "play"}


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def legal_keys(state: dict) -> set[str]:
    """The legal actions, as a set of canonical strings (for exact comparison)."""
    acts = legal_actions(state)
    keys = [key(a) for a in acts]
    assert len(keys) == len(set(keys)), f"duplicate legal actions: {acts}"
    return set(keys)


def actions(*items: dict) -> set[str]:
    return {key(a) for a in items}


def refused(state: dict, action: dict) -> IllegalAction:
    """The IllegalAction ``act`` raises for ``action`` (the test fails if it is accepted)."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        act(state, action)
    assert json.dumps(state, sort_keys=True) == before, "act modified its input"
    e = info.value
    assert isinstance(e, ValueError)
    assert isinstance(e.message, str) and e.message
    return e


def refuse_play(state: dict, card: str, seat: int | None = None) -> IllegalAction:
    return refused(state, {"type": "play", "seat": state["to_act"] if seat is None else seat,
                           "card": card})


def says(message: str, *words: str) -> bool:
    """The message contains every word (case-insensitive)."""
    low = message.lower()
    return all(w.lower() in low for w in words)


def play_out(state: dict) -> dict:
    """Finish the hand with the first legal card each time (no Ghna, no concession)."""
    while state["phase"] in ("play", "ghna"):
        if state["phase"] == "ghna":
            state = do(state, "no_ghna")
            continue
        card = next(a["card"] for a in legal_actions(state) if a["type"] == "play")
        state = do(state, "play", card=card)
    return state


def finish_hand(state: dict) -> dict:
    """Play the rest of a hand with simple legal choices: the first to speak
    bids 70, the others pass, no signal, coins are trumps, first legal card."""
    while state["phase"] not in ("hand_over", "game_over"):
        ph = state["phase"]
        if ph == "auction":
            state = pass_(state) if state["auction"] else bid(state, 70)
        elif ph == "signal":
            state = do(state, "no_signal")
        elif ph == "trump":
            state = do(state, "trump", suit="O")
        else:
            state = play_out(state)
    return state



# ------------------------------------------------------------ Ghna deals
# Explicit deals (dealer 3: seat 0 is forehand, leads, and declares).
# Seat 0: Ghna of swords and cups; seat 3 (a defender): Ghna of clubs and coins.
DEAL_EC = [
    cards("12E 11E 12C 11C 1B 1O 3B 3O 2E 4E"),
    cards("2B 4B 2O 4O 5E 6E 1C 3C 2C 4C"),
    cards("5B 6B 5O 6O 7E 10E 5C 6C 7C 10C"),
    cards("7B 10B 7O 10O 1E 3E 11B 12B 11O 12O"),
]
# Seat 0: Ghna of swords, cups and coins.
DEAL_3 = [
    cards("12E 11E 12C 11C 12O 11O 1B 1O 3B 3O"),
    cards("2B 4B 2O 4O 5E 6E 1C 3C 2C 4C"),
    cards("5B 6B 5O 6O 7E 10E 5C 6C 7C 10C"),
    cards("7B 10B 7O 10O 1E 3E 11B 12B 2E 4E"),
]
# Seat 0: Ghna of swords and cups; seat 2 (partner): Ghna of coins and clubs.
# Seat 0 wins the first four tricks: 1O, 1B, 3O, 3B, everybody following.
DEAL_CAP = [
    cards("12E 11E 12C 11C 1O 1B 1C 3O 3B 3C"),
    cards("2O 4O 2B 4B 5C 6C 1E 2E 3E 4E"),
    cards("12O 11O 12B 11B 5O 6O 5B 6B 2C 4C"),
    cards("7O 10O 7B 10B 7C 10C 5E 6E 7E 10E"),
]
# Seat 0: Ghna of cups; seat 2 (partner): Ghna of coins; seat 2 wins the
# first two tricks (2B 4B 1B 6B, then 1O 7O 2O 5O).
DEAL_ORDER = [
    cards("12C 11C 2B 3B 2O 4O 2E 4E 5E 6E"),
    cards("4B 5B 5O 6O 7E 10E 1C 3C 2C 4C"),
    cards("12O 11O 1B 1O 3O 7B 10B 7C 10C 6C"),
    cards("6B 11B 12B 7O 10O 1E 3E 11E 12E 5C"),
]


# In DEAL_CAP seat 0 wins the first four tricks, everybody following suit.
CAP_TRICKS = ["1O 2O 5O 7O", "1B 2B 5B 7B", "3O 4O 6O 10O", "3B 4B 6B 10B"]


def declare_greedily(s):
    """Play the four tricks of DEAL_CAP, declaring the biggest Ghna offered."""
    trump = s["contract"]["trump"]
    first = None
    for t in CAP_TRICKS:
        s = play(s, t)
        while s["phase"] == "ghna":
            if first is None:
                first = legal_keys(s)
            options = [a for a in legal_actions(s) if a["type"] == "ghna"]
            if options:
                best = max(options, key=lambda a: 40 if a["suit"] == trump else 20)
                s = do(s, "ghna", suit=best["suit"])
            else:
                s = do(s, "no_ghna")
    return s, first


__all__ = [n for n in dir() if not n.startswith("_")] + ["api"]
