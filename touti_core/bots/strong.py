"""The strong bot: determinized search, wired from the belief and the policy.

Each decision draws deals consistent with what the seat knows
(:mod:`.belief.sampler`), weighs them by the soft evidence (the auction,
:mod:`.belief.auction_reading`; the cards played, :mod:`.belief.play_reading`)
and keeps as many as it needs by their weights (:mod:`.belief.worlds`); then
it bids and names trumps by simulating the hand in them
(:mod:`.policy.auction_sim`) and plays the card of best value over them
(:mod:`.policy.card_search`).  Signals and the Ghna are the normal bot's.
Its settings, and where each was measured: :class:`.settings.StrongSettings`.
"""

from __future__ import annotations

import random
import time
from typing import ClassVar

from ..engine import CONCESSION, PLAY
from ..facts import TRICKS
from .base import already_made
from .belief.auction_reading import AuctionReading
from .belief.knowledge import Knowledge
from .belief.play_reading import play_weigher
from .belief.sampler import Sampler
from .belief.worlds import World, draw, product
from .model import bidding
from .policy.auction_sim import AuctionSimulation
from .policy.card_search import CardSearch
from .policy.normal import NormalBot
from .settings import StrongSettings


class StrongBot(NormalBot):
    """Determinized search over deals consistent with the public evidence."""

    level = "strong"
    defaults: ClassVar[StrongSettings] = StrongSettings()
    settings: StrongSettings
    #: the safety cap of the decision in progress (``time.perf_counter()``)
    _deadline = float("inf")

    def __init__(self, seed: int | None = 0, budget: float | None = None,
                 settings: StrongSettings | None = None) -> None:
        super().__init__(seed, budget, settings)
        if self.settings.salt and seed is not None:
            # the same bot with other draws: how far its results move by its own luck
            # (without a seed its draws are fresh already, and stay so)
            self.rand = random.Random(f"{seed}/{self.settings.salt}")

    def late(self) -> bool:
        """Past the safety cap.  The work of every decision is sized by counts (deals,
        playouts), never by time, so that a seed gives the same decisions on every
        device; this cap, far above the slowest decision, is only a safety net."""
        return time.perf_counter() > self._deadline

    def act(self, k: Knowledge, legal: list[int]) -> int:
        budget = self.budget if self.budget is not None else self.settings.default_budget
        self._deadline = time.perf_counter() + budget
        return super().act(k, legal)

    # ---- the deals
    def reading(self) -> AuctionReading:
        """How it reads the auction, told who plays each seat (``table``), and what the
        earlier hands of the game showed of them (``seen``)."""
        return AuctionReading(self.settings, self.table, self.seen)

    def sampler(self, k: Knowledge) -> Sampler:
        """Deals consistent with ``k``, weighed by the soft evidence (``soft``)."""
        s = self.settings
        weigh = None
        if s.soft:
            weigh = product((self.reading().weigher(k),
                             play_weigher(k, s.eps, s.eps_partner, eps_follow=s.eps_follow) if s.eps < 1 else None))
        return Sampler(k, self.rand, weigh)

    def worlds(self, k: Knowledge, n: int, resampled: bool = True) -> list[World]:
        """``n`` weighted deals; in the card play drawn from a pool ``pool`` times larger
        and resampled by weight (in the auction, ``bid_pool`` times when it reads an
        opponent by replay); not ``resampled``: as drawn."""
        s = self.settings
        if not resampled:
            pool = 1.0
        elif k.phase in (PLAY, CONCESSION):
            pool = s.pool
        else:
            pool = s.bid_pool if self.reading().replays(k) else 1.0
        return draw(self.sampler(k), n, pool, self.rand, self._deadline)

    # ---- the auction and the trumps, by simulation
    def simulation(self, k: Knowledge) -> AuctionSimulation:
        """The auction simulated; the opponents' contract counted ``their_bias_read``
        points on top of the playouts (-5: 5 below) where they are read by replay, else
        ``their_bias``."""
        s = self.settings
        their_bias = s.their_bias_read if self.reading().replays(k) else s.their_bias
        return AuctionSimulation(k, s, self.late, their_bias)

    def auction(self, k: Knowledge, legal: list[int]) -> int:
        if not self.settings.sim_auction:
            return super().auction(k, legal)
        worlds = self.worlds(k, self.settings.bid_worlds)
        if not worlds:
            return super().auction(k, legal)
        code, self.why = self.simulation(k).bid(legal, worlds)
        return code

    def choose_trump(self, k: Knowledge, legal: list[int]) -> int:
        if not self.settings.sim_trump:
            return super().choose_trump(k, legal)
        worlds = self.worlds(k, self.settings.bid_worlds)
        if not worlds:
            return super().choose_trump(k, legal)
        code, self.why = self.simulation(k).trump(worlds)
        return code

    # ---- the card play, by search
    def search(self, k: Knowledge) -> CardSearch:
        model = 0
        if self.settings.model_play:
            reading = self.reading()
            for s in range(4):
                if s != k.seat and reading.level(s) == bidding.LEVEL:
                    model |= 1 << s
        return CardSearch(k, self.settings, self._deadline, model)

    def card(self, k: Knowledge, cards: list[int]) -> int:
        search = self.search(k)
        moves = search.candidate_moves(cards)
        if len(moves) == 1:     # equivalent cards
            self.why = {"kind": "forced"}
            return moves[0]
        worlds = self.worlds(k, search.deals_needed())
        found = search.evaluate(moves, worlds) if worlds else None
        if found is None:
            return super().card(k, cards)
        values, self.why = found
        best = max(moves, key=lambda m: (values[m], -moves.index(m)))
        self.why["choice"] = best
        return best

    def lost_everywhere(self, k: Knowledge) -> bool:
        """Defending: is the contract made in every sampled deal, even with perfect
        defence?  The deals are drawn from the hard evidence alone, not resampled: an
        unlikely deal that defeats the contract still counts."""
        if already_made(k):
            return True
        if TRICKS - len(k.tricks) > 4:
            return False
        worlds = self.worlds(k, self.settings.exact_worlds, resampled=False)
        return bool(worlds) and self.search(k).made_in_every(worlds, self.late)

    def concede(self, k: Knowledge) -> bool:
        return self.lost_everywhere(k)

    def accept(self, k: Knowledge) -> bool:
        return self.lost_everywhere(k)
