"""The check of a challenge's hand (touti_core.bots.verify, the bridge's ``verify``):
an honest hand verifies at every level; a hand where one decision of a bot's seat
is not that bot's (every action still legal) is caught at that decision."""

from __future__ import annotations


import pytest

from touti_core import api
from touti_core.bots import choose, seat_seed
from touti_core.bots import verify as V
from touti_core.bots.settings import with_overrides
from touti_core.bots.strong import StrongBot

from page_python import BRIDGE, call, load



@pytest.fixture()
def small_strong(monkeypatch):
    """The strong bot with small searches (the same bot for the player and the check)."""
    monkeypatch.setattr(StrongBot, "defaults",
                        with_overrides(StrongBot.defaults, "play_worlds=8,exact_worlds=4,bid_worlds=12", "strong"))


def forge(seed: int, levels: list[str], honest: list[dict], phase: str) -> tuple[list[dict], int]:
    """``honest`` with the first decision of a bot's seat in ``phase`` that has a choice
    replaced by another legal one, the hand then played on to its end by the bots as the
    page plays it (every action legal): the forged actions and that decision's index."""
    state = V._start(seed, None)
    for i, a in enumerate(honest):
        seat = state["to_act"]
        legal = api.legal_actions(state)
        if seat != 0 and state["phase"] == phase and len(legal) > 1:
            state = api.act(state, next(x for x in legal if x != a))
            out = honest[:i] + [api.thaw(state["actions"][-1])]
            table = [None, *levels]
            while state["to_act"] is not None:        # the rest as the page's bots would play it
                s = state["to_act"]
                v = api.view(state, s)
                state = api.act(state, choose(v, v["legal"], "normal" if s == 0 else levels[s - 1],
                                              seat_seed(state, s), table=table))
                out.append(api.thaw(state["actions"][-1]))
            return out, i
        state = api.act(state, a)
    raise AssertionError(f"no decision with a choice in {phase}")


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_an_honest_hand_verifies_and_a_forged_one_is_caught_where_it_was_forged(level, small_strong):
    seed = 11
    levels = [level, "normal", level]
    honest = V.play_hand(seed, None, levels)
    ok = V.verify_hand(seed, None, levels, honest)
    assert ok["ok"] and ok["result"] == api.from_record(
        {"format": "touti-record/1", "deal": {**api.deal_of(seed), "scores": [0, 0]}, "rules": None,
         "actions": honest})["last_hand"]
    for phase in ("auction", "play"):
        forged, at = forge(seed, levels, honest, phase)
        api.from_record({"format": "touti-record/1", "deal": {**api.deal_of(seed), "scores": [0, 0]},
                         "rules": None, "actions": forged})          # legal: the engine replays it
        bad = V.verify_hand(seed, None, levels, forged)
        assert not bad["ok"]
        assert (bad["at"], bad["seat"], bad["got"]) == (at, forged[at]["seat"], forged[at])
        assert bad["expected"] == honest[at] and bad["level"] == levels[forged[at]["seat"] - 1]


def test_the_persons_decisions_are_free_and_a_hand_not_finished_has_no_result():
    seed, levels = 4, ["normal"] * 3
    by_easy = V.play_hand(seed, None, levels, person_level="easy")
    assert V.verify_hand(seed, None, levels, by_easy)["ok"]
    half = V.verify_hand(seed, None, levels, by_easy[:20])
    assert half["ok"] and half["result"] is None
    with pytest.raises(api.IllegalAction):                 # one hand: nothing after its end
        V.verify_hand(seed, None, levels, by_easy + [{"type": "next_hand"}])


def test_other_levels_or_rules_do_not_verify_the_same_hand():
    seed = 11
    honest = V.play_hand(seed, None, ["normal"] * 3)
    assert not V.verify_hand(seed, None, ["easy"] * 3, honest)["ok"]
    other = V.play_hand(seed, {"target": 1000}, ["normal"] * 3)
    assert V.verify_hand(seed, {"target": 1000}, {"1": "normal", "2": "normal", "3": "normal"}, other)["ok"]
    with pytest.raises(V.VerifyError):
        V.verify_hand(seed, None, ["normal", "user:mine", "normal"], honest)


def test_a_hand_played_in_watch_mode_verifies(small_strong):
    """In watch mode the page's normal bot plays the person's seat too, and its bots are
    told so (its table names "normal" there): the strong bot reads that seat's bids."""
    seed, levels = 2, ["strong", "strong", "strong"]
    watched = V.play_hand(seed, None, levels, watch=True)
    assert V.verify_hand(seed, None, levels, watched)["ok"]


@pytest.fixture()
def bridge(monkeypatch):
    return load(BRIDGE, "touti_bridge_verify")


def test_the_bridge_says_verified_not_verified_or_refuses(bridge):
    seed, levels = 11, ["normal"] * 3
    honest = V.play_hand(seed, None, levels)
    ans = call(bridge, op="verify", seed=seed, rules=None, levels=levels, actions=honest)
    assert ans["ok"] and ans["verified"] and ans["phase"] == "hand_over" and ans["result"]
    assert ans["record"]["actions"] == honest
    forged, at = forge(seed, levels, honest, "play")
    ans = call(bridge, op="verify", seed=seed, rules=None, levels=levels, actions=forged)
    assert ans["ok"] and not ans["verified"]
    assert ans["mismatch"]["at"] == at and ans["mismatch"]["got"] == forged[at]
    # an action the engine refuses: its refusal; levels that are not built-in: a bad request
    ans = call(bridge, op="verify", seed=seed, levels=levels, actions=[{"type": "play", "seat": 0, "card": "1O"}])
    assert not ans["ok"] and ans["error"]["code"] not in ("internal", "bad_request")
    for bad in (["normal"] * 2, ["normal", "user:x", "easy"], "normal"):
        ans = call(bridge, op="verify", seed=seed, levels=bad, actions=honest)
        assert not ans["ok"] and ans["error"]["code"] == "bad_request"
    assert call(bridge, op="view")["error"]["code"] == "bad_request"     # no game was touched
