"""Deals consistent with what a seat knows (for the strong bot's search).

A *world* gives every unseen card to one of the other three seats, so that:

- each seat gets exactly as many cards as it holds;
- no seat gets a card the play-rule evidence excludes (voids, "could not go
  higher", "could not overtrump");
- declared Ghna cards stay with their owner;
- the positive facts hold (AS / COMPTE: an Ace / a Ghna when dealt; a
  ``no_ghna`` answer: a declarable Ghna then), and the negative ones too
  (a skipped Ghna question: no declarable Ghna then).

The unseen cards are dealt **uniformly** among the completions that respect
the seats' sizes and exclusions: cards that the same seats may hold are
interchangeable, so the completions are counted exactly, group by group (a
small table over the seats' free room), and each group's split between its
seats drawn in proportion to the completions it leaves.  A dealing that
merely gave each card a seat in proportion to free room would favour some
deals (one card's chance of being in a seat off by up to 0.15 in measured
positions).  A positive fact is enforced by placing one of its alternatives
first, chosen in proportion to the completions it leaves, and corrected by
an importance weight (1 / number of alternatives the final hand satisfies), so hands that
satisfy a fact in several ways are not over-represented; a negative fact
rejects the deals that break it.  Optional soft evidence (the auction and
the cards played) multiplies the weights.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from math import comb
from typing import Optional

from ...cards import BIT, scan
from .knowledge import Knowledge

#: One deal and its weight: ``(hands, weight)``, ``hands[s]`` seat ``s``'s cards (a mask).
World = tuple[list[int], float]
#: The soft evidence: a deal's hands -> how much more likely than the others it is.
Weigh = Callable[[Sequence[int]], float]


def merged(worlds: Iterable[World]) -> list[World]:
    """``[(hands, weight)]`` with identical deals merged, their weights added (in the
    order each was first met)."""
    seen: dict = {}
    for hands, weight in worlds:
        key = tuple(hands)
        seen[key] = seen.get(key, 0.0) + weight
    return [(list(h), wt) for h, wt in seen.items()]


class Sampler:
    """Draws worlds for one information set (see the module docstring)."""

    def __init__(self, k: Knowledge, rand: random.Random, weigh: Optional[Weigh] = None) -> None:
        self.k = k
        self.rand = rand
        self.weigh = weigh
        me = k.seat
        self.me = me
        self.others = [s for s in range(4) if s != me]
        self.can = {s: k.can(s) for s in self.others}
        self.must = {s: k.must[s] for s in self.others}
        self.need = {s: k.counts[s] for s in self.others}
        self.pos = [(s, alts, extra) for s, alts, extra, p in k.cons if p]
        self.neg = [(s, alts, extra) for s, alts, extra, p in k.cons if not p]
        self._tables: dict = {}

    def world(self) -> Optional[World]:
        """One world: ``(hands, weight)``, or None when no consistent world was found."""
        for _ in range(60):
            w = self._try()
            if w is not None:
                return w
        return None

    def worlds(self, n: int, deadline: float = float("inf")) -> list[World]:
        """Up to ``n`` worlds, identical ones merged (their weights added); past the
        ``deadline`` (a ``time.perf_counter()`` value: a safety cap) no new world is
        drawn after the first."""
        drawn = []
        for i in range(n):
            if i and time.perf_counter() > deadline:
                break
            w = self.world()
            if w is None:
                break
            drawn.append(w)
        return merged(drawn)

    def _try(self):
        rand = self.rand
        k = self.k
        others = self.others
        can = self.can
        hands = {s: self.must[s] for s in others}
        room = {s: self.need[s] - hands[s].bit_count() for s in others}
        taken = 0
        for s in others:
            taken |= hands[s]
        weight = 1.0
        forced = []
        prev = 1        # completions left by the alternatives placed so far
        # place one alternative of each positive fact, in proportion to its completions:
        # a path of choices is then drawn with probability prod(n / total) / n_last, so
        # its weight is prod(total) / (the n of every choice but the last)
        for s, alts, extra in self.pos:
            held = hands[s] | extra
            if any(held & a == a for a in alts):
                continue
            forced.append((s, alts, extra))
            feas = []
            total = 0
            for a in alts:
                rest = a & ~held
                if rest & ~can[s] or rest & taken or rest.bit_count() > room[s]:
                    continue
                room[s] -= rest.bit_count()
                n = self._table(taken | rest).count(self._rooms(room))
                room[s] += rest.bit_count()
                if n:
                    feas.append((rest, n))
                    total += n
            if not feas:
                return None
            rest, n = _pick(feas, total, rand)
            hands[s] |= rest
            room[s] -= rest.bit_count()
            taken |= rest
            weight *= total / prev
            prev = n
        table = self._table(taken)
        dealt = table.draw(self._rooms(room), rand)
        if dealt is None:
            return None
        for j, s in enumerate(others):
            hands[s] |= dealt[j]
        if not self._holds(hands):
            return None
        for s, alts, extra in forced:
            held = hands[s] | extra
            weight /= sum(1 for a in alts if held & a == a)
        out = [0, 0, 0, 0]
        out[self.me] = k.hand
        for s in others:
            out[s] = hands[s]
        if self.weigh is not None:
            weight *= self.weigh(out)
        return out, weight

    def _holds(self, hands) -> bool:
        """Do ``hands`` (by seat: a list, or a dict of the other seats) meet the positive
        and negative facts (AS, COMPTE, Ghna)?"""
        for s, alts, extra in self.neg:
            held = hands[s] | extra
            if any(held & a == a for a in alts):
                return False
        for s, alts, extra in self.pos:
            held = hands[s] | extra
            if not any(held & a == a for a in alts):
                return False
        return True

    def _rooms(self, room: dict) -> tuple:
        return tuple(room[s] for s in self.others)

    def _table(self, taken: int) -> "_Completions":
        """The completions of the cards not yet ``taken`` (cached: the positive facts
        leave few distinct starts)."""
        t = self._tables.get(taken)
        if t is None:
            t = self._tables[taken] = _Completions(self.k.unseen & ~taken,
                                                   [self.can[s] for s in self.others])
        return t


class _Completions:
    """Counts and draws the ways to deal ``free`` cards to three seats, each card to a
    seat whose ``can`` mask holds it, each seat taking exactly its room.

    Cards that the same seats may hold form a group; only how many of a group each
    seat takes matters to the count (times the multinomial of the group's split).
    """

    def __init__(self, free: int, can: list) -> None:
        groups: dict = {}
        self.fixed = [0, 0, 0]      # cards only one seat may hold
        self.dead = False           # a card nobody may hold
        for c in scan(free):
            b = BIT[c]
            seats = tuple(j for j in range(3) if can[j] & b)
            if not seats:
                self.dead = True
            elif len(seats) == 1:
                self.fixed[seats[0]] |= b
            else:
                groups.setdefault(seats, []).append(c)
        self.groups = sorted(groups.items(), key=lambda g: len(g[1]))
        self.memo: dict = {}
        self.options: dict = {}

    def _start(self, rooms: tuple):
        if self.dead:
            return None
        r = tuple(rooms[j] - self.fixed[j].bit_count() for j in range(3))
        return None if min(r) < 0 else r

    def _options(self, i: int, r: tuple) -> list:
        """``(split, completions)`` for group ``i`` with rooms ``r``: each split of the
        group that leaves completions, with their number (cached: every draw walks them)."""
        key = (i, r)
        out = self.options.get(key)
        if out is None:
            out = self.options[key] = []
            for split, ways in self._splits(i, r):
                n = ways * self._count(i + 1, _less(r, split))
                if n:
                    out.append((split, n))
        return out

    def _splits(self, i: int, r: tuple):
        """``(split, ways)`` for group ``i`` with rooms ``r``: ``split[j]`` cards to seat j."""
        seats, cards = self.groups[i]
        m = len(cards)
        if len(seats) == 2:
            a, b = seats
            for x in range(max(0, m - r[b]), min(m, r[a]) + 1):
                split = [0, 0, 0]
                split[a] = x
                split[b] = m - x
                yield split, comb(m, x)
        else:
            for x in range(min(m, r[0]) + 1):
                for y in range(max(0, m - x - r[2]), min(m - x, r[1]) + 1):
                    yield [x, y, m - x - y], comb(m, x) * comb(m - x, y)

    def _count(self, i: int, r: tuple) -> int:
        if i == len(self.groups):
            return 1 if r == (0, 0, 0) else 0
        key = (i, r)
        n = self.memo.get(key)
        if n is None:
            n = self.memo[key] = sum(c for _, c in self._options(i, r))
        return n

    def count(self, rooms: tuple) -> int:
        """The number of completions."""
        r = self._start(rooms)
        return 0 if r is None else self._count(0, r)

    def draw(self, rooms: tuple, rand: random.Random):
        """One completion drawn uniformly: the three seats' masks, or None if there is none."""
        r = self._start(rooms)
        if r is None or not self._count(0, r):
            return None
        out = list(self.fixed)
        for i, (_, cards) in enumerate(self.groups):
            split, _ = _pick(self._options(i, r), self._count(i, r), rand)
            cards = list(cards)
            rand.shuffle(cards)
            at = 0
            for j in range(3):
                for c in cards[at:at + split[j]]:
                    out[j] |= BIT[c]
                at += split[j]
            r = _less(r, split)
        return out


def _less(r: tuple, split: list) -> tuple:
    """The rooms ``r`` once ``split`` is dealt."""
    return (r[0] - split[0], r[1] - split[1], r[2] - split[2])


def _pick(options, total: int, rand: random.Random) -> tuple:
    """One ``(item, n)`` of ``options`` drawn in proportion to ``n`` (``total``: their sum)."""
    x = rand.randrange(total)
    for item, n in options:
        x -= n
        if x < 0:
            break
    return item, n
