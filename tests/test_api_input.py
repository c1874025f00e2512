"""Bad input at the JSON boundary is refused cheaply and clearly: types count,
messages quote only a short excerpt, any depth is safe, records longer than
any game are refused before their replay, seeds and targets fit JavaScript, and the
states the API returns are read-only and carry their game (no replay)."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from touti_core import api, engine
from touti_core.api import IllegalAction, MAX_SEED
from touti_core.quote import QUOTE_LIMIT
from touti_core.rules import Rules

from rules_helpers import DEAL_EC, bid, new_hand, pass_, win_auction, play


def refusal(fn, *args) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        fn(*args)
    return e.value


def plain(state) -> dict:
    return json.loads(json.dumps(state))


def mid_play():
    s = win_auction(new_hand(DEAL_EC, 3), 0, 90, "E")
    return play(s, "1B 2B")


# ------------------------------------------------------------ types count
@pytest.mark.parametrize("field, change", [
    ("to_act", float), ("scores", lambda v: [float(v[0]), bool(v[1])]), ("dealer", float),
    ("hand_number", bool), ("points", lambda v: [v[0], float(v[1])]),
])
def test_a_field_of_the_same_value_but_another_type_is_bad_state(field, change):
    s = plain(mid_play())
    t = copy.deepcopy(s)
    t[field] = change(t[field])
    assert t == s                             # equal for Python's ==, yet not the state
    for fn in (api.legal_actions, api.to_record, lambda x: api.view(x, 0)):
        assert refusal(fn, t).code == "bad_state"


def test_a_nested_field_of_another_type_is_bad_state():
    t = plain(mid_play())
    t["contract"]["amount"] = 90.0
    assert refusal(api.legal_actions, t).code == "bad_state"
    t = plain(mid_play())
    t["trick"][0]["seat"] = float(t["trick"][0]["seat"])
    assert refusal(api.legal_actions, t).code == "bad_state"


# ---------------------------------------------------- short, safe messages
def test_a_huge_card_string_gets_a_short_message():
    s = mid_play()
    e = refusal(api.act, s, {"type": "play", "seat": s["to_act"], "card": "1O" * 5_000_000})
    assert e.code == "malformed"
    assert len(e.message) < 2 * QUOTE_LIMIT + 80 and "..." in e.message
    e = refusal(api.act, s, {"type": "x" * 10_000_000})
    assert e.code == "malformed" and len(e.message) < 300


def nested(depth: int):
    x: list = []
    for _ in range(depth):
        x = [x]
    return x


def test_deeply_nested_input_is_malformed_not_a_recursion_error():
    s = mid_play()
    for action in ({"type": "play", "seat": s["to_act"], "card": nested(5000)},
                   {"type": nested(5000)},
                   {"type": "bid", "seat": 0, "amount": nested(5000)}):
        e = refusal(api.act, s, action)
        assert e.code == "malformed" and len(e.message) < 300


def test_a_deeply_nested_state_or_record_is_refused_cleanly():
    t = plain(mid_play())
    t["auction"] = nested(5000)
    assert refusal(api.legal_actions, t).code == "bad_state"
    rec = api.to_record(mid_play())
    rec["actions"][0] = nested(5000)
    e = refusal(api.from_record, rec)
    assert e.code == "bad_state" and len(e.message) < 400
    rec = api.to_record(mid_play())
    rec["rules"] = {"x" * 1_000_000: nested(5000)}
    e = refusal(api.from_record, rec)
    assert e.code == "bad_state" and len(e.message) < 400


def test_a_huge_unknown_rule_name_is_quoted_short():
    e = refusal(api.new_game, 1, {"y" * 1_000_000: 1})
    assert e.code == "malformed" and len(e.message) < 400


# ------------------------------------------------------ records: bounded
def test_a_record_longer_than_any_game_is_refused_before_its_replay():
    rec = api.to_record(api.new_game(5))
    rec["actions"] = [{"type": "pass", "seat": 0}] * 1_000_000
    e = refusal(api.from_record, rec)
    # not "Action 2 cannot be replayed": the length alone refuses it
    assert e.code == "bad_state" and "1000000 actions" in e.message and "cannot be replayed" not in e.message
    most = engine.max_game_actions(600, False)
    assert f"more than {most}" in e.message


def test_a_one_hand_record_longer_than_a_hand_is_refused():
    rec = api.to_record(mid_play())
    rec["actions"] = rec["actions"] + [{"type": "pass", "seat": 0}] * engine.HAND_ACTIONS_MAX
    e = refusal(api.from_record, rec)
    assert e.code == "bad_state" and f"more than {engine.HAND_ACTIONS_MAX}" in e.message


def test_a_long_game_of_cancelled_hands_is_still_a_game():
    s = api.new_game(11)
    for _ in range(300):                      # 1,500 actions: every deal passed out
        for _ in range(4):
            s = api.act(s, {"type": "pass", "seat": s["to_act"]})
        s = api.act(s, {"type": "next_hand"})
    assert len(s["actions"]) == 1500 and len(s["history"]) == 300
    api.clear_cache()
    assert api.from_record(plain(api.to_record(s))) == s


def test_the_bound_covers_a_whole_game_to_the_target():
    # every hand that scores gives at least 70: 2 x 8 + 1 hands at most to 600
    assert engine.max_game_actions(600, False) == 17 * engine.HAND_ACTIONS_MAX + 5000
    assert engine.max_game_actions(70, False) == engine.HAND_ACTIONS_MAX + 5000


# ------------------------------------------------------------------ seeds
@pytest.mark.parametrize("seed", [2 ** 53, 2 ** 63 - 1, 2 ** 64])
def test_seeds_beyond_javascript_integers_are_malformed(seed):
    e = refusal(api.new_game, seed)
    assert e.code == "malformed" and "2**53 - 1" in e.message
    rec = {"format": "touti-record/1", "seed": seed, "rules": None, "actions": []}
    assert refusal(api.from_record, rec).code == "bad_state"


def test_the_largest_seed_survives_javascript_json():
    s = api.new_game(MAX_SEED)
    assert float(s["seed"]) == MAX_SEED       # a double holds it exactly
    assert api.from_record(plain(api.to_record(s))) == s


# ---------------------------------------------------------------- targets
@pytest.mark.parametrize("target", [10 ** 17 + 10, 2 ** 53 + 8, 10 ** 30])
def test_targets_beyond_javascript_integers_are_malformed(target):
    # 10**17 + 10 was taken, and JSON in a page rounds it to 10**17 + 16: a game the engine then refused
    e = refusal(api.new_game, 1, {"target": target})
    assert e.code == "malformed" and "2**53 - 1" in e.message
    rec = {"format": "touti-record/1", "seed": 1, "rules": {"target": target}, "actions": []}
    assert refusal(api.from_record, rec).code == "bad_state"
    hands = api.deal_of(1)["hands"]
    assert refusal(api.new_hand, hands, 0, {"target": target}).code == "malformed"


def test_the_largest_target_survives_javascript_json():
    largest = MAX_SEED - MAX_SEED % 10                # the seeds' bound, a multiple of 10
    assert largest == 9007199254740990
    s = api.new_game(1, {"target": largest})
    assert float(s["rules"]["target"]) == largest     # a double holds it exactly
    assert api.from_record(plain(api.to_record(s))) == s
    maximum = {d["name"]: d for d in Rules.describe()}["target"]["maximum"]
    assert maximum == MAX_SEED                        # the page checks its settings and codes against it


# ----------------------------------------------- read-only states, no replay
def test_returned_states_are_read_only_and_copies_are_ordinary():
    s = mid_play()
    for change in (lambda: s.__setitem__("to_act", 1), lambda: s["scores"].__setitem__(0, 9),
                   lambda: s["actions"].append({"type": "pass", "seat": 0}),
                   lambda: s["hands"][0].pop(), lambda: s["contract"].update(amount=230),
                   lambda: s.pop("winner"), lambda: s["trick"][0].__setitem__("card", "1O")):
        with pytest.raises(TypeError, match="read-only"):
            change()
    c = copy.deepcopy(s)
    assert type(c) is dict and type(c["actions"]) is list and type(c["actions"][0]) is dict
    c["scores"][0] = 10
    assert refusal(api.legal_actions, c).code == "bad_state"
    assert pickle.loads(pickle.dumps(s)) == s
    assert type(copy.copy(s)) is dict
    assert json.loads(json.dumps(s)) == s


def test_act_on_a_returned_state_replays_nothing(monkeypatch):
    s = pass_(bid(new_hand(DEAL_EC, 3), 70))
    history = s["history"]

    def no_replay(*args):
        raise AssertionError("a returned state was replayed")
    monkeypatch.setattr(api, "_replay", no_replay)
    s2 = api.act(s, api.legal_actions(s)[0])
    api.view(s2, 1)
    api.to_record(s2)
    assert s2["history"] is history           # the finished hands are not rebuilt
    assert s2["actions"][:-1] == s["actions"] and s2["actions"][0] is s["actions"][0]
    # a plain copy is checked by a replay
    with pytest.raises(AssertionError, match="replayed"):
        api.legal_actions(plain(s2))
