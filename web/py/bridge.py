"""The worker's side of the page <-> engine boundary (runs inside Pyodide).

The page sends small requests (``{"op": ..., ...}``) as JSON text; ``handle``
answers with JSON text.  The game state lives here, as a ``touti_core.api``
state; the page only ever sees seat views.  Every rule decision (legal
actions, refusals, the Ghna cap) comes from ``touti_core``; this module only
routes calls and adds display facts the engine already knows (the hand in
display order, the Ghna that no longer fits).
"""

import json

from touti_core import api, bots
from touti_core.cards import SUIT_LETTERS, card_of
from touti_core.engine import A_GHNA, GHNA, ghna_suits

HUMAN = 0


class Session:
    state = None


S = Session()


def _bot_seed(state, seat):
    """A bot's seed: fixed by the game and the move number, so a replay repeats it."""
    base = state.get("seed")
    if base is None:
        base = sum(card_of(c) * (i + 1) for i, c in enumerate(state["deal"]["hands"][0]))
    return (base * 1_000_003 + len(state["actions"]) * 7919 + seat) % (2 ** 32)


def _sorted_hand(view):
    """The hand in display order: trumps first once named, then O C E B, strongest first."""
    contract = view.get("contract")
    trump = contract["trump"] if contract else None
    order = SUIT_LETTERS.index(trump) if trump else -1

    def key(name):
        c = card_of(name)
        suit = c // 10
        return (0 if suit == order else 1, suit, -(c % 10))
    return sorted(view["hand"], key=key)


def _ghna_notes(state, seat):
    """Ghna that ``seat`` holds, undeclared, which no longer fit under the cap."""
    g = api.game_of(state)
    if g.declarer < 0 or (g.declarer & 1) != (seat & 1) or len(g.tricks) >= 10:
        return []
    out = []
    for s in ghna_suits(g.hands[seat]):
        if g.ghna_done >> s & 1:
            continue
        value = 40 if s == g.trump else 20
        if g.ghna_total + value > g.cap:
            r = g.refusal(seat, A_GHNA + s) if g.phase == GHNA and g.to_act == seat else None
            out.append({"suit": SUIT_LETTERS[s], "value": value, "cap": g.cap,
                        "declared": g.ghna_total, "contract": g.contract,
                        "message": r.message if r else None})
    return out


def _ghna_offers(state, view):
    """The value of each Ghna the player may declare now (40 in trumps, else 20)."""
    if view["phase"] != "ghna" or view["to_act"] != HUMAN:
        return []
    g = api.game_of(state)
    return [{"suit": a["suit"], "value": 40 if SUIT_LETTERS.index(a["suit"]) == g.trump else 20}
            for a in view["legal"] if a["type"] == "ghna"]


def _out(action=None):
    st = S.state
    v = api.view(st, HUMAN)
    v["hand_sorted"] = _sorted_hand(v)
    v["ghna_notes"] = _ghna_notes(st, HUMAN)
    v["ghna_offers"] = _ghna_offers(st, v)
    v["record"] = api.to_record(st)
    v["action_count"] = len(st["actions"])
    return {"ok": True, "view": v, "action": action}


def _error(e):
    if isinstance(e, api.IllegalAction):
        return {"ok": False, "error": e.to_json()}
    return {"ok": False, "error": {"code": "internal", "message": f"{type(e).__name__}: {e}",
                                   "params": {}}}


def op_new(req):
    S.state = api.new_game(int(req["seed"]), req.get("rules"))
    return _out()


def op_load(req):
    S.state = api.from_record(req["record"])
    return _out()


def op_view(req):
    return _out()


def op_act(req):
    action = req["action"]
    S.state = api.act(S.state, action)
    return _out(action)


def op_bot(req):
    st = S.state
    seat = st["to_act"]
    if seat is None:
        if st["phase"] == "hand_over":
            action = {"type": "next_hand"}
            S.state = api.act(st, action)
            return _out(action)
        raise api.IllegalAction("wrong_phase", "Nobody is to act now.")
    v = api.view(st, seat)
    action = bots.choose(v, v["legal"], req.get("level", "normal"), _bot_seed(st, seat),
                         table=req.get("table"))
    S.state = api.act(st, action)
    return _out(action)


def op_hint(req):
    st = S.state
    v = api.view(st, HUMAN)
    if not v["legal"]:
        return {"ok": True, "hint": None}
    return {"ok": True, "hint": bots.hint(v, v["legal"], table=req.get("table"))}


OPS = {"new": op_new, "load": op_load, "view": op_view, "act": op_act, "bot": op_bot,
       "hint": op_hint}


def handle(text):
    """One request (JSON text) -> its answer (JSON text); never raises."""
    try:
        req = json.loads(text)
        fn = OPS.get(req.get("op"))
        if fn is None:
            raise api.IllegalAction("malformed", f"Unknown request {req.get('op')!r}.")
        return json.dumps(fn(req))
    except Exception as e:  # every failure goes back to the page as an answer
        return json.dumps(_error(e))
