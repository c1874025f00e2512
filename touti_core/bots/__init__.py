"""Bots: choose an action from a seat's view and the legal actions.

Placeholder until the bots land: every level picks a legal action at random
(deterministic for a seed).  The interface is the final one.
"""

from __future__ import annotations

import random

LEVELS = ("easy", "normal", "strong")


def choose(view: dict, legal: list[dict] | None = None, level: str = "normal",
           seed: int | None = None, budget: float | None = None) -> dict:
    """The action a bot of ``level`` takes for the seat of ``view``."""
    legal = view["legal"] if legal is None else legal
    if not legal:
        raise ValueError("no legal action for this seat now")
    return random.Random(seed).choice(legal)


def hint(view: dict, legal: list[dict] | None = None) -> dict:
    """``{"action": ..., "reason": "..."}``: what the strong bot would do, and why."""
    action = choose(view, legal, "strong", seed=0)
    return {"action": action, "reason": "A legal move (the bots are not ready yet)."}
