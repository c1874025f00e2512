"""The rule facts a front end shows, as data (the rules page, the lesson):
the ranks by strength, the card points, the bids, the Ghna values and the cap
of each contract under each cap variant.  They come from the modules that
define them (cards, rules, engine), so a page that shows them repeats no rule.

>>> f = facts()
>>> f["strength"][:3], f["points"]["1"], f["hand_points"]
([1, 3, 12], 11, 130)
>>> f["caps"]["standard"]["90"]
40
"""

from __future__ import annotations

from .cards import GHNA_VALUE, POINTS, RANK_POINTS, STRENGTH_ORDER
from .rules import BID_STEP, GHNA_CAPS, MAX_BID, MIN_BID, Rules, lowest_bid

#: The tricks of a hand: each seat is dealt ten cards (docs/rules.md 3).
TRICKS = 10
#: The points of the last trick (docs/rules.md 9, the 9a3a).
LAST_TRICK = 10
#: The card points of the deck (120) and of a hand with the last trick (130).
DECK_POINTS = sum(POINTS)
HAND_POINTS = DECK_POINTS + LAST_TRICK


def facts() -> dict:
    """The rule facts, JSON-ready (keys of numbers as strings)."""
    ranks = list(reversed(STRENGTH_ORDER))           # the strongest first
    bids = list(range(lowest_bid(0), MAX_BID + 1, BID_STEP))
    return {
        "strength": ranks,
        "points": {str(r): RANK_POINTS.get(r, 0) for r in ranks},
        "card_points": DECK_POINTS,
        "last_trick": LAST_TRICK,
        "hand_points": HAND_POINTS,
        "bids": {"min": MIN_BID, "max": MAX_BID, "step": BID_STEP},
        "ghna": {"trump": GHNA_VALUE[True], "other": GHNA_VALUE[False]},
        "caps": {cap: {str(b): min(Rules(ghna_cap=cap).cap(b), 1000) for b in bids}
                 for cap in GHNA_CAPS},
        "target": Rules().target,
    }
