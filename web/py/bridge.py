"""The worker's side of the page <-> engine boundary (runs inside Pyodide).

The page sends small requests (``{"op": ..., ...}``) as JSON text; ``handle``
answers with JSON text, never raising.  The game state lives here, as a
``touti_core.api`` state; the page only ever sees the views of the seats a
person plays.  This module only checks the shape of requests and routes them
to ``touti_core.api`` and ``touti_core.bots``: every rule decision (legal
actions, refusals, Ghna values and the cap) comes from them.

Every request may name its ``session`` (default ``"game"``): the game page's
game, the lesson, a challenge... each keeps its own state and its own seats.

Requests (fields beyond ``op``):

- ``new``: ``seed`` (a whole number), ``rules`` (optional), ``people`` (optional:
  the seats persons play, default ``[0]``), ``one_hand`` (optional: only the
  seed's first deal, a game of one hand);
- ``load``: ``record`` (an engine record), ``people`` (optional);
- ``check``: ``record`` — whether the engine accepts a record (the game in
  progress is untouched): ``{"ok": true}`` or its refusal;
- ``deal``: ``seed``, ``rules``, ``actions`` — the one-hand game of the seed's first
  deal replayed (a friend's hand of a challenge): its record, phase and result;
- ``review``: ``record``, ``hand``, ``seat`` and ``table`` (optional) — the review of
  a finished hand (touti_core.bots.review): every card, each decision's cost;
- ``people``: ``people`` — who plays which seat changed (watching the bots);
- ``view``: the current view;
- ``act``: ``action`` — only for a seat a person plays (a bot's seat acts only
  through ``bot``), so that a page can neither play nor probe a bot's hand;
- ``bot``: ``level``, ``table`` (optional) — the bot of the seat to act plays
  (or deals the next hand);
- ``hint``: ``table`` (optional) — the strong bot's choice for the person to act;
- ``sheet``: ``sheet`` (a ``touti-sheet/1`` table score sheet) — the sheet scored
  by ``touti_core.sheet.score_sheet`` (``"sheet"`` in the answer), or the
  refusal of its first impossible entry; no session's game is touched.

Answers: ``{"ok": true, "view": ..., "action": ...}`` (``hint``: ``"hint"``), or
``{"ok": false, "error": {"code", "message", "params"}}``: an engine refusal
(its codes), ``bad_request`` (a request of the wrong shape: the page words it
from its catalogue, ``message`` is the English fallback), ``not_your_seat``, or
``internal`` (a bug: ``params.detail`` says what failed).
"""

import json

from touti_core import api, bots, sheet
from touti_core.cards import display_order

#: The seat whose view the page shows (the person at the bottom of the table).
PAGE_SEAT = 0


class Session:
    def __init__(self):
        self.state = None
        self.people = {PAGE_SEAT}


#: The sessions by name (a handful at most: the page names them).
SESSIONS = {}
MAX_SESSIONS = 8
S = Session()             # the session of the request being answered


class BadRequest(Exception):
    """A request of the wrong shape: ``what`` names the field, for the page's sentence."""

    def __init__(self, what):
        super().__init__(what)
        self.what = what


def _field(req, name, check, optional=False):
    if name not in req:
        if optional:
            return None
        raise BadRequest(name)
    value = req[name]
    if not check(value):
        raise BadRequest(name)
    return value


def _is_seed(x):
    return type(x) is int and 0 <= x <= api.MAX_SEED


def _is_seats(x):
    return (isinstance(x, list) and len(x) <= 4 and len(set(x)) == len(x)
            and all(type(s) is int and 0 <= s <= 3 for s in x))


def _is_table(x):
    return x is None or (isinstance(x, list) and len(x) == 4
                         and all(t is None or t in bots.CHOOSABLE for t in x))


def _bot_seed(state, seat):
    """A bot's seed: fixed by the game and the move number, so a replay repeats it."""
    base = state.get("seed")
    if base is None:
        base = sum((i + 1) * ord(ch) for i, ch in enumerate("".join(state["deal"]["hands"][0])))
    return (base * 1_000_003 + len(state["actions"]) * 7919 + seat) % (2 ** 32)


def _out(action=None):
    st = S.state
    v = api.view(st, PAGE_SEAT)
    v["hand_sorted"] = display_order(v["hand"], (v["contract"] or {}).get("trump"))
    v["record"] = api.to_record(st)
    v["action_count"] = len(st["actions"])
    v["people"] = sorted(S.people)
    return {"ok": True, "view": v, "action": action}


def _game():
    if S.state is None:
        raise BadRequest("game")
    return S.state


def _people(req):
    seats = _field(req, "people", _is_seats, optional=True)
    return set(seats) if seats is not None else {PAGE_SEAT}


def op_new(req):
    seed = _field(req, "seed", _is_seed)
    rules = _field(req, "rules", lambda r: r is None or isinstance(r, dict), optional=True)
    one_hand = _field(req, "one_hand", lambda x: isinstance(x, bool), optional=True)
    people = _people(req)
    if one_hand:      # the seed's first deal alone (a deal of the day, a challenge's deals)
        d = api.deal_of(seed)
        S.state = api.new_hand(d["hands"], d["dealer"], rules)
    else:
        S.state = api.new_game(seed, rules)
    S.people = people
    return _out()


def op_load(req):
    record = _field(req, "record", lambda r: isinstance(r, dict))
    people = _people(req)
    S.state = api.from_record(record)
    S.people = people
    return _out()


def op_deal(req):
    """A one-hand game of a seed's first deal replayed with ``actions`` (a challenge's
    hand sent by a friend): its record and result; no session is touched."""
    seed = _field(req, "seed", _is_seed)
    rules = _field(req, "rules", lambda r: r is None or isinstance(r, dict), optional=True)
    actions = _field(req, "actions", lambda a: isinstance(a, list))
    d = api.deal_of(seed)
    record = {"format": "touti-record/1", "deal": {**d, "scores": [0, 0]},
              "rules": rules, "actions": actions}
    state = api.from_record(record)
    return {"ok": True, "record": api.to_record(state), "phase": state["phase"],
            "result": state["last_hand"]}


def op_review(req):
    """The review of hand ``hand`` of ``record`` for ``seat`` (touti_core.bots.review)."""
    from touti_core.bots.review import review_hand   # loaded when a review is first asked
    record = _field(req, "record", lambda r: isinstance(r, dict))
    hand = _field(req, "hand", lambda x: type(x) is int and 0 <= x < 10_000)
    seat = _field(req, "seat", lambda x: type(x) is int and 0 <= x <= 3, optional=True)
    table = _field(req, "table", _is_table, optional=True)
    return {"ok": True, "review": review_hand(record, hand, 0 if seat is None else seat, table)}


def op_check(req):
    api.from_record(_field(req, "record", lambda r: isinstance(r, dict)))
    return {"ok": True}


def op_people(req):
    _game()
    S.people = set(_field(req, "people", _is_seats))
    return _out()


def op_view(req):
    _game()
    return _out()


def op_act(req):
    st = _game()
    action = _field(req, "action", lambda a: isinstance(a, dict))
    seat = action.get("seat")
    if action.get("type") == "next_hand" and seat is None:
        if not S.people:
            raise api.IllegalAction("not_your_seat", "Nobody at this table is a person: "
                                    "the bots deal the next hand.", {})
    elif seat not in S.people:
        raise api.IllegalAction("not_your_seat", "You can act only for your own seat; the "
                                "bots play theirs.", {"seat": seat if type(seat) is int else None})
    S.state = api.act(st, action)
    return _out(action)


def op_bot(req):
    st = _game()
    level = _field(req, "level", lambda x: x in bots.CHOOSABLE)
    table = _field(req, "table", _is_table, optional=True)
    seat = st["to_act"]
    if seat is None:
        if st["phase"] == "hand_over":
            action = {"type": "next_hand"}
            S.state = api.act(st, action)
            return _out(action)
        raise api.IllegalAction("wrong_phase", "Nobody is to act now.", {"phase": st["phase"]})
    if seat in S.people:
        raise api.IllegalAction("not_your_seat", "This seat is played by a person, not a bot.",
                                {"seat": seat})
    v = api.view(st, seat)
    action = bots.choose(v, v["legal"], level, _bot_seed(st, seat), table=table)
    S.state = api.act(st, action)
    return _out(action)


def op_hint(req):
    st = _game()
    table = _field(req, "table", _is_table, optional=True)
    seat = st["to_act"]
    if seat not in S.people:
        return {"ok": True, "hint": None}
    v = api.view(st, seat)
    if not v["legal"]:
        return {"ok": True, "hint": None}
    return {"ok": True, "hint": bots.hint(v, v["legal"], table=table)}


def op_sheet(req):
    return {"ok": True, "sheet": sheet.score_sheet(_field(req, "sheet", lambda x: isinstance(x, dict)))}


OPS = {"new": op_new, "load": op_load, "check": op_check, "deal": op_deal, "review": op_review, "people": op_people, "view": op_view, "act": op_act,
       "bot": op_bot, "hint": op_hint, "sheet": op_sheet}


def _bad_request(what):
    return {"ok": False, "error": {
        "code": "bad_request",
        "message": f"The page sent a request the engine cannot read ({what}).",
        "params": {"field": what}}}


def _session(req):
    """The request's session (created on first use)."""
    global S
    name = req.get("session", "game")
    if not (isinstance(name, str) and 0 < len(name) <= 24 and name.isidentifier()):
        raise BadRequest("session")
    if name not in SESSIONS:
        if len(SESSIONS) >= MAX_SESSIONS:
            raise BadRequest("session")
        SESSIONS[name] = Session()
    S = SESSIONS[name]


def handle(text):
    """One request (JSON text) -> its answer (JSON text); never raises."""
    try:
        try:
            req = json.loads(text)
        except (ValueError, RecursionError):
            return json.dumps(_bad_request("json"))
        if not isinstance(req, dict):
            return json.dumps(_bad_request("op"))
        fn = OPS.get(req.get("op")) if isinstance(req.get("op"), str) else None
        if fn is None:
            return json.dumps(_bad_request("op"))
        _session(req)
        return json.dumps(fn(req))
    except BadRequest as e:
        return json.dumps(_bad_request(e.what))
    except api.IllegalAction as e:
        return json.dumps({"ok": False, "error": e.to_json()})
    except Exception as e:  # a bug: the page shows a sentence, the detail goes to the log
        return json.dumps({"ok": False, "error": {
            "code": "internal", "message": "Something went wrong in the game engine.",
            "params": {"detail": f"{type(e).__name__}: {str(e)[:200]}"}}})
