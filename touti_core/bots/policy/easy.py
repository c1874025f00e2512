"""The two baselines: a uniformly random legal action, and the easy bot, a beginner.

The easy bot plays like a beginner who knows the rules: it counts the obvious
strength of its hand (Aces, 3s, the length of its best suit, a Ghna at its full
value, cap or no cap), bids the lowest bid while that count (a little too
optimistic or too timid, at random) reaches it, jumps to the bid that admits
its Ghna as the rule book advises, never bids over its partner and reads no
signal.  It plays by rules of thumb (win cheaply, give points to a winning
partner, play low) on the cards it can see, with no card tracking; now and
then it plays its highest card too early or a card at random.  Its settings
and where they were measured: :class:`~..settings.EasySettings`.
"""

from __future__ import annotations

from typing import ClassVar

from ...cards import ACES_MASK, BIT, POINTS, SUIT_MASK, card, mask_of
from ...rules import BID_STEP
from ...engine import (
    A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_NO_SIGNAL, A_PASS, A_SIGNAL, A_TRUMP, MAX_BID,
    bid_code, lowest_bid, partner,
)
from ..base import Bot, holdings, keep_mask
from ..belief.knowledge import Knowledge
from ..settings import EasySettings
from ..model import handeval as he
from ..model.heuristic import STR, heuristic_card

SIG_AS, SIG_COMPTE = A_SIGNAL, A_SIGNAL + 1
THREES_MASK = sum(BIT[card(3, s)] for s in range(4))


class RandomBot(Bot):
    """A uniformly random legal action (a baseline for the arena, not offered to players)."""

    level = "random"

    def act(self, k: Knowledge, legal: list[int]) -> int:
        self.why = {"kind": "random"}
        return legal[self.rand.randrange(len(legal))]


def beginner_count(hand: int, s: EasySettings) -> tuple[float, int]:
    """(points, trump): what a beginner reckons its team takes as declarer, with the suit
    that counts most as trumps: ``s.base`` for the partner and the last trick, ``s.ace``
    an Ace, ``s.three`` a 3, ``s.trump`` a card of the trump suit, and the Ghna held at
    their full value (+40 in trumps, +20 beside), whatever the cap."""
    sure = (s.base + s.ace * (hand & ACES_MASK).bit_count()
            + s.three * (hand & THREES_MASK).bit_count())
    best, best_t = -1.0, 0
    for t in range(4):
        v = s.trump * (hand & SUIT_MASK[t]).bit_count() + sum(he.ghna_values(hand, t))
        if v > best:
            best, best_t = v, t
    return sure + best, best_t


class EasyBot(Bot):
    """A beginner: an optimistic or timid count of the obvious strength, rules of thumb,
    a few mistakes, no card tracking."""

    level = "easy"
    defaults: ClassVar[EasySettings] = EasySettings()

    def __init__(self, seed: int | None = 0, budget: float | None = None,
                 settings: EasySettings | None = None) -> None:
        super().__init__(seed, budget)
        self.settings = self.defaults if settings is None else settings

    def auction(self, k: Knowledge, legal: list[int]) -> int:
        """The lowest bid while the beginner's count with its mood reaches it (or the bid
        whose cap admits the Ghna counted); never over the partner."""
        s = self.settings
        count, t = beginner_count(k.hand, s)
        est = count + self.rand.uniform(-s.mood, s.mood)
        low = lowest_bid(k.high)
        if k.high_seat != partner(k.seat) and low <= est and bid_code(low) in legal:
            amount = low
            ghna = sum(he.ghna_values(k.hand, t)) if s.ghna_bid else 0
            while (k.rules.cap(amount) < ghna and amount + BID_STEP <= min(est, MAX_BID)
                   and bid_code(amount + BID_STEP) in legal):
                amount += BID_STEP
            self.why = {"kind": "bid", "amount": amount, "estimate": est, "trump": t}
            return bid_code(amount)
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
        """The suit it counted its hand with."""
        t = beginner_count(k.hand, self.settings)[1]
        self.why = {"kind": "trump", "trump": t}
        return A_TRUMP + t

    def card(self, k: Knowledge, cards: list[int]) -> int:
        s = self.settings
        r = self.rand.random()
        if r < s.eager:
            # too early: its highest card (most points, then strongest), trumps or not
            self.why = {"kind": "random"}
            return max(cards, key=lambda c: (POINTS[c], STR[c], -c))
        if r < s.eager + s.noise:
            self.why = {"kind": "random"}
            return cards[self.rand.randrange(len(cards))]
        self.why = {"kind": "card"}
        return heuristic_card(k.seat, k.hand, mask_of(cards), k.trick, k.win_card, k.win_seat,
                              k.trump, k.declarer, holdings(k, track=False), keep_mask(k))

    def ghna(self, k: Knowledge, legal: list[int]) -> int:
        """Whichever Ghna comes first, as soon as it may."""
        return legal[0]
