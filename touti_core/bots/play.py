"""Card play on bare integers: the heuristic policy, fast playouts, exact endgame search.

Everything here works on four 40-bit hand masks and a few integers, never on
the engine's ``Game`` or JSON, because it runs thousands of times per
decision.  The same heuristic policy (:func:`heuristic_card`) serves three
uses:

- the *normal* bot, with ``may[s]`` = the cards seat ``s`` may hold as far as
  the bot knows (card tracking, voids, play-rule evidence);
- playouts of the *strong* bot inside a sampled deal, with ``may`` = the
  actual hands (``perfect=True``);
- the *easy* bot, with less tracking and some noise.

:class:`Deal` is a lean copy of the play state of a hand (what a playout or
search needs: hands, trick, trump, points, Ghna state); :func:`playout` plays
it to the end with the policy and :func:`solve` searches it exactly with
alpha-beta on the declaring team's points.
"""

from __future__ import annotations

from ..cards import (
    ABOVE, BIT, GHNA_MASK, GHNA_VALUE, POINTS, SUIT, SUIT_MASK, high_card, low_card, scan,
)
from ..tricks import BEATERS, beats, legal_mask, ruled_out

LOW5 = 0x3FF
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


class Table:
    """What the policy knows about the other hands.

    ``may[s]``: cards seat ``s`` may hold (the exact hands when ``perfect``).
    Only proven voids count as voids: acting on merely likely ones (an
    estimate from the unseen cards) lost points in the arena.
    """

    __slots__ = ("may", "perfect")

    def __init__(self, may: list, perfect: bool) -> None:
        self.may = may
        self.perfect = perfect

    def void(self, o: int, x: int) -> bool:
        """``o`` holds no card of suit ``x`` (as far as known)."""
        return not self.may[o] & SUIT_MASK[x]


def can_beat(tb: Table, o: int, x: int, led: int, trump: int) -> bool:
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


def heuristic_card(seat: int, hand: int, legal: int, trick: list, win_card: int, win_seat: int,
                   trump: int, decl: int, tb: Table, keep: int = 0) -> int:
    """A sensible card for ``seat`` (see the module docstring)."""
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


def _partner_takes(tb: Table, partner: int, w: int, led: int, trump: int, opp_after: list) -> bool:
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


def _lead(seat: int, hand: int, trump: int, decl: int, tb: Table, keep: int) -> int:
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


# ----------------------------------------------------------------- lean deal
class Deal:
    """The play state of one hand on bare integers (a determinized world)."""

    __slots__ = ("hands", "trump", "decl", "leader", "trick", "win_card", "win_seat", "won",
                 "cap", "ghna_total", "ghna_done", "ntricks", "overtrump", "to_act")

    def copy(self) -> "Deal":
        d = Deal.__new__(Deal)
        d.hands = self.hands[:]
        d.trump = self.trump
        d.decl = self.decl
        d.leader = self.leader
        d.trick = self.trick[:]
        d.win_card = self.win_card
        d.win_seat = self.win_seat
        d.won = self.won[:]
        d.cap = self.cap
        d.ghna_total = self.ghna_total
        d.ghna_done = self.ghna_done
        d.ntricks = self.ntricks
        d.overtrump = self.overtrump
        d.to_act = self.to_act
        return d

    @classmethod
    def make(cls, hands, trump, decl, leader, trick, win_card, win_seat, won, cap, ghna_total,
             ghna_done, ntricks, overtrump="always") -> "Deal":
        d = cls.__new__(cls)
        d.hands = list(hands)
        d.trump = trump
        d.decl = decl
        d.leader = leader
        d.trick = list(trick)
        d.win_card = win_card
        d.win_seat = win_seat
        d.won = list(won)
        d.cap = cap
        d.ghna_total = ghna_total
        d.ghna_done = ghna_done
        d.ntricks = ntricks
        d.overtrump = overtrump
        d.to_act = (leader + len(trick)) & 3
        return d

    def decl_points(self) -> int:
        return self.won[self.decl & 1] + self.ghna_total

    def keep_mask(self, seat: int) -> int:
        """Cards of an undeclared Ghna that still fits: the declaring team keeps them."""
        if (seat & 1) != (self.decl & 1):
            return 0
        return ghna_keep(self.hands[seat], self.trump, self.cap, self.ghna_total, self.ghna_done)

    def legal(self) -> int:
        s = self.to_act
        return legal_mask(self.hands[s], self.trick, self.win_card, self.win_seat, s, self.trump,
                          self.overtrump)

    def play(self, c: int) -> None:
        """Play a (legal) card for the seat to act; finishes tricks and declares Ghna greedily."""
        s = self.to_act
        self.hands[s] ^= BIT[c]
        trick = self.trick
        if trick:
            if BEATERS[self.trump][self.win_card] >> c & 1:
                self.win_card, self.win_seat = c, s
            trick.append(c)
            if len(trick) == 4:
                self._finish()
                return
        else:
            trick.append(c)
            self.leader = s
            self.win_card, self.win_seat = c, s
        self.to_act = (s + 1) & 3

    def _finish(self) -> None:
        t = self.trick
        winner = self.win_seat
        self.won[winner & 1] += POINTS[t[0]] + POINTS[t[1]] + POINTS[t[2]] + POINTS[t[3]]
        self.trick = []
        self.ntricks += 1
        self.leader = self.to_act = winner
        if self.ntricks == 10:
            self.won[winner & 1] += 10
        elif (winner & 1) == (self.decl & 1) and self.cap > self.ghna_total:
            self.declare_ghna(winner)

    def declare_ghna(self, winner: int) -> int:
        """Greedy Ghna: the winner, else the partner, declares the biggest that fits."""
        for s in (winner, winner ^ 2):
            hand = self.hands[s]
            best = -1
            for x in range(4):
                g = GHNA_MASK[x]
                if hand & g == g and not self.ghna_done >> x & 1:
                    v = GHNA_VALUE[x == self.trump]
                    if self.ghna_total + v <= self.cap and (best < 0 or x == self.trump):
                        best = x
            if best >= 0:
                self.ghna_total += GHNA_VALUE[best == self.trump]
                self.ghna_done |= 1 << best
                return best
        return -1


def playout(d: Deal, excl=None, stop: int = 10) -> int:
    """Play the deal with the heuristic policy to its end (or until ``stop``
    tricks are done); the declaring team's points then.  ``d`` is consumed.

    With ``excl`` None every player sees every hand.  Otherwise each player
    knows only its own hand, the cards played and the voids and play-rule
    evidence (``excl[s]``: cards seat ``s`` is known not to hold, updated as
    the playout goes), as a sensible player at the table would."""
    trump = d.trump
    decl = d.decl
    hands = d.hands
    tb = Table(hands, True)
    if excl is not None:
        excl = list(excl)
        overtrump = d.overtrump
    while d.ntricks < stop:
        s = d.to_act
        hand = hands[s]
        trick = d.trick
        lm = legal_mask(hand, trick, d.win_card, d.win_seat, s, trump, d.overtrump)
        if lm & (lm - 1) == 0:
            c = (lm & -lm).bit_length() - 1
        elif excl is None:
            c = heuristic_card(s, hand, lm, trick, d.win_card, d.win_seat, trump, decl, tb,
                               d.keep_mask(s))
        else:
            unseen = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
            may = [unseen & ~excl[0], unseen & ~excl[1], unseen & ~excl[2], unseen & ~excl[3]]
            may[s] = hand
            c = heuristic_card(s, hand, lm, trick, d.win_card, d.win_seat, trump, decl,
                               Table(may, False), d.keep_mask(s))
        if excl is not None and trick:
            excl[s] |= ruled_out(c, SUIT[trick[0]], d.win_card, d.win_seat, s, trump, overtrump)
        d.play(c)
    return d.won[decl & 1] + d.ghna_total


# ----------------------------------------------------------- exact search
def _moves(lm: int, out_mask: int) -> list:
    """Legal cards with equivalent ones merged (touching cards of a suit, same points)."""
    moves = []
    prev = -2
    prev_pts = -1
    while lm:
        b = lm & -lm
        c = b.bit_length() - 1
        lm ^= b
        # c and prev are equivalent when every card between them is out of play
        # (played or in this hand) and they are worth the same
        if prev >= 0 and SUIT[c] == SUIT[prev] and POINTS[c] == prev_pts and \
                not (~out_mask >> (prev + 1)) & ((1 << (c - prev - 1)) - 1):
            prev = c
            continue
        moves.append(c)
        prev, prev_pts = c, POINTS[c]
    return moves


def solve(d: Deal, alpha: int = -1, beta: int = 10 ** 6, tt: dict | None = None) -> int:
    """Exact (perfect-information) future points of the declaring team from ``d``,
    both teams playing their best, by alpha-beta with a transposition table at
    trick boundaries.  Returns the final total (points won so far included)."""
    if tt is None:
        tt = {}
    base = d.won[d.decl & 1] + d.ghna_total
    return base + _ab(d, alpha - base, beta - base, tt)


def _ab(d: Deal, alpha: int, beta: int, tt: dict) -> int:
    """Future points of the declaring team (alpha-beta)."""
    if d.ntricks == 10:
        return 0
    s = d.to_act
    hands = d.hands
    trick = d.trick
    key = None
    if not trick:
        key = (hands[0], hands[1], hands[2], hands[3], s, d.ghna_total, d.ghna_done)
        hit = tt.get(key)
        if hit is not None:
            lo, hi = hit
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
    maximize = (s & 1) == (d.decl & 1)
    lm = legal_mask(hands[s], trick, d.win_card, d.win_seat, s, d.trump, d.overtrump)
    out_mask = ~(hands[0] | hands[1] | hands[2] | hands[3]) | hands[s]
    moves = _moves(lm, out_mask)
    if len(moves) > 1:
        # the heuristic's card is searched first
        first = heuristic_card(s, hands[s], lm, trick, d.win_card, d.win_seat, d.trump, d.decl,
                               Table(hands, True), 0)
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
    a0, b0 = alpha, beta
    team = d.decl & 1
    best = -1 if maximize else 10 ** 6
    for c in moves:
        # apply
        saved = (d.leader, d.win_card, d.win_seat, d.won[0], d.won[1], d.ghna_total, d.ghna_done,
                 d.ntricks, d.to_act, trick[:])
        before = d.won[team] + d.ghna_total
        d.play(c)
        gained = d.won[team] + d.ghna_total - before
        v = gained + _ab(d, alpha - gained, beta - gained, tt)
        # undo
        hands[s] |= BIT[c]
        (d.leader, d.win_card, d.win_seat, d.won[0], d.won[1], d.ghna_total, d.ghna_done,
         d.ntricks, d.to_act, saved_trick) = saved
        d.trick = trick = saved_trick
        if maximize:
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        else:
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
    if key is not None:
        lo, hi = tt.get(key, (0, 10 ** 6))
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        tt[key] = (lo, hi)
    return best
