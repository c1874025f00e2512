#!/usr/bin/env python3
"""The JSON boundary's cost against the length of the game.

    python3 bench/api_speed.py [--sizes 10,1000,100000]

For games of each size (random legal actions, target score 1,000,000 so that a
game can be that long), prints the cost of:

- ``act`` on the state the last call returned (the page's and the bots' way:
  the state carries its game, nothing is replayed);
- ``act`` on the same state after a JSON round trip (replayed and compared once);
- ``from_record`` of its record;
- the whole game played through ``act`` (linear: the time per action stays flat);
and the refusal of a tampered record of a million actions.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from touti_core import api  # noqa: E402

RULES = {"target": 1_000_000}


def grow(state, n: int, rand: random.Random):
    """Random legal actions until the game has ``n`` actions (cheap auctions)."""
    while len(state["actions"]) < n:
        legal = api.legal_actions(state)
        if state["phase"] == "auction":
            quiet = [a for a in legal if a["type"] != "bid" or a["amount"] <= 80]
            legal = quiet
        state = api.act(state, rand.choice(legal))
    return state


def timed(fn, repeat: int) -> float:
    """Median seconds of ``repeat`` calls."""
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10,1000,100000")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    rand = random.Random(1)
    state = api.new_game(1, RULES)
    t0 = time.perf_counter()
    done = 0
    print(f"{'actions':>8} | {'act (returned state)':>20} | {'act (JSON copy)':>15} | "
          f"{'from_record':>11} | whole game so far, per action")
    for n in sizes:
        state = grow(state, n, rand)
        grown = time.perf_counter() - t0
        done = len(state["actions"])
        action = api.legal_actions(state)[0]
        fast = timed(lambda: api.act(state, action), 200)
        text = json.dumps(state)

        def plain_act():
            api.clear_cache()
            api.act(json.loads(text), action)
        slow = timed(plain_act, 3 if n > 10_000 else 20)
        rec = api.to_record(state)
        rec_text = json.dumps(rec)

        def replay():
            api.from_record(json.loads(rec_text))
        rep = timed(replay, 3 if n > 10_000 else 20)
        print(f"{done:>8} | {fast * 1e6:>17.1f} us | {slow * 1e3:>12.2f} ms | {rep * 1e3:>8.2f} ms | "
              f"{grown:.2f} s, {grown / done * 1e6:.1f} us")
    bad = api.to_record(api.new_game(5))
    bad["actions"] = [{"type": "pass", "seat": 0}] * 1_000_000
    t = time.perf_counter()
    try:
        api.from_record(bad)
    except api.IllegalAction as e:
        code = e.code
    print(f"a tampered record of 1,000,000 actions: {code} in {(time.perf_counter() - t) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
