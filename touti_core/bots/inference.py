"""Soft evidence for weighing sampled deals: the auction and the cards played.

Hard evidence (what the rules prove) decides which deals are possible
(:mod:`.sampler`); soft evidence says which are likely.  Two sources:

- the auction: a player who bid holds a hand worth its bid, one who passed
  does not, a declarer holds length and honours in its trump suit (scored with
  the hand evaluation of :mod:`.handeval`);
- the play: other players play *sensibly*.  For every card another seat
  played, the heuristic policy (:func:`.play.heuristic_card`, what a sensible
  player does with what that seat knew then: its hand in this deal and the
  public history) is asked what it would have played; a deal in which the
  actual card was not that choice is less likely (factor ``eps``).  This is
  policy-based inference: it reads signals that no rule enforces, such as a
  high discard (nothing lower in the suit) or a low card under the partner's
  winner (no points to give).
"""

from __future__ import annotations

from ..cards import FULL_DECK
from ..tricks import legal_mask
from .play import Table, ghna_keep, heuristic_card

def play_weigher(k, eps: float = 0.3, eps_partner: float = 0.6, last: int = 24):
    """``weigh(hands) -> factor`` from the cards the others played (the ``last`` ones);
    a card the model would not have chosen costs ``eps`` (``eps_partner`` for the partner)."""
    events = k.events[-last:] if last else k.events
    if not events or k.trump < 0:
        return None
    trump = k.trump
    decl = k.declarer
    cap = k.cap
    overtrump = k.rules.overtrump
    played_by = k.played_by
    partner = k.seat ^ 2
    # once per event, what does not depend on the world: the cards not yet played
    # then, the seat's cards played since, the evidence on each seat then, and
    # what a card the model would not have chosen costs
    prepared = []
    for s, c, trick, wc, ws, played, before, excl, must, gtotal, gdone in events:
        m = must[0] | must[1] | must[2] | must[3]
        allowed = tuple(~excl[o] & ~m for o in range(4))
        keeps = (s & 1) == (decl & 1) and cap > gtotal
        prepared.append((s, c, trick, wc, ws, FULL_DECK & ~played, played_by[s] & ~before,
                         allowed, must, keeps, gtotal, gdone,
                         eps_partner if s == partner else eps))

    by_seat = {}
    for e in prepared:
        by_seat.setdefault(e[0], []).append(e)

    def factor(seat: int, h: int) -> float:
        w = 1.0
        for s, c, trick, wc, ws, unplayed, later, allowed, must, keeps, gtotal, gdone, \
                cost in by_seat[seat]:
            hand = h | later
            lm = legal_mask(hand, trick, wc, ws, s, trump, overtrump)
            if lm & (lm - 1) == 0:
                continue
            unseen = unplayed & ~hand
            may = [(unseen & allowed[o]) | must[o] for o in range(4)]
            may[s] = hand
            keep = ghna_keep(hand, trump, cap, gtotal, gdone) if keeps else 0
            if heuristic_card(s, hand, lm, trick, wc, ws, trump, decl, Table(may, False),
                              keep) != c:
                w *= cost
        return w

    return by_hand(sorted(by_seat), factor)


def by_hand(seats, factor):
    """``weigh(hands)``: the product over ``seats`` of ``factor(seat, hands[seat])``.  A
    seat's cards and bids tell only about its own hand, so each seat's factor is worked
    out once per hand met (deals drawn late in a hand share many)."""
    memos = tuple((s, {}) for s in seats)

    def weigh(hands) -> float:
        w = 1.0
        for s, memo in memos:
            h = hands[s]
            f = memo.get(h)
            if f is None:
                f = memo[h] = factor(s, h)
            w *= f
        return w
    return weigh
