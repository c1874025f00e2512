"""The perfect-information player: the strong bot's search on the true deal.

It sees every hand (it needs the engine game, :meth:`PerfectBot.act_game`), so
it is a yardstick for the arena only, never offered to players: how much of
its lead over the normal bot the strong bot closes is the measure of the
strong bot's reading of the hidden cards (docs/bots.md).
"""

from __future__ import annotations

from typing import ClassVar, Optional

from ..engine import CONCESSION, PLAY, Game
from .belief.knowledge import Knowledge, from_game
from .belief.worlds import World
from .settings import PerfectSettings
from .strong import StrongBot


class PerfectBot(StrongBot):
    """The strong bot's search on the true deal: it sees every hand (measurement only)."""

    level = "perfect"
    defaults: ClassVar[PerfectSettings] = PerfectSettings()
    settings: PerfectSettings

    def __init__(self, seed: int | None = 0, budget: float | None = None,
                 settings: PerfectSettings | None = None) -> None:
        super().__init__(seed, budget, settings)
        #: every seat's cards during a decision
        self.hands: Optional[list[int]] = None

    def act_game(self, g: Game, seat: int) -> int:
        self.hands = list(g.hands)
        try:
            return self.act(from_game(g, seat), g.legal())
        finally:
            self.hands = None

    def act(self, k: Knowledge, legal: list[int]) -> int:
        if self.hands is None:
            raise ValueError("the perfect-information player needs the engine game (act_game)")
        return super().act(k, legal)

    def worlds(self, k: Knowledge, n: int, resampled: bool = True) -> list[World]:
        """The true deal alone (or, with ``peek_auction`` / ``peek_play`` off, the strong
        bot's deals in that part of the hand)."""
        play = k.phase in (PLAY, CONCESSION)
        if self.hands is not None and (self.settings.peek_play if play else self.settings.peek_auction):
            return [(list(self.hands), 1.0)]
        return super().worlds(k, n, resampled)
