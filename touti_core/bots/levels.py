"""The bots by level name, and :func:`make_bot` (with settings for experiments)."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .perfect import PerfectBot
from .policy.easy import EasyBot, RandomBot
from .policy.normal import NormalBot
from .settings import with_overrides
from .strong import StrongBot

#: Every bot by its level's name: the random baseline, the three levels offered to
#: players, and the perfect-information player (measurement only).
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot,
                              "strong": StrongBot, "perfect": PerfectBot}


def make_bot(name: str, seed: int | None = 0, budget: float | None = None) -> Bot:
    """A bot by level name; ``"strong:play_worlds=96,lam=0.3"`` overrides its settings
    (:mod:`.settings`; for experiments in the arena).

    >>> make_bot("strong:play_worlds=8").settings.play_worlds
    8
    """
    base, _, opts = name.partition(":")
    try:
        cls = BOTS[base]
    except KeyError:
        raise ValueError(f"unknown bot {base!r}; choose one of {', '.join(BOTS)}") from None
    defaults = getattr(cls, "defaults", None)
    if defaults is None:
        if opts:
            raise ValueError(f"{base} has no settings")
        return cls(seed, budget)
    return cls(seed, budget, with_overrides(defaults, opts, base))
