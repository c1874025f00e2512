"""How well the earlier hands of a game tell a seat that plays as the normal bot from one that does not.

For each kind of opponent (``--levels``: easy, normal, strong bots), plays ``--hands``
hands out (the opponents on seats 1 and 3, the normal bot on 0 and 2), and asks the
normal bot each decision of seats 1 and 3 that had a choice
(:func:`touti_core.bots.belief.table_memory.replay_agreement`): the share that agree,
and the share of seats the strong bot's ``learn`` (``--learn``) reads as the normal bot
after 1 to 6 hands.

    python bench/table_memory.py --hands 100 --seed 5000 --levels easy,normal
    python bench/table_memory.py --hands 20 --seed 5000 --levels strong
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from touti_core.bots.arena import _make, deal_hands, play_table  # noqa: E402
from touti_core.bots.belief.table_memory import chance_normal, replay_agreement  # noqa: E402
from touti_core.bots.settings import StrongSettings  # noqa: E402
from touti_core.rules import Rules  # noqa: E402


def hand_seen(opponent: str, seed: int, i: int, rules: Rules) -> list[tuple[int, int]] | None:
    """Deal ``i`` played out (normal bots on 0 and 2, ``opponent`` on 1 and 3): (agree,
    differ) of seats 1 and 3; None for a hand conceded (not every card seen)."""
    hands, dealer = deal_hands(seed, i)
    names = ("normal", opponent) * 2
    res, _, log = play_table(hands, dealer, names, [seed * 1000 + i * 4 + s for s in range(4)], rules)
    if res["conceded"]:
        return None
    seen = replay_agreement(hands, dealer, rules, [0, 0], [(s, c) for s, c in log], (1, 3))
    return [seen[1], seen[3]]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--seed", type=int, default=5000)
    p.add_argument("--levels", default="easy,normal")
    p.add_argument("--learn", type=float, default=0.8)
    args = p.parse_args()
    rules = Rules()
    eps = StrongSettings().model_eps
    for level in args.levels.split(","):
        _make(level)
        seen = [h for h in (hand_seen(level, args.seed, i, rules) for i in range(args.hands)) if h]
        agree = sum(a for h in seen for a, _ in h)
        differ = sum(d for h in seen for _, d in h)
        print(f"{level}: {len(seen)} hands played out of {args.hands}, {agree + differ} decisions "
              f"with a choice at seats 1 and 3, {agree / max(1, agree + differ):.3f} agree with the "
              f"normal bot's")
        for n in (1, 2, 3, 4, 6):
            chances = []
            for j in (0, 1):
                for i in range(0, len(seen) - n + 1, n):
                    a = sum(h[j][0] for h in seen[i:i + n])
                    d = sum(h[j][1] for h in seen[i:i + n])
                    chances.append(chance_normal(a, d, eps))
            read = sum(c >= args.learn for c in chances) / max(1, len(chances))
            print(f"  after {n} hand{'s' if n > 1 else ''}: read as the normal bot "
                  f"(chance {args.learn} or more) {read:.3f} of {len(chances)} seats")


if __name__ == "__main__":
    main()
