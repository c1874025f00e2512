"""The guided first hand (web/learn/lesson.json, written by tools/make_lesson.py):
every action replays in the engine, each rule lesson's wrong card is refused
with that rule's code, every lesson of the issue is there, and every step's
words exist in the catalogue."""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSON = json.loads((ROOT / "web" / "learn" / "lesson.json").read_text())
EN = json.loads((ROOT / "web" / "messages" / "en.json").read_text(encoding="utf-8"))


@functools.cache
def make_lesson():
    """tools/make_lesson.py, imported from its file (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("make_lesson", ROOT / "tools" / "make_lesson.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_lesson_replays_and_each_wrong_card_is_refused_by_its_rule():
    state = make_lesson().check(LESSON)
    last = state["last_hand"]
    assert last["declarer"] == 0 and last["made"]


def test_the_lesson_teaches_every_part_of_a_hand():
    says = [s["say"] for s in LESSON["steps"]]
    for key in ("learn.welcome", "learn.order", "learn.cards", "learn.points", "learn.bid.first",
                "learn.trump", "learn.ghna", "learn.play.higher", "learn.play.trump",
                "learn.play.overtrump", "learn.last_trick", "learn.score", "learn.game"):
        assert key in says, key
    assert any(k.startswith("learn.partner.") for k in says)
    # every move of the learner is asked for by a step just before it
    asked = {s["at"] for s in LESSON["steps"]}
    for i, a in enumerate(LESSON["actions"]):
        if a.get("seat") == 0:
            assert i in asked, (i, a)


def test_every_step_is_worded_in_the_catalogue():
    for s in LESSON["steps"]:
        assert s["say"] in EN, s["say"]


def test_the_hand_is_played_out_and_its_last_trick_is_told_as_it_begins():
    # the bots never concede the written hand: all ten tricks are played
    assert not LESSON["result"]["conceded"]
    assert not any(a["type"] in ("concede", "accept", "refuse") for a in LESSON["actions"])
    plays = [i for i, a in enumerate(LESSON["actions"]) if a["type"] == "play"]
    assert len(plays) == 40
    # the last trick's 10 points are explained before its first card, not after the hand
    told = [s["at"] for s in LESSON["steps"] if s["say"] == "learn.last_trick"]
    assert told == [plays[-4]]
    # only the summary's steps come once the hand is over
    after = [s["say"] for s in LESSON["steps"] if s["at"] >= len(LESSON["actions"])]
    assert after == ["learn.score", "learn.game"]


def test_the_tool_writes_this_very_hand():
    tool = make_lesson()
    actions, _, state = tool.simulate(LESSON["deal"]["hands"], [90, 100, 110, 120], LESSON["found_with_seed"])
    assert actions == LESSON["actions"]
    assert state["last_hand"] == LESSON["result"]


def test_every_word_of_another_seat_is_spoken_of_as_it_appears():
    # issue 39: a "+10" bubble showed while the coach still said "Nora announced AS".
    # Each announcement and signal of the other seats is followed at once by a step that
    # points at that seat and names that word (its bubble then agrees with the coach).
    for i, a in enumerate(LESSON["actions"]):
        if a["type"] in ("announce", "signal") and a["seat"] != 0:
            told = [s for s in LESSON["steps"] if s["at"] == i + 1 and s.get("point") == f"seat-{a['seat']}"]
            assert told and told[0]["signal"] == a["signal"], (i, a)


def test_the_lesson_teaches_the_signals():
    says = [s["say"] for s in LESSON["steps"]]
    assert "learn.signals" in says
    # the four signals are named where they are taught, in every language
    for code in ("en", "fr", "es", "ar"):
        text = json.loads((ROOT / "web" / "messages" / f"{code}.json").read_text(encoding="utf-8"))["learn.signals"]
        for word in (("AS", "COMPTE", "+10", "PASS") if code != "ar" else ("آس", "كونط", "+10", "باص")):
            assert word in text, (code, word)


def test_the_steps_are_those_the_tool_writes_for_the_kept_deal():
    lesson = make_lesson()
    actions, lessons, state = lesson.simulate(LESSON["deal"]["hands"], [90, 100, 110, 120], LESSON["found_with_seed"])
    assert actions == LESSON["actions"]
    assert lesson.steps(actions, lessons, state) == LESSON["steps"]
