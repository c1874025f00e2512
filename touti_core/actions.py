"""The actions of a hand as small integers, and as the JSON of docs/api.md.

An action is a code ``0..N_ACTIONS-1`` (the ``A_*`` constants): a card ``0..39``
is "play this card", the rest are bids, passes, signals, trump, Ghna and
concession actions.  :func:`action_json` and :func:`code_of` translate a code
to its JSON action and back; they check nothing (the engine's refusals and
:func:`touti_core.api.action_code` do).  This module is below the engine, its
JSON boundary and the bots' knowledge, which all decode actions with it.

>>> code_of(action_json(2, 27)), code_of({"type": "pass", "seat": 1}) == A_PASS
(27, True)
>>> action_json(1, bid_code(90))
{'type': 'bid', 'seat': 1, 'amount': 90}
"""

from __future__ import annotations

from typing import Any

from .cards import NAMES, SUIT_LETTERS, card_of
from .rules import BID_STEP, MAX_BID, lowest_bid

A_BID = 40            # A_BID + amount // BID_STEP, amounts 70..230 -> 47..63
A_PASS = 64
A_ANNOUNCE_AS = 65
A_ANNOUNCE_COMPTE = 66
A_SIGNAL = 67         # A_SIGNAL + index in SIGNALS: 67..70
A_NO_SIGNAL = 71
A_TRUMP = 72          # A_TRUMP + suit: 72..75
A_GHNA = 76           # A_GHNA + suit: 76..79
A_NO_GHNA = 80
A_CONCEDE = 81
A_ACCEPT = 82
A_REFUSE = 83
A_NEXT_HAND = 84
N_ACTIONS = 85

SIGNALS = ("AS", "COMPTE", "+10", "PASS")
ANNOUNCEMENTS = ("AS", "COMPTE")

#: The JSON ``type`` of every action.
ACTION_TYPES = ("bid", "pass", "announce", "signal", "no_signal", "trump", "play",
                "ghna", "no_ghna", "concede", "accept", "refuse", "next_hand")
#: The actions that are their type alone (and a seat).
SIMPLE = {"pass": A_PASS, "no_signal": A_NO_SIGNAL, "no_ghna": A_NO_GHNA,
          "concede": A_CONCEDE, "accept": A_ACCEPT, "refuse": A_REFUSE}


def bid_code(amount: int) -> int:
    return A_BID + amount // BID_STEP


def bid_amount(code: int) -> int:
    return (code - A_BID) * BID_STEP


def bid_codes(high: int) -> list[int]:
    """The bids open when the highest bid is ``high``, lowest first."""
    return [bid_code(a) for a in range(lowest_bid(high), MAX_BID + 1, BID_STEP)]


def kind_of(code: int) -> str:
    """The JSON ``type`` of an action code."""
    if code < A_BID:
        return "play"
    if code < A_PASS:
        return "bid"
    if code == A_PASS:
        return "pass"
    if code <= A_ANNOUNCE_COMPTE:
        return "announce"
    if code < A_NO_SIGNAL:
        return "signal"
    return {A_NO_SIGNAL: "no_signal", A_NO_GHNA: "no_ghna", A_CONCEDE: "concede",
            A_ACCEPT: "accept", A_REFUSE: "refuse", A_NEXT_HAND: "next_hand"}.get(
        code, "trump" if code < A_GHNA else "ghna")


def action_json(seat: int | None, code: int) -> dict:
    """The JSON action of an engine action code."""
    if code < A_BID:
        return {"type": "play", "seat": seat, "card": NAMES[code]}
    if code < A_PASS:
        return {"type": "bid", "seat": seat, "amount": bid_amount(code)}
    if code == A_ANNOUNCE_AS or code == A_ANNOUNCE_COMPTE:
        return {"type": "announce", "seat": seat, "signal": ANNOUNCEMENTS[code - A_ANNOUNCE_AS]}
    if A_SIGNAL <= code < A_NO_SIGNAL:
        return {"type": "signal", "seat": seat, "signal": SIGNALS[code - A_SIGNAL]}
    if A_TRUMP <= code < A_GHNA:
        return {"type": "trump", "seat": seat, "suit": SUIT_LETTERS[code - A_TRUMP]}
    if A_GHNA <= code < A_NO_GHNA:
        return {"type": "ghna", "seat": seat, "suit": SUIT_LETTERS[code - A_GHNA]}
    if code == A_NEXT_HAND:
        return {"type": "next_hand"}
    for kind, c in SIMPLE.items():
        if c == code:
            return {"type": kind, "seat": seat}
    raise ValueError(f"unknown action code {code}")  # pragma: no cover


def code(kind: str, arg: Any) -> int:
    """The engine code of an action of type ``kind`` whose own field is ``arg`` (a
    card, an amount, a signal's name, a suit's index)."""
    if kind == "play":
        return arg
    if kind == "bid":
        return bid_code(arg)
    if kind == "announce":
        return A_ANNOUNCE_AS + ANNOUNCEMENTS.index(arg)
    if kind == "signal":
        return A_SIGNAL + SIGNALS.index(arg)
    if kind == "trump":
        return A_TRUMP + arg
    if kind == "ghna":
        return A_GHNA + arg
    if kind == "next_hand":
        return A_NEXT_HAND
    return SIMPLE[kind]


def code_of(action: dict) -> int:
    """The engine code of a JSON action that came from the engine (a view's ``legal``, a
    state's ``actions``): the inverse of :func:`action_json`, without the checks of
    :func:`touti_core.api.action_code`."""
    kind = action["type"]
    if kind == "play":
        arg: Any = card_of(action["card"])
    elif kind == "bid":
        arg = action["amount"]
    elif kind in ("signal", "announce"):
        arg = action["signal"]
    elif kind in ("trump", "ghna"):
        arg = SUIT_LETTERS.index(action["suit"])
    else:
        arg = None
    return code(kind, arg)
