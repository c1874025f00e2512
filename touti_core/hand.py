"""One hand of Touti as public, replayable state, and its score (docs/rules.md 4 to 9).

The split is OpenSpiel's Game / State one, cut along what the players see.
:class:`Hand` is the public state of the hand in progress: the auction, the
contract, the trick and the finished tricks, the points, the Ghna declared,
the proposals to abandon; :meth:`Hand.act` performs an action's effect on
it.  Every action is public, so the log of a hand replayed through
:meth:`Hand.act` gives that state anywhere: the engine's
:class:`touti_core.engine.Game` is a ``Hand`` with the seats' cards and the
game around it, the bots' knowledge (:mod:`touti_core.bots.belief.knowledge`)
is a ``Hand`` replayed from one seat's view, and the score sheet
(:mod:`touti_core.sheet`) fills one from a table entry.  :func:`score` is the
one scoring of a hand: made or failed, and what each team scores.

Three things depend on hidden cards, and a ``Hand`` leaves them to the engine
(methods it overrides): who is asked about a Ghna after a trick (only a player
who holds one that fits), whether a declined Ghna question passes to the
partner, and the Ghna the declarers hold when the defenders abandon.  A
replayed ``Hand`` reads these from the actions that follow; its ``phase`` and
``to_act`` are the engine's but around a Ghna question.

>>> h = Hand.contracted(Rules(), declarer=1, contract=100, trump=2)
>>> h.declare_ghna(3, 2), h.declare_ghna(1, 0), h.ghna_total
(40, 20, 60)
>>> h.won = [70, 40]
>>> h.points(), score(1, 100, h.points())
([70, 100], (True, [0, 100]))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from .actions import (
    A_ACCEPT, A_ANNOUNCE_COMPTE, A_BID, A_CONCEDE, A_GHNA, A_NEXT_HAND, A_NO_GHNA,
    A_NO_SIGNAL, A_PASS, A_REFUSE, A_TRUMP, bid_amount, bid_code,
)
from .cards import BIT, POINTS, SUIT_LETTERS, ghna_value
from .facts import DECK_POINTS, LAST_TRICK, TRICKS
from .rules import MAX_BID, Rules
from .tricks import BEATERS

AUCTION, SIGNAL, TRUMP, PLAY, GHNA, CONCESSION, HAND_OVER, GAME_OVER = range(8)
PHASE_NAMES = ("auction", "signal", "trump", "play", "ghna", "concession", "hand_over", "game_over")


def partner(seat: int) -> int:
    """The seat opposite ``seat``, its partner (docs/rules.md 2).

    >>> partner(1), team(1), team(partner(1))
    (3, 1, 1)
    """
    return seat ^ 2


def team(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3 (docs/rules.md 2)."""
    return seat & 1


def score(declarer: int, contract: int, points: Sequence[int]) -> tuple[bool, list[int]]:
    """A hand's score (docs/rules.md 9): whether the declaring team made its contract
    (its points, Ghna included, reach it), and what each team scores: the contract, to
    the declaring team if made, else to the defenders.

    >>> score(2, 90, [85, 45]), score(1, 90, [85, 45])
    ((False, [0, 90]), (False, [90, 0]))
    """
    team = declarer & 1
    made = points[team] >= contract
    delta = [0, 0]
    delta[team if made else 1 - team] = contract
    return made, delta


class Hand:
    """The public state of a hand (see the module docstring).  Seats ``0..3``, suits
    ``0..3``, cards ``0..39``; -1 says "none yet"."""

    __slots__ = (
        "rules", "dealer", "phase", "to_act", "auction", "in_mask", "high", "high_seat",
        "sig_level", "signalled", "declarer", "contract", "trump", "cap", "leader", "trick",
        "win_card", "win_seat", "tricks", "won", "ghna", "ghna_total", "ghna_done",
        "proposed", "proposer", "conceded",
    )
    rules: Rules
    dealer: int
    phase: int
    #: the seat to act, None when the hand or the game is over
    to_act: Optional[int]
    #: the auction: its actions (seat, code); bit ``s`` of ``in_mask`` while seat ``s`` is in;
    #: the highest bid and its seat; the bid level of each seat's last signal window; bit
    #: ``s`` of ``signalled`` once seat ``s`` has signalled or announced
    auction: list[tuple[int, int]]
    in_mask: int
    high: int
    high_seat: int
    sig_level: list[int]
    signalled: int
    #: the contract (-1 / 0 before it is known) and its Ghna cap
    declarer: int
    contract: int
    trump: int
    cap: int
    #: the trick in progress: who led it, its cards, the card winning it and who played it
    leader: int
    trick: list[int]
    win_card: int
    win_seat: int
    #: finished tricks: (leader, cards, winner, card points); points won by each team
    #: (cards and the last trick's)
    tricks: list[tuple[int, list[int], int, int]]
    won: list[int]
    #: declared Ghna (seat, suit, value), their total, a mask of their suits
    ghna: list[tuple[int, int, int]]
    ghna_total: int
    ghna_done: int
    #: proposals to abandon in this trick (bit per seat), the last proposer, and whether
    #: the hand was abandoned
    proposed: int
    proposer: int
    conceded: bool

    # ------------------------------------------------------------ creation
    @classmethod
    def at_deal(cls, rules: Rules, dealer: int) -> "Hand":
        """A hand about to be bid, before any action."""
        h = cls.__new__(cls)
        h.rules = rules
        h.start(dealer)
        return h

    @classmethod
    def contracted(cls, rules: Rules, declarer: int, contract: int, trump: int,
                   dealer: int = 0) -> "Hand":
        """A hand whose auction gave ``declarer`` the contract, trumps named: the play begins
        (the dealer's right-hand neighbour, the forehand, leads)."""
        h = cls.at_deal(rules, dealer)
        h.setup_play(declarer, contract, trump)
        return h

    def start(self, dealer: int) -> None:
        """The state at the deal: the forehand (the seat after the dealer) speaks first."""
        self.dealer = dealer
        self.phase = AUCTION
        self.to_act = (dealer + 1) % 4
        self.auction = []
        self.in_mask = 15
        self.high = 0
        self.high_seat = -1
        self.sig_level = [0, 0, 0, 0]
        self.signalled = 0
        self.declarer = -1
        self.contract = 0
        self.trump = -1
        self.cap = 0
        self.leader = (dealer + 1) % 4
        self.trick = []
        self.win_card = -1
        self.win_seat = -1
        self.tricks = []
        self.won = [0, 0]
        self.ghna = []
        self.ghna_total = 0
        self.ghna_done = 0
        self.proposed = 0
        self.proposer = -1
        self.conceded = False

    def setup_play(self, declarer: int, amount: int, trump: int) -> None:
        """Skip the auction: ``declarer`` holds the contract, trumps are named.

        For search, benchmarks, puzzles and the score sheet; a log does not record it.
        """
        self.declarer = declarer
        self.contract = amount
        self.high = amount
        self.high_seat = declarer
        self.in_mask = 1 << declarer
        self.trump = trump
        self.cap = self.rules.cap(amount)
        self.phase = PLAY
        self.to_act = self.leader = (self.dealer + 1) % 4

    # ----------------------------------------------------------- queries
    @property
    def acting(self) -> int:
        """The seat to act (``to_act``) while the hand is being played: there always is one
        until the hand is over."""
        seat = self.to_act
        assert seat is not None, "no seat acts: the hand is over"
        return seat

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % 4

    def points(self) -> list[int]:
        """[team0, team1] points of this hand so far (cards, 9a3a, Ghna)."""
        p = self.won[:]
        if self.declarer >= 0:
            p[self.declarer & 1] += self.ghna_total
        return p

    def ghna_fits(self, suit: int) -> bool:
        """May the Ghna of ``suit`` still be declared (not yet declared, under the cap)?
        Whether a seat holds it is hidden (docs/rules.md 7)."""
        return (not self.ghna_done >> suit & 1
                and self.ghna_total + ghna_value(suit, self.trump) <= self.cap)

    def result(self) -> dict[str, Any]:
        """The hand's result as the engine records it (docs/api.md, ``last_hand``)."""
        if self.declarer < 0:
            return {"cancelled": True, "dealer": self.dealer, "declarer": None,
                    "contract": None, "trump": None, "points": [0, 0], "ghna": [],
                    "made": None, "conceded": False, "delta": [0, 0]}
        pts = self.points()
        made, delta = score(self.declarer, self.contract, pts)
        return {"cancelled": False, "dealer": self.dealer, "declarer": self.declarer,
                "contract": self.contract, "trump": SUIT_LETTERS[self.trump], "points": pts,
                "ghna": [{"seat": s, "suit": SUIT_LETTERS[x], "value": v}
                         for s, x, v in self.ghna],
                "made": made, "conceded": self.conceded, "delta": delta}

    # ------------------------------------------------------------- apply
    def act(self, seat: int | None, code: int) -> None:
        """The effect of action ``code`` by ``seat`` (legal, unchecked: see the engine's
        refusals).  ``next_hand`` ends a hand and is not replayed here."""
        if code < A_BID:
            assert seat is not None
            self._play(seat, code)
        elif code < A_PASS:
            assert seat is not None
            self._bid(seat, bid_amount(code))
        elif code <= A_ANNOUNCE_COMPTE:
            assert seat is not None
            self._leave(seat, code)
        elif code <= A_NO_SIGNAL:
            assert seat is not None
            self._signal(seat, code)
        elif code < A_GHNA:
            self._name_trump(code - A_TRUMP)
        elif code <= A_NO_GHNA:
            assert seat is not None
            self._ghna(seat, code)
        elif code == A_CONCEDE:
            assert seat is not None
            self.proposed |= BIT[seat]
            self.proposer = seat
            self.phase = CONCESSION
            self.to_act = seat ^ 2
        elif code == A_ACCEPT:
            self._concede()
        elif code == A_REFUSE:
            self.phase = PLAY
            self.to_act = self.proposer
        elif code != A_NEXT_HAND:
            raise ValueError(f"unknown action code {code}")

    # auction ------------------------------------------------------------
    def _bid(self, seat: int, amount: int) -> None:
        self.auction.append((seat, bid_code(amount)))
        self.high = amount
        self.high_seat = seat
        self._auction_next(seat)

    def _leave(self, seat: int, code: int) -> None:
        """A pass, or an early announcement (it leaves the auction too)."""
        self.auction.append((seat, code))
        self.in_mask &= ~BIT[seat]
        self._auction_next(seat)

    def _signal(self, seat: int, code: int) -> None:
        self.auction.append((seat, code))
        if code != A_NO_SIGNAL:
            self.signalled |= BIT[seat]
        self.phase = AUCTION
        self.to_act = seat ^ 2

    def signal_window_open(self, seat: int, partner_turn: int) -> bool:
        """docs/rules.md 4.1: may ``seat`` be asked for a signal before ``partner_turn`` bids?"""
        if not self.rules.signals or self.in_mask >> seat & 1:
            return False
        return bool(self.high > 0                               # a bid was made
                    and self.in_mask >> partner_turn & 1        # partner still in
                    and self.in_mask & (BIT[(seat + 1) % 4] | BIT[(seat + 3) % 4]) != 0
                    and self.sig_level[seat] != self.high)      # not yet at this level

    def _auction_next(self, seat: int) -> None:
        inm = self.in_mask
        if inm == 0:
            self._end_hand()                # all passed: the hand is cancelled
            return
        if self.high >= MAX_BID or (self.high_seat >= 0 and inm == BIT[self.high_seat]):
            self._won_auction()
            return
        nxt = (seat + 1) % 4
        while not inm >> nxt & 1:
            nxt = (nxt + 1) % 4
        partner = nxt ^ 2
        if self.signal_window_open(partner, nxt):
            self.sig_level[partner] = self.high
            self.phase = SIGNAL
            self.to_act = partner
        else:
            self.phase = AUCTION
            self.to_act = nxt

    def _won_auction(self) -> None:
        self.declarer = self.high_seat
        self.contract = self.high
        self.cap = self.rules.cap(self.high)
        self.phase = TRUMP
        self.to_act = self.declarer

    def _name_trump(self, suit: int) -> None:
        self.trump = suit
        self.phase = PLAY
        self.to_act = self.leader = self.forehand

    # play -----------------------------------------------------------------
    def _play(self, seat: int, c: int) -> None:
        """Card ``c`` played by ``seat``: the trick's winner so far; the trick taken by
        the fourth card."""
        trick = self.trick
        if trick:
            if BEATERS[self.trump][self.win_card] >> c & 1:
                self.win_card = c
                self.win_seat = seat
            trick.append(c)
            if len(trick) == 4:
                self._finish_trick()
                return
        else:
            trick.append(c)
            self.leader = seat
            self.win_card = c
            self.win_seat = seat
        self.to_act = (seat + 1) & 3

    def _finish_trick(self) -> None:
        trick = self.trick
        winner = self.win_seat
        pts = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
        team = winner & 1
        self.won[team] += pts
        self.tricks.append((self.leader, trick, winner, pts))
        self.trick = []
        self.proposed = 0
        self.leader = winner
        if len(self.tricks) == TRICKS:
            self.won[team] += LAST_TRICK          # 9a3a
            self._end_hand()
            return
        if team == self.declarer & 1 and self.cap > self.ghna_total:
            asked = self._ghna_asked(winner)
            if asked is not None:
                self.phase = GHNA
                self.to_act = asked
                return
        self.phase = PLAY
        self.to_act = winner

    def _ghna_asked(self, winner: int) -> Optional[int]:
        """Who is asked about a Ghna after the declaring team's ``winner`` took a trick:
        hidden (the engine knows).  A replayed hand learns it from the next action."""
        return None

    def _ask_partner(self, seat: int) -> bool:
        """After ``seat``, the trick's winner, declined a Ghna: is its partner asked?
        Hidden, as :meth:`_ghna_asked`."""
        return False

    def declare_ghna(self, seat: int, suit: int) -> int:
        """``seat`` declares the Ghna of ``suit`` (it fits: :meth:`ghna_fits`); its value."""
        value = ghna_value(suit, self.trump)
        self.ghna.append((seat, suit, value))
        self.ghna_total += value
        self.ghna_done |= 1 << suit
        return value

    def _ghna(self, seat: int, code: int) -> None:
        if code == A_NO_GHNA:
            if seat == self.leader and self._ask_partner(seat):
                self.to_act = seat ^ 2      # the winner declined: ask the partner
                return
        else:
            self.declare_ghna(seat, code - A_GHNA)
        self.phase = PLAY
        self.to_act = self.leader

    def _concede(self) -> None:
        """docs/rules.md 8: the declaring team takes the cards of no finished trick, the
        9a3a, and its Ghna (:meth:`_declare_held_ghna`)."""
        taken = 0
        for t in self.tricks:
            taken += t[3]
        self.won[self.declarer & 1] += DECK_POINTS - taken + LAST_TRICK
        self.conceded = True
        self._declare_held_ghna()
        self._end_hand()

    def _declare_held_ghna(self) -> None:
        """After a concession, the declarers' undeclared Ghna count: hidden."""

    def _end_hand(self) -> None:
        self.phase = HAND_OVER
        self.to_act = None
