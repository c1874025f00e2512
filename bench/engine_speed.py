"""Engine speed: random-legal full hands per second.

    python bench/engine_speed.py [--seconds 3]

1. internal engine: deal from a seed, fixed contract (100, seat 0, a random
   trump), then 40 random legal cards (Ghna offers answered at random);
2. through touti_core.api: the same hands as JSON states (new_hand with a
   fixed contract reached by one bid and passes, then random legal
   actions from legal_actions/act until the hand is over).

Prints one line per figure.  The same script runs under Pyodide (see
bench/pyodide_speed.mjs), which is why it only uses the standard library.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# run from a clone without installing the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from touti_core import api, rng  # noqa: E402
from touti_core.cards import NAMES  # noqa: E402
from touti_core.engine import GHNA, PLAY, Game  # noqa: E402


def pick_bit(m: int, rand) -> int:
    k = int(rand() * m.bit_count())
    for _ in range(k):
        m &= m - 1
    return (m & -m).bit_length() - 1


def engine_hands(seconds: float, seed: int = 1) -> tuple[int, float]:
    r = random.Random(seed)
    rand = r.random
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(100):
            g = Game.from_deal(rng.deal(seed, n), n % 4)
            g.log = None
            g.setup_play(0, 100, n % 4)
            while True:
                ph = g.phase
                if ph == PLAY:
                    g.play(pick_bit(g.legal_cards(), rand))
                elif ph == GHNA:
                    legal = g.legal()
                    g.apply(legal[int(rand() * len(legal))])
                else:
                    break
            n += 1
        t = time.perf_counter()
        if t >= end:
            return n, t - start


def api_hands(seconds: float, seed: int = 1) -> tuple[int, float]:
    r = random.Random(seed)
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        hands = [[NAMES[c] for c in h] for h in rng.deal(seed, n)]
        s = api.new_hand(hands, 3)
        s = api.act(s, {"type": "bid", "seat": 0, "amount": 100})
        while s["phase"] != "trump":       # the others pass, nobody signals
            kind = "pass" if s["phase"] == "auction" else "no_signal"
            s = api.act(s, {"type": kind, "seat": s["to_act"]})
        s = api.act(s, {"type": "trump", "seat": 0, "suit": "OCEB"[n % 4]})
        while s["phase"] not in ("hand_over", "game_over"):
            legal = [a for a in api.legal_actions(s) if a["type"] != "concede"]
            s = api.act(s, r.choice(legal))
        n += 1
    return n, time.perf_counter() - start


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=3.0)
    args = p.parse_args(argv)
    import sys
    impl = f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"
    n, dt = engine_hands(args.seconds)
    print(f"engine: {n / dt:,.0f} random-legal hands/s ({n} hands in {dt:.2f} s; {impl})")
    n, dt = api_hands(args.seconds)
    print(f"api:    {n / dt:,.1f} random-legal hands/s ({n} hands in {dt:.2f} s; {impl})")


if __name__ == "__main__":
    main()
