"""The example bot: every answer is one of the legal actions, whole games
through the engine's views; its choices in a few positions; its package
declares it and builds."""

from __future__ import annotations

import zipfile
from pathlib import Path

from touti_core import api

import touti_example_bot as bot

HERE = Path(__file__).resolve().parent.parent


def play_game(seed: int) -> dict:
    """A whole game (to 200) with the example bot at all four seats, each decision
    taken from the seat's view only."""
    state = api.new_game(seed, {"target": 200})
    while state["phase"] != "game_over":
        seat = state["to_act"]
        view = api.view(state, 0 if seat is None else seat)
        legal = api.legal_actions(state)
        action = bot.choose(view, legal)
        assert action in legal
        state = api.act(state, action)
    return state


def test_it_plays_whole_games_with_legal_actions_only():
    for seed in (1, 2, 3):
        assert play_game(seed)["winner"] in (0, 1)


def test_it_wins_a_trick_cheaply_and_feeds_a_winning_partner():
    view = {"seat": 0, "phase": "play", "contract": {"trump": "O"},
            "trick": [{"seat": 1, "card": "12C"}]}
    assert bot.play_card(view, ["1C", "11C", "3C", "2C"]) == "3C"     # 3 beats 12, cheaper than 1
    view["trick"] = [{"seat": 2, "card": "1C"}, {"seat": 3, "card": "2C"}]
    assert bot.play_card(view, ["3C", "11C", "2C"]) == "3C"           # the partner's Ace wins
    view["trick"] = [{"seat": 1, "card": "1C"}]
    assert bot.play_card(view, ["4O", "2O"]) == "2O"                  # a trump wins it


def test_it_bids_the_lowest_bid_with_a_strong_hand_only():
    legal = [{"type": "bid", "seat": 0, "amount": a} for a in (90, 80)] + [{"type": "pass", "seat": 0}]
    strong = {"phase": "auction", "seat": 0, "auction": [], "hand": ["1O", "3O", "12O", "2O", "1C", "4B", "5B", "6B", "7E", "2E"]}
    weak = {**strong, "hand": ["2O", "4O", "5O", "6O", "1C", "4B", "5B", "6B", "7E", "2E"]}
    assert bot.choose(strong, legal) == {"type": "bid", "seat": 0, "amount": 80}
    assert bot.choose(weak, legal) == {"type": "pass", "seat": 0}
    again = {**strong, "auction": [{"type": "bid", "seat": 0, "amount": 70}, {"type": "bid", "seat": 1, "amount": 80}]}
    assert bot.choose(again, legal) == {"type": "pass", "seat": 0}


def test_the_package_declares_the_bot_and_its_wheel_builds(tmp_path):
    # built as `pip wheel --no-deps .` builds it: setuptools' PEP 517 hook, here
    # by the Touti project's builder (a copy of the folder, fixed time stamps)
    from sitebuild.wheel import build_wheel
    wheel = build_wheel(tmp_path, HERE, include=None)
    assert wheel.name == "touti_example_bot-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        eps = z.read("touti_example_bot-0.1.0.dist-info/entry_points.txt").decode()
    assert "touti_example_bot/__init__.py" in names
    assert not [n for n in names if n.startswith(("tests/", "conftest"))]
    assert "[touti.bots]\nexample = touti_example_bot\n" in eps
    assert build_wheel(tmp_path / "again", HERE, include=None).read_bytes() == wheel.read_bytes()
