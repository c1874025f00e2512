"""The worker's side of the page <-> engine boundary (runs inside Pyodide).

The page sends small requests (``{"op": ..., ...}``) as JSON text; ``handle``
answers with JSON text, never raising.  The game state lives here, as a
``touti_core.api`` state; the page only ever sees the views of the seats a
person plays.  This module only checks the shape of requests and routes them
to ``touti_core.api`` and ``touti_core.bots``: every rule decision (legal
actions, refusals, Ghna values and the cap) comes from them.

Every request may name its ``session`` (default ``"game"``): the game page's
game, the lesson, a challenge... each keeps its own state and its own seats.
``SESSIONS`` holds them, the only state kept between requests; ``handle`` gives
each request's op (``op_<name>(session, req)``) its session, the one it may change.

Requests (fields beyond ``op``):

- ``new``: ``seed`` (a whole number), ``rules`` (optional), ``people`` (optional:
  the seats persons play, default ``[0]``), ``one_hand`` (optional: only the
  seed's first deal, a game of one hand);
- ``load``: ``record`` (an engine record), ``people`` (optional);
- ``check``: ``record`` — whether the engine accepts a record (the game in
  progress is untouched): ``{"ok": true}`` or its refusal;
- ``deal``: ``seed``, ``rules``, ``actions`` — the one-hand game of the seed's first
  deal replayed (a friend's hand of a challenge): its record, phase and result;
- ``verify``: ``seed``, ``rules``, ``levels`` (the bots of the seats 1, 2, 3: built-in
  levels), ``actions`` — a challenge's hand checked (touti_core.bots.verify): replayed,
  and every decision of a bot's seat asked again of that bot, as the page asked it.
  ``{"ok": true, "verified": true, "record", "phase", "result"}``, or ``"verified":
  false`` with ``"mismatch"``: ``at`` (the action's index), ``seat``, ``level``,
  ``expected`` (the bot's action) and ``got`` (the hand's); no session is touched;
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

Bots of one's own (docs/bot-api.md) never run here: their code runs in the
page's sandbox (web/js/botbox.js, a worker of an opaque origin with a Python of
its own), which sees only what this engine gives it for the seat.  Here:

- ``bot_view``: the view of the seat to act, when a bot plays it (never a person's);
- ``bot`` with a ``level`` ``"user:<name>"``: the page brings that bot's ``answer``
  to that view and the milliseconds it took (``ms``), or the ``failure`` it met
  (``{"kind": "error" | "hung", "detail"}``); the engine judges it
  (``plugins.judge``): an answer refused, a failure or a decision over the time
  cap is played by the normal bot instead and reported in ``"fallback"`` (the
  bot's name, ``kind``, ``detail``...);
- ``arena_start``: ``a``, ``b`` (built-in levels), ``deals``, ``seed`` — a duplicate
  arena (touti_core.bots.arena) in this session (the page names its own: the
  game is untouched); ``arena_step``: its next deal, both tables, and the
  summary so far (``arena.summarize``: the paired difference and its 95%
  interval...).

A ``table`` may name loaded bots (``"user:<name>"``): the built-in bots know
nothing of them (as of a person).

Answers: ``{"ok": true, "view": ..., "action": ...}`` (``hint``: ``"hint"``), or
``{"ok": false, "error": {"code", "message", "params"}}``: an engine refusal
(its codes), ``bad_request`` (a request of the wrong shape: the page words it
from its catalogue, ``message`` is the English fallback), ``not_your_seat``, or
``internal`` (a bug: ``params.detail`` says what failed).
"""

import importlib
import json
import math

from touti_core import api, bots, sheet
from touti_core.bots.belief import table_memory
from touti_core.cards import display_order

#: The seat whose view the page shows (the person at the bottom of the table).
PAGE_SEAT = 0


class BadRequest(Exception):
    """A request of the wrong shape: ``what`` names the field, for the page's sentence."""

    def __init__(self, what):
        super().__init__(what)
        self.what = what


class Session:
    """One named game of the page (the game page's, the lesson's, a challenge's...):
    its engine state, the seats persons play, a duplicate arena in progress.  Each
    request's op gets its session as an argument and changes that one only."""

    def __init__(self) -> None:
        self.state: api.State | None = None      # the game (new, load)
        self.people: set[int] = {PAGE_SEAT}
        self.arena: dict | None = None           # a duplicate arena in progress (arena_start)
        self.hands_seen: dict = {}               # each finished hand's counts (_seen)


class Sessions:
    """The sessions by name, each made on first use: a handful at most (the page
    names them), so a new name beyond the first ``limit`` is refused."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._by_name: dict[str, Session] = {}

    def __len__(self) -> int:
        return len(self._by_name)

    def get(self, name: object) -> Session:
        """The session of that name (made on first use); a name that is no short
        identifier, or one more session than the limit, is a ``BadRequest``."""
        if not (isinstance(name, str) and 0 < len(name) <= 24 and name.isidentifier()):
            raise BadRequest("session")
        if name not in self._by_name:
            if len(self._by_name) >= self.limit:
                raise BadRequest("session")
            self._by_name[name] = Session()
        return self._by_name[name]


MAX_SESSIONS = 8
#: The worker's sessions: the one place the bridge keeps state between requests.
SESSIONS = Sessions(MAX_SESSIONS)


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
                         and all(t is None or t in bots.CHOOSABLE or bots.is_user_level(t) for t in x))


#: A bot's seed: fixed by the game and the move number, so a replay repeats it
#: (one definition, shared with the check of a challenge: touti_core.bots.verify).
_bot_seed = bots.seat_seed


def _out(session, action=None):
    """The answer of a session's move: the page's view, with its record and who plays."""
    st = session.state
    v = api.view(st, PAGE_SEAT)
    v["hand_sorted"] = display_order(v["hand"], (v["contract"] or {}).get("trump"))
    v["record"] = api.to_record(st)
    v["action_count"] = len(st["actions"])
    v["people"] = sorted(session.people)
    return {"ok": True, "view": v, "action": action}


def _game(session):
    if session.state is None:
        raise BadRequest("game")
    return session.state


def _people(req):
    seats = _field(req, "people", _is_seats, optional=True)
    return set(seats) if seats is not None else {PAGE_SEAT}


def op_new(session, req):
    seed = _field(req, "seed", _is_seed)
    rules = _field(req, "rules", lambda r: r is None or isinstance(r, dict), optional=True)
    one_hand = _field(req, "one_hand", lambda x: isinstance(x, bool), optional=True)
    people = _people(req)
    if one_hand:      # the seed's first deal alone (a deal of the day, a challenge's deals)
        d = api.deal_of(seed)
        session.state = api.new_hand(d["hands"], d["dealer"], rules)
    else:
        session.state = api.new_game(seed, rules)
    session.people = people
    return _out(session)


def op_load(session, req):
    record = _field(req, "record", lambda r: isinstance(r, dict))
    people = _people(req)
    session.state = api.from_record(record)
    session.people = people
    return _out(session)


def op_deal(_session, req):
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


def op_verify(_session, req):
    """A challenge's hand checked: legal, and every bot decision that bot's (``verify``)."""
    verify = _later("touti_core.bots.verify")      # loaded when a challenge is first checked
    seed = _field(req, "seed", _is_seed)
    rules = _field(req, "rules", lambda r: r is None or isinstance(r, dict), optional=True)
    levels = _field(req, "levels", lambda x: isinstance(x, list) and len(x) == 3
                    and all(level in bots.LEVELS for level in x))
    actions = _field(req, "actions", lambda a: isinstance(a, list) and len(a) <= 1000)
    out = verify.verify_hand(seed, rules, levels, actions)
    if not out["ok"]:
        return {"ok": True, "verified": False,
                "mismatch": {k: out[k] for k in ("at", "seat", "level", "expected", "got")}}
    state = out["state"]
    return {"ok": True, "verified": True, "record": api.to_record(state), "phase": state["phase"],
            "result": out["result"]}


def op_review(_session, req):
    """The review of hand ``hand`` of ``record`` for ``seat`` (touti_core.bots.review)."""
    review_hand = _later("touti_core.bots.review").review_hand   # loaded when a review is first asked
    record = _field(req, "record", lambda r: isinstance(r, dict))
    hand = _field(req, "hand", lambda x: type(x) is int and 0 <= x < 10_000)
    seat = _field(req, "seat", lambda x: type(x) is int and 0 <= x <= 3, optional=True)
    table = _field(req, "table", _is_table, optional=True)
    return {"ok": True, "review": review_hand(record, hand, 0 if seat is None else seat, table)}


def op_check(_session, req):
    api.from_record(_field(req, "record", lambda r: isinstance(r, dict)))
    return {"ok": True}


def op_people(session, req):
    _game(session)
    session.people = set(_field(req, "people", _is_seats))
    return _out(session)


def op_view(session, req):
    _game(session)
    return _out(session)


def seat_view(session, seat):
    """What one seat of a session may know (a friend's seat at the page's
    table): its view, its hand in display order, the count of actions; never
    the record, which holds every hand."""
    st = session.state
    v = api.view(st, seat)
    v["hand_sorted"] = display_order(v["hand"], (v["contract"] or {}).get("trump"))
    v["action_count"] = len(st["actions"])
    return v


def op_views(session, req):
    """The views of ``seats`` (the friends at the page's table), by seat; the ops of
    ``WITH_VIEWS`` give them too, after their move, when asked (``views``: the seats)."""
    _game(session)
    seats = _field(req, "seats" if req.get("op") == "views" else "views", _is_seats)
    return {"ok": True, "views": {str(s): seat_view(session, s) for s in sorted(set(seats))}}


def op_hand_record(session, req):
    """Hand ``hand`` of the session's game as a one-hand record seen from ``seat``: that
    seat is seat 0 in it (a friend's own history and review), the others and the
    teams turned with it.  Only for a hand played to its last card, whose every card
    is public; a hand abandoned or cancelled keeps its cards hidden: ``record`` null."""
    st = _game(session)
    hand = _field(req, "hand", lambda x: type(x) is int and 0 <= x < 10_000)
    seat = _field(req, "seat", lambda x: type(x) is int and 0 <= x <= 3)
    history = st["history"]
    if hand >= len(history) or history[hand]["cancelled"] or history[hand]["conceded"]:
        return {"ok": True, "record": None}
    actions = [dict(a) for a in st["actions"]]
    ends = [i for i, a in enumerate(actions) if a["type"] == "next_hand"]
    start = ends[hand - 1] + 1 if hand else 0
    stop = ends[hand] if hand < len(ends) else len(actions)
    at = api.from_record({**api.to_record(st), "actions": actions[:start]})
    turn = lambda s: (s - seat) % 4 if type(s) is int else s     # noqa: E731
    scores = list(at["scores"]) if seat % 2 == 0 else list(at["scores"])[::-1]
    record = {"format": api.RECORD_FORMAT, "rules": dict(st["rules"]),
              "deal": {"hands": [list(at["hands"][(i + seat) % 4]) for i in range(4)],
                       "dealer": turn(at["dealer"]), "scores": scores},
              "actions": [{**a, "seat": turn(a["seat"])} if "seat" in a else a for a in actions[start:stop]]}
    return {"ok": True, "record": record}


#: The moves that may give the friends' views with their answer (one request instead of two).
WITH_VIEWS = {"act", "bot"}


def op_act(session, req):
    st = _game(session)
    action = _field(req, "action", lambda a: isinstance(a, dict))
    seat = action.get("seat")
    if action.get("type") == "next_hand" and seat is None:
        if not session.people:
            raise api.IllegalAction("not_your_seat", "Nobody at this table is a person: "
                                    "the bots deal the next hand.", {})
    elif seat not in session.people:
        raise api.IllegalAction("not_your_seat", "You can act only for your own seat; the "
                                "bots play theirs.", {"seat": seat if type(seat) is int else None})
    session.state = api.act(st, action)
    return _out(session, action)


def op_bot(session, req):
    st = _game(session)
    level = _field(req, "level", lambda x: x in bots.CHOOSABLE or bots.is_user_level(x))
    table = _field(req, "table", _is_table, optional=True)
    seat = st["to_act"]
    if seat is None:
        if st["phase"] == "hand_over":
            action = {"type": "next_hand"}
            session.state = api.act(st, action)
            return _out(session, action)
        raise api.IllegalAction("wrong_phase", "Nobody is to act now.", {"phase": st["phase"]})
    if seat in session.people:
        raise api.IllegalAction("not_your_seat", "This seat is played by a person, not a bot.",
                                {"seat": seat})
    if bots.is_user_level(level):
        return _user_bot(session, seat, level, table, req)
    v = api.view(st, seat)
    seen = _seen(session, st) if level == "strong" else None
    action = bots.choose(v, v["legal"], level, _bot_seed(st, seat), table=table, seen=seen)
    session.state = api.act(st, action)
    return _out(session, action)


def op_hint(session, req):
    st = _game(session)
    table = _field(req, "table", _is_table, optional=True)
    seat = st["to_act"]
    if seat not in session.people:
        return {"ok": True, "hint": None}
    v = api.view(st, seat)
    if not v["legal"]:
        return {"ok": True, "hint": None}
    return {"ok": True, "hint": bots.hint(v, v["legal"], table=table, seen=_seen(session, st))}


def _seen(session, st):
    """What the game's finished hands showed of how each seat plays, for the strong bot's
    reading of the seats the table names nobody (each hand replayed once a session)."""
    return table_memory.from_game(api.game_of(st), session.hands_seen)


def op_sheet(_session, req):
    return {"ok": True, "sheet": sheet.score_sheet(_field(req, "sheet", lambda x: isinstance(x, dict)))}


# ------------------------------------------------------ bots of one's own
#: Set by the worker after a start restored from a memory snapshot: puts the
#: engine's files back on the file system (the modules imported at start-up are
#: in the snapshot; the files are not).  ``_later`` calls it once.
files_back = None


def _later(name):
    """A module imported after the start (the review, the challenge check, the
    arena): every such import goes through here, so that the engine's files are
    back first."""
    global files_back
    if files_back is not None:
        put_back, files_back = files_back, None
        put_back()
    return importlib.import_module(name)


def _user_bot(session, seat, level, table, req):
    """A decision of a bot of one's own for ``seat``: the bot ran in the page's sandbox
    (web/js/botbox.js) on ``bot_view``'s view, and the page brings its ``answer`` and
    the milliseconds it took (``ms``), or the ``failure`` it met (``{"kind": "error" |
    "hung", "detail"}``).  The engine judges it (``plugins.judge``: the same checks as
    everywhere); when refused, the normal bot decides instead, reported in ``fallback``."""
    plugins = _later("touti_core.bots.plugins")
    st = session.state
    ms = _field(req, "ms", lambda x: type(x) in (int, float) and math.isfinite(x) and x >= 0)
    failure = _field(req, "failure", lambda x: isinstance(x, dict), optional=True)
    if failure is None and "answer" not in req:
        raise BadRequest("answer")
    seating = None if table is None else [None if bots.is_user_level(t) else t for t in table]
    action, _, problem = plugins.judge(api.game_of(st), seat, level[len(plugins.USER):],
                                       req.get("answer"), ms, failure=failure,
                                       seed=_bot_seed(st, seat), table=seating)
    session.state = api.act(st, action)
    out = _out(session, action)
    if problem is not None:
        out["fallback"] = problem
    return out


def op_bot_view(session, req):
    """The view of the seat to act, for a bot of one's own that plays it in the page's
    sandbox: only a bot's seat (never a person's: the page shows the person's own view)."""
    st = _game(session)
    seat = st["to_act"]
    if seat is None or seat in session.people:
        raise api.IllegalAction("not_your_seat", "No bot is to act now.",
                                {"seat": seat if type(seat) is int else None})
    return {"ok": True, "seat": seat, "view": api.view(st, seat)}


def op_arena_start(session, req):
    """A duplicate arena in this session: ``a`` against ``b`` (built-in levels) on
    ``deals`` deals of ``seed`` (a bot of one's own plays its arena in its sandbox)."""
    arena = _later("touti_core.bots.arena")
    a = _field(req, "a", lambda x: x in bots.CHOOSABLE)
    b = _field(req, "b", lambda x: x in bots.CHOOSABLE)
    deals = _field(req, "deals", lambda x: type(x) is int and 1 <= x <= 1000)
    seed = _field(req, "seed", _is_seed)
    session.arena = arena.stepwise(a, b, deals, seed)
    return {"ok": True, "arena": {"a": a, "b": b, "deals": deals, "seed": seed, "played": 0}}


def op_arena_step(session, req):
    """The arena's next deal (both tables), and the summary of the deals played."""
    arena = _later("touti_core.bots.arena")
    if session.arena is None:
        raise BadRequest("arena")
    return {"ok": True, **arena.step(session.arena)}


OPS = {"arena_start": op_arena_start, "arena_step": op_arena_step, "bot_view": op_bot_view,
       "new": op_new, "load": op_load, "check": op_check, "deal": op_deal, "verify": op_verify,
       "review": op_review, "people": op_people, "view": op_view, "views": op_views, "act": op_act,
       "hand_record": op_hand_record,
       "bot": op_bot, "hint": op_hint, "sheet": op_sheet}


def _bad_request(what):
    return {"ok": False, "error": {
        "code": "bad_request",
        "message": f"The page sent a request the engine cannot read ({what}).",
        "params": {"field": what}}}


def _error(e):
    """The answer of a request that failed."""
    if isinstance(e, BadRequest):
        return _bad_request(e.what)
    if isinstance(e, api.IllegalAction):
        return {"ok": False, "error": e.to_json()}
    # a bug: the page shows a sentence, the detail goes to the log
    return {"ok": False, "error": {
        "code": "internal", "message": "Something went wrong in the game engine.",
        "params": {"detail": f"{type(e).__name__}: {str(e)[:200]}"}}}


def handle(text):
    """One request (JSON text) -> its answer (JSON text); never raises."""
    try:
        try:
            req = json.loads(text)
        except (ValueError, RecursionError):
            return json.dumps(_bad_request("json"))
        if not isinstance(req, dict):
            return json.dumps(_bad_request("op"))
        op = req.get("op")
        fn = OPS.get(op) if isinstance(op, str) else None
        if fn is None:
            return json.dumps(_bad_request("op"))
        if "views" in req and not _is_seats(req["views"]):
            return json.dumps(_bad_request("views"))      # refused before the move is made
        session = SESSIONS.get(req.get("session", "game"))
        ans = fn(session, req)
        if "views" in req and op in WITH_VIEWS and ans.get("ok"):
            ans["views"] = op_views(session, req)["views"]
        return json.dumps(ans)
    except Exception as e:
        return json.dumps(_error(e))
