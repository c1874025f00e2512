"""The weighted worlds: deals drawn from the hard evidence, weighed by the soft.

A *world* is ``(hands, weight)``: the four seats' cards in one deal consistent
with what a seat knows (:mod:`.sampler`), and how likely that deal is by the
soft evidence (the auction, :mod:`.auction_reading`; the cards played,
:mod:`.play_reading`).  A few deals fit the cards played far better than the
many that merely obey the rules, so the strong bot draws a *pool* several
times larger than the deals it searches and keeps as many as it needs in
proportion to their weights (:func:`resample`), each kept deal then counting
by how often it was drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from .sampler import Sampler, Weigh, World

__all__ = ["World", "Weigh", "by_hand", "product", "draw", "resample"]


def by_hand(seats: Iterable[int], factor: Callable[[int, int], float],
            key: Callable[[int, int], int] | None = None) -> Weigh:
    """``weigh(hands)``: the product over ``seats`` of ``factor(seat, hands[seat])``.  A
    seat's cards and bids tell only about its own hand, so each seat's factor is worked
    out once per hand met (deals drawn late in a hand share many), or once per
    ``key(seat, hand)`` when given: hands of one key must have the same factor."""
    memos: tuple[tuple[int, dict[int, float]], ...] = tuple((s, {}) for s in seats)

    def weigh(hands: Sequence[int]) -> float:
        w = 1.0
        for s, memo in memos:
            h = hands[s]
            kk = h if key is None else key(s, h)
            f = memo.get(kk)
            if f is None:
                f = memo[kk] = factor(s, h)
            w *= f
        return w
    return weigh


def product(weighs: Iterable[Weigh | None]) -> Weigh | None:
    """The product of the soft evidences given (None: no evidence, every deal alike)."""
    fns = [f for f in weighs if f]
    if not fns:
        return None
    if len(fns) == 1:
        return fns[0]
    a, b = fns
    return lambda hands: a(hands) * b(hands)


def draw(sampler: Sampler, n: int, pool: float, rand: random.Random,
         deadline: float = float("inf")) -> list[World]:
    """``n`` weighted deals: as drawn when ``pool`` is 1 or less (identical deals merged,
    their weights added), else ``pool`` x ``n`` drawn and ``n`` kept in proportion to
    their weights (:func:`resample`).  ``deadline``: the safety cap (``time.perf_counter``)."""
    if pool <= 1:
        return sampler.worlds(n, deadline)
    return resample(sampler.worlds(int(n * pool), deadline), n, rand)


def resample(worlds: list[World], n: int, rand: random.Random) -> list[World]:
    """``n`` draws from weighted ``worlds`` in proportion to their weights (systematic
    resampling), identical draws merged: ``[(hands, count)]``.

    >>> resample([([1, 0, 0, 0], 3.0), ([2, 0, 0, 0], 1.0)], 4, random.Random(0))
    [([1, 0, 0, 0], 3.0), ([2, 0, 0, 0], 1.0)]
    """
    total = sum(wt for _, wt in worlds)
    if total <= 0:
        return worlds[:n]
    step = total / n
    u = rand.random() * step
    out = []
    acc = 0.0
    for hands, wt in worlds:
        acc += wt
        count = 0
        while u < acc:
            count += 1
            u += step
        if count:
            out.append((hands, float(count)))
    return out
