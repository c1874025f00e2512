"""The worker's bridge (web/py/bridge.py) on CPython: the requests the page sends for
the bots' moves and hints, with who plays each seat."""

from __future__ import annotations

import importlib.util
import json
import pathlib

import pytest

BRIDGE = pathlib.Path(__file__).resolve().parent.parent / "web" / "py" / "bridge.py"


@pytest.fixture()
def bridge():
    spec = importlib.util.spec_from_file_location("touti_bridge", BRIDGE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def call(bridge, **req) -> dict:
    return json.loads(bridge.handle(json.dumps(req)))


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
