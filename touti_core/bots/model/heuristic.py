"""The heuristic play: a sensible card from what a seat knows, on bare integers.

Everything here works on 40-bit card masks and a few integers, never on the
engine's ``Game`` or JSON, because it runs thousands of times per decision.
The same policy (:func:`heuristic_card`) serves three uses:

- the *normal* bot, with :class:`Holdings` that say which cards each seat may
  hold as far as the bot knows (card tracking, voids, play-rule evidence);
- the playouts of the *strong* bot's search inside a sampled deal
  (:mod:`.search`), with the actual hands (``perfect``), or, for a player who
  sees only its own hand, what that player may know;
- the *easy* bot, with less tracking and some noise;

and it is the model of the other players by which the strong bot reads the
cards they play (:mod:`..belief.play_reading`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import ABOVE, BIT, GHNA_MASK, GHNA_VALUE, POINTS, SUIT, SUIT_MASK, high_card, low_card, scan
from ...tricks import BEATERS, beats

#: card -> index of its strength inside the suit (0 weakest .. 9 Ace)
STR = tuple(c % 10 for c in range(40))


def ghna_keep(hand: int, trump: int, cap: int, total: int, done: int) -> int:
    """Rey and Cabal of the declaring team's undeclared Ghna in ``hand`` that still
    fit under ``cap`` (``total`` declared so far, ``done`` a mask of declared suits):
    the cards to keep while the Ghna can still be declared."""
    if cap <= total:
        return 0
    k = 0
    for x in range(4):
        g = GHNA_MASK[x]
        if hand & g == g and not done >> x & 1 and total + GHNA_VALUE[x == trump] <= cap:
            k |= g
    return k


def cheapest(m: int, trump: int, keep: int = 0, hand: int = 0) -> int:
    """The card of ``m`` that costs least to give away: fewest points, not a trump,
    not a card kept for a Ghna, from the shortest suit, weakest."""
    best = -1
    best_key = None
    for x in range(4):
        sm = m & SUIT_MASK[x]
        if not sm:
            continue
        free = sm & ~keep
        c = low_card(free or sm)
        key = (POINTS[c], x == trump, BIT[c] & keep != 0, (hand & SUIT_MASK[x]).bit_count(), STR[c])
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


def richest(m: int, trump: int, keep: int = 0) -> int:
    """The card of ``m`` worth most to give to a partner's trick (a non-trump first)."""
    best = -1
    best_key = None
    for x in range(4):
        sm = m & SUIT_MASK[x] & ~keep
        if not sm:
            continue
        c = high_card(sm)
        # prefer points, then a non-trump, then the weaker card of equal points
        key = (POINTS[c], x != trump, -STR[c])
        if best_key is None or key > best_key:
            best, best_key = c, key
    if best < 0 or SUIT[best] == trump:
        return cheapest(m, trump, keep)
    return best


class Holdings:
    """What the policy knows about the hands: ``may[s]``, the cards seat ``s`` may hold
    (the exact hands when ``perfect``).

    Only proven voids count as voids: acting on merely likely ones (an estimate
    from the unseen cards) lost points in the arena.
    """

    __slots__ = ("may", "perfect")
    may: Sequence[int]
    perfect: bool

    def __init__(self, may: Sequence[int], perfect: bool) -> None:
        self.may = may
        self.perfect = perfect

    def void(self, o: int, x: int) -> bool:
        """``o`` holds no card of suit ``x`` (as far as known)."""
        return not self.may[o] & SUIT_MASK[x]


def can_beat(tb: Holdings, o: int, x: int, led: int, trump: int) -> bool:
    """May seat ``o`` (playing later in the trick) beat card ``x`` now winning a trick led in ``led``?"""
    may = tb.may[o]
    sx = SUIT[x]
    if sx == led and may & ABOVE[x]:
        return True
    if led != trump and tb.void(o, led):
        t = may & SUIT_MASK[trump]
        if t and (sx != trump or t & ABOVE[x]):
            return True
    return False


def heuristic_card(seat: int, hand: int, legal: int, trick: Sequence[int], win_card: int,
                   win_seat: int, trump: int, decl: int, tb: Holdings, keep: int = 0) -> int:
    """A sensible card of ``legal`` (a mask) for ``seat``, holding ``hand``, to ``trick``
    (``win_card``, played by ``win_seat``, winning it), ``decl`` having declared with
    ``trump``; ``keep``: cards kept for a Ghna.  Leads: draw trumps with the master trump
    as declarer, cash a master nobody can ruff, then a low card; following: win cheaply
    what can be kept, give points to a partner's winner, else play the cheapest card."""
    if legal & (legal - 1) == 0:
        return low_card(legal)
    partner = seat ^ 2
    T = SUIT_MASK[trump]
    n = len(trick)
    if n == 0:
        return _lead(seat, hand, trump, decl, tb, keep)
    led = SUIT[trick[0]]
    w = win_card
    # opponents still to play after me in this trick
    after = [(seat + k) & 3 for k in range(1, 4 - n)]
    opp_after = [o for o in after if (o & 1) != (seat & 1)]
    if win_seat == partner:
        if not any(can_beat(tb, o, w, led, trump) for o in opp_after):
            return richest(legal, trump, keep)
        winners = scan(legal & BEATERS[trump][w])
        safe = [c for c in winners if not any(can_beat(tb, o, c, led, trump) for o in opp_after)]
        if safe:
            return min(safe, key=lambda c: (SUIT[c] == trump, STR[c]))
        return cheapest(legal, trump, keep, hand)
    winners = scan(legal & BEATERS[trump][w])
    if winners:
        safe = [c for c in winners if not any(can_beat(tb, o, c, led, trump) for o in opp_after)]
        if safe:
            if not opp_after:
                # last to play: keep the points of the trick with the richest non-trump winner,
                # or the lowest trump
                side = [c for c in safe if SUIT[c] != trump and not BIT[c] & keep]
                if side:
                    return max(side, key=lambda c: (POINTS[c], -STR[c]))
            return min(safe, key=lambda c: (SUIT[c] == trump, BIT[c] & keep != 0, STR[c]))
        if partner in after and tb.perfect and _partner_takes(tb, partner, w, led, trump, opp_after):
            return richest(legal & ~T, trump, keep) if legal & ~T else cheapest(legal, trump, keep, hand)
        return cheapest(legal, trump, keep, hand)
    if partner in after and tb.perfect and _partner_takes(tb, partner, w, led, trump, opp_after):
        return richest(legal, trump, keep)
    return cheapest(legal, trump, keep, hand)


def _partner_takes(tb: Holdings, partner: int, w: int, led: int, trump: int,
                   opp_after: list[int]) -> bool:
    """(Perfect information) will the partner, playing after me, beat ``w`` for good?"""
    ph = tb.may[partner]
    m = ph & SUIT_MASK[led]
    if m:
        top = high_card(m)
        if not beats(top, w, trump):
            return False
    else:
        t = ph & SUIT_MASK[trump]
        if not t:
            return False
        top = high_card(t)
        if not beats(top, w, trump):
            return False
    # the only opponent who may still play after the partner is the one after him
    after_partner = [o for o in opp_after if o == (partner + 1) & 3]
    return not any(can_beat(tb, o, top, led, trump) for o in after_partner)


def _lead(seat: int, hand: int, trump: int, decl: int, tb: Holdings, keep: int) -> int:
    may = tb.may
    opp1, opp3 = (seat + 1) & 3, (seat + 3) & 3
    T = SUIT_MASK[trump]
    opp_may = may[opp1] | may[opp3]
    my_t = hand & T
    opp_t = opp_may & T
    declaring = (seat & 1) == (decl & 1)
    # 1. draw trumps with the master trump
    if my_t and opp_t:
        top = high_card(my_t)
        if not (opp_t & ABOVE[top]) and declaring:
            if not BIT[top] & keep:
                return top
        if declaring and my_t.bit_count() >= opp_t.bit_count() + 2 and tb.perfect:
            c = low_card(my_t & ~keep or my_t)
            return c
    # 2. cash a master of a side suit that nobody can ruff
    best, best_pts = -1, -1
    for x in range(4):
        if x == trump:
            continue
        sm = hand & SUIT_MASK[x]
        if not sm:
            continue
        top = high_card(sm)
        if opp_may & ABOVE[top] or BIT[top] & keep:
            continue
        if opp_t and (tb.void(opp1, x) and may[opp1] & T or tb.void(opp3, x) and may[opp3] & T):
            continue
        if POINTS[top] > best_pts:
            best, best_pts = top, POINTS[top]
    if best >= 0:
        return best
    # 3. perfect information: lead low to the partner's master
    if tb.perfect:
        pm = may[seat ^ 2]
        for x in range(4):
            if x == trump:
                continue
            sm = hand & SUIT_MASK[x] & ~keep
            pt = pm & SUIT_MASK[x]
            if sm and pt:
                ptop = high_card(pt)
                if not (opp_may & ABOVE[ptop]) and not (
                        opp_t and (not may[opp1] & SUIT_MASK[x] and may[opp1] & T
                                   or not may[opp3] & SUIT_MASK[x] and may[opp3] & T)):
                    return low_card(sm)
    # 4. a low card: no points, from a short side suit when holding trumps to ruff
    side = hand & ~T
    if side:
        best, best_key = -1, None
        for x in range(4):
            sm = side & SUIT_MASK[x]
            if not sm:
                continue
            c = low_card(sm & ~keep or sm)
            # do not lead away from a lone 3 or Rey that the Ace would catch
            key = (POINTS[c], BIT[c] & keep != 0,
                   sm.bit_count() if my_t else -sm.bit_count(), STR[c])
            if best_key is None or key < best_key:
                best, best_key = c, key
        return best
    return low_card(my_t & ~keep or my_t)
