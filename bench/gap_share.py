"""What share of a reference bot's lead a bot closes, with its 95% interval.

The issue's target for the strong bot: close at least half of the normal bot's gap
to the perfect-information player.  Both are measured against the same opponent
on the same deals, one pair of arena runs per seed, for example

    python -m touti_core arena --a strong --b normal --deals 1000 --seed 1000 --per-deal --json s1000.json
    python -m touti_core arena --a perfect --b normal --deals 1000 --seed 1000 --per-deal --json p1000.json
    python bench/gap_share.py s1000.json p1000.json [s2000.json p2000.json ...]

For each pair and over all of them it prints the bot's lead per hand, the
reference's, the share ``bot / reference`` with its 95% interval (the delta method
on the deals, each deal's two tables averaged as the arena does; the two runs share
their deals, so their luck cancels in the ratio too) and how many points a hand
the bot is above or below half of the reference's lead.
"""

from __future__ import annotations

import argparse
import json
import math

from compare_tables import lead  # first: it puts the clone on sys.path
from touti_core.bots.arena import mean_ci


def leads(run: dict) -> dict:
    """``{(seed, deal): side A's lead per hand}`` of an arena run written with --per-deal."""
    return {(run["seed"], d["deal"]): lead(d) for d in run["per_deal"]}


def share(bot: list, ref: list) -> dict:
    """The share of ``ref``'s mean lead that ``bot``'s closes, deal by deal paired: its
    95% interval, and ``bot - ref / 2`` per hand with its own."""
    n = len(bot)
    if n != len(ref) or n < 2:
        raise ValueError("the two runs must hold the same deals, two or more")
    mx = sum(bot) / n
    my = sum(ref) / n
    r = mx / my
    z = [x - r * y for x, y in zip(bot, ref)]
    se = mean_ci(z)[1] / math.sqrt(n) / abs(my)
    mh, _, hlo, hhi = mean_ci([x - y / 2 for x, y in zip(bot, ref)])
    return {"deals": n, "bot": mx, "ref": my, "share": r,
            "ci95": [r - 1.96 * se, r + 1.96 * se],
            "above_half": mh, "above_half_ci95": [hlo, hhi]}


def paired(bot_run: dict, ref_run: dict) -> tuple:
    """The two runs' leads on their common deals, in one order (they must be the same)."""
    a, b = leads(bot_run), leads(ref_run)
    if a.keys() != b.keys() or bot_run["B"] != ref_run["B"]:
        raise SystemExit("a pair of runs does not hold the same deals against the same "
                         "opponent (same --b, --deals and --seed?)")
    keys = sorted(a)
    return [a[k] for k in keys], [b[k] for k in keys]


def line(label: str, s: dict) -> str:
    lo, hi = s["ci95"]
    hlo, hhi = s["above_half_ci95"]
    return (f"{label:<14} {s['deals']:6d} deals  {s['bot']:+7.2f} of {s['ref']:+7.2f}  "
            f"share {100 * s['share']:5.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]  "
            f"above half {s['above_half']:+6.2f} [{hlo:+.2f}, {hhi:+.2f}]")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("runs", nargs="+", help="pairs of arena JSON files written with --per-deal: "
                                           "the bot's run, then the reference's on the same deals")
    args = p.parse_args()
    if len(args.runs) % 2:
        raise SystemExit("give the runs in pairs: the bot's, then the reference's")
    bot_all, ref_all = [], []
    names = None
    for i in range(0, len(args.runs), 2):
        runs = []
        for path in args.runs[i:i + 2]:
            with open(path) as f:
                run = json.load(f)
            if "per_deal" not in run:
                raise SystemExit(f"{path}: no per-deal results (run the arena with --per-deal)")
            runs.append(run)
        names = names or (runs[0]["A"], runs[1]["A"], runs[0]["B"])
        x, y = paired(*runs)
        print(line(f"seed {runs[0]['seed']}", share(x, y)))
        bot_all += x
        ref_all += y
    if len(args.runs) > 2:
        print(line("all", share(bot_all, ref_all)))
    print(f"(the share of {names[1]}'s lead over {names[2]} that {names[0]}'s closes; "
          f"'above half': {names[0]} - {names[1]} / 2, points a hand)")


if __name__ == "__main__":
    main()
