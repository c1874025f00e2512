"""Fit how sharply the strong bot could read the auction (powers of its terms, and the
gap between a declarer's named trump and its best suit).

Normal bots bid and name trumps on many deals.  For each seat that then
reads the auction, the true hands of the others are set against deals the
sampler draws from the hard evidence alone, and a logistic regression tells
them apart from each auction term's fit (``AuctionReading.term_fit``): the sum of
``log sigmoid(z)`` over the contract, the other bids and the passes, and the
gap between the declarer's named trump and its best suit.  Its coefficients
are the powers of the terms' likelihood and the gap's rate; the log-loss on a
second set of deals, against the unfitted reading (every power 1, no gap),
says how much sharper the fitted one is.  (The strong bot had settings that applied
such a fit, ``read_declared``, ``read_bid``, ``read_pass`` and ``read_gap``: they gained
nothing in the arena and were removed, docs/lab/removed-experiments.md.)

    python bench/calibrate_reading.py --deals 1200
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from touti_core.bots.arena import _mix, deal_hands  # noqa: E402
from touti_core.bots.model import handeval as he  # noqa: E402
from touti_core.bots.belief.auction_reading import AuctionReading, sigmoid  # noqa: E402
from touti_core.bots.belief.knowledge import from_game  # noqa: E402
from touti_core.bots.belief.sampler import Sampler  # noqa: E402
from touti_core.bots import make_bot  # noqa: E402
from touti_core.bots.settings import StrongSettings  # noqa: E402
from touti_core.engine import GAME_OVER, HAND_OVER, PLAY, Game  # noqa: E402
from touti_core.rules import Rules  # noqa: E402

KINDS = ("declared", "bid", "pass")
NAMES = ("intercept",) + tuple(f"read_{k}" for k in KINDS) + ("-read_gap",)


def log_sigmoid(z: float) -> float:
    return -math.log1p(math.exp(-z)) if z > -30 else z


def trump_gap(hand: int, trump: int, forehand: bool, cap: int) -> float:
    """How much better than the named trump the best suit is, by the hand evaluation."""
    values = he.trump_values(hand, forehand, cap)
    return max(values) - values[trump]


def features(bot: AuctionReading, k, terms, hands) -> list:
    x = [1.0, 0.0, 0.0, 0.0, 0.0]
    fore = (k.dealer + 1) % 4
    for s, kind, amount in terms:
        if kind not in KINDS:
            continue
        h0 = hands[s] | k.played_by[s]
        x[1 + KINDS.index(kind)] += log_sigmoid(bot.term_fit(k, kind, s, amount, h0))
        if kind == "declared":
            x[4] += trump_gap(h0, k.trump, s == fore, k.cap)
    return x


def data(seed: int, deals: int, per_true: int = 10) -> tuple:
    """Rows of features, labels (1: the true hands, 0: a sampled deal)."""
    rules = Rules()
    reader = AuctionReading(StrongSettings())
    X, y = [], []
    for i in range(deals):
        hands, dealer = deal_hands(seed, i)
        g = Game.from_deal(hands, dealer, rules)
        bots = [make_bot("normal", _mix(seed, i, 0, s)) for s in range(4)]
        while g.phase not in (PLAY, HAND_OVER, GAME_OVER):
            g.apply(bots[g.to_act].act_game(g, g.to_act))
        if g.phase != PLAY:
            continue
        for seat in range(4):
            k = from_game(g, seat)
            terms = reader.terms(k)
            X.append(features(reader, k, terms, g.hands))
            y.append(1)
            for hs, _w in Sampler(k, random.Random(_mix(seed, i, seat))).worlds(per_true):
                X.append(features(reader, k, terms, hs))
                y.append(0)
    return X, y


def solve_linear(a: list, b: list) -> list:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(i + 1, n):
            f = m[r][i] / m[i][i]
            for c in range(i, n + 1):
                m[r][c] -= f * m[i][c]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][c] * x[c] for c in range(i + 1, n))) / m[i][i]
    return x


def fit(X: list, y: list, iters: int = 15) -> list:
    """Logistic regression by Newton's method: the coefficients of the columns of ``X``."""
    n = len(X[0])
    w = [0.0] * n
    for _ in range(iters):
        grad = [0.0] * n
        hess = [[1e-6 if i == j else 0.0 for j in range(n)] for i in range(n)]
        for row, t in zip(X, y):
            p = sigmoid(sum(a * b for a, b in zip(w, row)))
            g, h = p - t, p * (1 - p)
            for i in range(n):
                grad[i] += g * row[i]
                hi = hess[i]
                for j in range(i, n):
                    hi[j] += h * row[i] * row[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve_linear(hess, grad)
        w = [a - b for a, b in zip(w, step)]
    return w


def fit_intercept(offsets, y, iters: int = 40) -> float:
    """The intercept of a logistic regression whose only other term is ``offsets``."""
    b = 0.0
    for _ in range(iters):
        ps = [sigmoid(b + o) for o in offsets]
        b -= sum(p - t for p, t in zip(ps, y)) / sum(p * (1 - p) for p in ps)
    return b


def log_loss(X: list, y: list, w: list) -> float:
    total = 0.0
    for row, t in zip(X, y):
        p = min(max(sigmoid(sum(a * b for a, b in zip(w, row))), 1e-12), 1 - 1e-12)
        total -= t * math.log(p) + (1 - t) * math.log(1 - p)
    return total / len(y)


def calibrate(X: list, y: list) -> tuple:
    """The fitted coefficients, and the unfitted reading's (every power 1, no gap, only
    the intercept fitted), both in the order of ``NAMES``."""
    b = fit_intercept([r[1] + r[2] + r[3] for r in X], y)
    return fit(X, y), [b, 1.0, 1.0, 1.0, 0.0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=9001)
    a = ap.parse_args()
    X, y = data(a.seed, a.deals)
    X2, y2 = data(a.seed + 1, a.deals)
    w, unfitted = calibrate(X, y)
    print(f"{len(y)} rows ({sum(y)} true hands) at seed {a.seed}; held out: seed {a.seed + 1}")
    for name, v in zip(NAMES, w):
        print(f"  {name:16s} {v:+.3f}")
    print(f"held-out log-loss: fitted {log_loss(X2, y2, w):.4f}, unfitted "
          f"{log_loss(X2, y2, unfitted):.4f}")


if __name__ == "__main__":
    main()
