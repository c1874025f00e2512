"""Reading the play: how likely a sampled deal is, given the cards the others played.

Hard evidence (what the rules prove) decides which deals are possible
(:mod:`.sampler`); soft evidence says which are likely: the auction
(:mod:`.auction_reading`) and the cards played, read here.  Other players
play *sensibly*: for every card another seat played, the heuristic play
(:func:`..model.heuristic.heuristic_card`, what a sensible player does with
what that seat knew then: its hand in this deal and the public history) is
asked what it would have played; a deal in which the actual card was not that
choice is less likely (factor ``eps``).  This is policy-based inference: it
reads signals that no rule enforces, such as a high discard (nothing lower in
the suit) or a low card under the partner's winner (no points to give).
"""

from __future__ import annotations

from ...cards import FULL_DECK
from ...engine import partner
from ...tricks import legal_mask
from ..model.heuristic import Holdings, ghna_keep, heuristic_card
from .knowledge import Knowledge
from .worlds import Weigh, by_hand

def play_weigher(k: Knowledge, eps: float = 0.3, eps_partner: float = 0.6,
                 last: int = 24, eps_follow: float = -1.0) -> Weigh | None:
    """``weigh(hands) -> factor`` from the cards the others played (the ``last`` ones);
    a card the model would not have chosen costs ``eps`` (``eps_partner`` for the partner;
    ``eps_follow``, when not negative, for the partner's cards played to a trick led)."""
    events = k.events[-last:] if last else k.events
    if not events or k.trump < 0:
        return None
    trump = k.trump
    decl = k.declarer
    cap = k.cap
    overtrump = k.rules.overtrump
    played_by = k.played_by
    mate = partner(k.seat)
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
                         (eps_follow if eps_follow >= 0 and trick else eps_partner)
                         if s == mate else eps))

    by_seat: dict[int, list[tuple]] = {}
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
            if heuristic_card(s, hand, lm, trick, wc, ws, trump, decl, Holdings(may, False),
                              keep) != c:
                w *= cost
        return w

    return by_hand(sorted(by_seat), factor)
