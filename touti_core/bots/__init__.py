"""Bots: choose an action from a seat's view and the legal actions.

The entry points the web page calls (through Pyodide) and the terminal game
use:

- ``choose(view, legal=None, level="normal", seed=None, budget=None, table=None)``
  -> the action (one of ``legal``, by default ``view["legal"]``) a bot of
  ``level`` takes for the seat of ``view``;
- ``hint(view, legal=None, table=None)`` -> ``{"action": ..., "reason": "...",
  "code": "...", "params": {...}}``: what the strong bot would do, and why: one
  short English sentence, and the same as a stable code with its parameters
  (``REASON_CODES`` lists the codes; :mod:`.explain` their parameters);
- ``LEVELS``: the levels offered to players (their one list is :mod:`.levels`);
- ``seat_seed(state, seat)`` -> the seed the page gives a bot at a table: fixed
  by the game and the move number, so that a replay (a challenge checked by
  :mod:`.verify`) repeats every bot decision.

A bot sees only the view: its own hand and the public history (see
:mod:`.knowledge`).  Decisions are deterministic for a given seed (with no
seed, one is derived from the view itself); ``budget`` caps the seconds a
searching bot may spend (the work is sized to stay well below the default).
``table`` says who plays each seat, as players at a table know: four entries,
each a level of ``CHOOSABLE`` or None (a person); the strong bot reads the
bids of opponents it knows to be normal bots by replaying that bot's auction.
The bots are built in layers: the *belief* (:mod:`.belief`: what a seat
knows, the deals consistent with it, how the auction and the cards played
weigh them), the *models* of a sensible player (:mod:`.model`: the hand
evaluation, the heuristic play, the normal bot's bidding) and the *policy*
(:mod:`.policy`: the easy and normal bots, the strong bot's auction
simulation and card search, the exact search); :mod:`.strong` wires the
strong bot from them and
:mod:`.levels` names every bot.  The duplicate arena
(``python -m touti_core arena``, :mod:`.arena`) measures them; docs/bots.md
is the guide.
"""

from __future__ import annotations

import json
import zlib

from .explain import REASON_CODES, english, reason
from ..actions import code_of
from .base import Bot
from .belief.knowledge import from_view
from .levels import BOTS, LEVELS, make_bot
from .plugins import is_user_level

#: Levels ``choose`` accepts: the offered ones and the random-legal baseline.
CHOOSABLE = ("random",) + LEVELS

__all__ = ["LEVELS", "CHOOSABLE", "REASON_CODES", "choose", "hint", "seat_seed", "make_bot", "BOTS", "Bot"]


def _seed_of(view: dict) -> int:
    data = json.dumps([view.get("seat"), view.get("hand"), view.get("hand_actions")],
                      separators=(",", ":"))
    return zlib.crc32(data.encode())


def seat_seed(state: dict, seat: int) -> int:
    """The seed of the bot of ``seat`` about to act in ``state`` (an api state), as the
    page's bridge gives it: fixed by the game and the move number, so a replay repeats it.

    >>> from touti_core import api
    >>> st = api.new_game(7)
    >>> seat_seed(st, 1) == seat_seed(api.from_record(api.to_record(st)), 1) != seat_seed(st, 2)
    True
    """
    base = state.get("seed")
    if base is None:            # a fixed deal: from its first hand
        base = sum((i + 1) * ord(ch) for i, ch in enumerate("".join(state["deal"]["hands"][0])))
    return int((base * 1_000_003 + len(state["actions"]) * 7919 + seat) % (2 ** 32))


def _prepare(view: dict, legal):
    if not isinstance(view, dict) or view.get("format") != "touti-view/1":
        raise ValueError("expected a view from touti_core.api.view (format touti-view/1)")
    legal = view["legal"] if legal is None else legal
    if not legal:
        raise ValueError("no legal action for this seat now")
    return from_view(view), legal, [code_of(a) for a in legal]


def _table(table) -> tuple | None:
    """``table`` checked: None, or four entries, each a level or None (a person).  A
    loaded bot's level (``user:<name>``, :mod:`.plugins`) is a player the built-in
    bots know nothing of: None."""
    if table is None:
        return None
    if not isinstance(table, (list, tuple)) or len(table) != 4 \
            or any(t is not None and t not in CHOOSABLE and not is_user_level(t) for t in table):
        raise ValueError("table: four entries, one for each seat, each a level "
                         f"({', '.join(CHOOSABLE)}, or user:<name>) or null for a person")
    return tuple(None if is_user_level(t) else t for t in table)


def choose(view: dict, legal: list[dict] | None = None, level: str = "normal",
           seed: int | None = None, budget: float | None = None, table=None,
           seen=None) -> dict:
    """The action a bot of ``level`` takes for the seat of ``view``; ``seen``: what the
    game's earlier hands showed of each seat (:func:`.belief.table_memory.from_game`)."""
    if level not in CHOOSABLE:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(CHOOSABLE)}")
    k, legal, codes = _prepare(view, legal)
    bot = make_bot(level, _seed_of(view) if seed is None else seed, budget)
    bot.table = _table(table)
    bot.seen = seen
    code = bot.act(k, codes)
    return legal[codes.index(code)]


def hint(view: dict, legal: list[dict] | None = None, table=None, *,
         bot: str = "strong", seen=None) -> dict:
    """What the strong bot would do, and why: ``{"action": ..., "reason": "<English>",
    "code": "<stable code>", "params": {...}}`` (the codes and their params:
    :mod:`.explain`; a page words ``code`` with ``params`` in its language, ``reason``
    is the English sentence).  ``bot``: another bot's choice explained instead (a name
    for :func:`make_bot`; tests use the strong bot with small settings)."""
    k, legal, codes = _prepare(view, legal)
    player = make_bot(bot, _seed_of(view))
    player.table = _table(table)
    player.seen = seen
    code = player.act(k, codes)
    why = reason(k, code, player.why)
    return {"action": legal[codes.index(code)], "reason": english(why), "code": why.code,
            "params": why.params}
