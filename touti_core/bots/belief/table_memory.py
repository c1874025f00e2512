"""What the earlier hands of a game showed of how each seat plays.

At the end of a hand played out, every card has been played, so each seat's
hand at the deal is known to all, and so is each of its decisions.  Replaying
the hand and asking the normal bot each of those decisions (its auction, its
signals, its trumps, its cards, its Ghna) says, for each, whether the normal
bot would have made it too: the normal bot decides the same way every time,
so a seat that bids and plays as it does agrees every time.

A seat the table names nobody (a person, a bot of one's own, or every seat of
a table one is told nothing of) that has agreed every time, and often enough,
most likely plays as the normal bot; the strong bot then reads its bids by
that replay, as it reads a seat the table names a normal bot (``learn``,
:class:`.auction_reading.AuctionReading`).

The evidence is two numbers a seat, the decisions that agree and those that
differ (:data:`Seen`), weighed as two hypotheses at even odds before any hand:
the seat plays as the normal bot (a decision differs with chance
``model_eps``, as the replay of its bids reads it), or it plays otherwise (a
decision agrees with chance :data:`OTHER_AGREES`).
"""

from __future__ import annotations

import math
from typing import Iterable, Optional

from ... import rng
from ...engine import A_BID, Game
from ...facts import TRICKS
from ...rules import Rules

#: Each seat's (decisions agreeing with the normal bot's, decisions differing), or None
#: for a seat not counted.
Seen = tuple[Optional[tuple[int, int]], ...]
#: How often a player who does not play as the normal bot still makes its decision
#: where it had a choice: the easy bot 0.72 (``bench/table_memory.py``, 100 hands at
#: seed 5000), the strong bot about 0.6 (0.56 of its cards over 10 hands).  The higher
#: this is, the more hands it takes to read a seat as the normal bot: at 0.8, one hand
#: played out reads 98% of normal seats so with ``learn=0.8``, and 3% of easy ones.
OTHER_AGREES = 0.8


def replay_agreement(hands: list[list[int]], dealer: int, rules: Rules, scores: Iterable[int],
                     log: Iterable[tuple[int, int]], seats: Iterable[int]) -> Seen:
    """One hand played out: ``hands`` at the deal, ``log`` its decisions as (seat, code)
    from the deal on.  For each seat of ``seats``, of its decisions that had a choice,
    how many the normal bot would have made too and how many it would not."""
    from ..levels import make_bot          # the bots build on this module: imported late
    counted = set(seats)
    counts = {s: [0, 0] for s in counted}
    g = Game.from_deal(hands, dealer, rules, list(scores))
    reference = make_bot("normal", 0)
    for s, code in log:
        legal = g.legal()
        if s in counted and len(legal) > 1:
            reference.table = None
            counts[s][0 if reference.act_game(g, s) == code else 1] += 1
        g.apply(code)
    return tuple((counts[s][0], counts[s][1]) if s in counted else None for s in range(4))


def from_game(g: Game, cache: Optional[dict] = None) -> Optional[Seen]:
    """What the finished hands of ``g`` (a whole game, with its log) showed of every seat:
    the hands played out, each seat's cards then being all seen (a hand left in the
    auction or conceded shows nothing: not every card was seen).  None: no such hand.
    ``cache``, kept between calls (a page's session), holds each hand's counts, so that
    a hand is replayed once in a game, not at every decision after it."""
    if g.seed is None or g.log is None or not g.history:
        return None
    dealer, scores = rng.first_dealer(g.seed), [0, 0]
    seen: Optional[Seen] = None
    hand: list[tuple[int, int]] = []
    finished = iter(g.history)
    for s, code in g.log:
        if s is not None:
            hand.append((s, code))
            continue
        result = next(finished)         # next_hand: the hand before it is over
        key = (g.seed, g.rules, dealer, tuple(scores), tuple(hand))
        if cache is not None and key in cache:
            one = cache[key]
        else:
            one = hand_seen(g.rules, dealer, scores, hand, result)
            if cache is not None:
                if len(cache) >= CACHED_HANDS:
                    cache.clear()
                cache[key] = one
        if one is not None:
            seen = add(seen, one)
        if not result["cancelled"]:
            scores = [scores[0] + result["delta"][0], scores[1] + result["delta"][1]]
        dealer, hand = (dealer + 1) % 4, []
    return seen


#: The most hands a ``from_game`` cache holds (then it starts again).
CACHED_HANDS = 256


def hand_seen(rules: Rules, dealer: int, scores: list[int], hand: list[tuple[int, int]],
              result: dict) -> Optional[Seen]:
    """One finished hand's counts, each seat's cards read from those it played (None: left
    in the auction, conceded, or not every card played): ``hand`` its decisions from the
    deal on, ``result`` the engine's result of it."""
    cards = [[c for t, c in hand if t == seat and c < A_BID] for seat in range(4)]
    if result["cancelled"] or result.get("conceded") or any(len(c) != TRICKS for c in cards):
        return None
    return replay_agreement(cards, dealer, rules, scores, hand, range(4))


def add(seen: Optional[Seen], more: Seen) -> Seen:
    """Two counts added seat by seat (a seat counted in neither stays None)."""
    if seen is None:
        return more
    out: list[Optional[tuple[int, int]]] = []
    for a, b in zip(seen, more):
        if a is None or b is None:
            out.append(a if b is None else b)
        else:
            out.append((a[0] + b[0], a[1] + b[1]))
    return tuple(out)


def chance_normal(agree: int, differ: int, model_eps: float,
                  other_agrees: float = OTHER_AGREES) -> float:
    """How likely it is, at even odds before, that a seat whose decisions agreed ``agree``
    times and differed ``differ`` times with the normal bot's plays as the normal bot."""
    log_odds = agree * math.log((1 - model_eps) / other_agrees) \
        + differ * math.log(model_eps / (1 - other_agrees))
    if log_odds > 30:
        return 1.0
    if log_odds < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-log_odds))
