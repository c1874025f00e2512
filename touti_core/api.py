"""The JSON boundary of touti_core (see PROTOCOL.md).

Everything outside the engine (the web worker, saves, scenarios, replays,
outside tests) calls these functions with plain JSON values:

>>> s = new_game(7)
>>> s["phase"], s["to_act"] == (s["dealer"] + 1) % 4
('auction', True)
>>> s = act(s, {"type": "bid", "seat": s["to_act"], "amount": 80})
>>> s["auction"][0]["amount"]
80

A state carries its own proof: the seed (or fixed deal), the rules and every
action so far.  A state given back is rebuilt by replaying those actions and
must equal the rebuilt one exactly, otherwise it is refused with
``bad_state``: a tampered save can never produce a silently wrong game.
Recently returned states are remembered (by their exact serialised bytes), so
the usual call sequence costs no replay.
"""

from __future__ import annotations

import marshal
from collections import OrderedDict

from .cards import BIT, NAMES, SUIT_LETTERS, cards_in, is_card_name, card_of
from .engine import (
    A_ACCEPT, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_CONCEDE, A_GHNA, A_NEXT_HAND,
    A_NO_GHNA, A_NO_SIGNAL, A_PASS, A_REFUSE, A_SIGNAL, A_TRUMP, ANNOUNCEMENTS,
    PHASE_NAMES, SIGNALS, CONCESSION, HAND_OVER, Game, Refusal, bid_amount,
    bid_code, lowest_bid,
)
from .rules import MAX_BID, MIN_BID, Rules

STATE_FORMAT = "touti-state/1"
RECORD_FORMAT = "touti-record/1"
VIEW_FORMAT = "touti-view/1"

__all__ = [
    "IllegalAction", "new_game", "new_hand", "legal_actions", "act", "view",
    "to_record", "from_record", "ERROR_CODES",
]

ERROR_CODES = (
    "malformed", "bad_state", "wrong_phase", "not_your_turn", "card_not_in_hand",
    "must_follow_suit", "must_play_higher", "must_trump", "must_overtrump",
    "bid_too_low", "bid_too_high", "bid_not_multiple_of_10", "signal_not_allowed",
    "announce_not_allowed", "ghna_not_held", "ghna_over_cap", "ghna_not_allowed",
    "concede_not_allowed",
)


class IllegalAction(ValueError):
    """A refused action or a bad input: ``code`` (stable) and ``message`` (for players).

    ``params`` carries the facts behind the message (cards as notation), so
    that a front end can word it in another language.
    """

    def __init__(self, code: str, message: str, params: dict | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.params = params or {}

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message, "params": self.params}


def _from_refusal(r: Refusal) -> IllegalAction:
    params = {}
    for k, v in r.params.items():
        if k in ("card", "beaten"):
            v = NAMES[v]
        elif k == "legal":
            v = [NAMES[c] for c in v]
        params[k] = v
    return IllegalAction(r.code, r.message, params)


# ------------------------------------------------------------------ actions
_SIMPLE = {"pass": A_PASS, "no_signal": A_NO_SIGNAL, "no_ghna": A_NO_GHNA,
           "concede": A_CONCEDE, "accept": A_ACCEPT, "refuse": A_REFUSE}
ACTION_TYPES = ("bid", "pass", "announce", "signal", "no_signal", "trump", "play",
                "ghna", "no_ghna", "concede", "accept", "refuse", "next_hand")


def _is_int(x: object) -> bool:
    return type(x) is int


def _malformed(msg: str) -> IllegalAction:
    return IllegalAction("malformed", msg)


def _parse(action: object) -> tuple[str, int | None, object]:
    """Shape checks only: (type, seat, the type's own field)."""
    if not isinstance(action, dict):
        raise _malformed("An action must be an object with a \"type\".")
    kind = action.get("type")
    if kind not in ACTION_TYPES:
        raise _malformed(f"Unknown action type {kind!r}; expected one of {', '.join(ACTION_TYPES)}.")
    seat = action.get("seat")
    if kind == "next_hand":
        if seat is not None and not (_is_int(seat) and 0 <= seat <= 3):
            raise _malformed("\"seat\" must be a seat number 0..3.")
        return kind, None, None
    if not (_is_int(seat) and 0 <= seat <= 3):
        raise _malformed(f"A {kind} action needs \"seat\": a seat number 0..3.")
    if kind == "bid":
        amount = action.get("amount")
        if not _is_int(amount):
            raise _malformed("A bid needs \"amount\": a whole number such as 80.")
        return kind, seat, amount
    if kind == "play":
        c = action.get("card")
        if not is_card_name(c):
            raise _malformed(f"{c!r} is not a card: write rank then suit, like \"12E\" or \"1O\".")
        return kind, seat, card_of(c)
    if kind in ("signal", "announce"):
        sig = action.get("signal")
        if sig not in SIGNALS:
            raise _malformed(f"\"signal\" must be one of {', '.join(SIGNALS)}.")
        return kind, seat, sig
    if kind in ("trump", "ghna"):
        suit = action.get("suit")
        if not (isinstance(suit, str) and len(suit) == 1 and suit in SUIT_LETTERS):
            raise _malformed("\"suit\" must be one of O, C, E, B.")
        return kind, seat, SUIT_LETTERS.index(suit)
    return kind, seat, None


def action_json(seat: int | None, code: int) -> dict:
    """The JSON action of an engine action code."""
    if code < 40:
        return {"type": "play", "seat": seat, "card": NAMES[code]}
    if code < A_PASS:
        return {"type": "bid", "seat": seat, "amount": bid_amount(code)}
    if code == A_ANNOUNCE_AS or code == A_ANNOUNCE_COMPTE:
        return {"type": "announce", "seat": seat, "signal": ANNOUNCEMENTS[code - A_ANNOUNCE_AS]}
    if A_SIGNAL <= code < A_NO_SIGNAL:
        return {"type": "signal", "seat": seat, "signal": SIGNALS[code - A_SIGNAL]}
    if A_TRUMP <= code < A_GHNA:
        return {"type": "trump", "seat": seat, "suit": SUIT_LETTERS[code - A_TRUMP]}
    if A_GHNA <= code < A_NO_GHNA:
        return {"type": "ghna", "seat": seat, "suit": SUIT_LETTERS[code - A_GHNA]}
    if code == A_NEXT_HAND:
        return {"type": "next_hand"}
    for kind, c in _SIMPLE.items():
        if c == code:
            return {"type": kind, "seat": seat}
    raise ValueError(f"unknown action code {code}")  # pragma: no cover


def action_code(g: Game, action: object) -> tuple[int | None, int]:
    """Check a JSON action against the game: (seat, code), or IllegalAction."""
    kind, seat, arg = _parse(action)
    r = g.turn_refusal(seat, kind)
    if r is not None:
        raise _from_refusal(r)
    if kind == "play":
        code = arg
    elif kind == "bid":
        if arg % 10:
            raise IllegalAction("bid_not_multiple_of_10",
                                f"Bids go by tens: {arg} is not a multiple of 10.", {"amount": arg})
        if arg > MAX_BID:
            raise IllegalAction("bid_too_high", f"The highest possible bid is {MAX_BID}.",
                                {"amount": arg, "maximum": MAX_BID})
        low = lowest_bid(g.high)
        if arg < low:
            raise IllegalAction("bid_too_low",
                                f"The first bid is at least {MIN_BID}." if not g.high else
                                f"You must bid at least {low}: the highest bid is {g.high} "
                                "and each bid must raise it by at least 10.",
                                {"amount": arg, "minimum": low})
        code = bid_code(arg)
    elif kind == "announce":
        if arg not in ANNOUNCEMENTS:
            raise IllegalAction("announce_not_allowed",
                                f"{arg} cannot be announced early: only AS or COMPTE.", {"signal": arg})
        code = A_ANNOUNCE_AS + ANNOUNCEMENTS.index(arg)
    elif kind == "signal":
        code = A_SIGNAL + SIGNALS.index(arg)
    elif kind == "trump":
        code = A_TRUMP + arg
    elif kind == "ghna":
        code = A_GHNA + arg
    elif kind == "next_hand":
        code = A_NEXT_HAND
    else:
        code = _SIMPLE[kind]
    r = g.refusal(seat if kind != "next_hand" else None, code)
    if r is not None:
        raise _from_refusal(r)
    return seat, code


# ------------------------------------------------------------------ states
def _cards(mask: int) -> list[str]:
    return [NAMES[c] for c in cards_in(mask)]


def _copy(x):
    """Deep copy of a JSON value (fast: marshal is C)."""
    return marshal.loads(marshal.dumps(x))


def _public(g: Game) -> dict:
    """Everything public about the game (both states and views hold it)."""
    d = g.declarer
    return {
        "hand_number": g.hand_no,
        "phase": PHASE_NAMES[g.phase],
        "to_act": g.to_act,
        "dealer": g.dealer,
        "forehand": g.forehand,
        "auction": [action_json(s, c) for s, c in g.auction],
        "contract": None if d < 0 else {
            "declarer": d, "amount": g.contract,
            "trump": SUIT_LETTERS[g.trump] if g.trump >= 0 else None,
            "ghna_cap": None if g.rules.ghna_cap == "none" else g.cap,
        },
        "leader": g.leader,
        "trick": [{"seat": (g.leader + i) % 4, "card": NAMES[c]} for i, c in enumerate(g.trick)],
        "tricks": [{"leader": ld, "cards": [{"seat": (ld + i) % 4, "card": NAMES[c]}
                                            for i, c in enumerate(cs)],
                    "winner": w, "points": p} for ld, cs, w, p in g.tricks],
        "points": g.points(),
        "ghna": [{"seat": s, "suit": SUIT_LETTERS[x], "value": v} for s, x, v in g.ghna],
        "concession": {"proposer": g.proposer} if g.phase == CONCESSION else None,
        "proposed": [s for s in range(4) if g.proposed >> s & 1],
        "scores": g.scores[:],
        "last_hand": _copy(g.last_hand),
        "history": _copy(g.history),
        "winner": g.winner,
    }


def _source(g: Game) -> dict:
    if g.deal is not None:
        hands, dealer, scores = g.deal
        return {"deal": {"hands": [[NAMES[c] for c in h] for h in hands],
                         "dealer": dealer, "scores": scores[:]}}
    return {"seed": g.seed}


def _serialize(g: Game) -> dict:
    st = {"format": STATE_FORMAT}
    st.update(_source(g))
    st["rules"] = g.rules.to_dict()
    st["actions"] = [action_json(s, c) for s, c in g.log]
    st["hands"] = [_cards(h) for h in g.hands]
    st.update(_public(g))
    return st


_CACHE: OrderedDict[bytes, Game] = OrderedDict()
_CACHE_SIZE = 64


def _key(state: object) -> bytes | None:
    try:
        return marshal.dumps(state, 2)
    except (ValueError, RecursionError):
        return None


def _remember(state: dict, g: Game) -> dict:
    key = _key(state)
    if key is not None:
        _CACHE[key] = g.clone()
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return state


def _bad(msg: str) -> IllegalAction:
    return IllegalAction("bad_state", msg)


def _load(state: object) -> Game:
    """The engine game of a JSON state, checked (``bad_state`` if not genuine)."""
    key = _key(state)
    if key is not None:
        g = _CACHE.get(key)
        if g is not None:
            _CACHE.move_to_end(key)
            return g.clone()
    if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
        raise _bad(f"This is not a Touti game state (expected \"format\": \"{STATE_FORMAT}\").")
    g = _replay(state, _bad)
    if _serialize(g) != state:
        raise _bad("The game state is inconsistent with its own history of actions "
                   "(it was changed or damaged).")
    if key is not None:
        _CACHE[key] = g.clone()
    return g


def _game_from_source(src: dict, err) -> Game:
    try:
        rules = Rules.from_dict(src.get("rules"))
    except (TypeError, ValueError) as e:
        raise err(f"Bad rules: {e}.") from None
    has_seed, has_deal = src.get("seed") is not None, src.get("deal") is not None
    if has_seed == has_deal:
        raise err("A game needs either a \"seed\" or a fixed \"deal\".")
    if has_seed:
        seed = src["seed"]
        if not _is_int(seed) or not 0 <= seed < 2 ** 63:
            raise err("The seed must be a whole number from 0 to 2**63 - 1.")
        return Game.new(seed, rules)
    deal = src["deal"]
    if not isinstance(deal, dict):
        raise err("\"deal\" must be an object with hands, dealer and scores.")
    hands, dealer, scores = _check_deal(deal.get("hands"), deal.get("dealer"),
                                        deal.get("scores"), rules, err)
    return Game.from_deal(hands, dealer, rules, scores)


def _check_deal(hands, dealer, scores, rules: Rules, err):
    if not (isinstance(hands, list) and len(hands) == 4
            and all(isinstance(h, list) and len(h) == 10 for h in hands)):
        raise err("A deal is four hands of ten cards each.")
    seen = 0
    out = []
    for h in hands:
        cs = []
        for name in h:
            if not is_card_name(name):
                raise err(f"{name!r} is not a card (write rank then suit, like \"12E\").")
            c = card_of(name)
            if seen & BIT[c]:
                raise err(f"The card {name} is dealt twice.")
            seen |= BIT[c]
            cs.append(c)
        out.append(cs)
    if not (_is_int(dealer) and 0 <= dealer <= 3):
        raise err("The dealer must be a seat number 0..3.")
    if scores is None:
        scores = [0, 0]
    if not (isinstance(scores, list) and len(scores) == 2 and all(_is_int(x) and x >= 0 for x in scores)):
        raise err("Scores must be two whole numbers of at least 0.")
    if max(scores) >= rules.target:
        raise err(f"Scores must be below the target ({rules.target}): the game would already be over.")
    return out, dealer, list(scores)


def _replay(src: dict, err) -> Game:
    g = _game_from_source(src, err)
    actions = src.get("actions")
    if not isinstance(actions, list):
        raise err("\"actions\" must be a list.")
    for i, a in enumerate(actions):
        try:
            seat, code = action_code(g, a)
        except IllegalAction as e:
            raise err(f"Action {i + 1} of the history cannot be replayed: {e.message}") from None
        g.apply(code)
    return g


# --------------------------------------------------------------- functions
def new_game(seed: int, rules: dict | None = None) -> dict:
    """A whole game to the target score; the first dealer and every deal come from ``seed``."""
    g = _game_from_source({"seed": seed, "rules": rules}, _malformed)
    return _remember(_serialize(g), g)


def new_hand(hands: list[list[str]], dealer: int, rules: dict | None = None,
             scores: list[int] | None = None) -> dict:
    """A one-hand game from a fixed deal: ``hands[s]`` are seat ``s``'s ten cards."""
    g = _game_from_source({"deal": {"hands": hands, "dealer": dealer, "scores": scores},
                           "rules": rules}, _malformed)
    return _remember(_serialize(g), g)


def legal_actions(state: dict) -> list[dict]:
    """Every legal action now, in a stable order."""
    g = _load(state)
    seat = g.to_act
    return [action_json(seat, c) for c in g.legal()]


def act(state: dict, action: dict) -> dict:
    """The state after ``action``; raises :class:`IllegalAction` if it is refused."""
    _parse(action)                      # malformed comes before bad_state
    g = _load(state)
    seat, code = action_code(g, action)
    g.apply(code)
    return _remember(_serialize(g), g)


def view(state: dict, seat: int) -> dict:
    """What ``seat`` may know: its own hand, the public history, card counts of the others."""
    if not (_is_int(seat) and 0 <= seat <= 3):
        raise _malformed("The seat must be a number 0..3.")
    g = _load(state)
    return view_of(g, seat)


def view_of(g: Game, seat: int) -> dict:
    v = {"format": VIEW_FORMAT, "seat": seat, "rules": g.rules.to_dict()}
    v["hand"] = _cards(g.hands[seat])
    v["hands"] = [v["hand"][:] if s == seat else None for s in range(4)]
    v["hand_counts"] = [h.bit_count() for h in g.hands]
    v.update(_public(g))
    v["hand_actions"] = [action_json(s, c) for s, c in g.log[g.hand_start:]]
    acting = g.to_act == seat or g.phase == HAND_OVER
    v["legal"] = [action_json(g.to_act, c) for c in g.legal()] if acting else []
    return v


def to_record(state: dict) -> dict:
    """A record (source, rules, actions) that replays to the identical state."""
    g = _load(state)
    rec = {"format": RECORD_FORMAT}
    rec.update(_source(g))
    rec["rules"] = g.rules.to_dict()
    rec["actions"] = [action_json(s, c) for s, c in g.log]
    return rec


def from_record(record: dict) -> dict:
    """The state a record leads to; ``malformed`` or ``bad_state`` if it is not valid."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise _malformed(f"This is not a Touti record (expected \"format\": \"{RECORD_FORMAT}\").")
    g = _replay(record, _bad)
    return _remember(_serialize(g), g)


def game_of(state: dict) -> Game:
    """The engine's game for a checked state (for bots and tools inside the package)."""
    return _load(state)
