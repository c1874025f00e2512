"""What every bot shares: one method for every decision, and what it rested on.

Every bot answers ``act(k, legal) -> code`` where ``k`` is the seat's
:class:`~.belief.knowledge.Knowledge` (own hand + public history) and
``legal`` the legal engine action codes.  ``act_game(g, seat)`` is the fast
path for the arena: it builds the same ``Knowledge`` from the engine game
without JSON (reading only the seat's own hand and the public log).

After each decision ``bot.why`` (a :class:`Why`) holds what the decision
rested on: the hint's sentence is made from it (:mod:`.explain`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Optional, TypedDict

from ..cards import POINTS, SUIT_MASK, scan
from ..engine import (
    A_ACCEPT, A_CONCEDE, A_NEXT_HAND, A_NO_SIGNAL, A_PASS, A_REFUSE, A_TRUMP, AUCTION,
    CONCESSION, GHNA, HAND_OVER, PLAY, SIGNAL, TRUMP, team,
)
from .belief.knowledge import Knowledge, from_game
from .belief.table_memory import Seen
from .model.heuristic import Holdings, ghna_keep

if TYPE_CHECKING:
    from ..engine import Game

#: Who plays each seat, as the table knows it: a level ("normal", ...) or None (a
#: person, or not known); None for the whole table when nothing is known.
Seating = Optional[tuple[Optional[str], ...]]


class Why(TypedDict, total=False):
    """What a decision rested on (every key optional; ``kind`` is always there once a
    bot has decided).  The contract between the bots and :mod:`.explain`."""

    #: forced, random, bid, pass, announce, signal, no_signal, trump, card, ghna,
    #: no_ghna, concede
    kind: str
    # ---- the auction
    #: the bid chosen
    amount: int
    #: the trump its chance was reckoned with (a suit)
    trump: int
    #: the chance to make that bid (or, naming trumps, the contract) with that trump
    prob: float
    #: the bid's expected score, and what leaving was worth
    ev: float
    alt: float
    #: the mean simulated points of the bid (the strong bot), None for the normal bot
    mean: Optional[float]
    #: a pass: the best chance any bid had
    best: float
    #: the opponents' chance to make their contract if this seat leaves (simulated)
    theirs: Optional[float]
    #: a bid over the opponents: the share of the deals in which they bid again over
    #: it, and their chance to make the contract they then reach
    answered: float
    theirs_after: Optional[float]
    #: the hand evaluation's estimate (points) behind a bid, a pass or a trump
    estimate: float
    #: an announcement or a signal by name (AS, COMPTE, +10, PASS), and the hand's
    #: strength behind +10 / PASS
    signal: str
    strength: float
    # ---- the Ghna
    #: the Ghna declared (a suit) and its value; it was the +40 chosen first over a +20
    suit: int
    value: int
    first40: bool
    #: no Ghna now: the partner may hold the trump Ghna, which a +20 would not leave room for
    wait: bool
    # ---- a card chosen by search
    #: by card: its mean value over the deals searched, and the share of them in which
    #: the declarers make their contract
    values: dict[int, float]
    made: dict[int, float]
    #: how many deals were searched, and whether exactly to the end
    worlds: int
    exact: bool
    #: the card chosen
    choice: int


class Bot:
    """Base class: dispatches each decision to a method by phase."""

    level = "base"

    def __init__(self, seed: int | None = 0, budget: float | None = None) -> None:
        self.rand = random.Random(seed)
        self.budget = budget
        self.why: Why = {}
        #: who plays each seat (see :data:`Seating`)
        self.table: Seating = None
        #: what the earlier hands of the game showed of how each seat plays (the
        #: decisions agreeing with the normal bot's and those differing,
        #: :mod:`.belief.table_memory`), or None: no earlier hand seen
        self.seen: Seen | None = None

    def act_game(self, g: Game, seat: int) -> int:
        """Fast path: decide for ``seat`` of an engine game (own hand + public log only)."""
        return self.act(from_game(g, seat), g.legal())

    def act(self, k: Knowledge, legal: list[int]) -> int:
        self.why = {}
        if not legal:
            raise ValueError("no legal action")
        ph = k.phase
        if ph == HAND_OVER or legal == [A_NEXT_HAND]:
            return A_NEXT_HAND
        if len(legal) == 1:
            self.why = {"kind": "forced"}
            return legal[0]
        if ph == AUCTION:
            return self.auction(k, legal)
        if ph == SIGNAL:
            return self.signal(k, legal)
        if ph == TRUMP:
            return self.choose_trump(k, legal)
        if ph == PLAY:
            # a refusal stands for the hand: no defender proposes again after one
            if A_CONCEDE in legal and not k.refused and self.concede(k):
                self.why = {"kind": "concede"}
                return A_CONCEDE
            cards = [c for c in legal if c < 40]
            if len(cards) == 1:
                self.why = {"kind": "forced"}
                return cards[0]
            return self.card(k, cards)
        if ph == GHNA:
            return self.ghna(k, legal)
        if ph == CONCESSION:
            return A_ACCEPT if self.accept(k) else A_REFUSE
        return legal[0]

    # defaults: the rules every level shares unless it knows better -----------
    def auction(self, k: Knowledge, legal: list[int]) -> int:
        return A_PASS

    def signal(self, k: Knowledge, legal: list[int]) -> int:
        return A_NO_SIGNAL

    def choose_trump(self, k: Knowledge, legal: list[int]) -> int:
        return A_TRUMP + longest_suit(k.hand)

    def card(self, k: Knowledge, cards: list[int]) -> int:
        return cards[0]

    def ghna(self, k: Knowledge, legal: list[int]) -> int:
        return legal[0]

    def concede(self, k: Knowledge) -> bool:
        return False

    def accept(self, k: Knowledge) -> bool:
        return already_made(k)


def longest_suit(hand: int) -> int:
    """The suit of which ``hand`` holds most cards (the most points among equals)."""
    return max(range(4), key=lambda x: ((hand & SUIT_MASK[x]).bit_count(),
                                        sum(POINTS[c] for c in scan(hand & SUIT_MASK[x]))))


def already_made(k: Knowledge) -> bool:
    """The declaring team already holds its contract: nothing the defenders do changes it."""
    return k.declarer >= 0 and k.points()[team(k.declarer)] >= k.contract


def keep_mask(k: Knowledge) -> int:
    """My undeclared Ghna that still fit: keep their Rey and Cabal while I can."""
    if not k.declaring(k.seat):
        return 0
    return ghna_keep(k.hand, k.trump, k.cap, k.ghna_total, k.ghna_done)


def holdings(k: Knowledge, track: bool = True) -> Holdings:
    """What the heuristic play knows of the hands: each seat's possible holdings as tracked
    (or, without tracking, only the unseen cards)."""
    if track:
        may = [k.can(s) for s in range(4)]
    else:
        u = k.unseen
        may = [k.hand if s == k.seat else u for s in range(4)]
    return Holdings(may, False)
