"""The two baselines: a uniformly random legal action, and the easy bot's rules of thumb."""

from __future__ import annotations

from typing import ClassVar

from ...cards import POINTS, SUIT_MASK, mask_of, scan
from ...engine import (
    A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_NO_SIGNAL, A_PASS, A_SIGNAL, A_TRUMP, bid_code,
    lowest_bid, partner,
)
from ..base import Bot, holdings, keep_mask, longest_suit
from ..belief.knowledge import Knowledge
from ..settings import EasySettings
from . import handeval as he
from .heuristic import heuristic_card

SIG_AS, SIG_COMPTE = A_SIGNAL, A_SIGNAL + 1


class RandomBot(Bot):
    """A uniformly random legal action (a baseline for the arena, not offered to players)."""

    level = "random"

    def act(self, k: Knowledge, legal: list[int]) -> int:
        self.why = {"kind": "random"}
        return legal[self.rand.randrange(len(legal))]


class EasyBot(Bot):
    """Sensible rules of thumb, a little noise, no card tracking beyond the table."""

    level = "easy"
    defaults: ClassVar[EasySettings] = EasySettings()

    def __init__(self, seed: int | None = 0, budget: float | None = None,
                 settings: EasySettings | None = None) -> None:
        super().__init__(seed, budget)
        self.settings = self.defaults if settings is None else settings

    def auction(self, k: Knowledge, legal: list[int]) -> int:
        """Bid the lowest bid when a crude count of the hand (with noise) reaches it."""
        hand = k.hand
        t = longest_suit(hand)
        est = 25 + sum(POINTS[c] for c in scan(hand)) * 0.6 + 4 * (hand & SUIT_MASK[t]).bit_count()
        est += sum(he.ghna_values(hand, t)) * 0.5 + self.rand.uniform(-12, 12)
        low = lowest_bid(k.high)
        partner_high = k.high_seat == partner(k.seat)
        if low <= est and not partner_high and bid_code(low) in legal:
            self.why = {"kind": "bid", "amount": low, "estimate": est, "trump": t}
            return bid_code(low)
        if k.in_mask >> partner(k.seat) & 1 and self.rand.random() < 0.5:
            for code in (A_ANNOUNCE_COMPTE, A_ANNOUNCE_AS):
                if code in legal:
                    self.why = {"kind": "announce"}
                    return code
        self.why = {"kind": "pass", "estimate": est}
        return A_PASS

    def signal(self, k: Knowledge, legal: list[int]) -> int:
        if self.rand.random() < 0.5:
            for code in (SIG_COMPTE, SIG_AS):
                if code in legal:
                    return code
        return A_NO_SIGNAL

    def choose_trump(self, k: Knowledge, legal: list[int]) -> int:
        t = longest_suit(k.hand)
        self.why = {"kind": "trump", "trump": t}
        return A_TRUMP + t

    def card(self, k: Knowledge, cards: list[int]) -> int:
        if self.rand.random() < self.settings.noise:
            self.why = {"kind": "random"}
            return cards[self.rand.randrange(len(cards))]
        return heuristic_card(k.seat, k.hand, mask_of(cards), k.trick, k.win_card, k.win_seat,
                              k.trump, k.declarer, holdings(k, track=False), keep_mask(k))

    def ghna(self, k: Knowledge, legal: list[int]) -> int:
        return legal[0]
