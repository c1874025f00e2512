"""The strong bot's card play: each candidate card valued over sampled deals.

For one card decision and the deals drawn for it (:mod:`..belief.worlds`),
:class:`CardSearch` plays each candidate card in each deal and values the
position after it (perfect-information Monte Carlo with exact endgames): in
the last ``exact_tricks`` tricks the exact search takes the whole rest;
before, a playout in which each player knows only its own hand
(:func:`.search.playout`) takes the hand to ``mid_exact`` tricks from the end,
which the exact search then plays.  With ``model_play`` the exact search
answers the other seats the table names normal bots with the normal bot's
own card (as it sees the deal: its hand, the cards played, the evidence),
and only the rest play their best.  The value of a deal is the score of the
hand for this team (contract made or failed) plus ``lam`` of its points.  A
defender concedes only when the contract is made in every deal the hard
evidence allows, with perfect defence (:meth:`CardSearch.made_in_every`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ...cards import SUIT, mask_of
from ...facts import TRICKS
from ...tricks import ruled_out
from ..base import Why
from ..belief.knowledge import Knowledge
from ..belief.worlds import World
from ..settings import StrongSettings
from .search import Position, distinct_moves, playout, solve


class CardSearch:
    """The card decision of seat ``k.seat`` (see the module docstring); ``deadline``, a
    ``time.perf_counter()`` value, is only the safety net."""

    def __init__(self, k: Knowledge, settings: StrongSettings,
                 deadline: float = float("inf"), model: int = 0) -> None:
        self.k = k
        self.settings = settings
        self.deadline = deadline
        #: a mask of the seats searched as playing the normal bot's card (:func:`.search.solve`)
        self.model = model

    def exact(self) -> bool:
        """Are few enough tricks left to search the whole rest exactly?  (``model_exact``
        of them when both opponents play the modelled card, else ``exact_tricks``.)"""
        opponents = 0b1010 >> (self.k.seat & 1)
        reach = self.settings.model_exact if self.model & opponents == opponents \
            else self.settings.exact_tricks
        return TRICKS - len(self.k.tricks) <= reach

    def deals_needed(self) -> int:
        """How many deals to search: fewer when each is searched exactly."""
        return self.settings.exact_worlds if self.exact() else self.settings.play_worlds

    def candidate_moves(self, cards: list[int]) -> list[int]:
        """The legal cards, equivalent ones merged (touching cards of a suit, same points)."""
        k = self.k
        return distinct_moves(mask_of(cards), (k.played & ~mask_of(k.trick)) | k.hand)

    def utility(self, decl_points: int) -> float:
        """What the declarers' final ``decl_points`` are worth to this seat's team."""
        k = self.k
        c = k.contract
        u = (c if decl_points >= c else -c) + self.settings.lam * (decl_points - c)
        return u if k.declaring(k.seat) else -u

    def position(self, hands: list[int]) -> Position:
        """The card play now, in the deal ``hands``."""
        k = self.k
        return Position.make(hands, k.trump, k.declarer, k.leader, k.trick, k.win_card,
                             k.win_seat, k.won, k.cap, k.ghna_total, k.ghna_done, len(k.tricks),
                             k.rules.overtrump)

    def points(self, moves: list[int], hands: list[int]) -> dict[int, int]:
        """The declarers' final points after each move in the deal ``hands``: the rest
        played as the search plays it (exact in the last tricks, playouts before)."""
        exact = self.exact()
        mid_exact = self.settings.mid_exact
        excl = self.k.excl if self.settings.blind else None
        base = self.position(hands)
        tt: dict = {}           # one deal: the moves' searches share their positions
        out = {}
        model = self.model
        k = self.k
        for m in moves:
            d = base.copy()
            ev = None
            if model:
                # what the modelled seats know: the evidence, and what this card rules out
                ev = list(k.excl)
                if k.trick:
                    ev[k.seat] |= ruled_out(m, SUIT[k.trick[0]], k.win_card, k.win_seat, k.seat,
                                            k.trump, k.rules.overtrump)
            d.play(m)
            if exact:
                out[m] = solve(d, tt=tt, model=model, excl=ev or ())
            elif mid_exact:
                # (sighted playouts, blind=0, hand nothing on: the root's evidence stands)
                playout(d, excl, TRICKS - mid_exact, ev if excl is not None else None)
                out[m] = solve(d, tt=tt, model=model, excl=ev or ())
            else:
                out[m] = playout(d, excl, TRICKS)
        return out

    def evaluate(self, moves: list[int], worlds: list[World]) -> tuple[dict[int, float], Why] | None:
        """The weighted mean value of each move over the deals, and what it rests on (None
        when no deal was searched)."""
        k = self.k
        exact = self.exact()
        totals = dict.fromkeys(moves, 0.0)
        made = dict.fromkeys(moves, 0.0)
        wsum = 0.0
        for hands, wt in worlds:
            for m, pts in self.points(moves, hands).items():
                totals[m] += wt * self.utility(pts)
                if pts >= k.contract:
                    made[m] += wt
            wsum += wt
            if time.perf_counter() > self.deadline:
                break
        if wsum <= 0:
            return None
        values = {m: totals[m] / wsum for m in moves}
        why: Why = {"kind": "card", "values": dict(values),
                    "made": {m: made[m] / wsum for m in moves}, "worlds": len(worlds),
                    "exact": exact}
        return values, why

    def made_in_every(self, worlds: list[World], late: Callable[[], bool]) -> bool:
        """Is the contract made in every deal of ``worlds`` with perfect defence?  (Out of
        time: not proven.)"""
        for hands, _ in worlds:
            if late() or solve(self.position(hands)) < self.k.contract:
                return False
        return True
