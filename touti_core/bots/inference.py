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

from ..cards import FULL_DECK, GHNA_MASK
from .play import Table, heuristic_card, legal_mask


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

    def weigh(hands) -> float:
        w = 1.0
        for s, c, trick, wc, ws, played, before, excl, must, gtotal, gdone in events:
            hand = hands[s] | (played_by[s] & ~before)
            lm = legal_mask(hand, trick, wc, ws, s, trump, overtrump)
            if lm & (lm - 1) == 0:
                continue
            unseen = FULL_DECK & ~hand & ~played
            m = 0
            for o in range(4):
                m |= must[o]
            may = [(unseen & ~excl[o] & ~m) | must[o] for o in range(4)]
            may[s] = hand
            keep = 0
            if (s & 1) == (decl & 1) and cap > gtotal:
                for x in range(4):
                    g = GHNA_MASK[x]
                    if hand & g == g and not gdone >> x & 1 and \
                            gtotal + (40 if x == trump else 20) <= cap:
                        keep |= g
            pred = heuristic_card(s, hand, lm, list(trick), wc, ws, trump, decl,
                                  Table(may, False), keep)
            if pred != c:
                w *= eps_partner if s == partner else eps
        return w
    return weigh
