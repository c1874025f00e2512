"""Reading the auction: how likely a sampled deal is, given the bids, passes and trump.

The soft evidence of the auction (the hard evidence, AS and COMPTE, is the
sampler's).  Each other seat's bids and passes become *terms*, each weighing
the seat's hand at the deal:

- ``bid`` at B: a hand that makes B by the hand evaluation (:mod:`..model.handeval`)
  is likely, ``sigmoid((strength + 12 - B) / soft_t)``;
- ``pass`` when B was the lowest bid open: the other way round;
- ``declared``: the contract, read with the named trump and its Ghna;
- ``quiet``: a seat that left the auction, or signalled +10 or PASS first,
  without announcing holds no Ace and no Ghna by the bots' conventions (a hand
  that breaks them weighs ``conventions``);
- ``model``: an opponent the table names a normal bot is read exactly, by
  replaying the normal bot's own auction (:func:`..model.bidding.auction`) on
  each sampled hand: a hand on which it would have bid otherwise weighs
  ``model_eps``.  With that replay only, an early announcement is read as the
  pass it counts as, and the auction's deals come from a larger pool
  (``bid_pool``): both were measured with it;
- a seat the table names nobody is read by that replay too once the earlier
  hands of the game show it plays as the normal bot with chance ``learn`` or
  more (:mod:`.table_memory`), and, while no earlier decision of it differed
  from the normal bot's, once it or its partner sent +10 or PASS as a first
  signal (``read_signs``): signals the easy bot never sends, and one of which
  the normal bot sends whenever it has nothing to announce.

A seat's terms depend on its hand alone, and on it only through its suits'
facts (:func:`..model.handeval.hand_class`: the low cards of a suit are only
counted), so each seat's factor is worked out once per class of hand met
(:func:`.worlds.by_hand`).
"""

from __future__ import annotations

import math
from typing import Union

from ...cards import ACES_MASK, GHNA_MASK
from ...engine import (
    A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_BID, A_NO_SIGNAL, A_PASS, A_SIGNAL, AUCTION, bid_codes,
    lowest_bid, partner,
)
from ..base import Seating
from ..model import bidding, handeval as he
from ..settings import NormalSettings, StrongSettings
from .knowledge import Knowledge, build
from .table_memory import Seen, chance_normal
from .worlds import Weigh, by_hand

SIG_PLUS10, SIG_PASS = A_SIGNAL + 2, A_SIGNAL + 3
_LEAVES = (A_PASS, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE)
#: the normal bot whose auction is replayed (its own settings, whatever the reader's)
REPLAYED = NormalSettings()

#: A replayed decision: (the seat's knowledge then, without its hand; the bids and pass it
#: could choose from; what it did: the bid, or A_PASS for a pass or an announcement)
Replayed = tuple[Knowledge, list[int], int]
#: One term: (seat, kind, the amount read, or the replayed decision for "model")
Term = tuple[int, str, Union[int, Replayed]]


def sigmoid(x: float) -> float:
    """``1 / (1 + exp(-x))``, 0 far below -30."""
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class AuctionReading:
    """How the strong bot, told ``table`` (who plays each seat), reads the auction."""

    def __init__(self, settings: StrongSettings, table: Seating = None,
                 seen: Seen | None = None) -> None:
        self.settings = settings
        self.table = table
        self.seen = seen

    def replays_seat(self, s: int, k: Knowledge | None = None) -> bool:
        """Whether seat ``s``'s auction is read by replaying the normal bot's (``read_model``:
        when the table says ``s`` is a normal bot, the earlier hands read it as one, or,
        with ``read_signs`` and ``k`` the hand so far, it (or, with ``read_signs=2``, its
        partner) signed as one: :meth:`signed`)."""
        if not self.settings.read_model:
            return False
        return self.level(s) == bidding.LEVEL or (k is not None and self.signed(s, k))

    def signed(self, s: int, k: Knowledge) -> bool:
        """Whether seat ``s``, open to its signs (:meth:`open_to_signs`), sent +10 or PASS
        as its first signal of this hand, or, with ``read_signs=2``, its partner, open to
        them too, did.  Only under the rules the conventions hold in (signals on, AS and
        COMPTE truthful): there the easy bot never sends either, and the normal bot's
        first signal (its conventions, its default settings) is one of AS, COMPTE, +10
        and PASS.  ``read_signs`` other than 1 or 2: never."""
        signs = self.settings.read_signs
        if signs not in (1, 2) or not (k.rules.signals and k.rules.truthful) \
                or not self.open_to_signs(s):
            return False
        t = partner(s)
        seats = (s, t) if signs == 2 and self.open_to_signs(t) else (s,)
        return any(first_signal(k, x) in (SIG_PLUS10, SIG_PASS) for x in seats)

    def open_to_signs(self, s: int) -> bool:
        """Whether seat ``s`` may be read by its signs: the table names nobody there (or
        ``told`` is off), and no decision of it in the game's earlier hands differed from
        the normal bot's (none seen, or too few agreeing for ``learn``)."""
        if self.named(s) is not None:
            return False
        seen = self.seen[s] if self.seen else None
        return seen is None or seen[1] == 0

    def named(self, s: int) -> str | None:
        """Who the table says plays seat ``s`` (None: a person, nobody known, or ``told``
        off)."""
        table = self.table if self.settings.told else None
        return table[s] if table else None

    def level(self, s: int) -> str | None:
        """Who plays seat ``s`` as the table says (:meth:`named`); a seat it names nobody,
        the normal bot when the earlier hands (``seen``) make that ``learn`` likely or
        more."""
        named = self.named(s)
        seen = self.seen[s] if self.seen else None
        if named is None and self.settings.learn and seen is not None \
                and chance_normal(seen[0], seen[1], self.settings.model_eps) >= self.settings.learn:
            return bidding.LEVEL
        return named

    def replays(self, k: Knowledge) -> bool:
        """Whether an opponent of ``k``'s seat is read by replay.  ``bid_pool`` and
        ``read_announced`` were measured with that reading and apply with it; without it
        (people, other bots, nobody known, unless it signed as a normal bot) the auction
        is read as the strong bot before the replay read it: no pool, an announcement not
        read."""
        return self.replays_seat(k.seat ^ 1, k) or self.replays_seat(k.seat ^ 3, k)

    def replayed_seats(self, k: Knowledge) -> dict[int, list[Replayed]]:
        """Seat -> its auction decisions so far (:data:`Replayed`), for the opponents read
        by replay, until the trump is named (from then on the contract's soft term reads
        the declarer)."""
        if k.trump >= 0:
            return {}
        replayed = {s for s in (k.seat ^ 1, k.seat ^ 3) if self.replays_seat(s, k)}
        out: dict[int, list[Replayed]] = {}
        for j, (s, code) in enumerate(k.actions):
            if s not in replayed or not A_BID <= code <= A_ANNOUNCE_COMPTE:
                continue
            then = build(s, 0, k.dealer, k.rules, k.scores, k.actions[:j], AUCTION, s)
            out.setdefault(s, []).append((then, bid_codes(then.high) + [A_PASS],
                                          code if code < A_PASS else A_PASS))
        return out

    def terms(self, k: Knowledge) -> list[Term]:
        """The soft evidence of the auction (see the module docstring)."""
        terms: list[Term] = []
        replayed = self.replayed_seats(k)
        read_announced = self.settings.read_announced and self.replays(k)
        for s in range(4):
            if s == k.seat:
                continue
            if s == k.declarer and k.trump >= 0:
                terms.append((s, "declared", k.contract))
            elif s in replayed:
                terms.extend((s, "model", d) for d in replayed[s])
            elif k.bids[s]:
                terms.append((s, "bid", k.bids[s]))
            elif k.first_pass_level[s] >= 0 and (k.announced[s] < 0 or read_announced) and \
                    (k.first_pass_level[s] == 0 or k.high_seat != partner(s)) and \
                    not partner_held_before_pass(k, s):
                terms.append((s, "pass", lowest_bid(k.first_pass_level[s])))
            # the bots' conventions: a player who holds an Ace or a Ghna says so (an
            # announcement instead of a plain pass while its partner may bid, AS or
            # COMPTE before +10 or PASS at its first signal)
            if k.rules.signals and k.rules.truthful and self.settings.conventions \
                    and k.announced[s] < 0 \
                    and (quiet_pass(k, s) or first_signal(k, s) in (SIG_PLUS10, SIG_PASS)):
                terms.append((s, "quiet", 0))
        return terms

    def term_fit(self, k: Knowledge, kind: str, s: int, amount: float, h0: int) -> float:
        """How well hand ``h0`` (seat ``s``'s at the deal) fits one term ``bid``, ``pass``
        or ``declared``: ``z``, the term weighs ``sigmoid(z)``."""
        fore = s == (k.dealer + 1) % 4
        soft_t = self.settings.soft_t
        if kind == "declared":
            st = he.card_points(h0, k.trump, fore) + he.fit_cap(he.ghna_values(h0, k.trump), k.cap)
            return (st + 12 - amount) / soft_t
        st = he.best_strength(h0, fore)
        if kind == "bid":
            return (st + 12 - amount) / soft_t
        return (amount - st - 4) / soft_t

    def weigher(self, k: Knowledge) -> Weigh | None:
        """How well a deal's hands fit the bids, passes and trump choice (None: no term)."""
        terms = self.terms(k)
        if not terms:
            return None
        played_by = k.played_by
        quiet = self.settings.conventions
        model_eps = self.settings.model_eps
        fit = self.term_fit

        by_seat: dict[int, list[Term]] = {}
        for t in terms:
            by_seat.setdefault(t[0], []).append(t)

        def factor(s: int, h0: int) -> float:
            w = 1.0
            for _, kind, amount in by_seat[s]:
                if kind == "quiet":
                    if h0 & ACES_MASK or any(h0 & g == g for g in GHNA_MASK):
                        w *= quiet
                    continue
                if isinstance(amount, tuple):           # "model": the normal bot replayed
                    then, legal, did = amount
                    if bidding.auction(then, legal, REPLAYED, h0)[0] != did:
                        w *= model_eps
                    continue
                w *= sigmoid(fit(k, kind, s, amount, h0))
            return w

        # every term reads the hand by its suits' facts alone (handeval), so hands of one
        # class weigh alike: worked out once per class, not once per hand
        hand_class = he.hand_class
        return by_hand(sorted(by_seat), lambda s, h: factor(s, h | played_by[s]),
                       lambda s, h: hand_class(h | played_by[s]))


def quiet_pass(k: Knowledge, s: int) -> bool:
    """Did ``s`` leave the auction by a plain pass while its partner could still bid?"""
    inm = 15
    for seat, code in k.auction:
        if code in _LEAVES:
            if seat == s:
                return code == A_PASS and bool(inm >> partner(s) & 1)
            inm &= ~(1 << seat)
    return False


def first_signal(k: Knowledge, s: int) -> int:
    """The first signal ``s`` sent (a code), or -1."""
    for _, code in k.signals[s]:
        if code != A_NO_SIGNAL:
            return code
    return -1


def partner_held_before_pass(k: Knowledge, s: int) -> bool:
    """Did seat ``s``'s partner hold the highest bid when ``s`` passed?"""
    high_seat = -1
    for seat, code in k.auction:
        if A_BID <= code < A_PASS:
            high_seat = seat
        elif seat == s and code in _LEAVES:
            return high_seat == partner(s)
    return False
