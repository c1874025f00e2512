"""How a bot plays beside its partner, counted from the hands the arena plays
(``python -m touti_core arena``, its ``as_partner`` figures; docs/bots.md, "As a
partner"): contracts taken, made and failed, tricks taken from a partner who
held them, bids over a partner's bid and what became of them."""

from __future__ import annotations

from ..cards import SUIT, scan
from ..engine import GAME_OVER, HAND_OVER, PLAY, Game, kind_of
from ..rules import Rules
from ..tricks import beats

#: What :func:`partner_play` counts of a seat in a hand (each a count of hands or cards).
PARTNER_KEYS = ("hands", "taken", "made", "failed", "held", "took", "trumped", "overtook",
                "by_choice", "over_partner", "over_partner_declared", "over_partner_failed")


def partner_play(hands, dealer, rules: Rules, actions) -> list[dict[str, int]]:
    """How each seat played beside its partner in one hand, replayed from its
    ``actions`` (``[seat, code]``, as :func:`play_table` returns them); by seat:

    - ``taken``, ``made``, ``failed``: the contract, if this seat declared it;
    - ``held``: its cards played while its partner held the trick (winning it at
      that moment); ``took``: of those, the cards that took the trick from the
      partner, ``trumped`` (a trump over a partner's card of another suit) or
      ``overtook`` (a higher card of the suit of the partner's card, a higher
      trump over a trump); ``by_choice``: of ``took``, when a card that left the
      partner winning was legal (the rules force the others: follow higher, trump,
      overtrump);
    - ``over_partner``: 1 if it bid over its partner's bid, the highest then, in
      this hand; ``over_partner_declared`` and ``over_partner_failed``: its team
      then declared the contract, and failed it.
    """
    g = Game.from_deal(hands, dealer, rules)
    out = [dict.fromkeys(PARTNER_KEYS, 0) for _ in range(4)]
    over = [False] * 4
    for seat, code in actions:
        if g.phase in (HAND_OVER, GAME_OVER):
            break
        if g.phase == PLAY and code < 40 and g.trick and g.win_seat == seat ^ 2:
            mine = out[seat]
            mine["held"] += 1
            w, trump = g.win_card, g.trump
            if beats(code, w, trump):
                mine["took"] += 1
                mine["trumped" if SUIT[code] == trump != SUIT[w] else "overtook"] += 1
                if any(not beats(c, w, trump) for c in scan(g.legal_cards())):
                    mine["by_choice"] += 1
        elif kind_of(code) == "bid" and g.high_seat == seat ^ 2:
            over[seat] = True
        g.apply(code)
    r = g.last_hand
    if r is None:
        raise ValueError("the actions do not play the hand to its end")
    for seat in range(4):
        mine = out[seat]
        mine["hands"] = 1
        declared = not r["cancelled"] and (r["declarer"] & 1) == (seat & 1)
        if not r["cancelled"] and r["declarer"] == seat:
            mine["taken"] = 1
            mine["made" if r["made"] else "failed"] = 1
        if over[seat]:
            mine["over_partner"] = 1
            mine["over_partner_declared"] = int(declared)
            mine["over_partner_failed"] = int(declared and not r["made"])
    return out


def add_counts(into: dict, role: str, got: dict) -> None:
    """Adds one hand's counts of a seat (``got``) to ``role``'s."""
    mine = into.setdefault(role, dict.fromkeys(PARTNER_KEYS, 0))
    for k, v in got.items():
        mine[k] += v


def _per(k: int, n: int) -> str:
    return f"{k} of {n} ({100 * k / n:.1f}%)" if n else f"{k} of 0"


def partner_lines(s: dict) -> list[str]:
    """The report's lines on how each side (with ``--partner``, each of side A's seats)
    played beside its partner (:func:`partner_play`)."""
    got = s.get("as_partner") or {}
    person = s.get("person")
    lines = []
    if person:
        lines.append(f"mixed table (--partner): side A is {person}, a person's stand-in (the "
                     f"bots are told a person plays it), and {s['A']} opposite it; side B "
                     f"is {s['B']} and {s['B']}")
    labels = {"A": f"A ({s['A']})" if not person else f"A ({person} and {s['A']})",
              "person": f"A's person ({person})", "partner": f"A's partner ({s['A']})",
              "B": f"B ({s['B']})"}
    for role in ("A", "person", "partner", "B"):
        c = got.get(role)
        if not c:
            continue
        lines.append(
            f"as a partner, {labels[role]}: contracts declared {c['taken']}, made {c['made']}, "
            f"failed {c['failed']}; took a trick its partner held {_per(c['took'], c['held'])} "
            f"(trumped {c['trumped']}, overtook {c['overtook']}; by choice {c['by_choice']}); "
            f"bid over its partner in {c['over_partner']} of {c['hands']} hands, its team "
            f"then declared {c['over_partner_declared']} and failed {c['over_partner_failed']}")
    return lines
