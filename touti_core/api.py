"""The JSON boundary of touti_core (see docs/api.md).

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
must equal the rebuilt one exactly, value and type (``3.0`` is not ``3``,
``False`` is not ``0``), otherwise it is refused with ``bad_state``: a
tampered save can never produce a silently wrong game.

The states this module returns are read-only (:class:`State`, a ``dict``
whose lists and objects refuse changes; ``copy.deepcopy`` and
``json.loads(json.dumps(...))`` give ordinary, changeable copies) and carry
their engine game.  So the usual call sequence (``act`` on the state the last
call returned) costs no replay and no serialisation of the history: a call
costs the same at the 10th action of a game as at the 100,000th, but for a
copy of the list of actions.  A state that comes back as plain JSON is
replayed and compared once, then remembered by its bytes (a cache bounded in
bytes).
"""

from __future__ import annotations

import json
import marshal
from collections import OrderedDict
from typing import Any, TypeGuard, cast

from .cards import BIT, NAMES, SUIT_LETTERS, cards_in, is_card_name, card_of
from .actions import (  # noqa: F401  (action_json and code_of are the boundary's too)
    ACTION_TYPES, ANNOUNCEMENTS, SIGNALS, action_json, code as _code, code_of,
)
from .engine import (
    PHASE_NAMES, CONCESSION, HAND_OVER, Game, Refusal, lowest_bid, max_game_actions,
)
from .facts import TRICKS
from .quote import quote
from .refusals import sentence
from .rules import BID_STEP, MAX_BID, Rules

STATE_FORMAT = "touti-state/1"
RECORD_FORMAT = "touti-record/1"
VIEW_FORMAT = "touti-view/1"

__all__ = [
    "IllegalAction", "new_game", "new_hand", "legal_actions", "act", "view",
    "to_record", "from_record", "ERROR_CODES", "MAX_SEED", "State",
]

#: Seeds are whole numbers up to 2**53 - 1: the largest that JavaScript (the
#: page, JSON in a browser) holds exactly, so a record made anywhere opens anywhere.
MAX_SEED = 2 ** 53 - 1

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
        elif k in ("legal", "missing"):
            v = [NAMES[c] for c in v]
        params[k] = v
    return IllegalAction(r.code, r.message, params)


def _refused(key: str, params: dict, **words: object) -> IllegalAction:
    """The refusal ``key`` of :mod:`touti_core.refusals` (its sentence filled with
    ``params`` and ``words``) as an :class:`IllegalAction`."""
    return IllegalAction(key.partition(".")[0], sentence(key, **params, **words), {**params, "case": key})


# ------------------------------------------------------------------ actions
def _is_int(x: object) -> TypeGuard[int]:
    return type(x) is int


def _malformed(msg: str) -> IllegalAction:
    return IllegalAction("malformed", msg)


def _parse(action: object) -> tuple[str, int | None, Any]:
    """Shape checks only: (type, seat, the type's own field)."""
    if not isinstance(action, dict):
        raise _malformed("An action must be an object with a \"type\".")
    kind = action.get("type")
    if kind not in ACTION_TYPES:
        raise _malformed(f"Unknown action type {quote(kind)}; expected one of {', '.join(ACTION_TYPES)}.")
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
            raise _malformed(f"{quote(c)} is not a card: write rank then suit, like \"12E\" or \"1O\".")
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


def action_code(g: Game, action: object) -> tuple[int | None, int]:
    """Check a JSON action against the game: (seat, code), or IllegalAction."""
    kind, seat, arg = _parse(action)
    r = g.turn_refusal(seat, kind)
    if r is not None:
        raise _from_refusal(r)
    if kind == "bid":
        if arg % BID_STEP:
            raise _refused("bid_not_multiple_of_10", {"amount": arg})
        if arg > MAX_BID:
            raise _refused("bid_too_high", {"amount": arg, "maximum": MAX_BID})
        low = lowest_bid(g.high)
        if arg < low:
            raise _refused("bid_too_low" if g.high else "bid_too_low.first",
                           {"amount": arg, "minimum": low, "high": g.high})
    elif kind == "announce" and arg not in ANNOUNCEMENTS:
        raise _refused("announce_not_allowed.other", {"signal": arg})
    code = _code(kind, arg)
    r = g.refusal(seat if kind != "next_hand" else None, code)
    if r is not None:
        raise _from_refusal(r)
    return seat, code


# ------------------------------------------------------------------ states
class FrozenList(list):
    """A list that refuses changes (the lists of a :class:`State`)."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError(_READ_ONLY)

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo) -> list:
        return thaw(self)

    def __reduce_ex__(self, protocol):
        return (list, (thaw(self),))


class FrozenDict(dict):
    """A dict that refuses changes (the objects of a :class:`State`)."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError(_READ_ONLY)

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo) -> dict:
        return thaw(self)

    def __reduce_ex__(self, protocol):
        return (dict, (thaw(self),))


class State(FrozenDict):
    """A game state as this module returns it: a read-only JSON object that
    carries its engine game (so that it is never replayed again)."""

    __slots__ = ("_game",)
    _game: Game


_READ_ONLY = ("A Touti state is read-only: make a copy (copy.deepcopy, or a JSON round "
              "trip) to change it.")


def thaw(x):
    """An ordinary, changeable copy of a JSON value (of a :class:`State`, say)."""
    return json.loads(json.dumps(x))


def _freeze(x):
    """A read-only copy of a small JSON value (an engine result)."""
    if isinstance(x, dict):
        return FrozenDict({k: _freeze(v) for k, v in x.items()})
    if isinstance(x, list):
        return FrozenList(_freeze(v) for v in x)
    return x


def _log(g: Game) -> list[tuple[int | None, int]]:
    """The game's actions (the games of this module always keep their log)."""
    return cast("list[tuple[int | None, int]]", g.log)


def _cards(mask: int) -> list[str]:
    return [NAMES[c] for c in cards_in(mask)]


def _public(g: Game, D=dict, L=list) -> dict:
    """Everything public about the game but the results of finished hands (both
    states and views hold it); ``D`` and ``L`` make its objects and lists."""
    d = g.declarer
    return {
        "hand_number": g.hand_no,
        "phase": PHASE_NAMES[g.phase],
        "to_act": g.to_act,
        "dealer": g.dealer,
        "forehand": g.forehand,
        "auction": L(D(action_json(s, c)) for s, c in g.auction),
        "contract": None if d < 0 else D({
            "declarer": d, "amount": g.contract,
            "trump": SUIT_LETTERS[g.trump] if g.trump >= 0 else None,
            "ghna_cap": None if g.rules.ghna_cap == "none" else g.cap,
        }),
        "leader": g.leader,
        "trick": L(D({"seat": (g.leader + i) % 4, "card": NAMES[c]}) for i, c in enumerate(g.trick)),
        "tricks": L(D({"leader": ld, "cards": L(D({"seat": (ld + i) % 4, "card": NAMES[c]})
                                                for i, c in enumerate(cs)),
                       "winner": w, "points": p}) for ld, cs, w, p in g.tricks),
        "points": L(g.points()),
        "ghna": L(D({"seat": s, "suit": SUIT_LETTERS[x], "value": v}) for s, x, v in g.ghna),
        "concession": D({"proposer": g.proposer}) if g.phase == CONCESSION else None,
        "proposed": L(s for s in range(4) if g.proposed >> s & 1),
        "scores": L(g.scores),
    }


def _source(g: Game) -> dict:
    if g.deal is not None:
        hands, dealer, scores = g.deal
        return {"deal": {"hands": [[NAMES[c] for c in h] for h in hands],
                         "dealer": dealer, "scores": scores[:]}}
    return {"seed": g.seed}


def _state(g: Game, prev: State | None = None) -> State:
    """The read-only state of ``g``.  ``prev``, the state ``g`` continues (``act``),
    lends what has not changed: the source, the rules, the results of finished
    hands and the actions before the new ones (so the history is not rebuilt)."""
    head: dict[str, Any]
    if prev is None:
        head = {"format": STATE_FORMAT}
        head.update(_freeze(_source(g)))
        head["rules"] = _freeze(g.rules.to_dict())
        actions = FrozenList(FrozenDict(action_json(s, c)) for s, c in _log(g))
        history = None
    else:
        head = {"format": STATE_FORMAT}
        key = "deal" if "deal" in prev else "seed"
        head[key] = prev[key]
        head["rules"] = prev["rules"]
        old = prev["actions"]
        actions = FrozenList(old)
        list.extend(actions, (FrozenDict(action_json(s, c)) for s, c in _log(g)[len(old):]))
        history = prev["history"]
        if len(history) != len(g.history):            # a hand ended: add its result
            history = FrozenList(history)
            list.extend(history, (_freeze(r) for r in g.history[len(history):]))
    if history is None:
        history = FrozenList(_freeze(r) for r in g.history)
    last = history[-1] if g.last_hand is not None else None
    head["actions"] = actions
    head["hands"] = FrozenList(FrozenList(_cards(h)) for h in g.hands)
    head.update(_public(g, FrozenDict, FrozenList))
    head["last_hand"] = last
    head["history"] = history
    head["winner"] = g.winner
    st = State(head)
    st._game = g
    return st


def _same(a: object, b: object) -> bool:
    """``a == b`` as JSON values, types included: ``3`` is not ``3.0``, ``0`` is not
    ``False`` (without recursion: any depth is safe)."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if isinstance(x, dict):
            if not isinstance(y, dict) or len(x) != len(y):
                return False
            for k, v in x.items():
                if type(k) is not str or k not in y:
                    return False
                stack.append((v, y[k]))
        elif isinstance(x, list):
            if not isinstance(y, list) or len(x) != len(y):
                return False
            stack.extend(zip(x, y))
        elif type(x) is not type(y) or x != y:
            return False
    return True


#: Plain (not read-only) states already checked, by their exact bytes: a state
#: that comes back through JSON is replayed once.  Bounded by the bytes of its keys.
_CACHE: OrderedDict[bytes, Game] = OrderedDict()
_CACHE_BYTES = 16_000_000
_cache_bytes = 0


def _key(state: Any) -> bytes | None:
    try:
        return marshal.dumps(state, 2)
    except (ValueError, RecursionError):     # not plain JSON (or too deep): no cache
        return None


def _remember(key: bytes, g: Game) -> None:
    global _cache_bytes
    if len(key) > _CACHE_BYTES // 4:
        return
    _CACHE[key] = g
    _cache_bytes += len(key)
    while _cache_bytes > _CACHE_BYTES:
        old, _ = _CACHE.popitem(last=False)
        _cache_bytes -= len(old)


def clear_cache() -> None:
    """Forgets the plain states already checked (tests: force a real replay)."""
    global _cache_bytes
    _CACHE.clear()
    _cache_bytes = 0


def _bad(msg: str) -> IllegalAction:
    return IllegalAction("bad_state", msg)


def _game(state: object) -> Game:
    """The engine game of a JSON state, checked (``bad_state`` if not genuine).
    Shared: read it, or ``clone()`` it to play on."""
    if type(state) is State:
        return state._game
    key = _key(state)
    if key is not None:
        g = _CACHE.get(key)
        if g is not None:
            _CACHE.move_to_end(key)
            return g
    if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
        raise _bad(f"This is not a Touti game state (expected \"format\": \"{STATE_FORMAT}\").")
    g = _replay(state, _bad)
    try:
        genuine = _same(_state(g), state)
    except RecursionError:                   # pragma: no cover (_same does not recurse)
        genuine = False
    if not genuine:
        raise _bad("The game state is inconsistent with its own history of actions "
                   "(it was changed or damaged).")
    if key is not None:
        _remember(key, g)
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
        if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise err(f"The seed must be a whole number from 0 to 2**53 - 1 ({MAX_SEED}), "
                      f"not {quote(seed)}.")
        return Game.new(seed, rules)
    deal = src["deal"]
    if not isinstance(deal, dict):
        raise err("\"deal\" must be an object with hands, dealer and scores.")
    hands, dealer, scores = _check_deal(deal.get("hands"), deal.get("dealer"),
                                        deal.get("scores"), rules, err)
    return Game.from_deal(hands, dealer, rules, scores)


def _check_deal(hands, dealer, scores, rules: Rules, err):
    if not (isinstance(hands, list) and len(hands) == 4
            and all(isinstance(h, list) and len(h) == TRICKS for h in hands)):
        raise err("A deal is four hands of ten cards each.")
    seen = 0
    out = []
    for h in hands:
        cs = []
        for name in h:
            if not is_card_name(name):
                raise err(f"{quote(name)} is not a card (write rank then suit, like \"12E\").")
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
    most = max_game_actions(g.rules.target, g.deal is not None)
    if len(actions) > most:
        raise err(f"This game has {len(actions)} actions; no game under its rules has more "
                  f"than {most}.")
    for i, a in enumerate(actions):
        try:
            seat, code = action_code(g, a)
        except IllegalAction as e:
            raise err(f"Action {i + 1} of the history cannot be replayed: {e.message}") from None
        g.apply(code)
    return g


# --------------------------------------------------------------- functions
def new_game(seed: int, rules: dict | None = None) -> State:
    """A whole game to the target score; the first dealer and every deal come from ``seed``."""
    return _state(_game_from_source({"seed": seed, "rules": rules}, _malformed))


def new_hand(hands: list[list[str]], dealer: int, rules: dict | None = None,
             scores: list[int] | None = None) -> State:
    """A one-hand game from a fixed deal: ``hands[s]`` are seat ``s``'s ten cards."""
    return _state(_game_from_source({"deal": {"hands": hands, "dealer": dealer, "scores": scores},
                                     "rules": rules}, _malformed))


def deal_of(seed: int) -> dict:
    """The first deal of the game of ``seed`` as a fixed deal: ``{"hands": [[card, ...] x 4],
    "dealer": seat}`` (for one-hand games that everyone can play: a deal of the day, a
    challenge).  ``malformed`` for a bad seed.

    >>> d = deal_of(7)
    >>> sorted(len(h) for h in d["hands"]), d["dealer"] == new_game(7)["dealer"]
    ([10, 10, 10, 10], True)
    """
    g = _game_from_source({"seed": seed}, _malformed)
    return {"hands": [_cards(h) for h in g.hands], "dealer": g.dealer}


def legal_actions(state: dict) -> list[dict]:
    """Every legal action now, in a stable order."""
    g = _game(state)
    seat = g.to_act
    return [action_json(seat, c) for c in g.legal()]


def act(state: dict, action: dict) -> State:
    """The state after ``action``; raises :class:`IllegalAction` if it is refused."""
    _parse(action)                      # malformed comes before bad_state
    g = _game(state).clone()
    seat, code = action_code(g, action)
    g.apply(code)
    return _state(g, state if type(state) is State else None)


def view(state: dict, seat: int) -> dict:
    """What ``seat`` may know: its own hand, the public history, card counts of the others."""
    if not (_is_int(seat) and 0 <= seat <= 3):
        raise _malformed("The seat must be a number 0..3.")
    return view_of(_game(state), seat)


def _copy(x):
    """Deep copy of a JSON value (fast: marshal is C)."""
    return marshal.loads(marshal.dumps(x))


def view_of(g: Game, seat: int) -> dict:
    v: dict[str, Any] = {"format": VIEW_FORMAT, "seat": seat, "rules": g.rules.to_dict()}
    v["hand"] = _cards(g.hands[seat])
    v["hands"] = [v["hand"][:] if s == seat else None for s in range(4)]
    v["hand_counts"] = [h.bit_count() for h in g.hands]
    v.update(_public(g))
    v["last_hand"] = _copy(g.last_hand)
    v["history"] = _copy(g.history)
    v["winner"] = g.winner
    v["hand_actions"] = [action_json(s, c) for s, c in _log(g)[g.hand_start:]]
    # the Ghna this seat holds undeclared, their value, and whether the cap still takes them
    v["ghna_held"] = [{"suit": SUIT_LETTERS[x], "value": value, "fits": fits, "cap": g.cap,
                       "declared": g.ghna_total} for x, value, fits in g.ghna_held(seat)]
    acting = g.to_act == seat or g.phase == HAND_OVER
    v["legal"] = [action_json(g.to_act, c) for c in g.legal()] if acting else []
    return v


def to_record(state: dict) -> dict:
    """A record (source, rules, actions) that replays to the identical state."""
    g = _game(state)
    rec: dict[str, Any] = {"format": RECORD_FORMAT}
    rec.update(_source(g))
    rec["rules"] = g.rules.to_dict()
    rec["actions"] = (thaw(state["actions"]) if type(state) is State
                      else [action_json(s, c) for s, c in _log(g)])
    return rec


def from_record(record: dict) -> State:
    """The state a record leads to; ``malformed`` or ``bad_state`` if it is not valid."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise _malformed(f"This is not a Touti record (expected \"format\": \"{RECORD_FORMAT}\").")
    return _state(_replay(record, _bad))


def game_of(state: dict) -> Game:
    """The engine's game for a checked state, to play on (for bots and tools inside the package)."""
    return _game(state).clone()
