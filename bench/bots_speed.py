"""Bot decision times, the way the web page calls the bots (JSON view in, action out).

    python bench/bots_speed.py [--hands 12] [--levels easy,normal,strong] [--seed 1]

For each level, four bots of that level play the same hands (deal ``i`` of
the arena's seed, hands ``0..N-1``) through ``touti_core.api`` views and
``touti_core.bots.choose`` (each told that the other seats are normal bots); every
call to ``choose`` is timed (the view is built outside the timer: the page builds
it anyway).  Prints, per level and per kind of decision, the median, the 95th
percentile and the maximum.

Standard library only: bench/bots_pyodide.mjs runs this same file under
Pyodide (Node) with the same deals, so the figures compare directly.
Figures are depressed when other work shares the machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# run from a clone without installing the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from touti_core import api, bots  # noqa: E402
from touti_core.bots.arena import deal_hands  # noqa: E402
from touti_core.cards import NAMES  # noqa: E402


#: every bot is told that the others are normal bots: the strong bot then replays their
#: auction, its slowest reading (as it is at a table of normal bots, the page's default)
TABLE = ["normal"] * 4


def quantile(xs, q):
    s = sorted(xs)
    if not s:
        return 0.0
    return s[min(len(s) - 1, max(0, int(q * len(s) + 0.999999) - 1))]


def kind(action: dict) -> str:
    t = action["type"]
    if t == "play":
        return "card"
    if t in ("bid", "pass", "announce", "signal", "no_signal"):
        return "auction"
    return "other"


def run_level(level: str, hands: int, seed: int) -> dict:
    times = {"all": [], "card": [], "auction": [], "other": []}
    for i in range(hands):
        cards, dealer = deal_hands(seed, i)
        state = api.new_hand([[NAMES[c] for c in h] for h in cards], dealer)
        while state["phase"] not in ("hand_over", "game_over"):
            seat = state["to_act"]
            v = api.view(state, seat)
            t0 = time.perf_counter()
            a = bots.choose(v, level=level, seed=1000 * i + len(state["actions"]), table=TABLE)
            dt = time.perf_counter() - t0
            times["all"].append(dt)
            times[kind(a)].append(dt)
            state = api.act(state, a)
    return times


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=12)
    p.add_argument("--levels", default=",".join(bots.LEVELS))
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    impl = f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"
    print(f"bot decision times, {args.hands} hands per level (arena seed {args.seed}); {impl}")
    for level in args.levels.split(","):
        t = run_level(level, args.hands, args.seed)
        parts = []
        for k in ("all", "card", "auction", "other"):
            xs = t[k]
            if xs:
                parts.append(f"{k} n={len(xs)} median {1e3 * quantile(xs, 0.5):.1f} ms "
                             f"p95 {1e3 * quantile(xs, 0.95):.1f} ms max {1e3 * max(xs):.1f} ms")
        print(f"{level:7s}: " + "; ".join(parts), flush=True)


if __name__ == "__main__":
    main()
