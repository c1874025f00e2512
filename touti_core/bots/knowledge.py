"""What one seat may know: its own hand and the public history of the hand.

:class:`Knowledge` is built from exactly two inputs: the seat's own cards and
the list of this hand's actions (all public), plus the public frame (dealer,
rules, scores, phase, seat to act).  It is built the same way from a JSON
view (:func:`from_view`) and, without JSON, from an engine game
(:func:`from_game`, which reads only ``hands[seat]`` and the public log), so
no bot can see a hidden card.

Besides card tracking it derives the *hard evidence* the rules give about the
other hands (RULES.md 4, 6, 7):

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

from ..cards import ACE, BIT, FULL_DECK, GHNA_MASK, GHNA_VALUE, POINTS, SUIT, card
from ..api import code_of
from ..engine import (
    A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_CONCEDE, A_GHNA,
    A_NO_GHNA, A_NO_SIGNAL, A_PASS, A_REFUSE, A_SIGNAL, A_TRUMP, ANNOUNCEMENTS,
    GHNA, PHASE_NAMES, SIGNALS, TRUMP, bid_amount,
)
from ..rules import Rules
from ..tricks import beats, ruled_out

ACES = tuple(card(ACE, s) for s in range(4))


class Knowledge:
    """The information set of ``seat`` (see the module docstring)."""

    __slots__ = (
        "seat", "rules", "dealer", "scores", "hand", "phase", "to_act", "actions",
        # auction
        "auction", "high", "high_seat", "in_mask", "bids", "announced", "signals",
        "first_pass_level",
        # contract
        "declarer", "contract", "cap", "trump",
        # play
        "leader", "trick", "win_card", "win_seat", "tricks", "won", "ghna",
        "ghna_total", "ghna_done", "played", "played_by", "counts", "proposed",
        "proposer", "refused",
        # evidence about the other hands
        "excl", "must", "cons",
        # every card played by another seat, with the public situation before it
        "events",
    )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Knowledge) and all(
            getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<Knowledge seat={self.seat} phase={PHASE_NAMES[self.phase]} actions={len(self.actions)}>"

    # ------------------------------------------------------------ queries
    @property
    def partner(self) -> int:
        return self.seat ^ 2

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

    def initial_hand_extra(self, s: int) -> int:
        return self.played_by[s]

    def declaring(self, s: int) -> bool:
        return self.declarer >= 0 and (s & 1) == (self.declarer & 1)

    def points(self) -> list[int]:
        p = self.won[:]
        if self.declarer >= 0:
            p[self.declarer & 1] += self.ghna_total
        return p

    def trick_points(self) -> int:
        return sum(POINTS[c] for c in self.trick)

    def partner_signals(self) -> list[str]:
        """Signals and announcements the partner sent this hand (names)."""
        p = self.seat ^ 2
        out = [ANNOUNCEMENTS[self.announced[p] - A_ANNOUNCE_AS]] if self.announced[p] >= 0 else []
        out += [SIGNALS[c - A_SIGNAL] for _, c in self.signals[p] if c != A_NO_SIGNAL]
        return out

    def signals_of(self, s: int) -> list[str]:
        out = [ANNOUNCEMENTS[self.announced[s] - A_ANNOUNCE_AS]] if self.announced[s] >= 0 else []
        out += [SIGNALS[c - A_SIGNAL] for _, c in self.signals[s] if c != A_NO_SIGNAL]
        return out


class PlayEvent(tuple):
    """A card played by another seat and the public situation just before it:
    (seat, card, trick, win_card, win_seat, played, played_by_seat, excl, must,
    ghna_total, ghna_done)."""

    __slots__ = ()

    def __new__(cls, *fields):
        return tuple.__new__(cls, fields)


ACES_ALTS = tuple(BIT[a] for a in ACES)
GHNA_ALTS = tuple(GHNA_MASK)


def _fitting(k: "Knowledge") -> tuple:
    """Suits whose Ghna would still fit under the cap and is not yet declared."""
    return tuple(x for x in range(4) if not k.ghna_done >> x & 1
                 and k.ghna_total + GHNA_VALUE[x == k.trump] <= k.cap)


def build(seat: int, hand: int, dealer: int, rules: Rules, scores, actions, phase: int,
          to_act) -> Knowledge:
    """Derive the information set from the seat's cards and this hand's public actions."""
    k = Knowledge.__new__(Knowledge)
    k.seat = seat
    k.rules = rules
    k.dealer = dealer
    k.scores = tuple(scores)
    k.hand = hand
    k.phase = phase
    k.to_act = to_act
    k.actions = tuple(actions)
    k.auction = []
    k.high = 0
    k.high_seat = -1
    k.in_mask = 15
    k.bids = [0, 0, 0, 0]
    k.announced = [-1, -1, -1, -1]
    k.signals = [[], [], [], []]
    k.first_pass_level = [-1, -1, -1, -1]
    k.declarer = -1
    k.contract = 0
    k.cap = 0
    k.trump = -1
    k.leader = (dealer + 1) % 4
    k.trick = []
    k.win_card = -1
    k.win_seat = -1
    k.tricks = []
    k.won = [0, 0]
    k.ghna = []
    k.ghna_total = 0
    k.ghna_done = 0
    k.played = 0
    k.played_by = [0, 0, 0, 0]
    k.proposed = 0
    k.proposer = -1
    k.refused = 0
    k.excl = [0, 0, 0, 0]
    k.must = [0, 0, 0, 0]
    events = []
    cons = []   # (seat, alts, played_by[seat] at the event, positive)
    truthful = rules.truthful
    overtrump = rules.overtrump
    # Ghna window after a trick won by the declaring team: [winner, alts, stage]
    # (stage 0: nobody answered yet; stage 1: the winner declined)
    pending = None

    def fact(s: int, alts: tuple, positive: bool) -> None:
        cons.append((s, alts, k.played_by[s], positive))

    for s, code in actions:
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
        if code < 40:
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
                if beats(c, k.win_card, k.trump):
                    k.win_card, k.win_seat = c, s
            else:
                k.leader = s
                k.win_card, k.win_seat = c, s
            trick.append(c)
            k.played |= BIT[c]
            k.played_by[s] |= BIT[c]
            if len(trick) == 4:
                winner = k.win_seat
                pts = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
                k.won[winner & 1] += pts
                k.tricks.append((k.leader, tuple(trick), winner, pts))
                k.trick = []
                k.leader = winner
                k.proposed = 0
                k.refused = 0
                if len(k.tricks) == 10:
                    k.won[winner & 1] += 10
                elif (winner & 1) == (k.declarer & 1) and k.cap > k.ghna_total:
                    fits = _fitting(k)
                    if fits:
                        pending = [winner, tuple(GHNA_MASK[x] for x in fits), 0]
            continue
        if code < A_PASS:
            k.auction.append((s, code))
            k.high, k.high_seat = bid_amount(code), s
            k.bids[s] = k.high
        elif code == A_PASS or code == A_ANNOUNCE_AS or code == A_ANNOUNCE_COMPTE:
            k.auction.append((s, code))
            k.in_mask &= ~BIT[s]
            k.first_pass_level[s] = k.high
            if code != A_PASS:
                k.announced[s] = code
                if truthful:
                    fact(s, ACES_ALTS if code == A_ANNOUNCE_AS else GHNA_ALTS, True)
        elif code <= A_NO_SIGNAL:
            k.auction.append((s, code))
            k.signals[s].append((k.high, code))
            if truthful and code in (A_SIGNAL, A_SIGNAL + 1):
                fact(s, ACES_ALTS if code == A_SIGNAL else GHNA_ALTS, True)
        elif code < A_GHNA:
            k.declarer = s
            k.contract = k.high
            k.cap = rules.cap(k.high)
            k.trump = code - A_TRUMP
            k.leader = (dealer + 1) % 4
        elif code < A_NO_GHNA:
            x = code - A_GHNA
            value = GHNA_VALUE[x == k.trump]
            k.ghna.append((s, x, value))
            k.ghna_total += value
            k.ghna_done |= 1 << x
            k.must[s] |= GHNA_MASK[x]
        elif code == A_CONCEDE:
            k.proposed |= BIT[s]
            k.proposer = s
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
                fact(asked, alts, True)
            else:
                fact(winner, alts, False)
                fact(winner ^ 2, alts, False)
        elif asked == winner ^ 2:
            fact(asked, alts, True)
        else:
            fact(winner ^ 2, alts, False)
    if k.declarer < 0 and phase == TRUMP:
        # the auction is over and the declarer is naming trumps: the contract is known
        k.declarer = k.high_seat
        k.contract = k.high
        k.cap = rules.cap(k.high)
    k.events = tuple(events)
    k.counts = tuple(10 - k.played_by[s].bit_count() for s in range(4))
    for s in range(4):
        k.must[s] &= ~k.played
    # keep the constraints about the other seats, with the cards played since the event
    out = []
    for s, alts, before, positive in cons:
        if s == seat or not alts:
            continue
        out.append((s, alts, k.played_by[s] & ~before, positive))
    k.cons = tuple(dict.fromkeys(out))
    k.excl = [0 if s == seat else k.excl[s] for s in range(4)]
    k.must = [0 if s == seat else k.must[s] for s in range(4)]
    return k




def from_game(g, seat: int) -> Knowledge:
    """The information set of ``seat`` in an engine game: its hand and the public log only."""
    if g.log is None:
        raise ValueError("the game keeps no log: clone it with log=True")
    return build(seat, g.hands[seat], g.dealer, g.rules, g.scores, g.log[g.hand_start:],
                 g.phase, g.to_act)


_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}


def from_view(view: dict) -> Knowledge:
    """The information set of a JSON view (``touti_core.api.view``)."""
    from ..cards import card_of
    hand = 0
    for name in view["hand"]:
        hand |= BIT[card_of(name)]
    actions = []
    for a in view["hand_actions"]:
        actions.append((a.get("seat"), code_of(a)))
    return build(view["seat"], hand, view["dealer"], Rules.from_dict(view["rules"]),
                 view["scores"], actions, _PHASES[view["phase"]], view["to_act"])
