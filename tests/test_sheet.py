"""The table score sheet (touti_core/sheet.py): hands entered from a real table
are scored exactly as the engine scores the same hands played on it, and every
impossible entry is refused with its code, its reason and its params."""

from __future__ import annotations

import doctest
import itertools
import json
import pathlib
import random

import pytest
from unittest.mock import ANY

from rules_helpers import DEAL_EC, new_hand, pass_, play, win_auction
from test_rules_examples import (
    FAILED_DEAL, FAILED_TRICKS, MADE_DEAL, MADE_TRICKS, _example_4,
)
from touti_core import api, sheet
from touti_core.api import IllegalAction
from touti_core.sheet import score_hand, score_sheet
from touti_core.rules import Rules

ROOT = pathlib.Path(__file__).resolve().parent.parent
EN = json.loads((ROOT / "web" / "messages" / "en.json").read_text(encoding="utf-8"))
#: The keys a sheet's hand adds to the engine's ``last_hand`` / ``history`` entries.
SHEET_ONLY = ("forehand", "card_points", "scores")


def table_entry(h: dict) -> dict:
    """What the players write on the sheet for a hand the engine played:
    the declarer side's card points are its points minus its Ghna."""
    if h["cancelled"]:
        return {"cancelled": True}
    team = h["declarer"] % 2
    return {"declarer": h["declarer"], "contract": h["contract"], "trump": h["trump"],
            "card_points": h["points"][team] - sum(g["value"] for g in h["ghna"]),
            "ghna": [{"seat": g["seat"], "suit": g["suit"]} for g in h["ghna"]],
            "conceded": h["conceded"]}


def make_sheet(hands: list, dealer: int = 0, rules: dict | None = None) -> dict:
    return {"format": "touti-sheet/1", "name": "Friday", "names": ["Amine", "Sara", "Omar", "Lina"],
            "dealer": dealer, "rules": rules or {}, "hands": hands}


def engine_part(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in SHEET_ONLY}


def finish_hand(s: dict) -> dict:
    """Plays the first legal card (and declines every Ghna) to the end of the hand."""
    while s["phase"] in ("play", "ghna"):
        legal = api.legal_actions(s)
        a = next((x for x in legal if x["type"] in ("play", "no_ghna")), legal[0])
        s = api.act(s, a)
    return s


def refusal(entries: list, rules: dict | None = None, dealer: int = 0) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        score_sheet(make_sheet(entries, dealer, rules))
    json.dumps(e.value.to_json())                       # JSON all through
    return e.value


def test_the_module_examples():
    assert doctest.testmod(sheet).failed == 0


# ------------------------------------------------------- the worked examples
def test_example_4_ghna_cap_at_90_swords_first_fits_cups_then_swords_does_not():
    s = finish_hand(api.act(_example_4(), {"type": "ghna", "seat": 0, "suit": "E"}))
    lh = s["last_hand"]
    assert lh["ghna"] == [{"seat": 0, "suit": "E", "value": 40}]
    entry = table_entry(lh)
    got = score_sheet(make_sheet([entry], dealer=3))
    assert engine_part(got["hands"][0]) == lh
    assert got["scores"] == s["scores"]
    assert got["hands"][0]["ghna"] == [{"seat": 0, "suit": "E", "value": 40}]
    # cups (+20) first: the swords Ghna (+40) no longer fits under the cap of 40
    cups_first = {**entry, "ghna": [{"seat": 0, "suit": "C"}, {"seat": 2, "suit": "E"}]}
    e = refusal([cups_first], dealer=3)
    assert e.code == "sheet_ghna_cap"
    assert e.params == {"suit": "E", "value": 40, "contract": 90, "cap": 40, "declared": 20, "hand": 1}
    assert "cap" in e.message and "swords" in e.message and "40" in e.message
    # two +20 fill it too; the swords then the cups do not fit either
    two = {**entry, "trump": "O", "ghna": [{"seat": 0, "suit": "C"}, {"seat": 0, "suit": "E"}]}
    assert [g["value"] for g in score_hand(two, Rules())["ghna"]] == [20, 20]
    e = refusal([{**entry, "ghna": [{"seat": 0, "suit": "E"}, {"seat": 0, "suit": "C"}]}])
    assert (e.code, e.params["suit"], e.params["declared"]) == ("sheet_ghna_cap", "C", 40)


def test_example_5_contract_70_no_ghna_at_all():
    s = finish_hand(win_auction(new_hand(DEAL_EC, 3), 0, 70, "E"))
    lh = s["last_hand"]
    assert lh["ghna"] == []
    entry = table_entry(lh)
    assert engine_part(score_sheet(make_sheet([entry], dealer=3))["hands"][0]) == lh
    for suit, value in (("E", 40), ("C", 20)):
        e = refusal([{**entry, "ghna": [{"seat": 0, "suit": suit}]}])
        assert e.code == "sheet_ghna_cap"
        assert e.params == {"suit": suit, "value": value, "contract": 70, "cap": 0, "declared": 0, "hand": 1}


def test_example_6_all_four_pass_nobody_scores_the_next_player_deals():
    s = api.new_game(31)
    dealer = s["dealer"]
    for _ in range(4):
        s = pass_(s)
    got = score_sheet(make_sheet([table_entry(s["last_hand"])], dealer=dealer))
    assert engine_part(got["hands"][0]) == s["last_hand"]
    assert got["scores"] == [0, 0] and got["winner"] is None
    assert (got["hands"][0]["dealer"], got["hands"][0]["forehand"]) == (dealer, (dealer + 1) % 4)
    s = api.act(s, {"type": "next_hand"})
    assert (got["dealer"], got["forehand"]) == (s["dealer"], s["to_act"]) == ((dealer + 1) % 4, (dealer + 2) % 4)


@pytest.mark.parametrize("deal, trump, tricks, points, made, delta", [
    (MADE_DEAL, "B", MADE_TRICKS, 105, True, [100, 0]),
    (FAILED_DEAL, "C", FAILED_TRICKS, 85, False, [0, 100]),
])
def test_example_7_made_or_failed_at_100(deal, trump, tricks, points, made, delta):
    s = win_auction(new_hand(deal, 3), 0, 100, trump)
    s = play(s, " ".join(tricks))
    entry = table_entry(s["last_hand"])
    assert entry["card_points"] == points
    got = score_sheet(make_sheet([entry], dealer=3))
    h = got["hands"][0]
    assert engine_part(h) == s["last_hand"]
    assert (h["made"], h["delta"], h["card_points"], got["scores"]) == (made, delta, [points, 130 - points], delta)


def test_a_recorded_sheet_rotates_the_dealer_and_the_male_and_ends_at_the_target():
    hands = [
        {"declarer": 1, "contract": 90, "trump": "E", "card_points": 60, "ghna": [{"seat": 3, "suit": "E"}]},
        {"cancelled": True},
        {"declarer": 0, "contract": 100, "trump": "B", "card_points": 85},
        {"declarer": 2, "contract": 80, "trump": "O", "card_points": 130, "conceded": True},
    ]
    got = score_sheet(make_sheet(hands, dealer=2, rules={"target": 200}))
    assert [(h["dealer"], h["forehand"]) for h in got["hands"]] == [(2, 3), (3, 0), (0, 1), (1, 2)]
    assert [h["delta"] for h in got["hands"]] == [[0, 90], [0, 0], [0, 100], [80, 0]]
    assert [h["scores"] for h in got["hands"]] == [[0, 90], [0, 90], [0, 190], [80, 190]]
    assert [h["made"] for h in got["hands"]] == [True, None, False, True]
    assert got["hands"][0]["points"] == [70, 100]
    assert (got["dealer"], got["forehand"], got["winner"]) == (2, 3, None)
    hands.append({"declarer": 3, "contract": 70, "trump": "C", "card_points": 70})
    got = score_sheet(make_sheet(hands, dealer=2, rules={"target": 200}))
    assert (got["scores"], got["winner"], got["dealer"], got["forehand"]) == ([80, 260], 1, None, None)
    e = refusal(hands + [{"cancelled": True}], {"target": 200}, dealer=2)
    assert e.code == "sheet_over" and e.params == {"hand": 6, "winner": 1, "target": 200}


def test_the_sheet_gives_the_facts_a_form_needs():
    got = score_sheet(make_sheet([], rules={"ghna_cap": "contract_minus_50"}))
    assert got["hands"] == [] and got["scores"] == [0, 0] and (got["dealer"], got["forehand"]) == (0, 1)
    assert got["contracts"][0] == {"amount": 70, "cap": 20} and got["contracts"][-1] == {"amount": 230, "cap": 180}
    assert len(got["contracts"]) == 17
    assert got["ghna_values"] == {"trump": 40, "other": 20} and got["hand_points"] == 130
    assert got["limits"] == {"name": 60, "player": 40, "hands": 1000}
    assert got["rules"] == {**Rules().to_dict(), "ghna_cap": "contract_minus_50"}
    assert score_sheet(make_sheet([], rules={"ghna_cap": "none"}))["contracts"][5] == {"amount": 120, "cap": None}
    assert [c["cap"] for c in score_sheet(make_sheet([]))["contracts"][:7]] == [0, 20, 40, 60, 80, 100, 100]


# ------------------------------------------------ real games, hand by hand
def pick(rng: random.Random, legal: list[dict]) -> dict:
    """A random legal action, with a realistic auction, some Ghna and some concessions."""
    kinds = {a["type"] for a in legal}
    if "pass" in kinds and rng.random() < 0.6:
        return next(a for a in legal if a["type"] == "pass")
    bids = [a for a in legal if a["type"] == "bid"]
    if bids and rng.random() < 0.85:
        return rng.choice(bids[:3])
    if "ghna" in kinds and rng.random() < 0.8:
        return rng.choice([a for a in legal if a["type"] == "ghna"])
    if "concede" in kinds and rng.random() < 0.99:
        legal = [a for a in legal if a["type"] != "concede"]
    if "accept" in kinds:
        return next(a for a in legal if a["type"] == "accept")
    return rng.choice(legal)


def random_game(seed: int, rules: dict) -> dict:
    rng = random.Random(seed)
    s = api.new_game(seed, rules)
    while s["phase"] != "game_over":
        s = api.act(s, pick(rng, api.legal_actions(s)))
    return s


RULE_SETS = [
    {"target": 200},
    {"target": 300, "ghna_cap": "none"},
    {"target": 200, "ghna_cap": "contract_minus_50"},
    {"target": 300, "overtrump": "never", "signals": False, "concession": False},
]


def test_real_games_score_on_the_sheet_exactly_as_the_engine_scored_them():
    seen = {"cancelled": 0, "conceded": 0, "made": 0, "failed": 0, "ghna": 0, "two_ghna": 0}
    for rules, seed in itertools.product(RULE_SETS, range(10)):
        s = random_game(1000 + seed, rules)
        history = s["history"]
        first_dealer = (s["dealer"] - (len(history) - 1)) % 4
        entries = [table_entry(h) for h in history]
        got = score_sheet(make_sheet(entries, first_dealer, rules))
        scores = [0, 0]
        for h, mine in zip(history, got["hands"], strict=True):
            assert engine_part(mine) == h                      # made/failed, points, Ghna, delta...
            scores = [scores[0] + h["delta"][0], scores[1] + h["delta"][1]]
            assert mine["scores"] == scores
            assert mine["forehand"] == (mine["dealer"] + 1) % 4
            seen["cancelled"] += h["cancelled"]
            seen["conceded"] += h["conceded"]
            seen["made"] += h["made"] is True
            seen["failed"] += h["made"] is False
            seen["ghna"] += len(h["ghna"]) > 0
            seen["two_ghna"] += len(h["ghna"]) > 1
        assert (got["scores"], got["winner"]) == (s["scores"], s["winner"])
        assert got["dealer"] is None and s["winner"] is not None
        # the game is over: the sheet takes no further hand
        assert refusal(entries + [{"cancelled": True}], rules, first_dealer).code == "sheet_over"
        # undo: the sheet without its last hand is the game before that hand
        if len(history) > 1:
            before = score_sheet(make_sheet(entries[:-1], first_dealer, rules))
            assert before["winner"] is None and before["scores"] == got["hands"][-2]["scores"]
            assert before["dealer"] == history[-1]["dealer"]
    assert all(seen.values()), seen


# ---------------------------------------------------- impossible entries
PLAYED = {"declarer": 0, "contract": 100, "trump": "E", "card_points": 80}


@pytest.mark.parametrize("entry, rules, code, params", [
    ({**PLAYED, "contract": 240}, None, "sheet_contract", {"contract": 240, "minimum": 70, "maximum": 230, "step": 10}),
    ({**PLAYED, "contract": 60}, None, "sheet_contract", {"contract": 60, "minimum": 70, "maximum": 230, "step": 10}),
    ({**PLAYED, "contract": 95}, None, "sheet_contract", {"contract": 95, "minimum": 70, "maximum": 230, "step": 10}),
    ({**PLAYED, "card_points": 131}, None, "sheet_points", {"points": 131, "maximum": 130, "cards": 120, "last": 10}),
    ({**PLAYED, "card_points": -5}, None, "sheet_points", {"points": -5, "maximum": 130, "cards": 120, "last": 10}),
    ({**PLAYED, "card_points": 129}, None, "sheet_points_impossible", {"points": 129, "last": 10}),
    ({**PLAYED, "card_points": 1}, None, "sheet_points_impossible", {"points": 1, "last": 10}),
    ({**PLAYED, "card_points": 6, "conceded": True}, None, "sheet_points_conceded", {"points": 6, "last": 10}),
    ({**PLAYED, "card_points": 11, "conceded": True}, None, "sheet_points_conceded", {"points": 11, "last": 10}),
    ({**PLAYED, "conceded": True}, {"concession": False}, "sheet_concession", {}),
    ({**PLAYED, "ghna": [{"seat": 1, "suit": "O"}]}, None, "sheet_ghna_defenders", {"seat": 1, "suit": "O", "declarer": 0}),
    ({**PLAYED, "declarer": 3, "ghna": [{"seat": 2, "suit": "O"}]}, None, "sheet_ghna_defenders",
     {"seat": 2, "suit": "O", "declarer": 3}),
    ({**PLAYED, "ghna": [{"seat": 0, "suit": "O"}, {"seat": 2, "suit": "O"}]}, None, "sheet_ghna_twice", {"suit": "O"}),
    ({**PLAYED, "contract": 90, "ghna": [{"seat": 0, "suit": "O"}, {"seat": 2, "suit": "E"}]}, None,
     "sheet_ghna_cap", {"suit": "E", "value": 40, "contract": 90, "cap": 40, "declared": 20}),
    ({**PLAYED, "contract": 80, "ghna": [{"seat": 0, "suit": "O"}, {"seat": 2, "suit": "C"}]},
     {"ghna_cap": "contract_minus_50"}, "sheet_ghna_cap", {"suit": "C", "value": 20, "contract": 80, "cap": 30, "declared": 20}),
    ({**PLAYED, "declarer": 4}, None, "sheet_seat", {"what": "hands[1].declarer", "value": 4}),
    ({**PLAYED, "ghna": [{"seat": -1, "suit": "O"}]}, None, "sheet_seat", {"what": "hands[1].ghna[0].seat", "value": -1}),
    ({**PLAYED, "trump": "X"}, None, "sheet_malformed", {"what": "hands[1].trump"}),
    ({**PLAYED, "contract": "100"}, None, "sheet_malformed", {"what": "hands[1].contract"}),
    ({**PLAYED, "card_points": 80.0}, None, "sheet_malformed", {"what": "hands[1].card_points"}),
    ({**PLAYED, "card_points": True}, None, "sheet_malformed", {"what": "hands[1].card_points"}),
    ({**PLAYED, "conceded": 1}, None, "sheet_malformed", {"what": "hands[1].conceded"}),
    ({**PLAYED, "ghna": {"seat": 0, "suit": "O"}}, None, "sheet_malformed", {"what": "hands[1].ghna"}),
    ({**PLAYED, "ghna": [{"seat": 0}]}, None, "sheet_malformed", {"what": "hands[1].ghna[0].suit"}),
    ({**PLAYED, "bonus": 10}, None, "sheet_malformed", {"what": "hands[1].bonus"}),
    ({"declarer": 0, "contract": 100, "trump": "E"}, None, "sheet_malformed", {"what": "hands[1].card_points"}),
    ({"cancelled": True, "declarer": 0}, None, "sheet_malformed", {"what": "hands[1].declarer"}),
    ({**PLAYED, "cancelled": "no"}, None, "sheet_malformed", {"what": "hands[1].cancelled"}),
    ([1, 2], None, "sheet_malformed", {"what": "hands[1]"}),
])
def test_an_impossible_entry_is_refused_with_its_reason(entry, rules, code, params):
    e = refusal([{"cancelled": True}, entry], rules)
    assert e.code == code
    assert e.params == {**params, "hand": 2}
    template = EN[f"refusal.{code}"]          # the English catalogue's, as the page's
    assert e.message == template.format(**{**params, **_words(params)})


def _words(params: dict) -> dict:
    names = dict(zip("OCEB", ("coins", "cups", "swords", "clubs")))
    words = {"suit": names[params["suit"]]} if "suit" in params else {}
    return {**words, "who": f"seat {params['seat']}"} if "seat" in params else words


def test_refusals_name_the_rule_in_english():
    assert "130" in refusal([{**PLAYED, "card_points": 131}]).message
    assert "230" in refusal([{**PLAYED, "contract": 240}]).message
    m = refusal([{**PLAYED, "ghna": [{"seat": 1, "suit": "O"}]}]).message
    assert "Only the declaring side may declare a Ghna" in m
    m = refusal([{**PLAYED, "ghna": [{"seat": 0, "suit": "C"}, {"seat": 0, "suit": "C"}]}]).message
    assert m == "The Ghna of cups is declared only once in a hand."


def test_the_points_refused_are_exactly_those_no_hand_can_give():
    # docs/rules.md 1 and 9: four of each card worth 11, 10, 4, 3 and 2 (the rest 0),
    # and 10 for the last trick, which the declaring side takes after a concession.
    totals = {11 * a + 10 * b + 4 * c + 3 * d + 2 * e
              for a, b, c, d, e in itertools.product(range(5), repeat=5)}
    possible = totals | {t + 10 for t in totals}
    assert sorted(set(range(131)) - possible) == [1, 129]
    assert sorted(set(range(131)) - {t + 10 for t in totals}) == [*range(10), 11, 129]
    for conceded in (False, True):
        can = {t + 10 for t in totals} if conceded else possible
        for p in range(131):
            entry = {"declarer": 1, "contract": 70, "trump": "O", "card_points": p, "conceded": conceded}
            if p in can:
                assert score_hand(entry, Rules())["card_points"] == [130 - p, p]
            else:
                with pytest.raises(IllegalAction) as e:
                    score_hand(entry, Rules())
                assert e.value.code in ("sheet_points_impossible", "sheet_points_conceded")


@pytest.mark.parametrize("change, code, params", [
    ({"format": "touti-sheet/2"}, "sheet_malformed", {"what": "format"}),
    ({"names": ["A", "B", "C"]}, "sheet_malformed", {"what": "names"}),
    ({"names": ["A", "B", "C", 4]}, "sheet_malformed", {"what": "names[3]"}),
    ({"names": ["A", "B", "C", "D" * 41]}, "sheet_malformed", {"what": "names[3]"}),
    ({"name": "x" * 61}, "sheet_malformed", {"what": "name"}),
    ({"dealer": 4}, "sheet_seat", {"what": "dealer", "value": 4}),
    ({"dealer": None}, "sheet_malformed", {"what": "dealer"}),
    ({"rules": {"target": 55}}, "sheet_rules", {"reason": "target must be a positive multiple of 10"}),
    ({"rules": {"house": True}}, "sheet_rules", {"reason": ANY}),
    ({"rules": []}, "sheet_rules", {"reason": "rules must be an object"}),
    ({"hands": {}}, "sheet_malformed", {"what": "hands"}),
    ({"hands": [{"cancelled": True}] * 1001}, "sheet_too_long", {"maximum": 1000}),
    ({"extra": 1}, "sheet_malformed", {"what": "sheet.extra"}),
])
def test_a_sheet_that_cannot_be_read_is_refused(change, code, params):
    with pytest.raises(IllegalAction) as e:
        score_sheet({**make_sheet([]), **change})
    assert (e.value.code, e.value.params) == (code, params)
    for bad in (None, [], "sheet", 3):
        with pytest.raises(IllegalAction) as e:
            score_sheet(bad)
        assert e.value.code == "sheet_malformed"


def test_every_code_has_an_english_sentence_and_a_catalogue_entry():
    en = json.loads((ROOT / "web" / "messages" / "en.json").read_text(encoding="utf-8"))
    assert sorted(k for k in en if k.startswith("refusal.sheet_")) == sorted(f"refusal.{c}" for c in sheet.CODES)
