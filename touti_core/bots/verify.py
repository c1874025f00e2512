"""The check of a challenge's hand: were its bots' decisions the bots'?

A challenge (the page's ``#challenge=`` links) is a few one-hand games of
fixed deals that friends play against the same built-in bots.  A link carries
every action of each hand; the engine's replay shows that they are legal, but
not who chose them: a link whose bots' cards were chosen by hand replays as
well as an honest one.  The bots are deterministic from the record (their
seed is :func:`touti_core.bots.seat_seed`, fixed by the game and the move
number), so the receiving page replays each hand and, at every decision of a
bot's seat, asks that bot what it plays from that position, exactly as the
page's game asked it (``bots.choose`` with the same seed and the same
``table``: None at the person's seat 0, the bots' levels); the first decision that
differs is where the link stops being the bots' play.

A page in watch mode lets the normal bot play the person's seat too, and then
tells the bots so (its ``table`` names "normal" at that seat): a bot's
decision that differs under the first table is also tried under that one.

:func:`play_hand` plays a hand as the page does (the person's seat by a bot):
honest challenge hands for tests and benchmarks.
"""

from __future__ import annotations

from typing import Any

from .. import api
from . import LEVELS, choose, seat_seed


#: The seat the person plays in a challenge (the page's seat at the bottom).
PERSON = 0


class VerifyError(ValueError):
    """The request cannot be checked (levels that are not built-in ones)."""


def _levels(levels: Any) -> list[str | None]:
    """The four seats' levels (the person's seat None) from three levels (the seats 1, 2, 3)
    as a list or a ``{1: ..., 2: ..., 3: ...}`` mapping (string keys too)."""
    if isinstance(levels, dict):
        levels = [levels.get(s, levels.get(str(s))) for s in (1, 2, 3)]
    if not isinstance(levels, (list, tuple)) or len(levels) != 3 or any(x not in LEVELS for x in levels):
        raise VerifyError(f"levels: three built-in levels ({', '.join(LEVELS)}) for the seats 1, 2, 3")
    return [None, *levels]


def _start(seed: int, rules: dict | None) -> api.State:
    """The one-hand game of the seed's first deal, as the page starts it (``new`` with ``one_hand``)."""
    d = api.deal_of(seed)
    return api.new_hand(d["hands"], d["dealer"], rules)


def _tables(levels: list[str | None]) -> list[list[str | None]]:
    """The ``table`` the page passes to its bots (the person's seat None), then the one of watch mode."""
    watched = list(levels)
    watched[PERSON] = "normal"
    return [list(levels), watched]


def _choice(state: api.State, level: str, table: list[str | None], budget: float | None) -> dict:
    """The decision of the bot of ``level`` at the seat to act, as the page's bridge asks it."""
    seat = state["to_act"]
    v = api.view(state, seat)
    return choose(v, v["legal"], level, seat_seed(state, seat), budget, table=table)


def verify_hand(seed: int, rules: dict | None, levels: Any, actions: list,
                budget: float | None = None) -> dict[str, Any]:
    """Replays a challenge's hand (the one-hand game of ``seed``'s first deal under
    ``rules``; ``levels`` the bots of the seats 1, 2, 3) and checks that every decision
    of a bot's seat is that bot's.

    Returns ``{"ok": True, "state": ..., "result": ...}`` (``result`` None when the
    hand is not finished), or the first decision that is not the bot's:
    ``{"ok": False, "at": i, "seat": s, "level": ..., "expected": <the bot's
    action>, "got": <the link's>}`` (``at`` counts the hand's actions from 0).  An
    action the engine refuses, or any action after the end of the hand, raises
    :class:`touti_core.api.IllegalAction`.

    >>> honest = play_hand(5, None, ["normal"] * 3)
    >>> verify_hand(5, None, ["normal"] * 3, honest)["ok"]
    True
    """
    lv = _levels(levels)
    tables = _tables(lv)
    state = _start(seed, rules)
    for i, action in enumerate(actions):
        seat = state["to_act"]
        if seat is None:                     # a challenge's hand is one hand: nothing after it
            raise api.IllegalAction("wrong_phase", "The hand is over: a challenge's hand has no "
                                    "action after its end.", {"phase": state["phase"]})
        if seat == PERSON:
            state = api.act(state, action)
            continue
        level = lv[seat]
        assert level is not None
        after = api.act(state, action)                # refused: IllegalAction
        got = api.thaw(after["actions"][-1])           # the engine's own form of it
        choices = (_choice(state, level, t, budget) for t in tables)
        first = next(choices)
        if first != got and got not in choices:
            return {"ok": False, "at": i, "seat": seat, "level": level, "expected": first, "got": got}
        state = after
    return {"ok": True, "state": state, "result": api.thaw(state["last_hand"]) if state["last_hand"] else None}


def play_hand(seed: int, rules: dict | None, levels: Any, person_level: str = "normal",
              watch: bool = False) -> list[dict]:
    """The actions of the one-hand game of ``seed`` played as the page plays it: the
    bots of ``levels`` at the seats 1, 2, 3 (their seeds and table as the page gives
    them), the person's seat (0) by a ``person_level`` bot; with ``watch``, as in the
    page's watch mode (the normal bot at the person's seat, and the bots told so)."""
    lv = _levels(levels)
    table = _tables(lv)[1 if watch else 0]
    if watch:
        person_level = "normal"
    state = _start(seed, rules)
    while state["to_act"] is not None:
        seat = state["to_act"]
        level = person_level if seat == PERSON else lv[seat]
        assert level is not None
        state = api.act(state, _choice(state, level, table, None))
    return [dict(a) for a in api.thaw(state["actions"])]
