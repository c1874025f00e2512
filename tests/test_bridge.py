"""The worker's bridge (web/py/bridge.py) on CPython: the requests the page sends for
the bots' moves and hints, with who plays each seat."""

from __future__ import annotations

import json
import re

import pytest

from touti_core import api

from page_python import BRIDGE, call, load


@pytest.fixture()
def bridge(monkeypatch):
    """A fresh bridge, and no loaded bot in this process (other test modules load some)."""
    from touti_core.bots import plugins
    monkeypatch.setattr(plugins, "REGISTRY", {})
    monkeypatch.setattr(plugins, "_SPECS", {})
    return load(BRIDGE, "touti_bridge")


def test_the_bots_and_the_hint_are_told_who_plays_each_seat(bridge):
    table = [None, "normal", "strong", "easy"]
    view = call(bridge, op="new", seed=3)["view"]
    while view["to_act"] != 0:
        ans = call(bridge, op="bot", level=table[view["to_act"]], table=table)
        assert ans["ok"], ans
        view = ans["view"]
    ans = call(bridge, op="hint", table=table)
    assert ans["ok"] and ans["hint"]["action"] in view["legal"] and ans["hint"]["reason"]


@pytest.mark.parametrize("table", [["normal"] * 3, [None, "expert", None, None], "normal"])
def test_a_bad_table_is_refused_and_the_game_goes_on_unchanged(bridge, table):
    view = call(bridge, op="new", seed=3)["view"]
    assert view["to_act"] != 0
    ans = call(bridge, op="bot", level="normal", table=table)
    assert not ans["ok"] and "table" in ans["error"]["message"]
    assert call(bridge, op="view")["view"] == view
    while view["to_act"] != 0:
        view = call(bridge, op="bot", level="normal", table=None)["view"]
    ans = call(bridge, op="hint", table=table)
    assert not ans["ok"] and "table" in ans["error"]["message"]
    assert call(bridge, op="view")["view"] == view


# ------------------------------------------------------- malformed requests
@pytest.mark.parametrize("text, field", [
    ('{"op": "new"}', "seed"),
    ('{"op": "new", "seed": 1.5}', "seed"),
    ('{"op": "new", "seed": true}', "seed"),
    ('{"op": "new", "seed": "7"}', "seed"),
    ('{"op": "new", "seed": -1}', "seed"),
    ('{"op": "new", "seed": 9007199254740992}', "seed"),
    ('{"op": "new", "seed": 1, "rules": [1]}', "rules"),
    ('{"op": "new", "seed": 1, "people": [0, 0]}', "people"),
    ('{"op": "new", "seed": 1, "people": [4]}', "people"),
    ('{"op": "load"}', "record"),
    ('{"op": "act"}', "action"),
    ('{"op": "act", "action": "pass"}', "action"),
    ('{"op": "bot", "level": "expert"}', "level"),
    ('{"op": "bot"}', "level"),
    ('{"op": "fly"}', "op"),
    ('{"op": ["new"]}', "op"),
    ('[1, 2]', "op"),
    ('not json', "json"),
    ("[" * 5000 + "]" * 5000, "json"),
])
def test_every_malformed_request_is_a_bad_request_and_changes_nothing(bridge, text, field):
    view = call(bridge, op="new", seed=3)["view"]
    ans = json.loads(bridge.handle(text))
    assert ans["ok"] is False
    err = ans["error"]
    assert err["code"] == "bad_request" and err["params"] == {"field": field}
    assert "Error" not in err["message"] and len(err["message"]) < 120
    assert call(bridge, op="view")["view"] == view


def test_a_request_before_any_game_is_a_bad_request(bridge):
    for op in ("view", "act", "bot", "hint", "people"):
        ans = call(bridge, op=op, action={"type": "pass", "seat": 0}, level="normal", people=[0])
        assert ans["error"]["code"] == "bad_request" and ans["error"]["params"] == {"field": "game"}


def test_seeds_are_whole_numbers_up_to_2_53(bridge):
    ans = call(bridge, op="new", seed=2 ** 53 - 1)
    assert ans["ok"] and ans["view"]["record"]["seed"] == 2 ** 53 - 1


# ------------------------------------------------------- who plays what
def test_the_page_acts_only_for_the_seats_a_person_plays(bridge):
    view = call(bridge, op="new", seed=3)["view"]
    bot_seat = view["to_act"]
    assert bot_seat != 0
    # neither playing nor probing a bot's seat: refused before any rule is looked at
    for action in ({"type": "pass", "seat": bot_seat}, {"type": "bid", "seat": bot_seat, "amount": 70},
                   {"type": "play", "seat": 2, "card": "1O"}, {"type": "play", "seat": 2, "card": "2B"},
                   {"type": "pass"}, {"type": "pass", "seat": "1"}):
        ans = call(bridge, op="act", action=action)
        assert ans["error"]["code"] == "not_your_seat", action
    assert call(bridge, op="view")["view"] == view
    # a bot never plays the person's seat
    while view["to_act"] != 0:
        view = call(bridge, op="bot", level="normal")["view"]
    ans = call(bridge, op="bot", level="strong")
    assert ans["error"]["code"] == "not_your_seat"
    assert call(bridge, op="act", action=view["legal"][0])["ok"]


def test_watching_the_bots_hands_every_seat_to_them(bridge):
    view = call(bridge, op="new", seed=3, people=[])["view"]
    assert view["people"] == []
    for _ in range(12):
        ans = call(bridge, op="bot", level="easy")
        assert ans["ok"], ans
    ans = call(bridge, op="act", action={"type": "pass", "seat": 0})
    assert ans["error"]["code"] == "not_your_seat"
    assert call(bridge, op="hint")["hint"] is None
    view = call(bridge, op="people", people=[0])["view"]
    assert view["people"] == [0]


def test_the_ghna_the_player_holds_come_with_their_value_from_the_engine(bridge):
    from touti_core import api
    deal = [["12E", "11E", "12C", "11C", "1E", "3E", "1B", "3B", "1O", "3O"],
            ["2O", "4O", "5O", "6O", "7O", "10O", "11O", "12O", "2C", "4C"],
            ["5C", "6C", "7C", "10C", "1C", "3C", "2E", "4E", "5E", "6E"],
            ["7E", "10E", "2B", "4B", "5B", "6B", "7B", "10B", "11B", "12B"]]
    s = api.new_hand(deal, 3)
    s = api.act(s, {"type": "bid", "seat": 0, "amount": 90})
    for seat in (1, 2, 3):
        s = api.act(s, api.legal_actions(s)[[a["type"] for a in api.legal_actions(s)].index(
            "pass" if s["phase"] == "auction" else "no_signal")])
        while s["phase"] == "signal":
            s = api.act(s, {"type": "no_signal", "seat": s["to_act"]})
    s = api.act(s, {"type": "trump", "seat": 0, "suit": "E"})
    view = call(bridge, op="load", record=api.to_record(s))["view"]
    assert view["ghna_held"] == [
        {"suit": "C", "value": 20, "fits": True, "cap": 40, "declared": 0},
        {"suit": "E", "value": 40, "fits": True, "cap": 40, "declared": 0}]


def test_check_says_whether_a_record_is_accepted_and_touches_nothing(bridge):
    from touti_core import api
    view = call(bridge, op="new", seed=3)["view"]
    rec = api.to_record(api.new_game(9))
    assert call(bridge, op="check", record=rec) == {"ok": True}
    rec["actions"] = [{"type": "play", "seat": 0, "card": "1O"}]
    ans = call(bridge, op="check", record=rec)
    assert ans["error"]["code"] == "bad_state"
    assert call(bridge, op="view")["view"] == view


def test_sessions_keep_their_own_games(bridge):
    a = call(bridge, op="new", seed=3)["view"]
    b = call(bridge, op="new", seed=4, session="lesson", people=[0, 1, 2, 3])["view"]
    assert a != b
    # the lesson's page plays every seat of its own session, not those of the game
    for _ in range(2):
        seat = call(bridge, op="view", session="lesson")["view"]["to_act"]
        assert call(bridge, op="act", session="lesson", action={"type": "pass", "seat": seat})["ok"]
    assert call(bridge, op="view")["view"] == a
    ans = call(bridge, op="act", action={"type": "pass", "seat": a["to_act"]})
    assert ans["error"]["code"] == "not_your_seat"
    for bad in ("", "x" * 40, "no spaces", 3, None):
        assert call(bridge, op="view", session=bad)["error"]["params"] == {"field": "session"}


def test_at_most_eight_sessions_are_made_and_those_made_go_on(bridge):
    names = ["game"] + [f"s{i}" for i in range(1, bridge.MAX_SESSIONS)]
    for i, name in enumerate(names):
        assert call(bridge, op="new", seed=i, session=name)["ok"]
    ans = call(bridge, op="new", seed=99, session="one_more")
    assert ans["error"]["code"] == "bad_request" and ans["error"]["params"] == {"field": "session"}
    assert call(bridge, op="view", session="one_more")["error"]["params"] == {"field": "session"}
    for i, name in enumerate(names):
        assert call(bridge, op="view", session=name)["view"]["record"]["seed"] == i


def test_an_op_changes_only_the_session_it_is_given(bridge):
    # the worker's state is its sessions; each op gets its own as an argument
    game = call(bridge, op="new", seed=3)["view"]
    own = bridge.Session()
    ans = bridge.op_new(own, {"seed": 5, "people": [0, 1, 2, 3]})
    assert ans["ok"] and own.people == {0, 1, 2, 3} and own.state is not None
    seat = ans["view"]["to_act"]
    bridge.op_act(own, {"action": {"type": "pass", "seat": seat}})
    assert len(own.state["actions"]) == 1
    assert call(bridge, op="view")["view"] == game
    assert len(bridge.SESSIONS) == 1
    with pytest.raises(bridge.BadRequest):
        bridge.op_view(bridge.Session(), {})


# ------------------------------------------------------- the table score sheet
SHEET = {"format": "touti-sheet/1", "name": "Friday", "names": ["Amine", "Sara", "Omar", "Lina"],
         "dealer": 1, "rules": {"target": 200},
         "hands": [{"declarer": 0, "contract": 90, "trump": "E", "card_points": 55,
                    "ghna": [{"seat": 2, "suit": "E"}]},
                   {"cancelled": True}]}


def test_sheet_scores_a_table_score_sheet_and_touches_no_game(bridge):
    from touti_core.sheet import score_sheet
    view = call(bridge, op="new", seed=3)["view"]
    ans = call(bridge, op="sheet", sheet=SHEET)
    assert ans == {"ok": True, "sheet": json.loads(json.dumps(score_sheet(SHEET)))}
    assert ans["sheet"]["scores"] == [90, 0]
    assert (ans["sheet"]["dealer"], ans["sheet"]["forehand"]) == (3, 0)
    assert call(bridge, op="view")["view"] == view


def test_sheet_answers_an_impossible_entry_with_its_refusal(bridge):
    bad = {**SHEET, "hands": SHEET["hands"] + [{"declarer": 1, "contract": 240, "trump": "O",
                                                 "card_points": 80}]}
    ans = call(bridge, op="sheet", sheet=bad)
    assert ans["ok"] is False
    assert ans["error"]["code"] == "sheet_contract"
    assert ans["error"]["params"] == {"contract": 240, "minimum": 70, "maximum": 230, "step": 10, "hand": 3}
    assert "240" in ans["error"]["message"]


@pytest.mark.parametrize("text", ['{"op": "sheet"}', '{"op": "sheet", "sheet": [1]}',
                                  '{"op": "sheet", "sheet": "x"}', '{"op": "sheet", "sheet": null}'])
def test_sheet_without_a_sheet_object_is_a_bad_request(bridge, text):
    ans = json.loads(bridge.handle(text))
    assert ans["error"]["code"] == "bad_request" and ans["error"]["params"] == {"field": "sheet"}


def test_a_one_hand_game_is_the_seeds_first_deal(bridge):
    from touti_core import api
    full = call(bridge, op="new", seed=21)["view"]
    one = call(bridge, op="new", seed=21, one_hand=True)["view"]
    assert one["hand"] == full["hand"] and one["dealer"] == full["dealer"]
    assert "deal" in one["record"] and "seed" not in one["record"]
    assert one["record"]["deal"] == {**api.deal_of(21), "scores": [0, 0]}
    assert call(bridge, op="new", seed=21, one_hand="yes")["error"]["params"] == {"field": "one_hand"}


def test_a_friends_hand_is_replayed_by_the_engine(bridge):
    from touti_core import api
    one = call(bridge, op="new", seed=8, one_hand=True, session="scratch", people=[0, 1, 2, 3])["view"]
    acts = []
    while one["phase"] not in ("hand_over", "game_over"):
        a = call(bridge, op="view", session="scratch")["view"]
        legal = api.legal_actions(api.from_record(a["record"]))
        action = next((x for x in legal if x["type"] == "pass"), legal[0])
        acts.append(action)
        one = call(bridge, op="act", session="scratch", action=action)["view"]
    ans = call(bridge, op="deal", seed=8, actions=acts)
    assert ans["ok"] and ans["phase"] == one["phase"] and ans["result"] == one["last_hand"]
    bad = call(bridge, op="deal", seed=8, actions=acts + [{"type": "pass", "seat": 0}])
    assert bad["error"]["code"] == "bad_state"
    assert call(bridge, op="deal", seed=8, actions="x")["error"]["params"] == {"field": "actions"}


def test_files_are_put_back_once_before_the_first_later_import(bridge):
    # after a start restored from a snapshot (web/js/install.js installEngineLater)
    calls = []
    bridge.files_back = lambda: calls.append("back")
    view = call(bridge, op="new", seed=3, people=[])["view"]
    while view["phase"] == "auction":
        view = call(bridge, op="bot", level="normal")["view"]
    assert calls == []                  # the game needs no file
    assert call(bridge, op="arena_start", a="easy", b="normal", deals=1, seed=1)["ok"]
    assert calls == ["back"] and bridge.files_back is None
    assert call(bridge, op="arena_step")["ok"]
    assert calls == ["back"]            # once


def test_views_give_each_friends_seat_its_own_hand_and_no_record(bridge):
    full = call(bridge, op="new", seed=11, people=[0, 1, 2])["view"]["record"]
    ans = call(bridge, op="views", seats=[2, 1])
    assert ans["ok"] and sorted(ans["views"]) == ["1", "2"]
    state = api.from_record(full)
    for key, v in ans["views"].items():
        seat = int(key)
        assert "record" not in v and v["seat"] == seat
        assert sorted(v["hand"]) == sorted(state["hands"][seat])
        assert sorted(v["hand_sorted"]) == sorted(v["hand"])
        assert [h is None for h in v["hands"]] == [s != seat for s in range(4)]
        others = {c for s in range(4) if s != seat for c in state["hands"][s]}
        assert not others & set(re.findall(r'"(\d+[OCEB])"', json.dumps(v))), seat
    for bad in ([5], [1, 1], "1", None):
        assert call(bridge, op="views", seats=bad)["error"]["code"] == "bad_request"


def test_a_move_gives_the_friends_views_with_its_answer_when_asked(bridge):
    call(bridge, op="new", seed=11, people=[0, 2])
    view = call(bridge, op="view")["view"]
    while view["to_act"] not in (0, 2):
        ans = call(bridge, op="bot", level="normal", views=[2])
        assert ans["views"]["2"] == call(bridge, op="views", seats=[2])["views"]["2"]
        view = ans["view"]
    seat = view["to_act"]
    legal = call(bridge, op="views", seats=[seat])["views"][str(seat)]["legal"] if seat else view["legal"]
    ans = call(bridge, op="act", action=legal[0], views=[2])
    assert ans["ok"] and list(ans["views"]) == ["2"]
    assert ans["views"]["2"] == call(bridge, op="views", seats=[2])["views"]["2"]
    assert "views" not in call(bridge, op="view", views=[2])          # only moves give them
    assert call(bridge, op="act", action={"type": "pass", "seat": 9}, views=[2])["ok"] is False
    before = call(bridge, op="view")["view"]
    assert call(bridge, op="bot", level="normal", views=[7])["error"]["code"] == "bad_request"
    assert call(bridge, op="view")["view"] == before                  # and no move was made


def test_a_hand_played_out_is_given_to_each_friend_turned_to_its_seat(bridge):
    call(bridge, op="new", seed=5, people=[])
    view = call(bridge, op="view")["view"]
    while len(view["history"]) < 3:
        view = call(bridge, op="bot", level="easy")["view"]
    full = api.from_record(view["record"])
    played_out = 0
    for hand, result in enumerate(view["history"]):
        for seat in range(4):
            rec = call(bridge, op="hand_record", hand=hand, seat=seat)["record"]
            if result["cancelled"] or result["conceded"]:
                assert rec is None                         # its unplayed cards stay hidden
                continue
            one = api.from_record(rec)                      # it replays, the friend in seat 0
            got = one["last_hand"]
            flip = (lambda x: x) if seat % 2 == 0 else (lambda x: x[::-1])
            assert got["points"] == flip(result["points"]) and got["delta"] == flip(result["delta"])
            assert got["declarer"] == (result["declarer"] - seat) % 4
            played = {a["card"] for a in rec["actions"] if a["type"] == "play"}
            assert played == {c for h in rec["deal"]["hands"] for c in h}      # every card was played
            played_out += 1
    assert played_out
    assert full["history"] == view["history"]
    assert call(bridge, op="hand_record", hand=99, seat=1)["record"] is None
    assert call(bridge, op="hand_record", hand=0, seat=4)["error"]["code"] == "bad_request"


def test_the_strong_bot_and_the_hint_are_given_what_the_finished_hands_showed(bridge, monkeypatch):
    """The strong bot's move and the hint get ``seen``, the game's finished hands as
    ``table_memory.from_game`` counts them (each hand replayed once a session, then kept);
    the other levels get nothing.  Before any hand is over, nothing is seen."""
    from touti_core import bots
    from touti_core.bots.belief import table_memory
    given = []
    choose, hint = bots.choose, bots.hint
    monkeypatch.setattr(bridge.bots, "choose", lambda *a, **kw: given.append((a[2], kw["seen"])) or choose(*a, **kw))
    monkeypatch.setattr(bridge.bots, "hint", lambda *a, **kw: given.append(("hint", kw["seen"])) or hint(*a, **kw))
    session = bridge.SESSIONS.get("game")
    view = call(bridge, op="new", seed=3, people=[])["view"]
    assert call(bridge, op="bot", level="strong")["ok"]
    assert given[-1] == ("strong", None)
    while True:
        state = session.state
        expected = table_memory.from_game(api.game_of(state))
        if expected is not None and view["phase"] != "hand_over":
            break
        view = call(bridge, op="bot", level="normal")["view"]
        assert given[-1] == ("normal", None)
    assert all(d == 0 and a > 0 for a, d in expected)       # normal bots, every choice theirs
    ans = call(bridge, op="bot", level="strong")
    assert ans["ok"] and given[-1] == ("strong", expected)
    view = ans["view"]
    assert view["to_act"] is not None
    cached = dict(session.hands_seen)
    assert cached
    # from now on no finished hand is replayed again: the session's counts serve
    replayed = []
    with monkeypatch.context() as m:
        m.setattr(table_memory, "hand_seen", lambda *a: replayed.append(a))
        view = call(bridge, op="people", people=[view["to_act"]])["view"]
        assert call(bridge, op="hint")["ok"]
    assert not replayed
    assert given[-1] == ("hint", table_memory.from_game(api.game_of(session.state)))
    assert session.hands_seen == cached
