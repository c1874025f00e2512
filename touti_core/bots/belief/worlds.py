"""The weighted worlds: deals drawn from the hard evidence, weighed by the soft.

A *world* is ``(hands, weight)``: the four seats' cards in one deal consistent
with what a seat knows (:mod:`.sampler`), and how likely that deal is by the
soft evidence (the auction, :mod:`.auction_reading`; the cards played,
:mod:`.play_reading`).  A few deals fit the cards played far better than the
many that merely obey the rules, so the strong bot draws a *pool* several
times larger than the deals it searches and keeps as many as it needs in
proportion to their weights (:func:`resample`), each kept deal then counting
by how often it was drawn.

A sharp reading (the normal bot's auction replayed) may leave a pool whose
weight sits on one or two deals: the decision would then rest on them alone.
With ``min_ess`` the pool is drawn again (up to ``max_pool`` times ``n`` deals)
while its effective size (:func:`effective_size`) is below it, then its weights
are flattened (:func:`tempered`) until it reaches it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from .sampler import Sampler, Weigh, World, merged

__all__ = ["World", "Weigh", "by_hand", "product", "draw", "resample", "effective_size",
           "tempered"]


def by_hand(seats: Iterable[int], factor: Callable[[int, int], float]) -> Weigh:
    """``weigh(hands)``: the product over ``seats`` of ``factor(seat, hands[seat])``.  A
    seat's cards and bids tell only about its own hand, so each seat's factor is worked
    out once per hand met (deals drawn late in a hand share many)."""
    memos: tuple[tuple[int, dict[int, float]], ...] = tuple((s, {}) for s in seats)

    def weigh(hands: Sequence[int]) -> float:
        w = 1.0
        for s, memo in memos:
            h = hands[s]
            f = memo.get(h)
            if f is None:
                f = memo[h] = factor(s, h)
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
         deadline: float = float("inf"), min_ess: float = 0.0,
         max_pool: float = 0.0, temper: bool = True) -> list[World]:
    """``n`` weighted deals: as drawn when ``pool`` is 1 or less (identical deals merged,
    their weights added), else ``pool`` x ``n`` drawn and ``n`` kept in proportion to
    their weights (:func:`resample`).  With ``min_ess``, while the pool's effective size
    is below it, ``pool`` x ``n`` more are drawn as long as the pool stays within
    ``max_pool`` x ``n``; then its weights are :func:`tempered` to it.  ``deadline``: the
    safety cap (``time.perf_counter``)."""
    if pool <= 1:
        return sampler.worlds(n, deadline)
    batch = int(n * pool)
    worlds = sampler.worlds(batch, deadline)
    if min_ess > 0:
        drawn = batch
        while effective_size(worlds) < min_ess and drawn + batch <= max_pool * n:
            more = sampler.worlds(batch, deadline)
            if not more:
                break
            worlds = merged(worlds + more)
            drawn += batch
        if temper:
            worlds = tempered(worlds, min_ess)
    return resample(worlds, n, rand)


def effective_size(worlds: list[World]) -> float:
    """How many equally weighted deals the weighted ``worlds`` are worth, ``(sum w)^2 /
    sum w^2`` (0 when no weight).

    >>> effective_size([([1, 0, 0, 0], 1.0), ([2, 0, 0, 0], 1.0)])
    2.0
    >>> round(effective_size([([1, 0, 0, 0], 99.0), ([2, 0, 0, 0], 1.0)]), 2)
    1.02
    """
    total = sum(wt for _, wt in worlds)
    square = sum(wt * wt for _, wt in worlds)
    return total * total / square if square > 0 else 0.0


def tempered(worlds: list[World], min_ess: float) -> list[World]:
    """``worlds`` with their weights raised to the largest power in [0, 1] that gives an
    effective size of at least ``min_ess`` (or every deal alike, when even that falls
    short): the deals keep their order of likelihood, the few best no longer decide
    alone.  Unchanged when the effective size is already there.

    >>> [round(w, 3) for _, w in tempered([([1, 0, 0, 0], 100.0), ([2, 0, 0, 0], 1.0)], 1.5)]
    [1.0, 0.268]
    """
    if effective_size(worlds) >= min_ess:
        return worlds
    top = max(wt for _, wt in worlds)
    scaled = [(hands, wt / top) for hands, wt in worlds if wt > 0]

    def at(power: float) -> list[World]:
        return [(hands, wt ** power) for hands, wt in scaled]
    lo, hi = 0.0, 1.0              # effective_size(at(lo)) >= min_ess > effective_size(at(hi))
    for _ in range(30):
        mid = (lo + hi) / 2
        if effective_size(at(mid)) >= min_ess:
            lo = mid
        else:
            hi = mid
    return at(lo)


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
