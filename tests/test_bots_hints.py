"""The hint's reason as a code with parameters (``bots.hint``, ``bots.explain``): every
code is listed in ``REASON_CODES`` and documented, every parameter is a JSON value of
its kind, and the English sentence follows from the code and the parameters alone (so
a page that has them can word the hint in its own language)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from touti_core import api, bots
from touti_core.api import code_of
from touti_core.bots import explain, make_bot
from touti_core.bots.belief.knowledge import from_game, from_view
from touti_core.bots.explain import REASON_CODES, Reason, english, reason
from touti_core.cards import SUIT_LETTERS, is_card_name
from touti_core.engine import GAME_OVER, HAND_OVER, Game, SIGNALS
from touti_core.rules import Rules

#: The strong bot with small search settings: the words do not depend on the size
SMALL = "strong:play_worlds=8,exact_worlds=4,bid_worlds=12"

CARDS = {"card", "winning", "beaten", "partner_card"}
CARD_LISTS = {"higher", "tops"}
SUITS = {"suit", "trump", "led"}
PERCENTS = {"chance", "theirs", "theirs_after", "answered", "best"}
NUMBERS = {"amount", "partner_bid", "their_bid", "lowest", "contract", "points", "need",
           "cap", "value", "count"}
FLAGS = {"bid_before", "ghna", "last"}


def check(r: Reason) -> None:
    """``r``'s code is listed, its params are JSON values of their kind, and its English
    sentence is made from the code and the params alone."""
    assert r.code in REASON_CODES, r.code
    for name, value in r.params.items():
        if name in CARDS:
            assert is_card_name(value), (r, name)
        elif name in CARD_LISTS:
            assert all(is_card_name(c) for c in value) and value == list(value), (r, name)
        elif name in SUITS:
            assert value is None or (isinstance(value, str) and value in SUIT_LETTERS), (r, name)
        elif name == "aces":
            assert all(x in SUIT_LETTERS for x in value), r
        elif name in PERCENTS:
            assert value is None or (type(value) is int and 0 <= value <= 100), (r, name)
        elif name in NUMBERS:
            assert type(value) is int, (r, name)
        elif name in FLAGS:
            assert type(value) is bool, (r, name)
        elif name == "partner_signals":
            assert all(x in SIGNALS for x in value), r
        else:
            raise AssertionError(f"unknown param {name} in {r}")
    text = json.dumps(r.params, allow_nan=False)
    again = Reason(r.code, json.loads(text))
    assert again.params == r.params
    sentence = english(again)
    assert sentence[0].isupper() and sentence.endswith(".") and len(sentence) < 220, sentence


def test_every_code_is_documented_for_translators():
    assert len(set(REASON_CODES)) == len(REASON_CODES)
    for code in REASON_CODES:
        assert f"``{code}``" in explain.__doc__, code


def test_bots_decisions_give_listed_codes_with_json_params():
    """Whole games between strong bots (small settings) and normal bots: the reason of
    every decision, with what it rested on, and of every other legal action."""
    seen = set()
    for i in range(8):
        rules = Rules.from_dict([None, {"overtrump": "never"}, {"ghna_cap": "none"},
                                 {"truthful": False}][i % 4])
        g = Game.new(500 + i, rules)
        players = [make_bot(SMALL if (s + i) % 2 else "normal", seed=i * 4 + s) for s in range(4)]
        for _ in range(2):
            while g.phase not in (HAND_OVER, GAME_OVER):
                s = g.to_act
                code = players[s].act_game(g, s)
                k = from_game(g, s)
                r = reason(k, code, players[s].why)
                check(r)
                seen.add(r.code)
                for other in g.legal():
                    check(reason(k, other, {}))
                g.apply(code)
            if g.phase == GAME_OVER:
                break
            g.apply(84)
    assert len(seen) >= 40, sorted(seen)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 31), steps=st.integers(0, 90))
def test_hints_give_a_listed_code_with_json_params(seed, steps):
    """``bots.hint``: the action, the English ``reason``, and the same as ``code`` and
    ``params``, which word it again to the letter."""
    r = random.Random(seed)
    s = api.new_game(seed)
    for _ in range(steps):
        if s["phase"] == "game_over":
            return
        s = api.act(s, r.choice(api.legal_actions(s)))
    if s["phase"] == "game_over":
        return
    v = api.view(s, s["to_act"] if s["to_act"] is not None else 0)
    h = bots.hint(v, bot=SMALL)
    assert h["action"] in v["legal"]
    check(Reason(h["code"], h["params"]))
    assert english(Reason(h["code"], h["params"])) == h["reason"]
    k = from_view(v)
    for action in v["legal"]:
        check(reason(k, code_of(action), {}))
