"""The normal bot's auction: its bids from the hand evaluation, and its signals.

A model of a sensible bidder, below both layers that use it: the normal bot bids
with it (:mod:`..policy.normal`), the strong bot reads the normal bots' bids by
replaying it on each sampled hand (:mod:`..belief.auction_reading`) and plays
the rest of the auction with it in its rollouts (:mod:`..policy.auction_sim`).
Each decision is a function of the seat's knowledge and the settings, returning
the action and what it rested on (a :class:`~..base.Why`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Optional

from ...actions import (
    A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_BID, A_NO_SIGNAL, A_PASS, A_SIGNAL, bid_amount, bid_code,
)
from ...cards import GHNA_VALUE
from ...hand import partner
from ..base import Why
from ..belief.knowledge import Knowledge
from ..settings import NormalSettings
from . import handeval as he

#: The level of the bots that bid this way.
LEVEL = "normal"

SIG_AS, SIG_COMPTE, SIG_PLUS10, SIG_PASS = A_SIGNAL, A_SIGNAL + 1, A_SIGNAL + 2, A_SIGNAL + 3
_LEAVES = (A_PASS, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE)

#: trump -> (card points expected as declarer, the Ghna values counted, biggest first)
Estimates = dict[int, tuple[float, list[int]]]
#: a bid's (expected score, chance to make it, trump[, mean simulated points])
BidValue = tuple


# ------------------------------------------------------------------ auction
def partner_bonus(k: Knowledge) -> tuple[float, list[int]]:
    """(card points, extra Ghna values) the partner's information is worth."""
    p = partner(k.seat)
    bonus = 0.0
    ghna: list[int] = []
    told = k.signals_of(p)
    for i, name in enumerate(told):
        if name == "PASS" and i > 0:
            name = "PASS_late"
        bonus += he.PARTNER.get(name, 0.0)
        if name == "COMPTE" and not ghna:
            ghna.append(GHNA_VALUE[False])      # a Ghna, not known to be in trumps
    if k.bids[p]:
        bonus += he.PARTNER["bid"]
    elif (not k.in_mask >> p & 1 and k.announced[p] < 0 and not told
          and was_in_when_passed(k, p)):
        bonus += he.PARTNER["passed"]
    return bonus, ghna


def was_in_when_passed(k: Knowledge, p: int) -> bool:
    """Was this seat still in the auction when its partner ``p`` passed?"""
    me = partner(p)
    for seat, code in k.auction:
        if seat == me and code in _LEAVES:
            return False
        if seat == p and code in _LEAVES:
            return True
    return False


def estimates(k: Knowledge, hand: int, eval_bias: float = 0.0) -> Estimates:
    """Trump -> (card points estimate, Ghna values) for ``hand`` as declarer."""
    fore = k.seat == (k.dealer + 1) % 4
    bonus, pghna = partner_bonus(k)
    bonus += eval_bias
    points = he.card_points_by_trump(hand, fore)
    return {t: (points[t] + bonus, sorted(he.ghna_values(hand, t) + pghna, reverse=True))
            for t in range(4)}


def make_prob(k: Knowledge, amount: int, est: Estimates) -> tuple[float, int]:
    """(probability, trump): the best chance to make ``amount`` with some trump."""
    cap = k.rules.cap(amount)
    best_p, best_t = -1.0, 0
    erf, sigma, root2 = math.erf, he.SIGMA, he.SQRT2
    for t, (e, gv) in est.items():
        if gv:      # the Ghna that fit under the cap, at the share declared in practice
            e += he.GHNA_RATE * he.fit_cap(gv, cap)
        # he.normal_cdf((e - amount) / he.SIGMA), inlined: the replays call it most
        p = 0.5 * (1.0 + erf((e - amount) / sigma / root2))
        if p > best_p:
            best_p, best_t = p, t
    return best_p, best_t


def bid_values(k: Knowledge, legal: list[int], est: Estimates) -> dict[int, BidValue]:
    """Each legal bid's (expected score ``B x (2 p(B) - 1)``, chance, trump)."""
    out = {}
    for code in legal:
        if A_BID <= code < A_PASS:
            b = bid_amount(code)
            p, t = make_prob(k, b, est)
            out[b] = (b * (2 * p - 1), p, t)
    return out


def alternative(k: Knowledge, value_at: Callable[[int], BidValue], compete: float) -> float:
    """What passing is worth: nothing, the partner's contract (``value_at`` its bid), or
    the opponents' (``-compete`` x their bid)."""
    if k.high == 0:
        return 0.0
    if k.high_seat == partner(k.seat):
        return value_at(k.high)[0]
    return -compete * k.high


def leave_code(k: Knowledge, legal: list[int]) -> int:
    """How this seat leaves the auction: an announcement while the partner may still bid."""
    if k.in_mask >> partner(k.seat) & 1:
        for code in (A_ANNOUNCE_COMPTE, A_ANNOUNCE_AS):
            if code in legal:
                return code
    return A_PASS


def decide_bid(k: Knowledge, legal: list[int], values: dict[int, BidValue], alt: float,
               margin: float) -> tuple[int, Why]:
    """The bid of best value if it beats ``alt`` (leaving) by ``margin``, else leaving."""
    if values:
        b = max(values, key=lambda a: (values[a][0], -a))
        ev, p, t = values[b][:3]
        if ev > alt + margin:
            return bid_code(b), {"kind": "bid", "amount": b, "prob": p, "trump": t, "ev": ev,
                                 "alt": alt, "mean": values[b][3] if len(values[b]) > 3 else None}
    # pass: with an early announcement when the partner may still bid
    code = leave_code(k, legal)
    if code == A_PASS:
        return code, {"kind": "pass", "alt": alt,
                      "best": max(values.values())[1] if values else 0.0}
    return code, {"kind": "announce", "signal": "COMPTE" if code == A_ANNOUNCE_COMPTE else "AS"}


def auction(k: Knowledge, legal: list[int], settings: NormalSettings,
            hand: Optional[int] = None) -> tuple[int, Why]:
    """The normal bot's auction decision, with ``hand`` (by default ``k.hand``): the bid
    of best expected score by the hand evaluation, against what leaving is worth."""
    if hand is None:
        hand = k.hand
    values = bid_values(k, legal, estimates(k, hand, settings.eval_bias))
    cache: dict[int, BidValue] = {}

    def at(amount: int) -> BidValue:
        if amount not in cache:
            p, t = make_prob(k, amount, estimates(k, hand, settings.eval_bias))
            cache[amount] = (amount * (2 * p - 1), p, t)
        return cache[amount]
    return decide_bid(k, legal, values, alternative(k, at, settings.compete), settings.margin)


def signal(k: Knowledge, legal: list[int], plus10_strength: float) -> tuple[int, Why]:
    """The bots' conventions (docs/rules.md 4.1): COMPTE with a Ghna, AS with an Ace, then +10
    with a strong hand, or PASS."""
    told = k.signals_of(k.seat)
    if SIG_COMPTE in legal and "COMPTE" not in told:
        return SIG_COMPTE, {"kind": "signal", "signal": "COMPTE"}
    if SIG_AS in legal and "AS" not in told:
        return SIG_AS, {"kind": "signal", "signal": "AS"}
    strength = he.best_strength(k.hand)
    if strength >= plus10_strength and "+10" not in told:
        return SIG_PLUS10, {"kind": "signal", "signal": "+10", "strength": strength}
    if not told:
        return SIG_PASS, {"kind": "signal", "signal": "PASS", "strength": strength}
    return A_NO_SIGNAL, {"kind": "no_signal"}
