"""Deals consistent with what a seat knows (for the strong bot's search).

A *world* gives every unseen card to one of the other three seats, so that:

- each seat gets exactly as many cards as it holds;
- no seat gets a card the play-rule evidence excludes (voids, "could not go
  higher", "could not overtrump");
- declared Ghna cards stay with their owner;
- the positive facts hold (AS / COMPTE: an Ace / a Ghna when dealt; a
  ``no_ghna`` answer: a declarable Ghna then), and the negative ones too
  (a skipped Ghna question: no declarable Ghna then).

Cards are dealt one by one, the most constrained first, each to an allowed
seat with probability proportional to its free room; a dead end is repaired
by moving one card between seats (an augmenting path), so a consistent world
is always found when one exists.  A positive fact is enforced by placing one
of its alternatives first (chosen at random) and corrected by an importance
weight (1 / number of alternatives the final hand satisfies), so hands that
satisfy a fact in several ways are not over-represented.  Optional soft
evidence (the auction) multiplies the weights.
"""

from __future__ import annotations

import random
import time

from ..cards import BIT

_ORDER = tuple(range(40))


def _bits(m: int) -> list:
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out


class Sampler:
    """Draws worlds for one information set (see the module docstring)."""

    def __init__(self, k, rand: random.Random, weigh=None) -> None:
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
        self.failures = 0

    def world(self):
        """One world: ``(hands, weight)``, or None when no consistent world was found."""
        for _ in range(60):
            w = self._try()
            if w is not None:
                return w
            self.failures += 1
        return None

    def worlds(self, n: int, deadline: float = float("inf")) -> list:
        """Up to ``n`` worlds, identical ones merged (their weights added); past the
        ``deadline`` (a ``time.perf_counter()`` value) no new world is drawn after the first."""
        seen: dict = {}
        for i in range(n):
            if i and time.perf_counter() > deadline:
                break
            w = self.world()
            if w is None:
                break
            hands, weight = w
            key = tuple(hands)
            seen[key] = seen.get(key, 0.0) + weight
        return [(list(h), wt) for h, wt in seen.items()]

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
        # place one alternative of each positive fact
        for s, alts, extra in self.pos:
            held = hands[s] | extra
            if any(held & a == a for a in alts):
                continue
            forced.append((s, alts, extra))
            feas = []
            for a in alts:
                rest = a & ~held
                if rest & ~can[s] or rest & taken or rest.bit_count() > room[s]:
                    continue
                feas.append(rest)
            if not feas:
                return None
            rest = feas[rand.randrange(len(feas))]
            hands[s] |= rest
            room[s] -= rest.bit_count()
            taken |= rest
            weight *= len(feas)
        free = k.unseen & ~taken
        cards = _bits(free)
        rand.shuffle(cards)
        opts = {}
        for c in cards:
            b = BIT[c]
            opts[c] = [s for s in others if can[s] & b]
        cards.sort(key=lambda c: len(opts[c]))
        assign = {}
        for c in cards:
            choices = [s for s in opts[c] if room[s] > 0]
            if not choices:
                s = self._repair(c, opts, assign, room, hands)
                if s is None:
                    return None
            else:
                if len(choices) == 1:
                    s = choices[0]
                else:
                    total = 0
                    for o in choices:
                        total += room[o]
                    r = rand.randrange(total)
                    for s in choices:
                        r -= room[s]
                        if r < 0:
                            break
            assign[c] = s
            hands[s] |= BIT[c]
            room[s] -= 1
        for s, alts, extra in self.neg:
            held = hands[s] | extra
            if any(held & a == a for a in alts):
                return None
        for s, alts, extra in self.pos:
            held = hands[s] | extra
            if not any(held & a == a for a in alts):
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

    def _repair(self, c, opts, assign, room, hands):
        """Give ``c`` a seat by moving one already dealt card to a seat with room."""
        for s in opts[c]:
            for c2, s2 in assign.items():
                if s2 != s or self.must[s] & BIT[c2]:
                    continue
                for s3 in opts[c2]:
                    if s3 != s and room[s3] > 0:
                        assign[c2] = s3
                        hands[s] ^= BIT[c2]
                        hands[s3] |= BIT[c2]
                        room[s3] -= 1
                        room[s] += 1
                        return s
        return None
