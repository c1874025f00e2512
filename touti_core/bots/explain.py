"""Why a bot chose an action (the page's Hint button): a code, its parameters, a sentence.

:func:`reason` says why, as a :class:`Reason`: a stable ``code`` and its
``params`` (JSON values: cards in notation such as ``"12E"``, suits as letters
``O C E B``, chances as whole percentages, amounts and points as numbers);
:func:`english` words it, from the code and the params alone, with the
catalogue's ``hint.reason.<code>`` (touti_core/catalogue.py), the page's own
English; other languages word it from the same two (``bots.hint`` returns
all three).  :data:`REASON_CODES` lists every code.

Codes and their params (``chance`` is always optional: null when no
simulation or search gave one):

Auction

- ``bid``: amount, trump (a suit, or null), partner_signals (names, e.g.
  ``["AS", "+10"]``), chance (% to make it)
- ``bid.over_partner``: amount, partner_bid, trump, chance
- ``bid.stop``: a gamble to stop the opponents' contract: amount, their_bid,
  theirs (% they make it, or null), chance, trump
- ``bid.push``: a gamble the opponents would answer: amount, chance, trump,
  answered (% of deals where they bid again), theirs_after (% they then make it)
- ``pass.partner``: partner_bid
- ``pass.they_fail``: their_bid, theirs (% they make it)
- ``pass.raise_fails``: lowest (the lowest bid open), their_bid, best (% the
  best bid had, or null)
- ``pass.weak``: lowest, best
- ``announce.as``: bid_before (it had bid: "no higher"), aces (suits)
- ``announce.compte``: bid_before, suit (of its Ghna, or null)
- ``signal.as``: aces; ``signal.compte``: suit (or null); ``signal.plus10``;
  ``signal.pass``; ``no_signal``
- ``trump``: suit, count (its cards of that suit), tops (its Ace and 3 there,
  strongest first), ghna (it holds that suit's Ghna, now worth 40), contract,
  chance

Ghna, abandon, next hand

- ``ghna.trump_first_cap``: suit, value (40), cap; ``ghna.trump_first``: suit,
  value; ``ghna.trump``: suit, value; ``ghna.side``: suit, value (20)
- ``no_ghna.wait``; ``no_ghna``
- ``concede.made``: points, contract; ``concede.lost``; ``accept``; ``refuse``: need
- ``next_hand``; ``legal`` (any other legal move)

Cards (each with ``card``, and ``chance``: % the seat's team wins the hand)

- forced: ``card.forced.only``; ``card.forced.follow_only``: led;
  ``card.forced.follow``; ``card.forced.trump``: led; ``card.forced.overtrump``: led
- leads: ``lead.master_trump``; ``lead.trump``; ``lead.master``: suit;
  ``lead.master_ruffable``: suit; ``lead.low``; ``lead.drive_out``: higher (the
  one higher card of its suit left), suit; ``lead.search``
- to a partner's winner: ``card.give``: points, winning (its card), last (the
  trick is complete); ``card.low_partner``: winning
- winning the trick: ``card.overtrump_partner``: beaten; ``card.overtrump_back``:
  partner_card; ``card.overtrump``: beaten; ``card.trump_low``: led;
  ``card.trump_master``: led; ``card.trump_high``: led; ``card.take_last``;
  ``card.take_master``: suit; ``card.take_master_ruffable``: suit; ``card.over``: beaten
- not winning it: ``card.low``; ``card.under.trumped``: winning, higher;
  ``card.under.beaten``: winning, higher; ``card.under.trump_need_not``: led,
  winning, higher; ``card.under.trump_cannot``: led, winning, higher;
  ``card.under.discard``: led, higher (``higher``: the unseen cards of its suit
  that beat it, strongest first; empty: none)

>>> english(Reason("pass.weak", {"lowest": 70, "best": 31}))
'Pass: your hand is not strong enough to bid 70 (about 31% chance at best).'
>>> english(Reason("card.take_last", {"card": "3C", "chance": None}))
'Take the trick with the Triss of cups: you play last.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Optional

from .. import catalogue
from ..cards import (
    ABOVE, ACES_MASK, BIT, GHNA_MASK, GHNA_VALUE, NAMES, POINTS, RANK, SUIT, SUIT_LETTERS, SUIT_MASK,
    cards_in, ghna_value,
)
from ..engine import (
    A_ACCEPT, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_BID, A_CONCEDE, A_GHNA, A_NEXT_HAND,
    A_NO_GHNA, A_NO_SIGNAL, A_PASS, A_REFUSE, A_SIGNAL, A_TRUMP, SIGNALS, bid_amount,
    ghna_suits, lowest_bid, partner, team,
)
from ..tricks import beats, legal_mask
from .base import Why
from .belief.knowledge import Knowledge


class Reason(NamedTuple):
    """Why an action: a stable ``code`` and its ``params`` (JSON values)."""

    code: str
    params: dict[str, Any]


def explain(k: Knowledge, code: int, why: Optional[Why]) -> str:
    """A sentence for ``code`` chosen by a bot with information set ``k``."""
    return english(reason(k, code, why))


# ------------------------------------------------------------------ reasons
def _pct(p: Optional[float]) -> Optional[int]:
    return None if p is None else round(100 * p)


def _letter(x: int) -> str:
    return SUIT_LETTERS[x]


def _aces(hand: int) -> list[str]:
    """The suits of the Aces held, in display order."""
    return [_letter(SUIT[c]) for c in cards_in(hand & ACES_MASK)]


def reason(k: Knowledge, code: int, why: Optional[Why]) -> Reason:
    """Why ``code``, chosen by a bot with information set ``k`` whose decision rested on
    ``why`` (empty: the sentence rests on the seat's information alone)."""
    why = why or {}
    if code == A_NEXT_HAND:
        return Reason("next_hand", {})
    if code < 40:
        return _card(k, code, why)
    mate = partner(k.seat)
    if A_BID <= code < A_PASS:
        b = bid_amount(code)
        t = why.get("trump")
        p = why.get("prob")
        trump = _letter(t) if t is not None else None
        if k.high_seat == mate:
            return Reason("bid.over_partner", {"amount": b, "partner_bid": k.high, "trump": trump,
                                               "chance": _pct(p)})
        if p is not None and p < 0.5 and k.high:
            # more likely failed than made: a bid over the opponents' contract
            theirs = why.get("theirs")
            if why.get("answered") and (theirs is None or theirs < 0.5):
                # theirs would fail anyway: the rollouts found them bidding again over this
                # bid (in a share "answered" of the deals) and failing higher
                return Reason("bid.push", {"amount": b, "chance": _pct(p), "trump": trump,
                                           "answered": _pct(why["answered"]),
                                           "theirs_after": _pct(why["theirs_after"])})
            return Reason("bid.stop", {"amount": b, "their_bid": k.high, "theirs": _pct(theirs),
                                       "chance": _pct(p), "trump": trump})
        return Reason("bid", {"amount": b, "trump": trump, "partner_signals": k.signals_of(mate),
                              "chance": _pct(p)})
    if code == A_PASS:
        if k.high_seat == mate:
            return Reason("pass.partner", {"partner_bid": k.high})
        best = _pct(why.get("best"))
        theirs = why.get("theirs")
        if k.high and theirs is not None and theirs < 0.5:
            return Reason("pass.they_fail", {"their_bid": k.high, "theirs": _pct(theirs)})
        if k.high:
            return Reason("pass.raise_fails", {"lowest": lowest_bid(k.high), "their_bid": k.high,
                                               "best": best})
        return Reason("pass.weak", {"lowest": lowest_bid(k.high), "best": best})
    if code in (A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE):
        bid_before = any(s == k.seat and A_BID <= a < A_PASS for s, a in k.actions)
        if code == A_ANNOUNCE_COMPTE:
            gs = ghna_suits(k.hand)
            return Reason("announce.compte", {"bid_before": bid_before,
                                              "suit": _letter(gs[0]) if gs else None})
        # the partner learns that there is one, not which
        return Reason("announce.as", {"bid_before": bid_before, "aces": _aces(k.hand)})
    if A_SIGNAL <= code < A_NO_SIGNAL:
        name = SIGNALS[code - A_SIGNAL]
        if name == "COMPTE":
            gs = ghna_suits(k.hand)
            return Reason("signal.compte", {"suit": _letter(gs[0]) if gs else None})
        if name == "AS":
            return Reason("signal.as", {"aces": _aces(k.hand)})
        return Reason("signal.plus10" if name == "+10" else "signal.pass", {})
    if code == A_NO_SIGNAL:
        return Reason("no_signal", {})
    if A_TRUMP <= code < A_GHNA:
        t = code - A_TRUMP
        tops = [NAMES[c] for c in range(10 * t + 9, 10 * t - 1, -1)
                if k.hand & BIT[c] and POINTS[c] >= 10]
        return Reason("trump", {"suit": _letter(t), "count": (k.hand & SUIT_MASK[t]).bit_count(),
                                "tops": tops, "ghna": k.hand & GHNA_MASK[t] == GHNA_MASK[t],
                                "contract": k.contract, "chance": _pct(why.get("prob"))})
    if A_GHNA <= code < A_NO_GHNA:
        x = code - A_GHNA
        params: dict[str, Any] = {"suit": _letter(x), "value": ghna_value(x, k.trump)}
        if x == k.trump:
            if why.get("first40"):
                if k.cap - k.ghna_total < GHNA_VALUE[True] + GHNA_VALUE[False]:
                    return Reason("ghna.trump_first_cap", dict(params, cap=k.cap))
                return Reason("ghna.trump_first", params)
            return Reason("ghna.trump", params)
        return Reason("ghna.side", params)
    if code == A_NO_GHNA:
        return Reason("no_ghna.wait" if why.get("wait") else "no_ghna", {})
    if code == A_CONCEDE:
        pts = k.points()[team(k.declarer)]
        if pts >= k.contract:
            return Reason("concede.made", {"points": pts, "contract": k.contract})
        return Reason("concede.lost", {})
    if code == A_ACCEPT:
        return Reason("accept", {})
    if code == A_REFUSE:
        return Reason("refuse", {"need": k.contract - k.points()[team(k.declarer)]})
    return Reason("legal", {})


def _card(k: Knowledge, c: int, why: Why) -> Reason:
    trick = k.trick
    trump = k.trump
    legal = legal_mask(k.hand, trick, k.win_card, k.win_seat, k.seat, trump, k.rules.overtrump)
    made = why.get("made")
    chance = made.get(c) if isinstance(made, dict) else None
    if chance is not None and not k.declaring(k.seat):
        chance = 1 - chance

    def says(code: str, **params: Any) -> Reason:
        return Reason(code, {"card": NAMES[c], **params, "chance": _pct(chance)})

    if legal & (legal - 1) == 0:
        return _forced(k, c, says)
    above = k.unseen & ABOVE[c]         # the unseen cards of c's suit that beat it
    suit = _letter(SUIT[c])
    if not trick:
        if SUIT[c] == trump:
            return says("lead.trump" if above else "lead.master_trump")
        if not above:
            return says("lead.master_ruffable" if _ruff_after(k, SUIT[c]) else "lead.master",
                        suit=suit)
        if POINTS[c] == 0:
            return says("lead.low")
        if above & (above - 1) == 0:
            return says("lead.drive_out", higher=[NAMES[above.bit_length() - 1]], suit=suit)
        return says("lead.search")
    w = k.win_card
    mate = partner(k.seat)
    led = SUIT[trick[0]]
    if k.win_seat == mate and not beats(c, w, trump):
        if POINTS[c]:
            return says("card.give", points=POINTS[c], winning=NAMES[w], last=len(trick) == 3)
        return says("card.low_partner", winning=NAMES[w])
    if beats(c, w, trump):
        if SUIT[c] == trump and SUIT[w] == trump and led != trump:
            if k.win_seat == mate:
                return says("card.overtrump_partner", beaten=NAMES[w])
            beaten = [x for i, x in enumerate(trick) if (k.leader + i) & 3 == mate]
            if beaten and SUIT[beaten[0]] == led and POINTS[beaten[0]]:
                return says("card.overtrump_back", partner_card=NAMES[beaten[0]])
            return says("card.overtrump", beaten=NAMES[w])
        if SUIT[c] == trump and led != trump:
            trumps = legal & SUIT_MASK[trump]
            if BIT[c] == trumps & -trumps:
                return says("card.trump_low", led=_letter(led))
            return says("card.trump_high" if above else "card.trump_master", led=_letter(led))
        if len(trick) == 3:
            return says("card.take_last")
        if not above:
            ruff = _ruff_after(k, led)      # (never when trumps are led: void of trumps)
            return says("card.take_master_ruffable" if ruff else "card.take_master", suit=suit)
        return says("card.over", beaten=NAMES[w])
    if POINTS[c] == 0:
        return says("card.low")
    higher = [NAMES[x] for x in cards_in(above)]
    if SUIT[c] == led and SUIT[w] == trump != led:
        return says("card.under.trumped", winning=NAMES[w], higher=higher)
    if SUIT[c] == led:
        return says("card.under.beaten", winning=NAMES[w], higher=higher)
    if SUIT[c] == trump:
        over = any(k.hand & BIT[x] and beats(x, w, trump) for x in range(40))
        return says("card.under.trump_need_not" if over else "card.under.trump_cannot",
                    led=_letter(led), winning=NAMES[w], higher=higher)
    return says("card.under.discard", led=_letter(led), higher=higher)


def _forced(k: Knowledge, c: int, says: Callable[..., Reason]) -> Reason:
    if not k.trick:
        return says("card.forced.only")
    led = SUIT[k.trick[0]]
    if SUIT[c] == led:
        if k.hand & SUIT_MASK[led] == BIT[c]:
            return says("card.forced.follow_only", led=_letter(led))
        return says("card.forced.follow")
    if SUIT[c] == k.trump:
        if SUIT[k.win_card] == k.trump:
            return says("card.forced.overtrump", led=_letter(led))
        return says("card.forced.trump", led=_letter(led))
    return says("card.forced.only")


def _ruff_after(k: Knowledge, suit: int) -> bool:
    """Is an opponent still to play to this trick known to hold no ``suit`` (the suit
    led), and may it hold a trump?"""
    led = SUIT_MASK[suit]
    for i in range(len(k.trick) + 1, 4):
        s = (k.leader + i) & 3
        may = k.can(s)
        if team(s) != team(k.seat) and not may & led and may & SUIT_MASK[k.trump]:
            return True
    return False


#: Every code :func:`reason` can give (see the module docstring for their params); each
#: is worded by the catalogue's ``hint.reason.<code>``.
REASON_CODES: tuple[str, ...] = (
    "next_hand",
    "bid",
    "bid.over_partner",
    "bid.stop",
    "bid.push",
    "pass.partner",
    "pass.they_fail",
    "pass.raise_fails",
    "pass.weak",
    "announce.as",
    "announce.compte",
    "signal.compte",
    "signal.as",
    "signal.plus10",
    "signal.pass",
    "no_signal",
    "trump",
    "ghna.trump_first_cap",
    "ghna.trump_first",
    "ghna.trump",
    "ghna.side",
    "no_ghna.wait",
    "no_ghna",
    "concede.made",
    "concede.lost",
    "accept",
    "refuse",
    "legal",
    "card.forced.only",
    "card.forced.follow_only",
    "card.forced.follow",
    "card.forced.overtrump",
    "card.forced.trump",
    "lead.master_trump",
    "lead.trump",
    "lead.master_ruffable",
    "lead.master",
    "lead.low",
    "lead.drive_out",
    "lead.search",
    "card.give",
    "card.low_partner",
    "card.overtrump_partner",
    "card.overtrump_back",
    "card.overtrump",
    "card.trump_low",
    "card.trump_master",
    "card.trump_high",
    "card.take_last",
    "card.take_master",
    "card.take_master_ruffable",
    "card.over",
    "card.low",
    "card.under.trumped",
    "card.under.beaten",
    "card.under.trump_need_not",
    "card.under.trump_cannot",
    "card.under.discard",
)


def english(r: Reason) -> str:
    """The English sentence of a reason, from its code and params alone: the catalogue's
    ``hint.reason.<code>`` (web/messages/en.json), filled as the page fills it."""
    return catalogue.text(f"hint.reason.{r.code}", **catalogue.words(r.params))
