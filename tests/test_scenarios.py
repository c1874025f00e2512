"""The rule scenarios of the embeddable demo (web/scenarios/): each replays
to its position, accepts its right actions and refuses its wrong ones with
the expected rule code, and the committed files are what the generator
writes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from touti_core import api

ROOT = Path(__file__).resolve().parent.parent
DIR = ROOT / "web" / "scenarios"
spec = importlib.util.spec_from_file_location("make_scenarios", ROOT / "tools" / "make_scenarios.py")
make_scenarios = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_scenarios)

INDEX = json.loads((DIR / "index.json").read_text())
IDS = [e["id"] for e in INDEX]


@pytest.mark.parametrize("sid", IDS)
def test_scenario_replays_and_teaches_its_rule(sid):
    sc = json.loads((DIR / f"{sid}.json").read_text())
    assert sc["format"] == "touti-scenario/1" and sc["id"] == sid
    assert sc["caption"] and sc["title"]
    state = make_scenarios.check(sc)
    # every refused action's message is a sentence for a player
    for r in sc["expect"]["refused"]:
        with pytest.raises(api.IllegalAction) as e:
            api.act(state, r["action"])
        assert e.value.code == r["code"] and e.value.message.endswith(".")
    # the visitor's view holds everything the embed shows, and no hidden card
    v = api.view(state, sc["seat"])
    assert v["legal"] == api.legal_actions(state)


def test_every_rule_area_has_a_scenario():
    areas = {e["rule_area"] for e in INDEX}
    assert {"play: follow and go higher", "play: trumped trick", "play: trumping",
            "play: overtrumping", "play: the trick winner", "auction: partner signals",
            "auction: early announcement", "ghna: the cap", "ghna: one per trick",
            "concession", "scoring"} <= areas
    assert {"made-contract", "failed-contract"} <= set(IDS)


def test_committed_scenarios_are_what_the_generator_writes():
    built = make_scenarios.build()
    assert [sc["id"] for sc in built] == IDS
    for sc in built:
        assert json.loads((DIR / f"{sc['id']}.json").read_text()) == sc


def test_made_and_failed_scenarios_end_as_their_captions_say():
    for sid, made in (("made-contract", True), ("failed-contract", False)):
        sc = json.loads((DIR / f"{sid}.json").read_text())
        s = make_scenarios.check(sc)
        s = api.act(s, sc["expect"]["legal"][0])
        while s["phase"] == "play":
            s = api.act(s, api.legal_actions(s)[0])
        assert s["last_hand"]["made"] is made
        assert s["last_hand"]["delta"] == ([100, 0] if made else [0, 100])
