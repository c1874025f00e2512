"""The bots by level name, the levels offered to players, and :func:`make_bot` (with
settings for experiments).

>>> LEVELS, list(BOTS)
(('easy', 'normal', 'strong'), ['random', 'easy', 'normal', 'strong', 'perfect'])
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .perfect import PerfectBot
from .policy.easy import EasyBot, RandomBot
from .policy.normal import NormalBot
from .settings import with_overrides
from .strong import StrongBot

#: The levels offered to players, the weakest first: the one list of them (each
#: class names its level; the page's list, web/js/settings.js, is checked against it).
OFFERED: tuple[type[Bot], ...] = (EasyBot, NormalBot, StrongBot)
LEVELS: tuple[str, ...] = tuple(cls.level for cls in OFFERED)
#: Every bot by its level's name: the random baseline, the levels offered to players,
#: and the perfect-information player (measurement only).
_ALL: tuple[type[Bot], ...] = (RandomBot, *OFFERED, PerfectBot)
BOTS: dict[str, Callable[..., Bot]] = {cls.level: cls for cls in _ALL}


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
