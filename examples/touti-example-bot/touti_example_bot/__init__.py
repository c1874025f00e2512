"""An example Touti bot: the whole interface is ``choose(view, legal)`` and ``name``.

``view`` is what the bot's seat may know (its own hand, the public history,
the scores: the engine's ``touti-view/1``), ``legal`` the actions it may take
now; ``choose`` returns one of them.  This bot reads only the view:

- auction: bids the lowest bid once, when it holds at least three Aces and
  Threes and a suit of four cards or more, else passes; no signal;
- trumps: its longest suit (the most points among equals);
- cards: leads an Ace of a plain suit, else its cheapest card; when its
  partner is winning the trick it gives it the most points it can (no trump);
  else it wins the trick with its cheapest winning card, or throws its
  cheapest card;
- declares a Ghna whenever it may, refuses to abandon, never proposes it.

It is deterministic (the same view, the same answer) and keeps no state, so
the same module can play several seats at once.

>>> choose({"phase": "signal"}, [{"type": "signal", "seat": 1, "signal": "AS"},
...                              {"type": "no_signal", "seat": 1}])
{'type': 'no_signal', 'seat': 1}
"""

from __future__ import annotations

#: The bot's name, as players see it (optional: else the entry point's name).
name = "example"

#: Ranks from the weakest to the strongest; card points by rank.
STRENGTH = ("2", "4", "5", "6", "7", "10", "11", "12", "3", "1")
POINTS = {"1": 11, "3": 10, "12": 4, "11": 3, "10": 2}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def strength(card: str) -> int:
    return STRENGTH.index(rank(card))


def points(card: str) -> int:
    return POINTS.get(rank(card), 0)


def cheapest(cards: list[str]) -> str:
    """The card that costs least: fewest points, then weakest."""
    return min(cards, key=lambda c: (points(c), strength(c)))


def winner(trick: list[dict], trump: str | None) -> dict:
    """The play (``{"seat", "card"}``) winning a trick so far."""
    best = trick[0]
    for play in trick[1:]:
        c, b = play["card"], best["card"]
        if suit(c) == suit(b) and strength(c) > strength(b) or suit(c) == trump and suit(b) != trump:
            best = play
    return best


def beats(card: str, best: str, trump: str | None) -> bool:
    return suit(card) == suit(best) and strength(card) > strength(best) \
        or suit(card) == trump and suit(best) != trump


def choose(view: dict, legal: list[dict]) -> dict:
    """One of ``legal``: this seat's decision."""
    if len(legal) == 1:
        return legal[0]
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    phase = view["phase"]
    if phase == "auction":
        return auction(view, by_type)
    if phase == "trump":
        return trump_suit(view, by_type["trump"])
    if phase == "play":
        plays = by_type["play"]
        card = play_card(view, [a["card"] for a in plays])
        return next(a for a in plays if a["card"] == card)
    if "ghna" in by_type:
        return by_type["ghna"][0]
    for quiet in ("no_signal", "refuse", "no_ghna", "pass"):
        if quiet in by_type:
            return by_type[quiet][0]
    return legal[0]


def auction(view: dict, by_type: dict[str, list[dict]]) -> dict:
    hand = view["hand"]
    tops = sum(rank(c) in ("1", "3") for c in hand)
    longest = max(sum(suit(c) == s for c in hand) for s in "OCEB")
    bid_before = any(a["type"] == "bid" and a["seat"] == view["seat"] for a in view["auction"])
    if "bid" in by_type and tops >= 3 and longest >= 4 and not bid_before:
        return min(by_type["bid"], key=lambda a: a["amount"])
    return by_type["pass"][0] if "pass" in by_type else next(iter(by_type.values()))[0]


def trump_suit(view: dict, trumps: list[dict]) -> dict:
    hand = view["hand"]

    def weight(action: dict) -> tuple[int, int]:
        mine = [c for c in hand if suit(c) == action["suit"]]
        return len(mine), sum(points(c) for c in mine)

    return max(trumps, key=weight)


def play_card(view: dict, cards: list[str]) -> str:
    trump = (view["contract"] or {}).get("trump")
    trick = view["trick"]
    if not trick:                                   # leading
        aces = [c for c in cards if rank(c) == "1" and suit(c) != trump]
        return aces[0] if aces else cheapest(cards)
    best = winner(trick, trump)
    partner = (view["seat"] + 2) % 4
    if best["seat"] == partner:                     # feed the partner
        plain = [c for c in cards if suit(c) != trump] or cards
        return max(plain, key=lambda c: (points(c), -strength(c)))
    winning = [c for c in cards if beats(c, best["card"], trump)]
    return cheapest(winning) if winning else cheapest(cards)
