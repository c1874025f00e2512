"""How well the strong bot's rollouts foresee the opponents' answer to its bids.

Over the opponents' bid, the strong bot values a bid by rolling the rest of
the auction out in each sampled deal (``roll_bids``); ``why["answered"]`` is
the share of those deals in which the opponents end up declaring after it.
The strong bot plays against normal bots (the arena's deals, each twice with
the teams swapped); each of its bids over the opponents' is kept with what
the table did: whether the opponents declared in the end.

Printed: per band of predicted share, the number of bids, the mean
prediction and the share answered (with its 95% interval); the same for the
*pushes* (bids its simulation gives less than ``--push`` to make,
``why["prob"]``), with how many of them became its contract and were made;
and what its decisions over the opponents' bid were worth, by the rollouts
(``why["ev"]`` for a bid, ``why["alt"]`` for leaving) and at the table (the
hand's score for its team: the contract, plus if made, minus if failed).

    python bench/calibrate_answers.py --deals 150 --seed 1000
    python bench/calibrate_answers.py --deals 150 --seed 1000 --bot strong:roll_bids=3
"""

from __future__ import annotations

import argparse
import os
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from touti_core.bots.arena import _mix, deal_hands, play_table, wilson_ci  # noqa: E402
from touti_core.engine import AUCTION  # noqa: E402
from touti_core.rules import Rules  # noqa: E402

BANDS = ((0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.0001))


def one_deal(args: tuple) -> list[dict]:
    """The bot's decisions over the opponents' bid in one deal (both tables), each with
    what the table did."""
    bot, seed, i = args
    hands, dealer = deal_hands(seed, i)
    out = []
    for table, names in enumerate(((bot, "normal"), ("normal", bot))):   # the bot on team ``table``
        seen = []

        def watch(g, s, player, code):
            why = player.why
            if g.phase == AUCTION and (s & 1) == table and g.high and (g.high_seat & 1) != table \
                    and why.get("kind") in ("bid", "pass", "announce"):
                seen.append(dict(kind=why["kind"], answered=why.get("answered"), prob=why.get("prob"),
                                 ev=why.get("ev"), alt=why.get("alt")))
        r, _, _ = play_table(hands, dealer, names, [_mix(seed, i, table, s) for s in range(4)],
                             Rules(), watch=watch)
        ours = not r["cancelled"] and (r["declarer"] & 1) == table
        theirs = not r["cancelled"] and not ours
        score = 0 if r["cancelled"] else r["contract"] * (1 if r["made"] else -1) * (1 if ours else -1)
        for d in seen:
            d.update(table=table, theirs=theirs, ours_made=ours and r["made"], ours=ours, score=score)
        out.extend(seen)
    return out


def answered(rows: list[dict]) -> str:
    """``N, mean predicted share, share answered [95% interval]`` of some bids."""
    k = sum(r["theirs"] for r in rows)
    lo, hi = wilson_ci(k, len(rows))
    return (f"{len(rows):4d}, predicted answered {sum(r['answered'] for r in rows) / len(rows):.3f}, "
            f"answered {k / len(rows):.3f} [{lo:.3f}, {hi:.3f}]")


def bands(rows: list[dict]) -> list[str]:
    return [f"  predicted {a:.1f}-{min(b, 1):.1f}: {answered(band)}" for a, b in BANDS
            if (band := [r for r in rows if a <= r["answered"] < b])]


def report(rows: list[dict], push: float) -> str:
    bids = [r for r in rows if r["kind"] == "bid" and r["answered"] is not None]
    lines = []
    if bids:
        lines.append(f"bids over the opponents': {answered(bids)}")
        lines += bands(bids)
    pushes = [r for r in bids if r["prob"] is not None and r["prob"] < push]
    if pushes:
        ours = [r for r in pushes if r["ours"]]
        lines.append(f"pushes (own chance below {push:.2f}): {answered(pushes)}; its team declared "
                     f"{len(ours)}, made {sum(r['ours_made'] for r in ours)}")
        lines += bands(pushes)
    for kind, key in (("bid", "ev"), ("pass", "alt")):
        sel = [r for r in rows if r["kind"] == kind and r[key] is not None]
        if sel:
            lines.append(f"{'bids' if kind == 'bid' else 'leaving'}: {len(sel)} decisions, worth "
                         f"{sum(r[key] for r in sel) / len(sel):+.1f} a hand by the rollouts, "
                         f"{sum(r['score'] for r in sel) / len(sel):+.1f} at the table")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--bot", default="strong")
    ap.add_argument("--push", type=float, default=0.3)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    jobs = [(a.bot, a.seed, i) for i in range(a.deals)]
    with Pool(a.workers) as pool:
        rows = [x for r in pool.imap(one_deal, jobs, chunksize=2) for x in r]
    print(f"{a.bot} against the normal bot, {a.deals} deals at seed {a.seed}")
    print(report(rows, a.push))


if __name__ == "__main__":
    main()
