"""The normal bot: the heuristic play on tracked holdings, bids from the hand evaluation.

Each decision is a function of the seat's knowledge and the settings, returning
the action and what it rested on (a :class:`~..base.Why`); :class:`NormalBot`
wires them.  They are also the model of the other players that the strong bot
reads and simulates the auction with: its replay of a normal bot's bids
(:mod:`..belief.auction_reading`) calls :func:`auction` with each sampled hand,
and its rollouts (:mod:`.auction_sim`) play the rest of the auction with
normal bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Optional

from ...cards import GHNA_MASK, GHNA_VALUE, SUIT_MASK, mask_of
from ...engine import (
    A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_BID, A_GHNA, A_NO_GHNA, A_NO_SIGNAL, A_PASS, A_SIGNAL,
    A_TRUMP, bid_amount, bid_code, partner,
)
from ..base import Bot, Why, already_made, holdings, keep_mask
from ..belief.knowledge import Knowledge
from ..settings import NormalSettings
from . import handeval as he
from .heuristic import heuristic_card

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
    return {t: (he.card_points(hand, t, fore) + bonus,
                sorted(he.ghna_values(hand, t) + pghna, reverse=True))
            for t in range(4)}


def make_prob(k: Knowledge, amount: int, est: Estimates) -> tuple[float, int]:
    """(probability, trump): the best chance to make ``amount`` with some trump."""
    cap = k.rules.cap(amount)
    best = (-1.0, 0)
    for t, (e, gv) in est.items():
        if gv:      # the Ghna that fit under the cap, at the share declared in practice
            e += he.GHNA_RATE * he.fit_cap(gv, cap)
        p = he.normal_cdf((e - amount) / he.SIGMA)
        if p > best[0]:
            best = (p, t)
    return best


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


def choose_trump(k: Knowledge, eval_bias: float = 0.0) -> tuple[int, Why]:
    """The suit of best estimate, with the Ghna that fit under the contract's cap."""
    est = estimates(k, k.hand, eval_bias)
    cap = k.cap
    best = max(range(4), key=lambda t: est[t][0] + he.GHNA_RATE * he.fit_cap(est[t][1], cap))
    return A_TRUMP + best, {"kind": "trump", "trump": best,
                            "estimate": est[best][0] + he.fit_cap(est[best][1], cap)}


# --------------------------------------------------------------------- play
def card(k: Knowledge, cards: list[int]) -> tuple[int, Why]:
    """The heuristic play on tracked holdings, keeping a Ghna's cards while it fits."""
    c = heuristic_card(k.seat, k.hand, mask_of(cards), k.trick, k.win_card, k.win_seat, k.trump,
                       k.declarer, holdings(k), keep_mask(k))
    return c, {"kind": "card"}


def ghna(k: Knowledge, legal: list[int]) -> tuple[int, Why]:
    """The trump Ghna (+40) first; wait when the partner may hold it and a +20 would close
    the cap; else the Ghna whose cards are most exposed."""
    opts = [c - A_GHNA for c in legal if A_GHNA <= c < A_NO_GHNA]
    if k.trump in opts:
        return A_GHNA + k.trump, {"kind": "ghna", "suit": k.trump, "value": GHNA_VALUE[True],
                                  "first40": len(opts) > 1}
    room = k.cap - k.ghna_total
    if room < GHNA_VALUE[True] + GHNA_VALUE[False] and partner_may_hold_trump_ghna(k):
        return A_NO_GHNA, {"kind": "no_ghna", "wait": True}
    # the Ghna whose cards are most exposed (fewest guards in the suit) first
    x = min(opts, key=lambda s: (k.hand & SUIT_MASK[s]).bit_count())
    return A_GHNA + x, {"kind": "ghna", "suit": x, "value": GHNA_VALUE[False]}


def partner_may_hold_trump_ghna(k: Knowledge) -> bool:
    """May the partner hold the trump Ghna, still declarable, and declare it?"""
    p = partner(k.seat)
    g = GHNA_MASK[k.trump]
    if k.ghna_done >> k.trump & 1 or k.can(p) & g != g:
        return False
    if k.ghna_total + GHNA_VALUE[True] > k.cap:
        return False
    return k.declarer == p or "COMPTE" in k.signals_of(p)


class NormalBot(Bot):
    """Card tracking, evidence, signals, the calibrated hand evaluation."""

    level = "normal"
    defaults: ClassVar[NormalSettings] = NormalSettings()
    settings: NormalSettings

    def __init__(self, seed: int | None = 0, budget: float | None = None,
                 settings: NormalSettings | None = None) -> None:
        super().__init__(seed, budget)
        self.settings = self.defaults if settings is None else settings

    def auction(self, k: Knowledge, legal: list[int]) -> int:
        code, self.why = auction(k, legal, self.settings)
        return code

    def signal(self, k: Knowledge, legal: list[int]) -> int:
        code, self.why = signal(k, legal, self.settings.plus10_strength)
        return code

    def choose_trump(self, k: Knowledge, legal: list[int]) -> int:
        code, self.why = choose_trump(k, self.settings.eval_bias)
        return code

    def card(self, k: Knowledge, cards: list[int]) -> int:
        code, self.why = card(k, cards)
        return code

    def ghna(self, k: Knowledge, legal: list[int]) -> int:
        code, self.why = ghna(k, legal)
        return code

    def concede(self, k: Knowledge) -> bool:
        return already_made(k)

    def accept(self, k: Knowledge) -> bool:
        return already_made(k)
