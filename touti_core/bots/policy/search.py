"""The strong bot's search on bare integers: fast playouts and the exact endgame search.

A :class:`Position` is a lean copy of the card play of a hand with every hand
known (a sampled deal): hands, trick, trump, points, Ghna.  :func:`playout`
plays it to the end (or to a given trick) with the heuristic play
(:mod:`.heuristic`), each player seeing every hand or only its own;
:func:`solve` searches it exactly, alpha-beta on the declaring team's points
with a transposition table at trick boundaries and equivalent cards merged
(:func:`distinct_moves`).  Both run thousands of times per decision: they
work on masks and call the rules of :mod:`touti_core.tricks` directly.

:class:`Position` keeps its own trick play, apart from the public hand state
(:class:`touti_core.hand.Hand`) the engine and the knowledge replay, for
speed alone: no log, no auction, no phases, a Ghna declared greedily by the
trick's winner or its partner, and a copy and an undo of a few integers.  The
rules it plays are the engine's (the legal cards and the trick's winner of
:mod:`touti_core.tricks`, the points and the last trick of
:mod:`touti_core.facts`), and tests/test_bots_search.py plays random
positions on both and checks they agree card by card.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import BIT, GHNA_MASK, GHNA_VALUE, POINTS, SUIT
from ...facts import LAST_TRICK, TRICKS
from ...tricks import BEATERS, legal_mask, ruled_out
from ..model.heuristic import Holdings, ghna_keep, heuristic_card

#: More points than any hand gives: the search's infinity.
UNBOUNDED = 1_000_000


class Position:
    """A position of the card play on bare integers, every hand known (a sampled deal,
    or the true one): what a playout or the search needs, and nothing else."""

    __slots__ = ("hands", "trump", "decl", "leader", "trick", "win_card", "win_seat", "won",
                 "cap", "ghna_total", "ghna_done", "ntricks", "overtrump", "to_act")
    #: each seat's cards
    hands: list[int]
    trump: int
    #: the declarer
    decl: int
    #: the trick in progress: who led it, its cards, the card winning it and who played it
    leader: int
    trick: list[int]
    win_card: int
    win_seat: int
    #: card points (and the 9a3a) won by each team
    won: list[int]
    #: the Ghna: the cap of the contract, the total declared, a mask of their suits
    cap: int
    ghna_total: int
    ghna_done: int
    #: tricks finished
    ntricks: int
    #: the rule set's overtrump switch (docs/rules.md, Variants)
    overtrump: str
    #: the seat to play
    to_act: int

    def copy(self) -> Position:
        d = Position.__new__(Position)
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
    def make(cls, hands: Sequence[int], trump: int, decl: int, leader: int, trick: Sequence[int],
             win_card: int, win_seat: int, won: Sequence[int], cap: int, ghna_total: int,
             ghna_done: int, ntricks: int, overtrump: str = "always") -> Position:
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
        """The declaring team's points so far (cards, 9a3a, Ghna)."""
        return self.won[self.decl & 1] + self.ghna_total

    def keep_mask(self, seat: int) -> int:
        """Cards of an undeclared Ghna that still fits: the declaring team keeps them."""
        if (seat & 1) != (self.decl & 1):
            return 0
        return ghna_keep(self.hands[seat], self.trump, self.cap, self.ghna_total, self.ghna_done)

    def legal(self) -> int:
        """The cards the seat to play may play (a mask)."""
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
        if self.ntricks == TRICKS:
            self.won[winner & 1] += LAST_TRICK
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


def blind_card(d: Position, lm: int, known: Sequence[int]) -> int:
    """The heuristic card of the legal ``lm`` for the seat to act in ``d``, seeing only
    its own hand, the cards played and the evidence ``known`` (cards each seat is known
    not to hold): the normal bot's card, in a blind playout or for a modelled seat."""
    hands = d.hands
    s = d.to_act
    hand = hands[s]
    unseen = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    may = [unseen & ~known[0], unseen & ~known[1], unseen & ~known[2], unseen & ~known[3]]
    may[s] = hand
    return heuristic_card(s, hand, lm, d.trick, d.win_card, d.win_seat, d.trump, d.decl,
                          Holdings(may, False), d.keep_mask(s))


def playout(d: Position, excl: Sequence[int] | None = None, stop: int = TRICKS,
            evidence: list[int] | None = None) -> int:
    """Play the deal with the heuristic policy to its end (or until ``stop``
    tricks are done); the declaring team's points then.  ``d`` is consumed.

    With ``excl`` None every player sees every hand.  Otherwise each player
    knows only its own hand, the cards played and the voids and play-rule
    evidence (``excl[s]``: cards seat ``s`` is known not to hold, updated as
    the playout goes), as a sensible player at the table would; ``evidence``,
    a list, is that evidence updated in place instead of a copy of ``excl``
    (what the players know where the playout stops)."""
    trump = d.trump
    decl = d.decl
    hands = d.hands
    tb = Holdings(hands, True)
    known: list[int] | None = None      # the evidence, updated as the playout goes
    if evidence is not None:
        known = evidence
    elif excl is not None:
        known = list(excl)
    if known is not None:
        overtrump = d.overtrump
    while d.ntricks < stop:
        s = d.to_act
        hand = hands[s]
        trick = d.trick
        lm = legal_mask(hand, trick, d.win_card, d.win_seat, s, trump, d.overtrump)
        if lm & (lm - 1) == 0:
            c = (lm & -lm).bit_length() - 1
        elif known is None:
            c = heuristic_card(s, hand, lm, trick, d.win_card, d.win_seat, trump, decl, tb,
                               d.keep_mask(s))
        else:
            c = blind_card(d, lm, known)
        if known is not None and trick:
            known[s] |= ruled_out(c, SUIT[trick[0]], d.win_card, d.win_seat, s, trump, overtrump)
        d.play(c)
    return d.won[decl & 1] + d.ghna_total


# ----------------------------------------------------------- exact search
def distinct_moves(lm: int, out_mask: int) -> list[int]:
    """Legal cards with equivalent ones merged (touching cards of a suit, same points).

    ``out_mask``: the cards out of play (a set bit), i.e. taken in a finished
    trick or in this hand; a card on the table in the trick in progress is
    still in play (the 2 and the 7 of trumps are not one move over a 5)."""
    moves = []
    prev = -2
    prev_pts = -1
    while lm:
        b = lm & -lm
        c = b.bit_length() - 1
        lm ^= b
        # c and prev are equivalent when every card between them is out of play
        # and they are worth the same
        if prev >= 0 and SUIT[c] == SUIT[prev] and POINTS[c] == prev_pts and \
                not (~out_mask >> (prev + 1)) & ((1 << (c - prev - 1)) - 1):
            prev = c
            continue
        moves.append(c)
        prev, prev_pts = c, POINTS[c]
    return moves


def solve(d: Position, alpha: int = -1, beta: int = UNBOUNDED, tt: dict | None = None,
          model: int = 0, excl: Sequence[int] = (0, 0, 0, 0)) -> int:
    """Exact (perfect-information) future points of the declaring team from ``d``,
    both teams playing their best, by alpha-beta with a transposition table at
    trick boundaries.  Returns the final total (points won so far included).

    ``model``, a mask of seats (bit ``s`` for seat ``s``): those seats play as the
    normal bot plays, the heuristic play seeing only their own hand, the cards
    played and the evidence (``excl``, updated as the search plays, as in a blind
    :func:`playout`); the others their best against them, among their distinct cards
    (equivalent ones merged as in the plain search, though a modelled seat may tell
    them apart: searched apart, no value changed in 3,000 random endgames of two to
    five tricks, docs/lab/arena-notebook.md).  A ``tt`` serves one ``model`` only."""
    if tt is None:
        tt = {}
    base = d.won[d.decl & 1] + d.ghna_total
    if model:
        return base + _ab(d, alpha - base, beta - base, tt, model, list(excl))
    return base + _ab(d, alpha - base, beta - base, tt)


def _last_trick(d: Position) -> int:
    """Future points of the declaring team in the last trick, every card forced (each
    seat still to play holds one): the trick's points and the last trick's, or 0."""
    hands = d.hands
    beaters = BEATERS[d.trump]
    trick = d.trick
    s = d.to_act
    pts = LAST_TRICK
    for c in trick:
        pts += POINTS[c]
    if trick:
        win_card, win_seat = d.win_card, d.win_seat
        left = 4 - len(trick)
    else:
        win_card, win_seat = hands[s].bit_length() - 1, s
        pts += POINTS[win_card]
        s = (s + 1) & 3
        left = 3
    for _ in range(left):
        c = hands[s].bit_length() - 1
        if beaters[win_card] >> c & 1:
            win_card, win_seat = c, s
        pts += POINTS[c]
        s = (s + 1) & 3
    return pts if (win_seat & 1) == (d.decl & 1) else 0


#: The evidence passed where no seat is modelled (never read nor written then).
_NO_MODEL: list[int] = [0, 0, 0, 0]


def _ab(d: Position, alpha: int, beta: int, tt: dict, model: int = 0,
        excl: list[int] = _NO_MODEL) -> int:
    """Future points of the declaring team (alpha-beta); the seats of ``model`` play
    the normal bot's card, with the evidence ``excl`` (see :func:`solve`)."""
    if d.ntricks >= TRICKS - 1:
        return _last_trick(d) if d.ntricks < TRICKS else 0
    s = d.to_act
    hands = d.hands
    trick = d.trick
    key: tuple[int, ...] | None = None
    if not trick:
        key = (hands[0], hands[1], hands[2], hands[3], s, d.ghna_total, d.ghna_done)
        if model:
            key += (excl[0], excl[1], excl[2], excl[3])
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
    on_table = 0
    for c in trick:
        on_table |= BIT[c]
    out_mask = ~(hands[0] | hands[1] | hands[2] | hands[3] | on_table) | hands[s]
    # the moves in card order: searching the heuristic's card first cut fewer nodes than
    # asking the heuristic cost (600 random endgames of 3 and 4 tricks: 228 ms against 345)
    if model >> s & 1 and lm & (lm - 1):
        # a modelled seat: the normal bot's one card, as it sees the deal
        moves = [blind_card(d, lm, excl)]
    else:
        moves = distinct_moves(lm, out_mask)
    a0, b0 = alpha, beta
    team = d.decl & 1
    best = -1 if maximize else UNBOUNDED
    for c in moves:
        # apply
        saved = (d.leader, d.win_card, d.win_seat, d.won[0], d.won[1], d.ghna_total, d.ghna_done,
                 d.ntricks, d.to_act, trick[:])
        if model:
            known = excl[s]
            if trick:
                excl[s] |= ruled_out(c, SUIT[trick[0]], d.win_card, d.win_seat, s, d.trump,
                                     d.overtrump)
        before = d.won[team] + d.ghna_total
        d.play(c)
        gained = d.won[team] + d.ghna_total - before
        v = gained + _ab(d, alpha - gained, beta - gained, tt, model, excl)
        # undo
        if model:
            excl[s] = known
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
        lo, hi = tt.get(key, (0, UNBOUNDED))
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        tt[key] = (lo, hi)
    return best
