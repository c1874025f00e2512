"""What one seat may know: its own hand and the public history of the hand.

:class:`Knowledge` is built from exactly two inputs: the seat's own cards and
the list of this hand's actions (all public), plus the public frame (dealer,
rules, scores, phase, seat to act).  It is built the same way from a JSON
view (:func:`from_view`) and, without JSON, from an engine game
(:func:`from_game`, which reads only ``hands[seat]`` and the public log), so
no bot can see a hidden card.

Besides card tracking it derives the *hard evidence* the rules give about the
other hands (docs/rules.md 4, 6, 7):

- a player who did not follow suit holds no card of the led suit; one who
  neither followed nor trumped holds no trump;
- a player who followed without going higher, when obliged to, holds no card
  of the led suit above the card to beat; one who trumped under a trump, when
  obliged to overtrump, holds no higher trump;
- AS / COMPTE (announcement or signal, truthful rules): held an Ace / a Ghna
  when dealt;
- a declared Ghna: both cards are in that hand until played;
- a Ghna question: the engine asks only a player holding a declarable Ghna,
  so a ``no_ghna`` proves one is held, and a skipped question proves none.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple, Optional

from ...actions import (
    A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_BID, A_GHNA, A_NO_GHNA, A_NO_SIGNAL,
    A_PASS, A_REFUSE, A_SIGNAL, ANNOUNCEMENTS, SIGNALS, code_of,
)
from ...cards import ACE, BIT, FULL_DECK, GHNA_MASK, POINTS, SUIT, card, card_of
from ...facts import TRICKS
from ...hand import GHNA, PHASE_NAMES, Hand, partner, team
from ...rules import Rules
from ...tricks import ruled_out

if TYPE_CHECKING:
    from ...engine import Game

#: An action of the hand: (the seat that took it, None for ``next_hand``; its engine code).
Action = tuple[Optional[int], int]


class Fact(NamedTuple):
    """A fact the rules prove about seat ``seat``'s hand at some point of the hand: it
    held (``positive``) or did not hold one of the card sets ``alts`` (an Ace; a Ghna)
    together with ``since``, the cards it has played since."""

    seat: int
    alts: tuple[int, ...]
    since: int
    positive: bool


class PlayEvent(NamedTuple):
    """A card played by another seat and the public situation just before it (what the
    sensible-play model is asked about, :mod:`.play_reading`)."""

    seat: int
    card: int
    trick: tuple[int, ...]
    win_card: int
    win_seat: int
    #: every card played before it
    played: int
    #: the cards this seat had played before it
    played_by_seat: int
    #: the play-rule evidence on each seat then (:attr:`Knowledge.excl`, :attr:`Knowledge.must`)
    excl: tuple[int, ...]
    must: tuple[int, ...]
    ghna_total: int
    ghna_done: int


class Knowledge(Hand):
    """The information set of ``seat`` (see the module docstring): the public state of the
    hand (:class:`touti_core.hand.Hand`, replayed from the log), this seat's cards, and
    what the actions prove about the others'.  Cards are masks
    (:mod:`touti_core.cards`), seats ``0..3``, suits ``0..3``; -1 says "none yet"."""

    __slots__ = ("seat", "scores", "hand", "actions", "bids", "announced", "signals",
                 "first_pass_level", "played", "played_by", "counts", "refused", "excl",
                 "must", "cons", "events")
    seat: int
    #: the game's scores before this hand
    scores: tuple[int, ...]
    #: this seat's cards now
    hand: int
    #: every action of this hand so far, in order
    actions: tuple[Action, ...]
    # (the phase and the seat to act are the view's: who is asked about a Ghna is hidden)

    # ---- auction
    #: each seat's highest bid (0: none)
    bids: list[int]
    #: each seat's early announcement (its code, -1: none)
    announced: list[int]
    #: each seat's signals: (the highest bid then, code)
    signals: list[list[tuple[int, int]]]
    #: the highest bid when each seat left the auction (-1: still in)
    first_pass_level: list[int]

    # ---- play
    #: every card played, and each seat's
    played: int
    played_by: list[int]
    #: how many cards each seat holds now
    counts: tuple[int, ...]
    #: bit ``s`` when seat ``s`` refused a proposal to abandon in this hand
    refused: int

    # ---- hard evidence about the other hands (nothing about this seat's own)
    #: cards each seat cannot hold (voids, "could not go higher", ...)
    excl: list[int]
    #: cards each seat holds for sure (a declared Ghna not yet played)
    must: list[int]
    #: the facts about what a seat held (AS, COMPTE, Ghna questions)
    cons: tuple[Fact, ...]
    #: every card played by another seat, with the public situation before it
    events: tuple[PlayEvent, ...]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<Knowledge seat={self.seat} phase={PHASE_NAMES[self.phase]} actions={len(self.actions)}>"

    # ------------------------------------------------------------ queries
    @property
    def partner(self) -> int:
        return partner(self.seat)

    @property
    def unseen(self) -> int:
        """Cards neither in this hand nor played: the others hold them."""
        return FULL_DECK & ~self.hand & ~self.played

    def can(self, s: int) -> int:
        """Cards seat ``s`` may hold now (its own hand for this seat)."""
        if s == self.seat:
            return self.hand
        m = self.unseen & ~self.excl[s]
        for o in range(4):
            if o != s:
                m &= ~self.must[o]
        return m | self.must[s]

    def declaring(self, s: int) -> bool:
        """Is seat ``s`` on the declaring team?"""
        return self.declarer >= 0 and team(s) == team(self.declarer)

    def trick_points(self) -> int:
        return sum(POINTS[c] for c in self.trick)

    def signals_of(self, s: int) -> list[str]:
        """The announcement and signals seat ``s`` sent this hand, by name, in order."""
        out = [ANNOUNCEMENTS[self.announced[s] - A_ANNOUNCE_AS]] if self.announced[s] >= 0 else []
        out += [SIGNALS[c - A_SIGNAL] for _, c in self.signals[s] if c != A_NO_SIGNAL]
        return out


_FIELDS = Hand.__slots__ + Knowledge.__slots__
ACES = tuple(card(ACE, s) for s in range(4))


ACES_ALTS = tuple(BIT[a] for a in ACES)
GHNA_ALTS = tuple(GHNA_MASK)


def build(seat: int, hand: int, dealer: int, rules: Rules, scores: Iterable[int],
          actions: Iterable[Action], phase: int, to_act: Optional[int]) -> Knowledge:
    """Derive the information set from the seat's cards and this hand's public actions."""
    k = Knowledge.__new__(Knowledge)
    k.rules = rules
    k.start(dealer)
    k.seat = seat
    k.scores = tuple(scores)
    k.hand = hand
    k.actions = tuple(actions)
    k.bids = [0, 0, 0, 0]
    k.announced = [-1, -1, -1, -1]
    k.signals = [[], [], [], []]
    k.first_pass_level = [-1, -1, -1, -1]
    k.played = 0
    k.played_by = [0, 0, 0, 0]
    k.refused = 0
    k.excl = [0, 0, 0, 0]
    k.must = [0, 0, 0, 0]
    events: list[PlayEvent] = []
    cons: list[tuple[int, tuple[int, ...], int, bool]] = []   # (seat, alts, played_by[seat] then, positive)
    truthful = rules.truthful
    overtrump = rules.overtrump
    # Ghna window after a trick won by the declaring team: [winner, alts, stage]
    # (stage 0: nobody answered yet; stage 1: the winner declined)
    pending: list | None = None

    def fact(s: int, alts: tuple[int, ...], positive: bool) -> None:
        cons.append((s, alts, k.played_by[s], positive))

    for s, code in actions:
        assert s is not None            # (next_hand, the one action of no seat, ends a hand)
        if pending is not None:
            winner, alts, stage = pending
            is_q = A_GHNA <= code <= A_NO_GHNA
            pending = None
            if stage == 0:
                if is_q and s == winner:
                    if code == A_NO_GHNA:
                        fact(winner, alts, True)
                        pending = [winner, alts, 1]
                elif is_q and s == winner ^ 2:
                    fact(winner, alts, False)
                    if code == A_NO_GHNA:
                        fact(s, alts, True)
                else:
                    fact(winner, alts, False)
                    fact(winner ^ 2, alts, False)
            elif is_q and s == winner ^ 2:
                if code == A_NO_GHNA:
                    fact(s, alts, True)
            else:
                fact(winner ^ 2, alts, False)
        if code < A_BID:
            c = code
            trick = k.trick
            if s != seat:
                events.append(PlayEvent(s, c, tuple(trick), k.win_card, k.win_seat, k.played,
                                        k.played_by[s], tuple(k.excl), tuple(k.must),
                                        k.ghna_total, k.ghna_done))
            if trick:
                # what the play rules prove: a void, nothing higher, no trumps
                k.excl[s] |= ruled_out(c, SUIT[trick[0]], k.win_card, k.win_seat, s, k.trump,
                                       overtrump)
            done = len(k.tricks)
            k.act(s, c)
            k.played |= BIT[c]
            k.played_by[s] |= BIT[c]
            if len(k.tricks) > done:
                winner = k.leader
                if len(k.tricks) < TRICKS and (winner & 1) == (k.declarer & 1) \
                        and k.cap > k.ghna_total:
                    fits = [x for x in range(4) if k.ghna_fits(x)]
                    if fits:
                        pending = [winner, tuple(GHNA_MASK[x] for x in fits), 0]
            continue
        k.act(s, code)
        if code < A_PASS:
            k.bids[s] = k.high
        elif code == A_PASS or code == A_ANNOUNCE_AS or code == A_ANNOUNCE_COMPTE:
            k.first_pass_level[s] = k.high
            if code != A_PASS:
                k.announced[s] = code
                if truthful:
                    fact(s, ACES_ALTS if code == A_ANNOUNCE_AS else GHNA_ALTS, True)
        elif code <= A_NO_SIGNAL:
            k.signals[s].append((k.high, code))
            if truthful and code in (A_SIGNAL, A_SIGNAL + 1):
                fact(s, ACES_ALTS if code == A_SIGNAL else GHNA_ALTS, True)
        elif A_GHNA <= code < A_NO_GHNA:
            k.must[s] |= GHNA_MASK[code - A_GHNA]
        elif code == A_REFUSE:
            k.refused |= BIT[s]
    # a window still open at the end of the history: the phase tells who is asked
    if pending is not None:
        winner, alts, stage = pending
        asked = to_act if phase == GHNA else None
        if stage == 0:
            if asked == winner:
                fact(winner, alts, True)
            elif asked == winner ^ 2:
                fact(winner, alts, False)
                fact(winner ^ 2, alts, True)
            else:
                fact(winner, alts, False)
                fact(winner ^ 2, alts, False)
        elif asked == winner ^ 2:
            fact(winner ^ 2, alts, True)
        else:
            fact(winner ^ 2, alts, False)
    # the replay's phase and seat to act are the view's but around a Ghna question
    k.phase = phase
    k.to_act = to_act
    k.events = tuple(events)
    k.counts = tuple(TRICKS - k.played_by[s].bit_count() for s in range(4))
    for s in range(4):
        k.must[s] &= ~k.played
    # keep the constraints about the other seats, with the cards played since the event
    out = []
    for s, alts, before, positive in cons:
        if s == seat or not alts:
            continue
        out.append(Fact(s, alts, k.played_by[s] & ~before, positive))
    k.cons = tuple(dict.fromkeys(out))
    k.excl = [0 if s == seat else k.excl[s] for s in range(4)]
    k.must = [0 if s == seat else k.must[s] for s in range(4)]
    return k


def from_game(g: Game, seat: int) -> Knowledge:
    """The information set of ``seat`` in an engine game: its hand and the public log only."""
    if g.log is None:
        raise ValueError("the game keeps no log: clone it with log=True")
    return build(seat, g.hands[seat], g.dealer, g.rules, g.scores, g.log[g.hand_start:],
                 g.phase, g.to_act)


_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}


def from_view(view: dict) -> Knowledge:
    """The information set of a JSON view (``touti_core.api.view``)."""
    hand = 0
    for name in view["hand"]:
        hand |= BIT[card_of(name)]
    actions: list[Action] = []
    for a in view["hand_actions"]:
        actions.append((a.get("seat"), code_of(a)))
    return build(view["seat"], hand, view["dealer"], Rules.from_dict(view["rules"]),
                 view["scores"], actions, _PHASES[view["phase"]], view["to_act"])
