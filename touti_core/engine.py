"""The rules engine: a whole game of Touti (docs/rules.md) on small integers.

One mutable :class:`Game` holds the game and the hand in progress.  Actions
are small integers (see the ``A_*`` constants): a card ``0..39`` is "play this
card", the rest are bids, passes, signals, trump, Ghna and concession actions.
The acting seat is always ``game.to_act``; ``legal()`` lists the legal action
codes, ``apply()`` performs a legal one without checks (the fast path used by
search), and ``refusal()`` explains, with a stable code and a sentence naming
the rule, why an action is not legal.  The JSON boundary lives in ``api.py``.
"""

from __future__ import annotations

from typing import Any, Optional

from .cards import (
    ACES_MASK, BIT, GHNA_MASK, POINTS, SUIT, SUIT_LETTERS, SUIT_MASK, SUIT_NAMES,
    cards_in, describe, describe_list, card, ghna_value, REY, CABAL,
)
from .rules import MAX_BID, MIN_BID, Rules
from .refusals import ACTION_WORDS, PHASE_WORDS, Refusal, refusal, sentence
from .tricks import BEATERS, legal_mask
from . import rng

# ---------------------------------------------------------------- actions
A_BID = 40            # A_BID + amount // 10, amounts 70..230 -> 47..63
A_PASS = 64
A_ANNOUNCE_AS = 65
A_ANNOUNCE_COMPTE = 66
A_SIGNAL = 67         # A_SIGNAL + index in SIGNALS: 67..70
A_NO_SIGNAL = 71
A_TRUMP = 72          # A_TRUMP + suit: 72..75
A_GHNA = 76           # A_GHNA + suit: 76..79
A_NO_GHNA = 80
A_CONCEDE = 81
A_ACCEPT = 82
A_REFUSE = 83
A_NEXT_HAND = 84
N_ACTIONS = 85

SIGNALS = ("AS", "COMPTE", "+10", "PASS")
ANNOUNCEMENTS = ("AS", "COMPTE")


#: The most actions one hand can hold (docs/rules.md 4 to 8): 17 bids (70 to 230), each
#: seat leaving once (a pass or an announcement), a signal window for each seat at
#: each bid level, the trump, 40 cards, two Ghna answers after each of the first 9
#: tricks, a proposal to abandon and its answer by each defender in each trick, and
#: the next deal.
HAND_ACTIONS_MAX = 17 + 4 + 4 * 17 + 1 + 40 + 2 * 9 + 2 * 2 * 10 + 1
#: A cancelled hand: four passes (or announcements) and the next deal.
CANCELLED_HAND_ACTIONS = 5
#: The rules set no limit on cancelled hands (every deal can be passed out); a
#: game of more than this many is beyond the engine (no game comes near it).
MAX_CANCELLED_HANDS = 1000


def max_game_actions(target: int, one_hand: bool) -> int:
    """The most actions a game can hold: one hand for a fixed deal; else every
    hand that scores gives one team at least 70 (docs/rules.md 9), so each team scores
    in at most ``ceil(target / 70) - 1`` hands before the last one."""
    if one_hand:
        return HAND_ACTIONS_MAX
    below = -(-target // MIN_BID) - 1
    return (2 * below + 1) * HAND_ACTIONS_MAX + MAX_CANCELLED_HANDS * CANCELLED_HAND_ACTIONS


def partner(seat: int) -> int:
    """The seat opposite ``seat``, its partner (docs/rules.md 2).

    >>> partner(1), team(1), team(partner(1))
    (3, 1, 1)
    """
    return seat ^ 2


def team(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3 (docs/rules.md 2)."""
    return seat & 1


def bid_code(amount: int) -> int:
    return A_BID + amount // 10


def bid_amount(code: int) -> int:
    return (code - A_BID) * 10


def lowest_bid(high: int) -> int:
    """The least amount a bid may name when the highest bid is ``high`` (0: none yet):
    at least MIN_BID, and 10 more than the highest (docs/rules.md 4)."""
    return max(MIN_BID, high + 10)


def bid_codes(high: int) -> list[int]:
    """The bids open when the highest bid is ``high``, lowest first."""
    return [bid_code(a) for a in range(lowest_bid(high), MAX_BID + 1, 10)]


# ----------------------------------------------------------------- phases
AUCTION, SIGNAL, TRUMP, PLAY, GHNA, CONCESSION, HAND_OVER, GAME_OVER = range(8)
PHASE_NAMES = ("auction", "signal", "trump", "play", "ghna", "concession", "hand_over", "game_over")

#: Which action kinds each phase accepts (for ``wrong_phase``).
PHASE_KINDS = {
    AUCTION: {"bid", "pass", "announce"},
    SIGNAL: {"signal", "no_signal"},
    TRUMP: {"trump"},
    PLAY: {"play", "concede"},
    GHNA: {"ghna", "no_ghna"},
    CONCESSION: {"accept", "refuse"},
    HAND_OVER: {"next_hand"},
    GAME_OVER: set(),
}


def kind_of(code: int) -> str:
    if code < 40:
        return "play"
    if code < A_PASS:
        return "bid"
    if code == A_PASS:
        return "pass"
    if code <= A_ANNOUNCE_COMPTE:
        return "announce"
    if code < A_NO_SIGNAL:
        return "signal"
    return {A_NO_SIGNAL: "no_signal", A_NO_GHNA: "no_ghna", A_CONCEDE: "concede",
            A_ACCEPT: "accept", A_REFUSE: "refuse", A_NEXT_HAND: "next_hand"}.get(
        code, "trump" if code < A_GHNA else "ghna")


def holds_ghna(hand: int, suit: int) -> bool:
    return hand & GHNA_MASK[suit] == GHNA_MASK[suit]


def ghna_suits(hand: int) -> list[int]:
    return [s for s in range(4) if hand & GHNA_MASK[s] == GHNA_MASK[s]]


class Game:
    """A game of Touti in progress (mutable; ``clone()`` for search)."""

    __slots__ = (
        "rules", "seed", "deal", "scores", "history", "hand_no", "winner", "log",
        "dealer", "hands", "phase", "to_act", "auction", "in_mask", "high",
        "high_seat", "sig_level", "signalled", "declarer", "contract", "trump",
        "cap", "leader", "trick", "win_card", "win_seat", "tricks", "won",
        "ghna", "ghna_total", "ghna_done", "proposed", "proposer", "last_hand",
        "conceded", "hand_start",
    )
    # ---- the game
    rules: Rules
    #: the game's seed (None for a fixed deal), or the fixed deal: (hands, dealer, scores)
    seed: Optional[int]
    deal: Optional[tuple[list[list[int]], int, list[int]]]
    scores: list[int]
    #: the results of the finished hands (the score sheet), and the last one
    history: list[dict[str, Any]]
    last_hand: Optional[dict[str, Any]]
    hand_no: int
    winner: Optional[int]
    #: every action of the game: (seat, code), seat None for ``next_hand`` (None: no log)
    log: Optional[list[tuple[Optional[int], int]]]
    #: where this hand's actions start in the log
    hand_start: int
    # ---- the hand
    dealer: int
    #: each seat's cards (masks)
    hands: list[int]
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
    def new(cls, seed: int, rules: Rules | None = None) -> "Game":
        """A whole game to the target score; dealer and deals come from the seed."""
        g = cls._blank(rules)
        g.seed = seed
        g._start_hand(rng.first_dealer(seed), rng.deal(seed, 0))
        return g

    @classmethod
    def from_deal(cls, hands: list[list[int]], dealer: int, rules: Rules | None = None,
                  scores: list[int] | None = None) -> "Game":
        """A one-hand game from a fixed deal (``hands[s]`` are seat s's cards)."""
        g = cls._blank(rules)
        g.deal = ([list(h) for h in hands], dealer, list(scores or [0, 0]))
        g.scores = list(scores or [0, 0])
        g._start_hand(dealer, hands)
        return g

    @classmethod
    def _blank(cls, rules: Rules | None) -> "Game":
        g = cls.__new__(cls)
        g.rules = rules or Rules()
        g.seed = None
        g.deal = None
        g.scores = [0, 0]
        g.history = []
        g.hand_no = 0
        g.winner = None
        g.log = []
        g.last_hand = None
        return g

    def _start_hand(self, dealer: int, hands) -> None:
        self.dealer = dealer
        # A seeded deal gives its packets from forehand on; a fixed deal
        # (from_deal) is given seat by seat.
        if self.deal is None:
            hs = [0, 0, 0, 0]
            for i, cs in enumerate(hands):
                m = 0
                for c in cs:
                    m |= BIT[c]
                hs[(dealer + 1 + i) % 4] = m
        else:
            hs = []
            for cs in hands:
                m = 0
                for c in cs:
                    m |= BIT[c]
                hs.append(m)
        self.hands = hs
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
        self.hand_start = len(self.log) if self.log is not None else 0

    def setup_play(self, declarer: int, amount: int, trump: int) -> None:
        """Skip the auction: ``declarer`` holds the contract, trumps are named.

        For search, benchmarks and puzzles; the log does not record it.
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

    def clone(self, log: bool = True) -> "Game":
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seed = self.seed
        g.deal = self.deal
        g.scores = self.scores[:]
        g.history = self.history[:]
        g.hand_no = self.hand_no
        g.winner = self.winner
        g.log = self.log[:] if log and self.log is not None else None
        g.dealer = self.dealer
        g.hands = self.hands[:]
        g.phase = self.phase
        g.to_act = self.to_act
        g.auction = self.auction[:]
        g.in_mask = self.in_mask
        g.high = self.high
        g.high_seat = self.high_seat
        g.sig_level = self.sig_level[:]
        g.signalled = self.signalled
        g.declarer = self.declarer
        g.contract = self.contract
        g.trump = self.trump
        g.cap = self.cap
        g.leader = self.leader
        g.trick = self.trick[:]
        g.win_card = self.win_card
        g.win_seat = self.win_seat
        g.tricks = self.tricks[:]
        g.won = self.won[:]
        g.ghna = self.ghna[:]
        g.ghna_total = self.ghna_total
        g.ghna_done = self.ghna_done
        g.proposed = self.proposed
        g.proposer = self.proposer
        g.last_hand = self.last_hand
        g.conceded = self.conceded
        g.hand_start = self.hand_start
        return g

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

    def legal_cards(self) -> int:
        """Mask of the cards the player to act may play (phase PLAY)."""
        seat = self.to_act
        assert seat is not None         # (inline, not .acting: every card played comes here)
        return legal_mask(self.hands[seat], self.trick, self.win_card, self.win_seat, seat,
                          self.trump, self.rules.overtrump)

    def ghna_options(self, seat: int) -> list[int]:
        """Suits whose Ghna ``seat`` may declare now (held, new, under the cap)."""
        hand = self.hands[seat]
        out = []
        for s in range(4):
            if hand & GHNA_MASK[s] == GHNA_MASK[s] and not self.ghna_done >> s & 1:
                if self.ghna_total + ghna_value(s, self.trump) <= self.cap:
                    out.append(s)
        return out

    def ghna_held(self, seat: int) -> list[tuple[int, int, bool]]:
        """``(suit, value, fits)`` of each Ghna ``seat`` holds undeclared while its team
        may still declare one (it declares, and tricks remain): ``fits`` under the cap
        now (docs/rules.md 7)."""
        if self.trump < 0 or (self.declarer & 1) != (seat & 1) or len(self.tricks) >= 10:
            return []
        out = []
        for s in ghna_suits(self.hands[seat]):
            if not self.ghna_done >> s & 1:
                value = ghna_value(s, self.trump)
                out.append((s, value, self.ghna_total + value <= self.cap))
        return out

    def signal_window_open(self, seat: int, partner_turn: int) -> bool:
        """docs/rules.md 4.1: may ``seat`` be asked for a signal before ``partner_turn`` bids?"""
        if not self.rules.signals or self.in_mask >> seat & 1:
            return False
        return bool(self.high > 0                               # a bid was made
                    and self.in_mask >> partner_turn & 1        # partner still in
                    and self.in_mask & (BIT[(seat + 1) % 4] | BIT[(seat + 3) % 4]) != 0
                    and self.sig_level[seat] != self.high)      # not yet at this level

    def can_concede(self, seat: int) -> bool:
        return (self.rules.concession and self.phase == PLAY and seat == self.to_act
                and (seat & 1) != (self.declarer & 1) and not self.proposed >> seat & 1)

    def legal(self) -> list[int]:
        """Every legal action code now, in a stable order."""
        ph = self.phase
        if ph == PLAY:
            out = cards_in(self.legal_cards())
            if self.can_concede(self.acting):
                out.append(A_CONCEDE)
            return out
        if ph == AUCTION:
            out = bid_codes(self.high)
            out.append(A_PASS)
            if self.rules.signals and not self.signalled >> self.acting & 1:
                hand = self.hands[self.acting]
                truthful = self.rules.truthful
                if not truthful or hand & ACES_MASK:
                    out.append(A_ANNOUNCE_AS)
                if not truthful or ghna_suits(hand):
                    out.append(A_ANNOUNCE_COMPTE)
            return out
        if ph == SIGNAL:
            hand = self.hands[self.acting]
            truthful = self.rules.truthful
            out = []
            if not truthful or hand & ACES_MASK:
                out.append(A_SIGNAL)
            if not truthful or ghna_suits(hand):
                out.append(A_SIGNAL + 1)
            out += [A_SIGNAL + 2, A_SIGNAL + 3, A_NO_SIGNAL]
            return out
        if ph == TRUMP:
            return [A_TRUMP, A_TRUMP + 1, A_TRUMP + 2, A_TRUMP + 3]
        if ph == GHNA:
            return [A_GHNA + s for s in self.ghna_options(self.acting)] + [A_NO_GHNA]
        if ph == CONCESSION:
            return [A_ACCEPT, A_REFUSE]
        if ph == HAND_OVER:
            return [A_NEXT_HAND]
        return []

    # ------------------------------------------------------------- apply
    def apply(self, code: int) -> None:
        """Perform a legal action of the player to act (no checks: see ``refusal``)."""
        if code < 40:
            self.play(code)
            return
        if self.log is not None:
            self.log.append((self.to_act, code))
        if code < A_PASS:
            self._bid(bid_amount(code))
        elif code <= A_ANNOUNCE_COMPTE:
            self._leave(code)
        elif code <= A_NO_SIGNAL:
            self._signal(code)
        elif code < A_GHNA:
            self._name_trump(code - A_TRUMP)
        elif code <= A_NO_GHNA:
            self._ghna(code)
        elif code == A_CONCEDE:
            seat = self.acting
            self.proposed |= BIT[seat]
            self.proposer = seat
            self.phase = CONCESSION
            self.to_act = seat ^ 2
        elif code == A_ACCEPT:
            self._concede()
        elif code == A_REFUSE:
            self.phase = PLAY
            self.to_act = self.proposer
        elif code == A_NEXT_HAND:
            self._next_hand()
        else:
            raise ValueError(f"unknown action code {code}")

    # auction ------------------------------------------------------------
    def _bid(self, amount: int) -> None:
        seat = self.acting
        self.auction.append((seat, bid_code(amount)))
        self.high = amount
        self.high_seat = seat
        self._auction_next(seat)

    def _leave(self, code: int) -> None:
        seat = self.acting
        self.auction.append((seat, code))
        self.in_mask &= ~BIT[seat]
        self._auction_next(seat)

    def _signal(self, code: int) -> None:
        seat = self.acting
        self.auction.append((seat, code))
        if code != A_NO_SIGNAL:
            self.signalled |= BIT[seat]
        self.phase = AUCTION
        self.to_act = seat ^ 2

    def _auction_next(self, seat: int) -> None:
        inm = self.in_mask
        if inm == 0:
            self._end_hand(cancelled=True)
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
    def play(self, c: int) -> None:
        """Play card ``c`` for the player to act (phase PLAY, a legal card)."""
        seat = self.to_act
        assert seat is not None         # (inline, not .acting: every card played comes here)
        if self.log is not None:
            self.log.append((seat, c))
        self.hands[seat] ^= BIT[c]
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
        if len(self.tricks) == 10:
            self.won[team] += 10          # 9a3a
            self._end_hand()
            return
        if team == self.declarer & 1 and self.cap > self.ghna_total:
            if self.ghna_options(winner):
                self.phase = GHNA
                self.to_act = winner
                return
            if self.ghna_options(winner ^ 2):
                self.phase = GHNA
                self.to_act = winner ^ 2
                return
        self.phase = PLAY
        self.to_act = winner

    def _ghna(self, code: int) -> None:
        seat = self.acting
        if code == A_NO_GHNA:
            if seat == self.leader and self.ghna_options(seat ^ 2):
                self.to_act = seat ^ 2      # the winner declined: ask the partner
                return
        else:
            suit = code - A_GHNA
            value = ghna_value(suit, self.trump)
            self.ghna.append((seat, suit, value))
            self.ghna_total += value
            self.ghna_done |= 1 << suit
        self.phase = PLAY
        self.to_act = self.leader

    def _concede(self) -> None:
        """docs/rules.md 8: the declaring team takes the rest, the 9a3a, its Ghna."""
        team = self.declarer & 1
        rest = 0
        for h in self.hands:
            rest |= h
        for c in self.trick:
            rest |= BIT[c]
        self.won[team] += sum(POINTS[c] for c in cards_in(rest)) + 10
        self.conceded = True
        for seat, suit, value in self.best_undeclared_ghna():
            self.ghna.append((seat, suit, value))
            self.ghna_total += value
            self.ghna_done |= 1 << suit
        self._end_hand()

    def best_undeclared_ghna(self) -> list[tuple[int, int, int]]:
        """The combination of undeclared held Ghna with the highest total under the cap."""
        d = self.declarer
        cands = [(seat, s, ghna_value(s, self.trump))
                 for seat in (d, d ^ 2) for s in ghna_suits(self.hands[seat])
                 if not self.ghna_done >> s & 1]
        room = self.cap - self.ghna_total
        best: list = []
        best_total = 0
        for subset in range(1 << len(cands)):
            chosen = [cands[i] for i in range(len(cands)) if subset >> i & 1]
            total = sum(v for _, _, v in chosen)
            if best_total < total <= room:
                best, best_total = chosen, total
        # declare the trump Ghna first, as a player would
        return sorted(best, key=lambda x: -x[2])

    # end of hand and game ----------------------------------------------------
    def _end_hand(self, cancelled: bool = False) -> None:
        result: dict[str, Any]
        if cancelled:
            result = {"cancelled": True, "dealer": self.dealer, "declarer": None,
                      "contract": None, "trump": None, "points": [0, 0], "ghna": [],
                      "made": None, "conceded": False, "delta": [0, 0]}
        else:
            pts = self.points()
            team = self.declarer & 1
            made = pts[team] >= self.contract
            delta = [0, 0]
            delta[team if made else 1 - team] = self.contract
            self.scores[0] += delta[0]
            self.scores[1] += delta[1]
            result = {"cancelled": False, "dealer": self.dealer, "declarer": self.declarer,
                      "contract": self.contract, "trump": SUIT_LETTERS[self.trump], "points": pts,
                      "ghna": [{"seat": s, "suit": SUIT_LETTERS[x], "value": v}
                               for s, x, v in self.ghna],
                      "made": made, "conceded": self.conceded, "delta": delta}
        self.last_hand = result
        self.history.append(result)
        self.to_act = None
        target = self.rules.target
        if self.scores[0] >= target or self.scores[1] >= target:
            self.winner = 0 if self.scores[0] >= target else 1
            self.phase = GAME_OVER
        else:
            self.phase = HAND_OVER

    def _next_hand(self) -> None:
        if self.deal is not None:
            self.phase = GAME_OVER   # a one-hand game: over, no winner
            self.to_act = None
            return
        seed = self.seed
        assert seed is not None         # a game from a seed: its deals come from the seed
        self.hand_no += 1
        dealer = (self.dealer + 1) % 4
        self._start_hand(dealer, rng.deal(seed, self.hand_no))

    # --------------------------------------------------------- refusals
    # Which rule refuses an action; the sentences are in touti_core.refusals.
    def turn_refusal(self, seat: int | None, kind: str) -> Refusal | None:
        """``wrong_phase`` or ``not_your_turn`` for an action of this kind, if any."""
        if kind not in PHASE_KINDS[self.phase]:
            return self._wrong_phase(kind, seat)
        if kind != "next_hand" and seat != self.to_act:
            return refusal("not_your_turn", {"to_act": self.to_act}, to_act=self.to_act)
        return None

    def refusal(self, seat: int | None, code: int) -> Refusal | None:
        """Why ``seat`` may not take action ``code`` now, or None if it is legal."""
        kind = kind_of(code)
        r = self.turn_refusal(seat, kind)
        if r is not None:
            return r
        if code in self.legal():
            return None
        hand = self.hands[self.acting]
        if kind == "play":
            return self._card_refusal(code)
        if kind == "bid":
            low = lowest_bid(self.high)
            return refusal("bid_too_low" if self.high else "bid_too_low.first",
                           {"minimum": low, "high": self.high}, minimum=low, high=self.high)
        if kind == "announce":
            name = ANNOUNCEMENTS[code - A_ANNOUNCE_AS]
            if not self.rules.signals:
                return refusal("announce_not_allowed.rules", {})
            if self.signalled >> self.acting & 1:
                return refusal("announce_not_allowed.signalled", {})
            return refusal("announce_not_allowed." + name, {"signal": name})
        if kind == "signal":
            name = SIGNALS[code - A_SIGNAL]
            return refusal("signal_not_allowed." + name, {"signal": name})
        if kind == "ghna":
            suit = code - A_GHNA
            params: dict[str, object] = {"suit": SUIT_LETTERS[suit]}
            word = SUIT_NAMES[suit]
            if self.ghna_done >> suit & 1:
                return refusal("ghna_not_allowed", params, suit=word)
            if not holds_ghna(hand, suit):
                missing = [c for c in (card(REY, suit), card(CABAL, suit)) if not hand & BIT[c]]
                params["missing"] = missing
                return refusal("ghna_not_held", params, suit=word, missing=describe_list(missing))
            params.update(cap=self.cap, declared=self.ghna_total, value=ghna_value(suit, self.trump),
                          contract=self.contract)
            return refusal("ghna_over_cap", params, suit=word, value=ghna_value(suit, self.trump),
                           contract=self.contract, cap=self.cap, declared=self.ghna_total)
        if kind == "concede":
            if not self.rules.concession:
                return refusal("concede_not_allowed.rules", {})
            if seat is not None and (seat & 1) == (self.declarer & 1):
                return refusal("concede_not_allowed.declarers", {})
            return refusal("concede_not_allowed.proposed", {})
        return refusal("wrong_phase.other", {})  # pragma: no cover

    def _wrong_phase(self, kind: str, seat: int | None = None) -> Refusal:
        """``wrong_phase``; its params: the phase, the kind of action (``action``), and
        ``before``, the case of the sentence said first (a signal outside its window, a
        Ghna during the play), or None."""
        phase = PHASE_NAMES[self.phase]
        msg = sentence("wrong_phase", action=ACTION_WORDS[kind], phase=PHASE_WORDS[phase])
        before = None
        if kind == "ghna" and self.phase in (PLAY, CONCESSION):
            before = self._ghna_timing(seat)
        elif kind == "signal" and self.phase == AUCTION:
            before = "wrong_phase.signal_window"
        if before:
            msg = sentence(before, contract=self.contract) + " " + msg
        return Refusal("wrong_phase", msg, phase=phase, action=kind, before=before, case="wrong_phase",
                       contract=self.contract)

    def _ghna_timing(self, seat: int | None) -> str:
        """Why no Ghna may be declared during play: the case of its sentence."""
        if seat is not None and (seat & 1) != (self.declarer & 1):
            return "wrong_phase.ghna_defenders"
        if self.cap == 0:
            return "wrong_phase.ghna_no_cap"
        log = self.log
        if not self.trick and log and A_GHNA <= log[-1][1] < A_NO_GHNA:
            return "wrong_phase.ghna_one_per_trick"
        return "wrong_phase.ghna_after_trick"

    def _card_refusal(self, c: int) -> Refusal:
        seat = self.acting
        hand = self.hands[seat]
        if not hand & BIT[c]:
            return refusal("card_not_in_hand", {"card": c}, card=describe(c))
        trick = self.trick
        led = SUIT[trick[0]]
        w = self.win_card
        trump = self.trump
        legal = cards_in(self.legal_cards())
        words = {"card": describe(c), "beaten": describe(w), "legal": describe_list(legal),
                 "led": SUIT_NAMES[led], "trump": SUIT_NAMES[trump]}
        suits = {"led": SUIT_LETTERS[led], "trump": SUIT_LETTERS[trump]}
        if hand & SUIT_MASK[led]:
            if SUIT[c] != led:
                return refusal("must_follow_suit", {"card": c, "legal": legal, **suits}, **words)
            return refusal("must_play_higher.trumps" if led == trump else "must_play_higher",
                           {"card": c, "beaten": w, "legal": legal, **suits}, **words)
        if SUIT[c] != trump:
            return refusal("must_trump", {"card": c, "legal": legal, **suits}, **words)
        partner = self.win_seat == seat ^ 2
        return refusal("must_overtrump.partner" if partner else "must_overtrump",
                       {"card": c, "beaten": w, "legal": legal, **suits}, **words)
