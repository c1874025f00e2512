"""The play of a trick on card masks (docs/rules.md 6): which cards a seat may play,
which card takes the trick, and what a card played proves about the hand it came from.

This is the one home of these rules: the engine (``Game.legal_cards``,
``Game.play``) and the bots' fast paths (playouts, the exact search, the
information set) call them.  A trick is the list of its cards in the order
played; ``win_card`` and ``win_seat`` are the card now winning it and who
played it; ``overtrump`` is the rule set's switch (docs/rules.md, Variants).

>>> from .cards import card_of
>>> coins = 0                                 # trumps: coins
>>> beats(card_of("4O"), card_of("1C"), coins)      # a trump takes a cup
True
>>> beats(card_of("12C"), card_of("1C"), coins)     # the Ace of cups is higher
False
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ABOVE, CARDS, SUIT, SUIT_MASK

#: ``BEATERS[trump][w]``: the cards that take a trick from ``w``, the card now winning
#: it, when ``trump`` is the trump suit: a higher card of ``w``'s suit, and every trump
#: when ``w`` is not one.  A discard never wins (docs/rules.md 6).
BEATERS = tuple(tuple(ABOVE[w] | (0 if SUIT[w] == t else SUIT_MASK[t]) for w in CARDS)
                for t in range(4))


def beats(c: int, w: int, trump: int) -> bool:
    """Does card ``c`` take the trick from ``w``, the card now winning it?"""
    return bool(BEATERS[trump][w] >> c & 1)


def must_overtrump(win_seat: int, seat: int, overtrump: str) -> bool:
    """When a trump wins the trick and ``seat`` trumps too, must it go higher if it can?
    Always, not over its partner, or never, by the rule set (docs/rules.md 6 and Variants)."""
    return overtrump == "always" or (overtrump == "not_over_partner" and win_seat != seat ^ 2)


def legal_mask(hand: int, trick: Sequence[int], win_card: int, win_seat: int, seat: int,
               trump: int, overtrump: str = "always") -> int:
    """The cards of ``hand`` that ``seat`` may play to ``trick`` (docs/rules.md 6): follow suit,
    higher than the card to beat unless a trump already wins a trick led in another
    suit; else trump, over a winning trump when the rule says so; else any card.

    >>> from .cards import card_of, mask_of, scan, NAMES
    >>> hand = mask_of(card_of(n) for n in ("3O", "1O", "5C"))
    >>> trick = [card_of("2C"), card_of("4O")]      # cups led, trumped with the 4 of coins
    >>> [NAMES[c] for c in scan(legal_mask(hand, trick, trick[1], 1, 2, 0))]   # follow suit
    ['5C']
    >>> hand = mask_of(card_of(n) for n in ("3O", "1O", "5E"))                 # no cups
    >>> [NAMES[c] for c in scan(legal_mask(hand, trick, trick[1], 1, 2, 0))]   # overtrump
    ['3O', '1O']
    """
    if not trick:
        return hand
    led = SUIT[trick[0]]
    m = hand & SUIT_MASK[led]
    if m:
        if led != trump and SUIT[win_card] == trump:
            return m            # the trick is trumped: any card of the led suit
        return (m & ABOVE[win_card]) or m
    t = hand & SUIT_MASK[trump]
    if t:
        if SUIT[win_card] == trump and must_overtrump(win_seat, seat, overtrump):
            return (t & ABOVE[win_card]) or t
        return t
    return hand


def ruled_out(c: int, led: int, win_card: int, win_seat: int, seat: int, trump: int,
              overtrump: str) -> int:
    """The cards that ``seat``, having played ``c`` to a trick led in suit ``led`` that
    ``win_card`` was winning, cannot hold: had it held one, the rules (:func:`legal_mask`)
    would have made it play one.  A seat that does not follow is void in the led suit,
    and without trumps if it does not trump either; one that follows, or trumps, under
    the card to beat when it had to go higher holds nothing higher.

    >>> from .cards import card_of, SUIT_MASK
    >>> ruled_out(card_of("4O"), 1, card_of("1C"), 0, 1, 0, "always") == SUIT_MASK[1]
    True
    """
    out = 0
    if SUIT[c] == led:
        if (led == trump or SUIT[win_card] != trump) and c < win_card:
            out = ABOVE[win_card]                       # did not go higher: could not
    else:
        out = SUIT_MASK[led]                            # did not follow: void
        if SUIT[c] == trump:
            if SUIT[win_card] == trump and c < win_card and \
                    must_overtrump(win_seat, seat, overtrump):
                out |= ABOVE[win_card]                  # did not overtrump: could not
        else:
            out |= SUIT_MASK[trump]                     # did not trump: no trumps
    return out
