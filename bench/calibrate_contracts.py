"""How well the strong bot's auction foresees contracts: its chance to make its
own bid, and the opponents' chance to make theirs when it lets them play.

The strong bot plays against normal bots (the arena's deals, each twice with
the teams swapped).  For each of its seats, its last auction decision is
kept:

- ``own``: it bid, and that bid became the contract: the chance it gave
  (``why["prob"]``) against whether the contract was made;
- ``theirs``: the side's last decision of the auction left it to the
  opponents' highest bid and that bid became the contract: the chance it
  gave them (``why["theirs"]``) against whether they made it.

So each contract counts once.

Printed: per band of predicted chance, the number of contracts, the mean
prediction and the share made (with its 95% interval), the shift that
would make the predictions right on average, in log-odds and in points of the
simulated result (``bid_bias`` and ``their_bias`` add points to it; one point
moves the log-odds by about 1.7 / ``sim_sigma``), and the logistic fit
``made ~ sigmoid(slope x logit(p) + shift)`` with its standard errors (the
strong bot's ``own_slope``, ``own_shift``, ``their_slope`` and ``their_shift``
settings applied it; they gained nothing and were removed,
docs/lab/removed-experiments.md).

The normal bot's own contracts can be read the same way (the chance its hand
evaluation gives); the easy bot gives no chance, so there is nothing to read.

    python bench/calibrate_contracts.py --deals 600
    python bench/calibrate_contracts.py --deals 600 --bot normal
    python bench/calibrate_contracts.py --deals 600 --bot "strong:bid_bias=8,their_bias=2"
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibrate_reading import fit  # noqa: E402
from touti_core.bots.arena import _mix, deal_hands, play_table, wilson_ci  # noqa: E402
from touti_core.bots import make_bot  # noqa: E402
from touti_core.bots.belief.auction_reading import sigmoid  # noqa: E402
from touti_core.engine import AUCTION  # noqa: E402
from touti_core.rules import Rules  # noqa: E402

def logit(p: float) -> float:
    """The inverse of ``sigmoid``, ``p`` kept within 1e-6 of 0 and 1."""
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


BANDS = ((0.0, 0.3), (0.3, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.0001))


def one_deal(args: tuple) -> list:
    """``(kind, predicted chance, made)`` for the strong side's contracts in one deal,
    played as the arena plays it."""
    bot, seed, i = args
    hands, dealer = deal_hands(seed, i)
    out = []
    for table, names in enumerate(((bot, "normal"), ("normal", bot))):   # the bot on team ``table``
        last = {}           # seat -> its last decision of the auction: (why, highest bid then)
        latest = None       # the side's last one

        def watch(g, s, player, code):
            nonlocal latest
            if g.phase == AUCTION and (s & 1) == table:
                last[s] = latest = (dict(player.why), g.high)
        r, _, _ = play_table(hands, dealer, names, [_mix(seed, i, table, s) for s in range(4)],
                             Rules(), watch=watch)
        if r["cancelled"]:
            continue
        if (r["declarer"] & 1) == table:
            why, _ = last[r["declarer"]]
            if why.get("kind") == "bid" and "prob" in why and r["contract"] == why["amount"]:
                out.append(("own", why["prob"], r["made"]))
        elif latest is not None and "theirs" in latest[0] and r["contract"] == latest[1]:
            out.append(("theirs", latest[0]["theirs"], r["made"]))
    return out


def shift(rows: list) -> float:
    """The log-odds shift (within +-6) that makes the mean prediction equal the share made."""
    target = sum(m for _, m in rows) / len(rows)
    lo, hi = -6.0, 6.0
    for _ in range(60):
        mid = (lo + hi) / 2
        mean = sum(sigmoid(logit(p) + mid) for p, _ in rows) / len(rows)
        lo, hi = (mid, hi) if mean < target else (lo, mid)
    return (lo + hi) / 2


def platt(rows: list) -> tuple | None:
    """``(slope, shift, se of slope, se of shift)`` of the logistic regression of the
    outcomes (fractions allowed) on the predictions' log-odds (``calibrate_reading.fit``),
    or None when there is none (outcomes separated by the predictions, or predictions
    that do not vary)."""
    xs = [logit(p) for p, _ in rows]
    b, a = fit([[1.0, x] for x in xs], [float(m) for _, m in rows], iters=30)
    if abs(a) > 50 or abs(b) > 50:
        return None
    haa = hab = hbb = 0.0          # the information matrix at the fit
    for x in xs:
        q = sigmoid(a * x + b)
        w = q * (1 - q)
        haa, hab, hbb = haa + w * x * x, hab + w * x, hbb + w
    det = haa * hbb - hab * hab
    if det <= 1e-12:            # the predictions do not vary: no slope to fit
        return None
    return a, b, math.sqrt(hbb / det), math.sqrt(haa / det)


def report(rows: list, sim_sigma: float | None) -> str:
    """The calibration of each kind of contract; in points of the simulated result too
    when the bot simulates its auction (``sim_sigma`` given)."""
    lines = []
    for kind in ("own", "theirs"):
        rs = [(p, m) for k, p, m in rows if k == kind]
        if not rs:
            continue
        made = sum(m for _, m in rs)
        lo, hi = wilson_ci(made, len(rs))
        d = shift(rs)
        lines.append(f"{kind}: {len(rs)} contracts, predicted {sum(p for p, _ in rs) / len(rs):.3f}, "
                     f"made {made / len(rs):.3f} [{lo:.3f}, {hi:.3f}]; right on average with "
                     f"{d:+.2f} log-odds"
                     + (f", about {d * sim_sigma / 1.7:+.1f} points" if sim_sigma else ""))
        fit = platt(rs)
        lines.append(f"  fit: slope {fit[0]:.2f} (se {fit[2]:.2f}), shift {fit[1]:+.2f} (se {fit[3]:.2f})"
                     if fit else "  fit: none (outcomes separated, or predictions all alike)")
        for a, b in BANDS:
            band = [(p, m) for p, m in rs if a <= p < b]
            if band:
                k = sum(m for _, m in band)
                lo, hi = wilson_ci(k, len(band))
                lines.append(f"  predicted {a:.1f}-{min(b, 1):.1f}: {len(band):4d}, mean "
                             f"{sum(p for p, _ in band) / len(band):.3f}, made {k / len(band):.3f} "
                             f"[{lo:.3f}, {hi:.3f}]")
    return "\n".join(lines) or "no contract with a chance foreseen: the bot gives none"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--seed", type=int, default=7100)
    ap.add_argument("--bot", default="strong")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    try:
        bot = make_bot(a.bot)
    except ValueError as e:
        ap.error(str(e))
    # the easy and normal bots do not simulate their auction: no points to convert to
    sim_sigma = getattr(getattr(bot, "settings", None), "sim_sigma", None)
    jobs = [(a.bot, a.seed, i) for i in range(a.deals)]
    with Pool(a.workers) as pool:
        rows = [x for r in pool.imap(one_deal, jobs, chunksize=2) for x in r]
    print(f"{a.bot} against the normal bot, {a.deals} deals at seed {a.seed}")
    print(report(rows, sim_sigma))


if __name__ == "__main__":
    main()
