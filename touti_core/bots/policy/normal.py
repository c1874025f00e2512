"""The normal bot: the heuristic play on tracked holdings, bids from the hand evaluation.

Each decision is a function of the seat's knowledge and the settings, returning
the action and what it rested on (a :class:`~..base.Why`); :class:`NormalBot`
wires them.  Its auction and signals are :mod:`..model.bidding`, below the
belief: they are also the model of the other players that the strong bot reads
the auction with (:mod:`..belief.auction_reading`) and simulates it with
(:mod:`.auction_sim`).
"""

from __future__ import annotations

from typing import ClassVar

from ...actions import A_GHNA, A_NO_GHNA, A_TRUMP
from ...cards import GHNA_MASK, GHNA_VALUE, SUIT_MASK, mask_of
from ...hand import partner
from ..base import Bot, Why, already_made, holdings, keep_mask
from ..belief.knowledge import Knowledge
from ..model import handeval as he
from ..model.bidding import LEVEL, auction, estimates, signal
from ..model.heuristic import heuristic_card
from ..settings import NormalSettings

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

    level = LEVEL
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
