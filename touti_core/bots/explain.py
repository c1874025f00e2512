"""One short sentence why a bot chose an action (the page's Hint button)."""

from __future__ import annotations

from ..cards import (
    ACES_MASK, BIT, GHNA_MASK, POINTS, RANK, RANK_NAMES, SUIT, SUIT_MASK, SUIT_NAMES, cards_in,
    describe,
)
from ..engine import (
    A_ACCEPT, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_BID, A_CONCEDE, A_GHNA, A_NEXT_HAND,
    A_NO_GHNA, A_NO_SIGNAL, A_PASS, A_REFUSE, A_SIGNAL, A_TRUMP, SIGNALS, bid_amount, lowest_bid,
)
from ..tricks import beats, legal_mask


def _bare(c: int) -> str:
    """``Ace of coins`` (for "your partner's Ace of coins")."""
    return describe(c)[4:]


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _suit(x: int) -> str:
    return SUIT_NAMES[x]


def _ghna_suits(hand: int) -> list:
    return [x for x in range(4) if hand & GHNA_MASK[x] == GHNA_MASK[x]]


def _aces(hand: int) -> str:
    """"the Ace of swords", "the Aces of cups and swords", "the Aces of cups, swords and
    clubs", or ""."""
    suits = [_suit(SUIT[c]) for c in cards_in(hand & ACES_MASK)]
    if len(suits) < 2:
        return f"the Ace of {suits[0]}" if suits else ""
    return f"the Aces of {', '.join(suits[:-1])} and {suits[-1]}"


def explain(k, code: int, why: dict) -> str:
    """A sentence for ``code`` chosen by a bot with information set ``k``."""
    why = why or {}
    if code == A_NEXT_HAND:
        return "Deal the next hand."
    if code < 40:
        return _card(k, code, why)
    if A_BID <= code < A_PASS:
        b = bid_amount(code)
        t = why.get("trump")
        p = why.get("prob")
        with_t = f" with {_suit(t)} as trumps" if t is not None else ""
        chance = f" ({_pct(p)} chance to make it)" if p is not None else ""
        extra = ""
        sig = k.signals_of(k.partner)
        if sig:
            extra = f", counting your partner's {' and '.join(sig)}"
        if k.high_seat == k.seat ^ 2:
            return f"Bid {b}: your hands together can make more than your partner's {k.high}{with_t}{chance}."
        if p is not None and p < 0.5 and k.high:
            # more likely failed than made: a bid over the opponents' contract
            theirs = why.get("theirs")
            if why.get("answered") and (theirs is None or theirs < 0.5):
                # theirs would fail anyway: the rollouts found them bidding again over this
                # bid (in a share "answered" of the deals) and failing higher
                return (f"Bid {b}: a gamble ({_pct(p)} chance to make it{with_t}), but the"
                        f" opponents would bid again over it about {_pct(why['answered'])} of the"
                        f" time, and then make their contract only about"
                        f" {_pct(why['theirs_after'])} of the time.")
            likely = f" (they would make it about {_pct(theirs)} of the time)" if theirs is not None else ""
            return (f"Bid {b} to stop the opponents' {k.high}{likely}: a gamble ({_pct(p)} chance"
                    f" to make it{with_t}), but on average it costs less than letting them play.")
        return f"Bid {b}: your hand should make it{with_t}{extra}{chance}."
    if code == A_PASS:
        if k.high_seat == k.seat ^ 2:
            return f"Pass: your partner's {k.high} is the better contract for your team."
        low = lowest_bid(k.high)
        p = why.get("best")
        chance = f" (about {_pct(p)} chance at best)" if p is not None else ""
        theirs = why.get("theirs")
        if k.high and theirs is not None and theirs < 0.5:
            return (f"Pass: the opponents' {k.high} will probably fail (about {_pct(theirs)} chance"
                    f" to make it); let them play it.")
        if k.high:
            return f"Pass: raising to {low} would probably fail{chance}; let the opponents play {k.high}."
        return f"Pass: your hand is not strong enough to bid {low}{chance}."
    if code in (A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE):
        if code == A_ANNOUNCE_COMPTE:
            gs = _ghna_suits(k.hand)
            what = f"a Ghna (yours: Rey and Cabal of {_suit(gs[0])})" if gs else "a Ghna"
        else:       # the partner learns that there is one, not which
            aces = _aces(k.hand)
            what = f"an Ace (yours: {aces})" if aces else "an Ace"
        name = "COMPTE" if code == A_ANNOUNCE_COMPTE else "AS"
        bid_before = any(s == k.seat and A_BID <= a < A_PASS for s, a in k.actions)
        leave = "you bid no higher" if bid_before else "you will not bid"
        return f"Announce {name}: {leave}, and it tells your partner you hold {what}."
    if A_SIGNAL <= code < A_NO_SIGNAL:
        name = SIGNALS[code - A_SIGNAL]
        if name == "COMPTE":
            gs = _ghna_suits(k.hand)
            s = _suit(gs[0]) if gs else "a suit"
            return f"Signal COMPTE: your Ghna of {s} adds 20, or 40 in trumps, to your partner's contract."
        if name == "AS":
            return f"Signal AS: you hold {_aces(k.hand) or 'an Ace'}, a sure trick for your partner."
        if name == "+10":
            return "Signal +10: your hand supports your partner: they can raise by 10 more."
        return "Signal PASS: your hand adds little, your partner should not raise."
    if code == A_NO_SIGNAL:
        return "No signal: your partner already knows what your hand holds."
    if A_TRUMP <= code < A_GHNA:
        t = code - A_TRUMP
        n = (k.hand & SUIT_MASK[t]).bit_count()
        tops = [describe(c) for c in range(10 * t + 9, 10 * t - 1, -1) if k.hand & BIT[c] and POINTS[c] >= 10]
        bits = [f"{n} {_suit(t)}"]
        if tops:
            bits.append("with " + " and ".join(tops))
        if k.hand & GHNA_MASK[t] == GHNA_MASK[t]:
            bits.append("and your Ghna becomes 40")
        p = why.get("prob")
        chance = f"; {_pct(p)} chance to make {k.contract}" if p is not None else ""
        return f"Name {_suit(t)} trumps: {' '.join(bits)}{chance}."
    if A_GHNA <= code < A_NO_GHNA:
        x = code - A_GHNA
        if x == k.trump:
            if why.get("first40"):
                if k.cap - k.ghna_total < 60:
                    return (f"Declare the Ghna of {_suit(x)} (+40) first: in trumps it is worth 40, and "
                            f"a +20 first would leave no room for it under the cap of {k.cap}.")
                return (f"Declare the Ghna of {_suit(x)} (+40) first: in trumps it is worth 40, twice "
                        f"a +20, which can follow after another trick won.")
            return f"Declare the Ghna of {_suit(x)} (+40) now, while you hold the Rey and the Cabal."
        return (f"Declare the Ghna of {_suit(x)} (+20) now: the Rey or the Cabal could be "
                "forced out before your team wins another trick.")
    if code == A_NO_GHNA:
        if why.get("wait"):
            return ("Do not declare yet: your partner may hold the Ghna in trumps (+40), "
                    "which would no longer fit under the cap after a +20.")
        return "Do not declare a Ghna now."
    if code == A_CONCEDE:
        pts = k.points()[k.declarer & 1]
        if pts >= k.contract:
            return f"Propose to abandon: the declarers already have {pts} of their {k.contract}."
        return "Propose to abandon: the declarers make their contract whatever you play."
    if code == A_ACCEPT:
        return "Accept: the declarers make their contract whatever you play."
    if code == A_REFUSE:
        need = k.contract - k.points()[k.declarer & 1]
        return f"Refuse: the declarers still need {need} points, the hand can still be defeated."
    return "A legal move."


def _card(k, c: int, why: dict) -> str:
    name = describe(c)
    trick = k.trick
    trump = k.trump
    legal = legal_mask(k.hand, trick, k.win_card, k.win_seat, k.seat, trump, k.rules.overtrump)
    made = why.get("made", {}).get(c) if isinstance(why.get("made"), dict) else None
    tail = ""
    if made is not None:
        mine = made if k.declaring(k.seat) else 1 - made
        tail = f" ({_pct(mine)} chance your team wins the hand)"
    if legal & (legal - 1) == 0:
        return _forced(k, c) + tail
    if not trick:
        if SUIT[c] == trump:
            if not _above(k, c):
                return f"Lead {name}: the highest trump left draws the opponents' trumps{tail}."
            return f"Lead {name}: trumps, to draw the opponents' trumps{tail}."
        above = _above(k, c)
        if not above:
            if _ruff_after(k, SUIT[c]):
                return (f"Lead {name}: it is the highest {_suit(SUIT[c])} left, but an opponent "
                        f"has none and may trump it{tail}.")
            return f"Lead {name}: it is the highest {_suit(SUIT[c])} left, it should win the trick{tail}."
        if POINTS[c] == 0:
            return f"Lead {name}: a low card that risks no points{tail}."
        if above & (above - 1) == 0:
            return (f"Lead {name}: to drive out the {_bare(above.bit_length() - 1)}, the only "
                    f"higher {_suit(SUIT[c])} left{tail}.")
        return f"Lead {name}: the best lead in the deals the search played out{tail}."
    w = k.win_card
    partner = k.seat ^ 2
    led = SUIT[trick[0]]
    if k.win_seat == partner and not beats(c, w, trump):
        if POINTS[c]:
            wins = "wins" if len(trick) == 3 else "is winning"
            return f"Give {name} (+{POINTS[c]}) to your partner, whose {_bare(w)} {wins} the trick{tail}."
        return f"Play low ({name}): your partner's {_bare(w)} is winning the trick{tail}."
    if beats(c, w, trump):
        if SUIT[c] == trump and SUIT[w] == trump and led != trump:
            if k.win_seat == partner:
                return f"Overtrump with {name}: you must, even over your partner's {_bare(w)}{tail}."
            beaten = [x for i, x in enumerate(trick) if (k.leader + i) & 3 == partner]
            if beaten and SUIT[beaten[0]] == led and POINTS[beaten[0]]:
                return (f"Overtrump with {name}: your partner's {_bare(beaten[0])} is beaten, "
                        f"and this wins it back{tail}.")
            return f"Overtrump with {name}: it beats the {_bare(w)}{tail}."
        if SUIT[c] == trump and led != trump:
            must = f"you have no {_suit(led)} and must trump"
            trumps = legal & SUIT_MASK[trump]
            if BIT[c] == trumps & -trumps:
                return f"Trump low with {name}: {must}, and you keep your higher trumps{tail}."
            if not _above(k, c):
                return (f"Trump with {name}: {must}, and the highest trump left cannot be "
                        f"overtrumped{tail}.")
            return f"Trump with {name}: {must}, and a higher trump is harder to overtrump{tail}."
        if len(trick) == 3:
            return f"Take the trick with {name}: you play last{tail}."
        if not _above(k, c):
            if _ruff_after(k, led):     # (never when trumps are led: void of trumps)
                return (f"Take the trick with {name}: it is the highest {_suit(SUIT[c])} left, "
                        f"but an opponent after you has none and may trump it{tail}.")
            return f"Take the trick with {name}: it is the highest {_suit(SUIT[c])} left{tail}."
        return f"Play {name} over the {_bare(w)}: the players after you may still beat it{tail}."
    if POINTS[c] == 0:
        return f"Play low ({name}): you cannot take this trick profitably{tail}."
    if SUIT[c] == led and SUIT[w] == trump != led:
        why_not = f"the trick is trumped with the {_bare(w)}"
    elif SUIT[c] == led:
        why_not = f"you cannot beat the {_bare(w)}"
    elif SUIT[c] == trump:
        over = any(k.hand & BIT[x] and beats(x, w, trump) for x in range(40))
        why_not = (f"you have no {_suit(led)} and {'need not' if over else 'cannot'} "
                   f"overtrump the {_bare(w)}")
    else:
        why_not = f"you can neither follow {_suit(led)} nor trump"
    out = _higher_out(k, c)
    if out:
        return f"Play {name}: {why_not}, and with {out} still out it could be caught later anyway{tail}."
    return (f"Play {name}: {why_not}, and the search keeps your other cards for the tricks "
            f"to come{tail}.")


def _above(k, c: int) -> int:
    """The unseen cards of ``c``'s suit that beat it, as a mask (0: ``c`` is the highest
    of its suit left)."""
    return k.unseen & SUIT_MASK[SUIT[c]] & ~((BIT[c] << 1) - 1)


def _ruff_after(k, suit: int) -> bool:
    """Is an opponent still to play to this trick known to hold no ``suit`` (the suit
    led), and may it hold a trump?"""
    led = SUIT_MASK[suit]
    for i in range(len(k.trick) + 1, 4):
        s = (k.leader + i) & 3
        may = k.can(s)
        if s & 1 != k.seat & 1 and not may & led and may & SUIT_MASK[k.trump]:
            return True
    return False


def _higher_out(k, c: int) -> str:
    """:func:`_above` in words ("the Ace and the 3 of cups", "4 higher swords"), or ""."""
    above = cards_in(_above(k, c))
    if len(above) == 1:
        return describe(above[0])
    if len(above) == 2:
        a, b = (RANK_NAMES.get(RANK[x], str(RANK[x])) for x in above)
        return f"the {a} and the {b} of {_suit(SUIT[c])}"
    return f"{len(above)} higher {_suit(SUIT[c])}" if above else ""


def _forced(k, c: int) -> str:
    name = describe(c)
    if not k.trick:
        return f"Play {name}: your only card."
    led = SUIT[k.trick[0]]
    if SUIT[c] == led:
        if k.hand & SUIT_MASK[led] == BIT[c]:
            return f"Play {name}: you must follow suit, it is your only {_suit(led)}."
        return f"Play {name}: you must follow suit and play higher when you can."
    if SUIT[c] == k.trump:
        if SUIT[k.win_card] == k.trump:
            return f"Play {name}: you have no {_suit(led)} and must overtrump when you can."
        return f"Play {name}: you have no {_suit(led)}, so you must trump."
    return f"Play {name}: your only card."

