"""docs/api.md at the boundary: malformed actions, tampered states
(bad_state), the order of error codes, act never modifies its input, JSON
round-trips, private views, records."""

import copy
import json
import re

import pytest

from rules_helpers import (
    DEAL_EC, DECK, IllegalAction, act, bid, do, finish_hand, legal_actions, new_hand, pass_,
    play, refused, win_auction,
)
from touti_core import api
from touti_core.api import from_record, new_game, to_record, view


def states_of_every_phase():
    """(name, state) for each phase of PROTOCOL, from fixed deals and a seed."""
    out = []
    s = new_hand(DEAL_EC, 3)
    out.append(("auction", s))
    s = pass_(s)
    s = bid(s, 70)
    out.append(("signal", s))
    s = do(s, "no_signal")
    s = bid(s, 90)                             # seat 2
    s = pass_(s)                               # seat 3
    s = do(s, "no_signal")                     # seat 3's window before seat 1
    s = pass_(s)                               # seat 1
    out.append(("trump", s))                   # seat 2 declares 90
    s = do(s, "trump", suit="C")
    out.append(("play", s))
    a = win_auction(new_hand(DEAL_EC, 3), 0, 90, "E")
    a = play(a, "1B 2B 5B 7B")
    out.append(("ghna", a))
    a = do(a, "no_ghna")
    a = play(a, "1O")
    out.append(("play_mid_trick", a))
    a = do(a, "concede")
    out.append(("concession", a))
    a = do(a, "accept")
    out.append(("hand_over", a))
    out.append(("game_over", do(a, "next_hand")))
    g = finish_hand(new_game(3))
    out.append(("seeded_hand_over", g))
    out.append(("seeded_second_hand", do(g, "next_hand")))
    return out


PHASES = states_of_every_phase()
IDS = [n for n, _ in PHASES]


def test_the_phase_list_is_complete():
    assert {s["phase"] for _, s in PHASES} == {
        "auction", "signal", "trump", "play", "ghna", "concession", "hand_over", "game_over"}


# ---------------------------------------------------------------- malformed
@pytest.mark.parametrize("action", [
    None, [], "pass", 5, {"seat": 0}, {"type": "jump", "seat": 0}, {"type": None, "seat": 0},
    {"type": "PASS", "seat": 0},
    {"type": "pass"}, {"type": "pass", "seat": 4}, {"type": "pass", "seat": -1},
    {"type": "pass", "seat": "0"}, {"type": "pass", "seat": 0.0}, {"type": "pass", "seat": True},
    {"type": "pass", "seat": None},
    {"type": "bid", "seat": 0}, {"type": "bid", "seat": 0, "amount": "80"},
    {"type": "bid", "seat": 0, "amount": 80.0}, {"type": "bid", "seat": 0, "amount": None},
    {"type": "bid", "seat": 0, "amount": True}, {"type": "bid", "seat": 0, "amount": [80]},
    {"type": "announce", "seat": 0}, {"type": "announce", "seat": 0, "signal": "as"},
])
def test_malformed_auction_actions(action):
    assert refused(new_hand(DEAL_EC, 3), action).code == "malformed"


@pytest.mark.parametrize("card", ["13C", "8O", "1c", "C1", "1 C", "", None, 1, ["1B"], "1BB"])
def test_malformed_card_notation(card):
    s = win_auction(new_hand(DEAL_EC, 3), 0, 90, "E")
    assert refused(s, {"type": "play", "seat": 0, "card": card}).code == "malformed"
    assert refused(s, {"type": "play", "seat": 0}).code == "malformed"


@pytest.mark.parametrize("suit", ["X", "o", "OC", "", None, 0, "oros"])
def test_malformed_suit(suit):
    s = new_hand(DEAL_EC, 3)
    s = win_auction(s, 0, 90)
    assert refused(s, {"type": "trump", "seat": 0, "suit": suit}).code == "malformed"
    assert refused(s, {"type": "trump", "seat": 0}).code == "malformed"


def test_malformed_seat_in_every_kind_of_action():
    s = new_hand(DEAL_EC, 3)
    for kind in ("bid", "pass", "announce", "signal", "no_signal", "trump", "play", "ghna",
                 "no_ghna", "concede", "accept", "refuse"):
        assert refused(s, {"type": kind, "seat": 7, "amount": 80, "signal": "AS",
                           "suit": "O", "card": "1O"}).code == "malformed"


def test_illegal_action_is_a_value_error_with_code_and_message():
    s = new_hand(DEAL_EC, 3)
    with pytest.raises(ValueError) as info:
        act(s, {"type": "bid", "seat": 0, "amount": 60})
    e = info.value
    assert isinstance(e, IllegalAction)
    assert e.code == "bid_too_low" and isinstance(e.message, str)
    j = e.to_json()
    assert j["code"] == "bid_too_low" and j["message"] == e.message
    json.dumps(j)


# ---------------------------------------------------------------- bad_state
def tampered_variants(s):
    """(what, tampered copy) pairs for a state in the play phase."""
    out = []

    def edit(what, fn):
        t = copy.deepcopy(s)
        fn(t)
        assert t != s
        out.append((what, t))

    other = next(c for c in DECK if c not in s["hands"][0] and all(c not in h for h in s["hands"][1:]))\
        if any(len(h) < 10 for h in s["hands"]) else None

    def swap_card(t):
        a, b = t["hands"][0][0], t["hands"][1][0]
        t["hands"][0][0], t["hands"][1][0] = b, a
    edit("swap a card between hands", swap_card)
    edit("duplicate a card", lambda t: t["hands"][0].__setitem__(0, t["hands"][1][0]))
    if other:
        edit("replace a card by a played one", lambda t: t["hands"][0].__setitem__(0, other))
    edit("change a score", lambda t: t["scores"].__setitem__(0, t["scores"][0] + 10))
    edit("change the phase", lambda t: t.__setitem__("phase", "auction"))
    edit("change to_act", lambda t: t.__setitem__("to_act", (t["to_act"] + 1) % 4))
    edit("remove the last action", lambda t: t["actions"].pop())
    edit("remove the first action", lambda t: t["actions"].pop(0))
    edit("change the contract", lambda t: t["contract"].__setitem__("amount", 230))
    edit("change the points", lambda t: t["points"].__setitem__(0, 120))
    edit("change the dealer", lambda t: t.__setitem__("dealer", (t["dealer"] + 1) % 4))
    edit("change the format", lambda t: t.__setitem__("format", "touti-state/2"))
    edit("drop the actions", lambda t: t.pop("actions"))
    edit("change an action", lambda t: t["actions"][0].__setitem__("amount", 80)
         if t["actions"][0]["type"] == "bid" else t["actions"][0].__setitem__("type", "bid"))
    edit("set a winner", lambda t: t.__setitem__("winner", 0))
    return out


def mid_play_state():
    s = win_auction(new_hand(DEAL_EC, 3), 0, 90, "E")
    s = play(s, "1B 2B 5B 7B")
    s = do(s, "no_ghna")
    return play(s, "1O 2O")


TAMPERED = tampered_variants(mid_play_state())


@pytest.mark.parametrize("what, state", TAMPERED, ids=[w for w, _ in TAMPERED])
def test_a_tampered_state_is_refused_by_every_function(what, state):
    before = json.dumps(state, sort_keys=True)
    legal = {"type": "play", "seat": state.get("to_act") or 2, "card": "5O"}
    for call in (lambda: act(state, legal), lambda: legal_actions(state),
                 lambda: view(state, 0), lambda: to_record(state)):
        with pytest.raises(IllegalAction) as e:
            call()
        assert e.value.code == "bad_state", what
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize("state", [None, [], "state", 3, {}, {"format": "touti-state/1"}])
def test_not_a_state_at_all_is_bad_state(state):
    with pytest.raises(IllegalAction) as e:
        legal_actions(state)
    assert e.value.code == "bad_state"
    with pytest.raises(IllegalAction) as e:
        act(state, {"type": "pass", "seat": 0})
    assert e.value.code == "bad_state"


# ------------------------------------------------------------- error order
def test_malformed_comes_before_bad_state():
    _, t = TAMPERED[0]
    assert refused(t, {"type": "play", "seat": 9, "card": "1O"}).code == "malformed"
    assert refused(t, {"type": "fly"}).code == "malformed"


def test_bad_state_comes_before_wrong_phase():
    _, t = TAMPERED[0]
    assert refused(t, {"type": "bid", "seat": 2, "amount": 100}).code == "bad_state"


def test_wrong_phase_comes_before_not_your_turn():
    s = mid_play_state()
    assert s["to_act"] == 2
    assert refused(s, {"type": "bid", "seat": 1, "amount": 100}).code == "wrong_phase"


def test_not_your_turn_comes_before_card_not_in_hand_and_the_rules():
    s = mid_play_state()
    assert refused(s, {"type": "play", "seat": 3, "card": "1E"}).code == "not_your_turn"
    a = new_hand(DEAL_EC, 3)
    assert refused(a, {"type": "bid", "seat": 2, "amount": 75}).code == "not_your_turn"
    assert refused(a, {"type": "bid", "seat": 1, "amount": 300}).code == "not_your_turn"


def test_card_not_in_hand_comes_before_the_play_rules():
    s = mid_play_state()
    # seat 2 must follow coins; the 1E is seat 3's and not a coin either
    assert refused(s, {"type": "play", "seat": 2, "card": "1E"}).code == "card_not_in_hand"
    assert refused(s, {"type": "play", "seat": 2, "card": "7C"}).code == "must_follow_suit"


def test_next_hand_outside_hand_over_is_wrong_phase():
    assert refused(new_hand(DEAL_EC, 3), {"type": "next_hand"}).code == "wrong_phase"


# ------------------------------------------------------ states as JSON values
@pytest.mark.parametrize("name, state", PHASES, ids=IDS)
def test_act_never_modifies_its_input(name, state):
    before = copy.deepcopy(state)
    for a in legal_actions(state):
        act(state, a)
        assert state == before
    # refused actions leave it untouched too
    for a in ({"type": "bid", "seat": 0, "amount": 55}, {"type": "play", "seat": 1, "card": "1E"},
              {"type": "next_hand"}, {"type": "nope"}):
        if a in legal_actions(state):
            continue
        with pytest.raises(IllegalAction):
            act(state, a)
        assert state == before


@pytest.mark.parametrize("name, state", PHASES, ids=IDS)
def test_states_survive_a_json_round_trip_and_are_accepted_back(name, state):
    text = json.dumps(state)
    back = json.loads(text)
    assert back == state
    assert legal_actions(back) == legal_actions(state)
    for seat in range(4):
        assert view(back, seat) == view(state, seat)
    for a in legal_actions(state)[:3]:
        assert act(back, a) == act(state, a)


def test_a_saved_state_is_accepted_after_many_other_games():
    s = mid_play_state()
    text = json.dumps(s)
    for seed in range(100, 200):           # plenty of other states in between
        new_game(seed)
    back = json.loads(text)
    assert legal_actions(back) == [{"type": "play", "seat": 2, "card": "6O"},
                                   {"type": "play", "seat": 2, "card": "5O"}]
    after = act(back, {"type": "play", "seat": 2, "card": "6O"})
    assert after["trick"][-1] == {"seat": 2, "card": "6O"}
    assert to_record(after)["actions"][-1] == {"type": "play", "seat": 2, "card": "6O"}
    # and a tampered copy is still caught
    back["scores"] = [5, 0]
    assert refused(back, {"type": "play", "seat": 2, "card": "6O"}).code == "bad_state"


def test_legal_actions_are_in_a_stable_order():
    for _, s in PHASES:
        assert legal_actions(s) == legal_actions(json.loads(json.dumps(s)))


# ------------------------------------------------------------------- views
def card_names_in(text):
    return set(re.findall(r'"(1[012]?[OCEB]|[2-7][OCEB])"', text))


@pytest.mark.parametrize("name, state", PHASES, ids=IDS)
def test_views_never_show_other_hands(name, state):
    played = {x["card"] for t in state["tricks"] for x in t["cards"]} | \
             {x["card"] for x in state["trick"]}
    for seat in range(4):
        v = view(state, seat)
        assert v["format"] == "touti-view/1"
        assert v["seat"] == seat
        assert sorted(v["hand"]) == sorted(state["hands"][seat])
        assert v["hands"][seat] == v["hand"]
        assert all(v["hands"][o] is None for o in range(4) if o != seat)
        assert v["hand_counts"] == [len(h) for h in state["hands"]]
        assert "seed" not in v and "deal" not in v
        hidden = {c for o in range(4) if o != seat for c in state["hands"][o]} - played
        leaked = card_names_in(json.dumps(v)) & hidden
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        for k in ("phase", "to_act", "dealer", "auction", "contract", "trick", "tricks",
                  "points", "ghna", "scores", "last_hand", "history", "winner", "rules"):
            assert v[k] == state[k], k


@pytest.mark.parametrize("name, state", PHASES, ids=IDS)
def test_a_view_lists_legal_actions_only_for_the_seat_to_act(name, state):
    if state["to_act"] is None:
        return
    for seat in range(4):
        v = view(state, seat)
        assert v["legal"] == (legal_actions(state) if seat == state["to_act"] else [])


@pytest.mark.parametrize("seat", [4, -1, "0", None, 1.0])
def test_view_of_a_bad_seat_is_malformed(seat):
    with pytest.raises(IllegalAction) as e:
        view(new_hand(DEAL_EC, 3), seat)
    assert e.value.code == "malformed"


# ----------------------------------------------------------------- records
@pytest.mark.parametrize("name, state", PHASES, ids=IDS)
def test_records_replay_to_the_identical_state(name, state):
    rec = to_record(state)
    assert rec["format"] == "touti-record/1"
    assert ("seed" in rec) != ("deal" in rec)
    assert rec["rules"] == state["rules"]
    assert rec["actions"] == state["actions"]
    rec = json.loads(json.dumps(rec))
    assert from_record(rec) == state


def test_a_record_with_an_illegal_action_is_bad_state():
    rec = to_record(mid_play_state())
    rec["actions"][-1] = {"type": "play", "seat": 1, "card": "1C"}
    with pytest.raises(IllegalAction) as e:
        from_record(rec)
    assert e.value.code == "bad_state"


@pytest.mark.parametrize("rec", [None, [], {"format": "touti-state/1"}, {"seed": 1, "actions": []}])
def test_not_a_record_is_malformed(rec):
    with pytest.raises(IllegalAction) as e:
        from_record(rec)
    assert e.value.code == "malformed"


@pytest.mark.parametrize("seed", [-1, "1", 1.5, None, 2 ** 63])
def test_new_game_with_a_bad_seed_is_malformed(seed):
    with pytest.raises(IllegalAction) as e:
        new_game(seed)
    assert e.value.code == "malformed"


def test_api_exports_the_protocol_functions():
    for name in ("new_game", "new_hand", "legal_actions", "act", "view", "to_record",
                 "from_record", "IllegalAction"):
        assert hasattr(api, name)
