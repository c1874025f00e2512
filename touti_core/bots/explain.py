"""Why a bot chose an action (the page's Hint button): a code, its parameters, a sentence.

:func:`reason` says why, as a :class:`Reason`: a stable ``code`` and its
``params`` (JSON values: cards in notation such as ``"12E"``, suits as letters
``O C E B``, chances as whole percentages, amounts and points as numbers);
:func:`english` words it, from the code and the params alone, so a page can
word it in another language from the same two (``bots.hint`` returns all
three).  :data:`REASON_CODES` lists every code.

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
'Take the trick with the 3 of cups: you play last.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Optional

from ..cards import (
    ABOVE, ACES_MASK, BIT, GHNA_MASK, GHNA_VALUE, NAMES, POINTS, RANK, RANK_NAMES, SUIT, SUIT_LETTERS,
    SUIT_MASK, SUIT_NAMES, card_of, cards_in, describe, ghna_value,
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


# ------------------------------------------------------------------ English
def _suit(letter: str) -> str:
    return SUIT_NAMES[SUIT_LETTERS.index(letter)]


def _name(card: str) -> str:
    """``the Rey of swords``."""
    return describe(card_of(card))


def _bare(card: str) -> str:
    """``Rey of swords`` (for "your partner's Rey of swords")."""
    return _name(card)[4:]


def _trumps(p: Mapping[str, Any]) -> str:
    return f" with {_suit(p['trump'])} as trumps" if p.get("trump") is not None else ""


def _to_make(p: Mapping[str, Any]) -> str:
    return f" ({p['chance']}% chance to make it)" if p.get("chance") is not None else ""


def _at_best(p: Mapping[str, Any]) -> str:
    return f" (about {p['best']}% chance at best)" if p.get("best") is not None else ""


def _aces_words(aces: list[str]) -> str:
    """"the Ace of swords", "the Aces of cups and swords", "the Aces of cups, swords and
    clubs", or ""."""
    suits = [_suit(x) for x in aces]
    if len(suits) < 2:
        return f"the Ace of {suits[0]}" if suits else ""
    return f"the Aces of {', '.join(suits[:-1])} and {suits[-1]}"


def _leaves(p: Mapping[str, Any]) -> str:
    return "you bid no higher" if p["bid_before"] else "you will not bid"


def _higher(p: Mapping[str, Any]) -> str:
    """The higher cards still out, in words ("the Ace and the 3 of cups", "4 higher
    swords"), or ""."""
    above = [card_of(x) for x in p["higher"]]
    if len(above) == 1:
        return describe(above[0])
    if len(above) == 2:
        a, b = (RANK_NAMES.get(RANK[x], str(RANK[x])) for x in above)
        return f"the {a} and the {b} of {SUIT_NAMES[SUIT[above[0]]]}"
    return f"{len(above)} higher {SUIT_NAMES[SUIT[card_of(p['card'])]]}" if above else ""


def _play_under(why_not: str) -> Callable[[Mapping[str, Any]], str]:
    """A card that does not take the trick: why not, and why this one."""
    def words(p: Mapping[str, Any]) -> str:
        out = _higher(p)
        reason = why_not.format(led=_suit(p["led"]) if "led" in p else "",
                                winning=_bare(p["winning"]) if "winning" in p else "")
        if out:
            return (f"Play {_name(p['card'])}: {reason}, and with {out} still out it could be "
                    f"caught later anyway")
        return (f"Play {_name(p['card'])}: {reason}, and the search keeps your other cards for "
                f"the tricks to come")
    return words


#: The English words of each reason's code, from its params.
_ENGLISH: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "next_hand": lambda p: "Deal the next hand.",
    "bid": lambda p: (f"Bid {p['amount']}: your hand should make it{_trumps(p)}"
                      + (f", counting your partner's {' and '.join(p['partner_signals'])}"
                         if p["partner_signals"] else "") + f"{_to_make(p)}."),
    "bid.over_partner": lambda p: (f"Bid {p['amount']}: your hands together can make more than "
                                   f"your partner's {p['partner_bid']}{_trumps(p)}{_to_make(p)}."),
    "bid.stop": lambda p: (f"Bid {p['amount']} to stop the opponents' {p['their_bid']}"
                           + (f" (they would make it about {p['theirs']}% of the time)"
                              if p["theirs"] is not None else "")
                           + f": a gamble ({p['chance']}% chance to make it{_trumps(p)}), but on "
                             "average it costs less than letting them play."),
    "bid.push": lambda p: (f"Bid {p['amount']}: a gamble ({p['chance']}% chance to make "
                           f"it{_trumps(p)}), but the opponents would bid again over it about "
                           f"{p['answered']}% of the time, and then make their contract only "
                           f"about {p['theirs_after']}% of the time."),
    "pass.partner": lambda p: (f"Pass: your partner's {p['partner_bid']} is the better contract "
                               "for your team."),
    "pass.they_fail": lambda p: (f"Pass: the opponents' {p['their_bid']} will probably fail "
                                 f"(about {p['theirs']}% chance to make it); let them play it."),
    "pass.raise_fails": lambda p: (f"Pass: raising to {p['lowest']} would probably "
                                   f"fail{_at_best(p)}; let the opponents play {p['their_bid']}."),
    "pass.weak": lambda p: f"Pass: your hand is not strong enough to bid {p['lowest']}{_at_best(p)}.",
    "announce.as": lambda p: (f"Announce AS: {_leaves(p)}, and it tells your partner you hold "
                              + (f"an Ace (yours: {_aces_words(p['aces'])})." if p["aces"]
                                 else "an Ace.")),
    "announce.compte": lambda p: (f"Announce COMPTE: {_leaves(p)}, and it tells your partner you "
                                  "hold " + (f"a Ghna (yours: Rey and Cabal of {_suit(p['suit'])})."
                                             if p["suit"] else "a Ghna.")),
    "signal.compte": lambda p: (f"Signal COMPTE: your Ghna of "
                                f"{_suit(p['suit']) if p['suit'] else 'a suit'} adds 20, or 40 in "
                                "trumps, to your partner's contract."),
    "signal.as": lambda p: (f"Signal AS: you hold {_aces_words(p['aces']) or 'an Ace'}, a sure "
                            "trick for your partner."),
    "signal.plus10": lambda p: "Signal +10: your hand supports your partner: they can raise by 10 more.",
    "signal.pass": lambda p: "Signal PASS: your hand adds little, your partner should not raise.",
    "no_signal": lambda p: "No signal: your partner already knows what your hand holds.",
    "trump": lambda p: (f"Name {_suit(p['suit'])} trumps: {p['count']} {_suit(p['suit'])}"
                        + (" with " + " and ".join(_name(c) for c in p["tops"]) if p["tops"] else "")
                        + (" and your Ghna becomes 40" if p["ghna"] else "")
                        + (f"; {p['chance']}% chance to make {p['contract']}"
                           if p["chance"] is not None else "") + "."),
    "ghna.trump_first_cap": lambda p: (f"Declare the Ghna of {_suit(p['suit'])} (+40) first: in "
                                       "trumps it is worth 40, and a +20 first would leave no room "
                                       f"for it under the cap of {p['cap']}."),
    "ghna.trump_first": lambda p: (f"Declare the Ghna of {_suit(p['suit'])} (+40) first: in trumps "
                                   "it is worth 40, twice a +20, which can follow after another "
                                   "trick won."),
    "ghna.trump": lambda p: (f"Declare the Ghna of {_suit(p['suit'])} (+40) now, while you hold "
                             "the Rey and the Cabal."),
    "ghna.side": lambda p: (f"Declare the Ghna of {_suit(p['suit'])} (+20) now: the Rey or the "
                            "Cabal could be forced out before your team wins another trick."),
    "no_ghna.wait": lambda p: ("Do not declare yet: your partner may hold the Ghna in trumps (+40), "
                               "which would no longer fit under the cap after a +20."),
    "no_ghna": lambda p: "Do not declare a Ghna now.",
    "concede.made": lambda p: (f"Propose to abandon: the declarers already have {p['points']} of "
                               f"their {p['contract']}."),
    "concede.lost": lambda p: "Propose to abandon: the declarers make their contract whatever you play.",
    "accept": lambda p: "Accept: the declarers make their contract whatever you play.",
    "refuse": lambda p: (f"Refuse: the declarers still need {p['need']} points, the hand can still "
                         "be defeated."),
    "legal": lambda p: "A legal move.",
}

#: The English words of a card's reason, without the chance (added after them).
_CARD_ENGLISH: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "card.forced.only": lambda p: f"Play {_name(p['card'])}: your only card.",
    "card.forced.follow_only": lambda p: (f"Play {_name(p['card'])}: you must follow suit, it is "
                                          f"your only {_suit(p['led'])}."),
    "card.forced.follow": lambda p: (f"Play {_name(p['card'])}: you must follow suit and play "
                                     "higher when you can."),
    "card.forced.overtrump": lambda p: (f"Play {_name(p['card'])}: you have no {_suit(p['led'])} "
                                        "and must overtrump when you can."),
    "card.forced.trump": lambda p: (f"Play {_name(p['card'])}: you have no {_suit(p['led'])}, so "
                                    "you must trump."),
    "lead.master_trump": lambda p: (f"Lead {_name(p['card'])}: the highest trump left draws the "
                                    "opponents' trumps"),
    "lead.trump": lambda p: f"Lead {_name(p['card'])}: trumps, to draw the opponents' trumps",
    "lead.master_ruffable": lambda p: (f"Lead {_name(p['card'])}: it is the highest "
                                       f"{_suit(p['suit'])} left, but an opponent has none and may "
                                       "trump it"),
    "lead.master": lambda p: (f"Lead {_name(p['card'])}: it is the highest {_suit(p['suit'])} left, "
                              "it should win the trick"),
    "lead.low": lambda p: f"Lead {_name(p['card'])}: a low card that risks no points",
    "lead.drive_out": lambda p: (f"Lead {_name(p['card'])}: to drive out the {_bare(p['higher'][0])}, "
                                 f"the only higher {_suit(p['suit'])} left"),
    "lead.search": lambda p: f"Lead {_name(p['card'])}: the best lead in the deals the search played out",
    "card.give": lambda p: (f"Give {_name(p['card'])} (+{p['points']}) to your partner, whose "
                            f"{_bare(p['winning'])} {'wins' if p['last'] else 'is winning'} the trick"),
    "card.low_partner": lambda p: (f"Play low ({_name(p['card'])}): your partner's "
                                   f"{_bare(p['winning'])} is winning the trick"),
    "card.overtrump_partner": lambda p: (f"Overtrump with {_name(p['card'])}: you must, even over "
                                         f"your partner's {_bare(p['beaten'])}"),
    "card.overtrump_back": lambda p: (f"Overtrump with {_name(p['card'])}: your partner's "
                                      f"{_bare(p['partner_card'])} is beaten, and this wins it back"),
    "card.overtrump": lambda p: f"Overtrump with {_name(p['card'])}: it beats the {_bare(p['beaten'])}",
    "card.trump_low": lambda p: (f"Trump low with {_name(p['card'])}: you have no "
                                 f"{_suit(p['led'])} and must trump, and you keep your higher trumps"),
    "card.trump_master": lambda p: (f"Trump with {_name(p['card'])}: you have no {_suit(p['led'])} "
                                    "and must trump, and the highest trump left cannot be "
                                    "overtrumped"),
    "card.trump_high": lambda p: (f"Trump with {_name(p['card'])}: you have no {_suit(p['led'])} "
                                  "and must trump, and a higher trump is harder to overtrump"),
    "card.take_last": lambda p: f"Take the trick with {_name(p['card'])}: you play last",
    "card.take_master": lambda p: (f"Take the trick with {_name(p['card'])}: it is the highest "
                                   f"{_suit(p['suit'])} left"),
    "card.take_master_ruffable": lambda p: (f"Take the trick with {_name(p['card'])}: it is the "
                                            f"highest {_suit(p['suit'])} left, but an opponent "
                                            "after you has none and may trump it"),
    "card.over": lambda p: (f"Play {_name(p['card'])} over the {_bare(p['beaten'])}: the players "
                            "after you may still beat it"),
    "card.low": lambda p: f"Play low ({_name(p['card'])}): you cannot take this trick profitably",
    "card.under.trumped": _play_under("the trick is trumped with the {winning}"),
    "card.under.beaten": _play_under("you cannot beat the {winning}"),
    "card.under.trump_need_not": _play_under("you have no {led} and need not overtrump the {winning}"),
    "card.under.trump_cannot": _play_under("you have no {led} and cannot overtrump the {winning}"),
    "card.under.discard": _play_under("you can neither follow {led} nor trump"),
}

#: Every code :func:`reason` can give (see the module docstring for their params).
REASON_CODES: tuple[str, ...] = tuple(_ENGLISH) + tuple(_CARD_ENGLISH)


def english(r: Reason) -> str:
    """The English sentence of a reason, from its code and params alone."""
    if r.code in _CARD_ENGLISH:
        chance = r.params.get("chance")
        tail = f" ({chance}% chance your team wins the hand)" if chance is not None else ""
        words = _CARD_ENGLISH[r.code](r.params)
        # a forced card's sentence is whole; the others end after the chance
        return words + tail if r.code.startswith("card.forced.") else words + tail + "."
    return _ENGLISH[r.code](r.params)
