"""Hand evaluation for the auction: how many points a hand takes as declarer.

``card_points(hand, trump, forehand)`` is a linear model of the declaring
team's card points (cards won plus the 9a3a) when this hand declares with
that trump and the partner's hand is unknown.  Its weights are fitted by
simulation (``bench/calibrate_bidding.py``: thousands of random deals played
out by the normal bots with a fixed contract, least squares), and so are the
spread of the result and what the partner's signals are worth.  Ghna points
are counted apart, under the cap of the contract (``ghna_points``).
"""

from __future__ import annotations

import math
from operator import mul

from ...cards import ACE, BIT, CABAL, GHNA_MASK, GHNA_VALUE, REY, card

ACE_OF = tuple(card(ACE, s) for s in range(4))
THREE_OF = tuple(card(3, s) for s in range(4))
REY_OF = tuple(card(REY, s) for s in range(4))
CABAL_OF = tuple(card(CABAL, s) for s in range(4))
SOTA_OF = tuple(card(10, s) for s in range(4))

FEATURES = ("bias", "trumps", "trumps_over_3", "trumps_over_5", "trump_ace", "trump_three",
            "trump_rey", "trump_cabal", "trump_sota", "side_aces", "side_threes_with_ace",
            "side_threes_bare", "side_reys", "voids", "singletons", "forehand")

#: Fitted weights (bench/calibrate_bidding.py); see the module docstring.
WEIGHTS = (38.9, 3.3, 4.9, -4.3, 10.6, 8.2, 4.6, 3.5, 0.6, 10.0, 0.7, 3.3, 0.8, 5.2, -0.8, -0.1)
#: Standard deviation of the result around the model's estimate.
SIGMA = 21.0
#: What the partner's information is worth (points added to the estimate).
#: (A plain pass while the bidder is still in means no Ace and no Ghna: the bots
#: announce AS or COMPTE instead.  A first PASS signal means the same.)
PARTNER = {"AS": 4.0, "COMPTE": 2.0, "+10": 8.0, "PASS": -12.0, "PASS_late": -6.0,
           "bid": 10.0, "passed": -12.0}
#: Share of the Ghna held that gets declared in practice.
GHNA_RATE = 0.92


def _suit_facts(pattern: int) -> tuple:
    """One suit's cards (its 10 bits): ``(count, Ace, 3, Rey, Cabal, Sota, Ghna)``,
    each of the last six 1 when held."""
    def has(card_of_suit_0):
        return 1 if pattern & BIT[card_of_suit_0] else 0
    return (pattern.bit_count(), has(ACE_OF[0]), has(THREE_OF[0]), has(REY_OF[0]),
            has(CABAL_OF[0]), has(SOTA_OF[0]), 1 if pattern & GHNA_MASK[0] == GHNA_MASK[0] else 0)


#: ``_suit_facts`` of every pattern of a suit's ten cards
SUIT_FACTS = tuple(_suit_facts(p) for p in range(1024))


#: a suit's pattern -> the index of its ``SUIT_FACTS`` among the distinct ones: two
#: patterns of one index differ only in the low cards that the facts count, not name
_FACT_INDEX: dict = {}
SUIT_CLASS = tuple(_FACT_INDEX.setdefault(f, len(_FACT_INDEX)) for f in SUIT_FACTS)


def hand_class(hand: int) -> int:
    """The hand's four suits by their ``SUIT_CLASS``: two hands of one class have the
    same ``suit_facts``, so the same features, strength and Ghna, and every function of
    this module gives them the same value (the auction's readers memoise by it)."""
    return (SUIT_CLASS[hand & 0x3FF] | SUIT_CLASS[hand >> 10 & 0x3FF] << 9
            | SUIT_CLASS[hand >> 20 & 0x3FF] << 18 | SUIT_CLASS[hand >> 30 & 0x3FF] << 27)


def suit_facts(hand: int) -> tuple:
    """The ``SUIT_FACTS`` of the hand's four suits, by suit (each suit ten bits: cards.SUIT_MASK)."""
    return (SUIT_FACTS[hand & 0x3FF], SUIT_FACTS[hand >> 10 & 0x3FF],
            SUIT_FACTS[hand >> 20 & 0x3FF], SUIT_FACTS[hand >> 30 & 0x3FF])


def _whole_hand(facts: tuple) -> tuple:
    """Counted over the four suits' ``SUIT_FACTS``: ``(Aces, 3s beside their Ace, 3s
    without it, Reys, voids, singletons, Ghna)``."""
    aces = threes_with_ace = bare_threes = reys = voids = singles = ghna = 0
    for n, ace, three, rey, _, _, full in facts:
        aces += ace
        if three:
            if ace:
                threes_with_ace += 1
            else:
                bare_threes += 1
        reys += rey
        if n == 0:
            voids += 1
        elif n == 1:
            singles += 1
        ghna += full
    return aces, threes_with_ace, bare_threes, reys, voids, singles, ghna


def _features_with(trump: tuple, whole: tuple, forehand: bool) -> tuple:
    """``FEATURES`` from the trump suit's ``SUIT_FACTS`` and the ``_whole_hand`` counts:
    the side suits' are the whole hand's less the trump suit's."""
    n, ace, three, rey, cabal, sota, _ = trump
    aces, threes_with_ace, bare_threes, reys, voids, singles, _ = whole
    return (1, n, max(0, n - 3), max(0, n - 5), ace, three, rey, cabal, sota,
            aces - ace, threes_with_ace - (three & ace), bare_threes - (three & (1 - ace)),
            reys - rey, voids - (n == 0) if n else 0, singles - (n == 1) if n else 0,
            1 if forehand else 0)


def features(hand: int, trump: int, forehand: bool) -> tuple:
    """The hand's ``FEATURES`` with this trump, from its suits' ``SUIT_FACTS``."""
    facts = suit_facts(hand)
    return _features_with(facts[trump], _whole_hand(facts), forehand)


def card_points(hand: int, trump: int, forehand: bool, weights=None) -> float:
    """Expected card points (with the 9a3a) of the declaring team."""
    w = weights or WEIGHTS
    return sum(map(mul, w, features(hand, trump, forehand)))


def card_points_by_trump(hand: int, forehand: bool) -> list:
    """``card_points(hand, t, forehand)`` for the four trumps ``t``, to the last bit, the
    suits looked up and counted once."""
    facts = suit_facts(hand)
    whole = _whole_hand(facts)
    return [sum(map(mul, WEIGHTS, _features_with(trump, whole, forehand))) for trump in facts]


def ghna_values(hand: int, trump: int) -> list:
    """Values of the Ghna held, biggest first."""
    out = []
    for x in range(4):
        if hand & GHNA_MASK[x] == GHNA_MASK[x]:
            out.append(GHNA_VALUE[x == trump])
    out.sort(reverse=True)
    return out


def fit_cap(values, cap: int) -> int:
    """Ghna points that fit under the cap, declaring the biggest first."""
    total = 0
    for v in values:
        if total + v <= cap:
            total += v
    return total


def trump_values(hand: int, forehand: bool, cap: int) -> list:
    """By trump suit: the card points expected with it, plus the Ghna that would be
    declared (``GHNA_RATE`` of those that fit under ``cap``): how a declarer who knows
    only its own hand compares the suits."""
    return [card_points(hand, t, forehand) + GHNA_RATE * fit_cap(ghna_values(hand, t), cap)
            for t in range(4)]


SQRT2 = math.sqrt(2.0)


def normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / SQRT2))


def best_strength(hand: int, forehand: bool = False) -> float:
    """Card points plus the Ghna (uncapped) with the best trump: a hand's raw strength,
    ``max(card_points(hand, t, forehand) + sum(ghna_values(hand, t)))`` over the four
    suits, to the last bit.  The weighers call it for every deal they weigh, so the suits
    are looked up and counted once for the four trumps."""
    facts = suit_facts(hand)
    whole = _whole_hand(facts)
    ghna = whole[6]
    best = -1e9
    for trump in facts:
        full = trump[6]
        v = sum(map(mul, WEIGHTS, _features_with(trump, whole, forehand))) \
            + (GHNA_VALUE[True] * full + GHNA_VALUE[False] * (ghna - full))
        if v > best:
            best = v
    return best
