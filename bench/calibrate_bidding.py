"""Calibrate the auction's hand evaluation by simulation (touti_core/bots/model/handeval.py).

    python bench/calibrate_bidding.py [--deals 4000] [--seed 7] [--bot normal]

For random deals, a random seat declares with each of the four trumps in
turn (contract 100, so the Ghna cards are kept as in a real contract), and
four bots of one level play the hand out.  The declaring team's card points
(with the 9a3a) are regressed on the features of the declarer's hand
(least squares); the spread of the residuals is SIGMA; the mean residual
when the partner's hand would send each signal of the convention
(COMPTE, AS, +10, PASS) is what that signal is worth.  Prints the figures
to paste into handeval.py.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from touti_core import rng  # noqa: E402
from touti_core.bots.model import handeval as he  # noqa: E402
from touti_core.bots import make_bot  # noqa: E402
from touti_core.engine import ACES_MASK, GAME_OVER, HAND_OVER, Game, ghna_suits  # noqa: E402


def solve_normal(xtx, xty):
    """Solve (X'X) w = X'y by Gauss-Jordan with partial pivoting (small, dense)."""
    n = len(xty)
    a = [row[:] + [xty[i]] for i, row in enumerate(xtx)]
    for i in range(n):
        a[i][i] += 1e-6
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        p = a[col][col]
        for j in range(col, n + 1):
            a[col][j] /= p
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                for j in range(col, n + 1):
                    a[r][j] -= f * a[col][j]
    return [a[i][n] for i in range(n)]


def partner_signal(hand: int) -> str:
    if ghna_suits(hand):
        return "COMPTE"
    if hand & ACES_MASK:
        return "AS"
    return "+10" if he.best_strength(hand) >= 58 else "PASS"


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=4000)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--bot", default="normal")
    args = p.parse_args(argv)
    r = random.Random(args.seed)
    rows = []
    t0 = time.perf_counter()
    for i in range(args.deals):
        packets = rng.deal(args.seed, i)
        dealer = r.randrange(4)
        decl = r.randrange(4)
        for trump in range(4):
            g = Game.from_deal(packets, dealer)
            g.setup_play(decl, 100, trump)
            # setup_play records nothing in the log: bots see the contract through it
            g.log.append((decl, 40 + 10))   # a bid of 100
            for s in range(1, 4):
                g.log.append(((decl + s) % 4, 64))
            g.log.append((decl, 72 + trump))
            g.hand_start = 0
            bots = [make_bot(args.bot, seed=i * 16 + trump * 4 + s) for s in range(4)]
            while g.phase not in (HAND_OVER, GAME_OVER):
                s = g.to_act
                g.apply(bots[s].act_game(g, s))
            pts = g.won[decl & 1]
            x = he.features(sum(1 << c for c in packets[decl]), trump,
                            decl == (dealer + 1) % 4)
            partner = sum(1 << c for c in packets[decl ^ 2])
            rows.append((x, pts, partner_signal(partner)))
        if (i + 1) % 500 == 0:
            print(f"{i + 1} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    n = len(he.FEATURES)
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for x, y, _ in rows:
        for i in range(n):
            xi = x[i]
            if xi:
                xty[i] += xi * y
                row = xtx[i]
                for j in range(n):
                    row[j] += xi * x[j]
    w = solve_normal(xtx, xty)
    res = [(y - sum(a * b for a, b in zip(w, x)), sig) for x, y, sig in rows]
    sigma = math.sqrt(sum(e * e for e, _ in res) / (len(res) - n))
    print(f"# {len(rows)} hands played by {args.bot} bots, seed {args.seed}")
    for name, v in zip(he.FEATURES, w):
        print(f"  {name:22s} {v:7.2f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.1f}" for v in w) + ")")
    print(f"SIGMA = {sigma:.1f}")
    for sig in ("COMPTE", "AS", "+10", "PASS"):
        es = [e for e, s in res if s == sig]
        if es:
            print(f"partner {sig:6s}: {len(es):6d} hands, mean residual {sum(es) / len(es):+.1f}")


if __name__ == "__main__":
    main()
