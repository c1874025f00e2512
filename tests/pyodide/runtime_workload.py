"""Everything the page asks of the engine, run inside Pyodide through the
worker's bridge (``touti_bridge.handle``): every request kind, a whole hand per
level, and every kind of decision (auction, signal, trump, play, Ghna,
concession) asked of every level.  Used by tests/test_stdlib_trim.py (in Node)
and tests/web/test_web_startup.py (in Chromium, through the worker) to prove
that the trimmed standard library holds what the game imports.

``run(handle)`` returns ``{"phases": {level: {phase: decisions}}, "ops": [...]}``.
"""

import json

LEVELS = ("random", "easy", "normal", "strong")
KINDS = ("auction", "signal", "trump", "play", "ghna", "concession")


def ops_of(handle):
    """The request kinds the bridge answers (an unknown op is a bad_request on "op")."""
    import sys
    bridge = sys.modules.get(getattr(handle, "__module__", ""), None)
    return set(getattr(bridge, "OPS", {}))


def run(handle, hands=1, probes=1):
    def call(**req):
        answer = json.loads(handle(json.dumps(req)))
        if not answer.get("ok"):
            raise AssertionError(f"{req.get('op')}: {answer}")
        return answer

    seen = {level: {} for level in LEVELS}
    ops = set()
    # a whole hand per level, every seat that level's bot
    for level in LEVELS:
        for h in range(hands):
            a = call(op="new", seed=1 + h, people=[], session="work", one_hand=True)
            while a["view"]["phase"] not in ("hand_over", "game_over"):
                phase = a["view"]["phase"]
                seen[level][phase] = seen[level].get(phase, 0) + 1
                a = call(op="bot", level=level, session="work")
    ops.update(("new", "bot"))
    # every kind of decision asked of every level: the positions of a hand the
    # normal bots play (seed 1 reaches every kind), each level deciding there
    a = call(op="new", seed=1, people=[], session="work", one_hand=True)
    probed = {}
    while a["view"]["phase"] not in ("hand_over", "game_over"):
        phase = a["view"]["phase"]
        if probed.get(phase, 0) < probes:
            probed[phase] = probed.get(phase, 0) + 1
            for level in LEVELS:
                call(op="load", record=a["view"]["record"], people=[], session="probe")
                call(op="bot", level=level, session="probe")
                seen[level][phase] = seen[level].get(phase, 0) + 1
        a = call(op="bot", level="normal", session="work")
    record = a["view"]["record"]
    ops.add("load")
    # the other requests of the page
    a = call(op="new", seed=7, session="person")
    while not a["view"]["legal"]:
        a = call(op="bot", level="normal", session="person")
    call(op="hint", session="person")
    call(op="view", session="person")
    legal = [x for x in a["view"]["legal"] if x["type"] == "bid"] or a["view"]["legal"]
    a = call(op="act", action=legal[0], session="person")
    call(op="people", people=[], session="person")
    call(op="check", record=record)
    if "review" in ops_of(handle):                      # (the review of a hand, where the bridge has it)
        call(op="review", record=record, hand=0, seat=0)
        ops.add("review")
    call(op="deal", seed=1, rules=None, actions=record["actions"])
    call(op="sheet", sheet={"format": "touti-sheet/1", "names": ["A", "B", "C", "D"], "dealer": 3,
                            "rules": {"target": 100},
                            "hands": [{"cancelled": True}, {"declarer": 2, "contract": 100, "trump": "O",
                                                            "card_points": 100}]})
    ops.update(("hint", "view", "act", "people", "check", "deal", "sheet"))
    return {"phases": seen, "ops": sorted(ops)}
