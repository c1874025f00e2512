"""Cards of the 40-card Spanish deck, as small integers.

A card is an ``int`` ``c`` in ``0..39``: ``c // 10`` is its suit (0..3 for
``O C E B``) and ``c % 10`` its strength inside the suit, weakest first
(2, 4, 5, 6, 7, 10, 11, 12, 3, 1).  So, inside one suit, a larger number is a
stronger card, and a set of cards is a 40-bit mask (bit ``c``).

>>> card_of("12E"), name_of(card_of("3C"))
(27, '3C')
>>> describe(card_of("1O"))
'the Ace of coins'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard

SUIT_LETTERS = "OCEB"
SUIT_NAMES = ("coins", "cups", "swords", "clubs")
SUIT_NAMES_ES = ("oros", "copas", "espadas", "bastos")

#: Ranks from the weakest to the strongest (docs/rules.md 1).
STRENGTH_ORDER = (2, 4, 5, 6, 7, 10, 11, 12, 3, 1)
#: Ranks in notation order.
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
RANK_POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
RANK_NAMES = {1: "Ace", 10: "Sota", 11: "Cabal", 12: "Rey"}

REY, CABAL, ACE = 12, 11, 1

CARDS = range(40)
RANK = tuple(STRENGTH_ORDER[c % 10] for c in CARDS)
SUIT = tuple(c // 10 for c in CARDS)
POINTS = tuple(RANK_POINTS.get(RANK[c], 0) for c in CARDS)
BIT = tuple(1 << c for c in CARDS)
SUIT_MASK = tuple(0x3FF << (10 * s) for s in range(4))
FULL_DECK = (1 << 40) - 1
#: ABOVE[c]: the cards of c's suit that beat c.
ABOVE = tuple(SUIT_MASK[SUIT[c]] & ~((BIT[c] << 1) - 1) for c in CARDS)
NAMES = tuple(f"{RANK[c]}{SUIT_LETTERS[SUIT[c]]}" for c in CARDS)
_BY_NAME = {n: c for c, n in enumerate(NAMES)}


def card(rank: int, suit: int) -> int:
    """The card of this rank (1..12) and suit index (0..3)."""
    return suit * 10 + STRENGTH_ORDER.index(rank)


#: Rey + Cabal of each suit, as a mask.
GHNA_MASK = tuple(BIT[card(REY, s)] | BIT[card(CABAL, s)] for s in range(4))
#: What a Ghna is worth (docs/rules.md 7): ``GHNA_VALUE[suit == trump]``, 20 or 40.
GHNA_VALUE = (20, 40)


def ghna_value(suit: int, trump: int) -> int:
    """A Ghna is worth 40 in the trump suit, 20 in another (docs/rules.md 7).

    >>> ghna_value(2, 2), ghna_value(0, 2)
    (40, 20)
    """
    return GHNA_VALUE[suit == trump]


ACES_MASK = sum(BIT[card(ACE, s)] for s in range(4))
#: the Ace and the 3 of each suit (the cards worth 10 or 11), as masks, and all eight.
TOPS = tuple(BIT[card(ACE, s)] | BIT[card(3, s)] for s in range(4))
TOPS_MASK = TOPS[0] | TOPS[1] | TOPS[2] | TOPS[3]


def card_of(name: str) -> int:
    """Parse the notation ``"12E"``; raises ``KeyError`` for anything else."""
    return _BY_NAME[name]


def name_of(c: int) -> str:
    return NAMES[c]


def is_card_name(name: object) -> TypeGuard[str]:
    return isinstance(name, str) and name in _BY_NAME


def card_words(c: int) -> str:
    """A card in words, without the article: ``Rey of swords``."""
    rank = RANK[c]
    return f"{RANK_NAMES.get(rank, str(rank))} of {SUIT_NAMES[SUIT[c]]}"


def describe(c: int) -> str:
    """Player's words for a card: ``the Rey of swords``."""
    return "the " + card_words(c)


def describe_list(cards: list[int]) -> str:
    words = [describe(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def cards_in(mask: int) -> list[int]:
    """Cards of a mask, sorted for display: by suit (O C E B), strongest first."""
    out = []
    for s in range(4):
        m = (mask >> (10 * s)) & 0x3FF
        base = 10 * s
        for i in range(9, -1, -1):
            if m >> i & 1:
                out.append(base + i)
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards.

    >>> mask_of([0, 2]) == BIT[0] | BIT[2]
    True
    """
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def scan(mask: int) -> list[int]:
    """The cards of a mask, lowest bit first (within a suit: weakest first).  The one
    scan of the bit masks, for the bots' hot loops; :func:`cards_in` gives the display order.

    >>> scan(BIT[21] | BIT[3] | BIT[9])
    [3, 9, 21]
    """
    out = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out


def low_card(mask: int) -> int:
    """The lowest card of a non-empty mask (within a suit: the weakest)."""
    return (mask & -mask).bit_length() - 1


def high_card(mask: int) -> int:
    """The highest card of a non-empty mask (within a suit: the strongest)."""
    return mask.bit_length() - 1


def suit_of_letter(letter: str) -> int:
    return SUIT_LETTERS.index(letter)


def display_order(hand: list[str], trump: str | None = None) -> list[str]:
    """A hand (card names) as a player sorts it: trumps first once named, then
    coins, cups, swords, clubs, the strongest first in each suit.

    >>> display_order(["1O", "3E", "12E", "4O"], "E")
    ['3E', '12E', '1O', '4O']
    """
    lead = SUIT_LETTERS.index(trump) if trump else -1

    def key(name: str) -> tuple:
        c = _BY_NAME[name]
        return (SUIT[c] != lead, SUIT[c], -c)
    return sorted(hand, key=key)
