"""The rules engine: a whole game of Touti (docs/rules.md) on small integers.

One mutable :class:`Game` holds the game and the hand in progress: the hand's
public state is a :class:`touti_core.hand.Hand` (the transitions of every
action live there, shared with the bots' knowledge and the score sheet), and
a ``Game`` adds the seats' cards, what they decide, and the game around the
hand.  Actions are small integers (:mod:`touti_core.actions`, the ``A_*``
constants): a card ``0..39`` is "play this card", the rest are bids, passes,
signals, trump, Ghna and concession actions.
The acting seat is always ``game.to_act``; ``legal()`` lists the legal action
codes, ``apply()`` performs a legal one without checks (the fast path used by
search), and ``refusal()`` explains, with a stable code and a sentence naming
the rule, why an action is not legal.  The JSON boundary lives in ``api.py``.
"""

from __future__ import annotations

from typing import Any, Optional

from .actions import (  # noqa: F401  (the action codes are the engine's too)
    A_ACCEPT, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_BID, A_CONCEDE, A_GHNA, A_NEXT_HAND,
    A_NO_GHNA, A_NO_SIGNAL, A_PASS, A_REFUSE, A_SIGNAL, A_TRUMP, ANNOUNCEMENTS, N_ACTIONS,
    SIGNALS, bid_amount, bid_code, bid_codes, kind_of,
)
from .cards import (
    ACES_MASK, BIT, CARDS, GHNA_MASK, SUIT, SUIT_LETTERS, SUIT_MASK, SUIT_NAMES,
    cards_in, card_words, describe_list, card, ghna_value, REY, CABAL,
)
from .facts import TRICKS
from .hand import (  # noqa: F401  (the phases are the engine's too)
    AUCTION, CONCESSION, GAME_OVER, GHNA, HAND_OVER, PHASE_NAMES, PLAY, SIGNAL, TRUMP, Hand,
    partner, team,
)
from .rules import BID_STEP, MAX_BID, MIN_BID, Rules, lowest_bid
from .refusals import ACTION_WORDS, PHASE_WORDS, Refusal, refusal, sentence
from .tricks import legal_mask
from . import rng

#: The bids of an auction: 70 to 230 (docs/rules.md 4).
BIDS = (MAX_BID - MIN_BID) // BID_STEP + 1

#: The most actions one hand can hold (docs/rules.md 4 to 8): the bids, each seat
#: leaving once (a pass or an announcement), a signal window for each seat at each bid
#: level, the trump, the cards, two Ghna answers after each trick but the last, a
#: proposal to abandon and its answer by each defender in each trick, and the next deal.
HAND_ACTIONS_MAX = BIDS + 4 + 4 * BIDS + 1 + len(CARDS) + 2 * (TRICKS - 1) + 2 * 2 * TRICKS + 1
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


def holds_ghna(hand: int, suit: int) -> bool:
    return hand & GHNA_MASK[suit] == GHNA_MASK[suit]


def ghna_suits(hand: int) -> list[int]:
    return [s for s in range(4) if hand & GHNA_MASK[s] == GHNA_MASK[s]]


class Game(Hand):
    """A game of Touti in progress (mutable; ``clone()`` for search): the public state of
    the hand in progress (:class:`touti_core.hand.Hand`), the seats' cards, and the game
    around the hand (the deals, the scores, the log)."""

    __slots__ = ("seed", "deal", "scores", "history", "hand_no", "winner", "log", "hands",
                 "last_hand", "hand_start")
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
    #: each seat's cards (masks)
    hands: list[int]

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
        self.start(dealer)
        self.hand_start = len(self.log) if self.log is not None else 0

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
    def legal_cards(self) -> int:
        """Mask of the cards the player to act may play (phase PLAY)."""
        seat = self.to_act
        assert seat is not None         # (inline, not .acting: every card played comes here)
        return legal_mask(self.hands[seat], self.trick, self.win_card, self.win_seat, seat,
                          self.trump, self.rules.overtrump)

    def ghna_options(self, seat: int) -> list[int]:
        """Suits whose Ghna ``seat`` may declare now (held, new, under the cap)."""
        hand = self.hands[seat]
        return [s for s in range(4)
                if hand & GHNA_MASK[s] == GHNA_MASK[s] and self.ghna_fits(s)]

    def ghna_held(self, seat: int) -> list[tuple[int, int, bool]]:
        """``(suit, value, fits)`` of each Ghna ``seat`` holds undeclared while its team
        may still declare one (it declares, and tricks remain): ``fits`` under the cap
        now (docs/rules.md 7)."""
        if self.trump < 0 or (self.declarer & 1) != (seat & 1) or len(self.tricks) >= TRICKS:
            return []
        out = []
        for s in ghna_suits(self.hands[seat]):
            if not self.ghna_done >> s & 1:
                value = ghna_value(s, self.trump)
                out.append((s, value, self.ghna_total + value <= self.cap))
        return out

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
        if code < A_BID:
            self.play(code)
            return
        seat = self.to_act
        if self.log is not None:
            self.log.append((seat, code))
        if code == A_NEXT_HAND:
            self._next_hand()
        else:
            self.act(seat, code)

    def play(self, c: int) -> None:
        """Play card ``c`` for the player to act (phase PLAY, a legal card)."""
        seat = self.to_act
        assert seat is not None         # (inline, not .acting: every card played comes here)
        if self.log is not None:
            self.log.append((seat, c))
        self.hands[seat] ^= BIT[c]
        self._play(seat, c)

    # what the hidden cards decide ------------------------------------------
    def _ghna_asked(self, winner: int) -> Optional[int]:
        if self.ghna_options(winner):
            return winner
        if self.ghna_options(winner ^ 2):
            return winner ^ 2
        return None

    def _ask_partner(self, seat: int) -> bool:
        return bool(self.ghna_options(seat ^ 2))

    def _declare_held_ghna(self) -> None:
        for seat, suit, _ in self.best_undeclared_ghna():
            self.declare_ghna(seat, suit)

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
    def _end_hand(self) -> None:
        result = self.result()
        if not result["cancelled"]:
            delta = result["delta"]
            self.scores[0] += delta[0]
            self.scores[1] += delta[1]
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
            return refusal("not_your_turn", {"to_act": self.to_act}, who=f"seat {self.to_act}")
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
        before = None
        if kind == "ghna" and self.phase in (PLAY, CONCESSION):
            before = self._ghna_timing(seat)
        elif kind == "signal" and self.phase == AUCTION:
            before = "wrong_phase.signal_window"
        msg = sentence("wrong_phase", action=ACTION_WORDS[kind], phase=PHASE_WORDS[phase],
                       before=sentence(before, contract=self.contract) if before else "")
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
            return refusal("card_not_in_hand", {"card": c}, card=card_words(c))
        trick = self.trick
        led = SUIT[trick[0]]
        w = self.win_card
        trump = self.trump
        legal = cards_in(self.legal_cards())
        words = {"card": card_words(c), "beaten": card_words(w), "legal": describe_list(legal),
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
