"""docs/rules.md, Variants: every rule-set switch. (Signals on/off and truthful
yes/no are also covered in test_rules_signals.py and test_rules_auction.py,
concession allowed/not in test_rules_concession.py, target in
test_rules_scoring.py; here each switch is pinned down once more side by side.)"""

import pytest

from rules_helpers import (
    DEAL_CAP, DEAL_EC, IllegalAction, actions, bid, deal_game, declare_greedily, do, legal_actions,
    legal_cards, legal_keys, new_hand, pass_, play, refuse_play, refused, win_auction,
)
from touti_core.api import new_game

DEFAULTS = {"target": 600, "ghna_cap": "standard", "overtrump": "always",
            "signals": True, "truthful": True, "concession": True}


def test_default_rule_set_is_stated_in_the_state():
    assert new_hand(DEAL_EC, 3)["rules"] == DEFAULTS
    assert new_game(1)["rules"] == DEFAULTS
    custom = dict(DEFAULTS, target=300, overtrump="never", signals=False)
    assert new_hand(DEAL_EC, 3, custom)["rules"] == custom


def test_missing_rule_keys_take_the_defaults():
    assert new_hand(DEAL_EC, 3, {"target": 200})["rules"] == dict(DEFAULTS, target=200)


@pytest.mark.parametrize("rules", [
    {"target": 55}, {"target": 0}, {"target": -100}, {"target": "600"}, {"target": 600.0},
    {"ghna_cap": "half"}, {"overtrump": "sometimes"}, {"signals": "yes"}, {"truthful": 1},
    {"concession": None}, {"colour": "red"}, "standard",
])
def test_bad_rule_sets_are_malformed(rules):
    with pytest.raises(IllegalAction) as e:
        new_hand(DEAL_EC, 3, rules)
    assert e.value.code == "malformed"
    with pytest.raises(IllegalAction) as e:
        new_game(1, rules)
    assert e.value.code == "malformed"


# ------------------------------------------------------------------ target
@pytest.mark.parametrize("target", [70, 200, 1000])
def test_target_decides_when_the_game_is_over(target):
    s = new_hand(DEAL_EC, 3, {"target": target}, [target - 70, 0] if target > 70 else None)
    s = win_auction(s, 0, 70, "E")
    s = play(s, "1B")
    s = do(s, "concede")
    s = do(s, "accept")
    assert s["scores"][0] == target
    assert s["phase"] == "game_over" and s["winner"] == 0


def test_target_not_reached_game_goes_on():
    s = new_hand(DEAL_EC, 3, {"target": 1000}, [800, 0])
    s = win_auction(s, 0, 70, "E")
    s = play(s, "1B")
    s = do(s, "concede")
    s = do(s, "accept")
    assert s["scores"] == [870, 0]
    assert s["phase"] == "hand_over"


# ---------------------------------------------------------------- ghna_cap
@pytest.mark.parametrize("contract, total", [
    (70, 20), (80, 20), (90, 40), (100, 40), (110, 60), (120, 60), (130, 80), (150, 100),
])
def test_ghna_cap_contract_minus_50(contract, total):
    s = win_auction(new_hand(DEAL_CAP, 3, {"ghna_cap": "contract_minus_50"}), 0, contract, "E")
    assert s["contract"]["ghna_cap"] == contract - 50
    s, _ = declare_greedily(s)
    assert sum(g["value"] for g in s["ghna"]) == total


def test_ghna_cap_contract_minus_50_at_70_admits_a_20_but_not_the_trump_40():
    s = win_auction(new_hand(DEAL_CAP, 3, {"ghna_cap": "contract_minus_50"}), 0, 70, "E")
    s = play(s, "1O 2O 5O 7O")
    assert s["phase"] == "ghna" and s["to_act"] == 0
    assert legal_keys(s) == actions({"type": "ghna", "seat": 0, "suit": "C"},
                                    {"type": "no_ghna", "seat": 0})
    assert refused(s, {"type": "ghna", "seat": 0, "suit": "E"}).code == "ghna_over_cap"


@pytest.mark.parametrize("contract", [70, 80, 100])
def test_ghna_cap_none_admits_every_ghna_at_any_contract(contract):
    s = win_auction(new_hand(DEAL_CAP, 3, {"ghna_cap": "none"}), 0, contract, "E")
    s, first = declare_greedily(s)
    assert first == actions({"type": "ghna", "seat": 0, "suit": "E"},
                            {"type": "ghna", "seat": 0, "suit": "C"},
                            {"type": "no_ghna", "seat": 0})
    assert sum(g["value"] for g in s["ghna"]) == 100


# --------------------------------------------------------------- overtrump
# Coins are trumps; seat 0 (forehand) leads the 2 of cups.
# A: seat 1 trumps with the 3, seat 2 follows, seat 3 (partner of the winner) has no cups.
PARTNER_WINNING = ({0: "2C", 1: "3O", 2: "4C", 3: "1O 6O 7B"}, {1: "C", 3: "CO"}, "2C 3O 4C")
# B: seat 1 (an opponent of seat 2) trumps with the 10; seat 2 has no cups.
OPPONENT_WINNING = ({0: "2C", 1: "10O", 2: "3O 5O 7B"}, {1: "C", 2: "CO"}, "2C 10O")
# C: trumps led (10), seat 1 holds the 3 and the 4 of trumps.
TRUMP_LED = ({0: "10O", 1: "3O 4O"}, {0: "O", 1: "O"}, "10O")
# D: trumps led by seat 0 and winning; seat 1 plays low; seat 2 (partner of
# the winner) holds the 3 and the 5 of trumps.
TRUMP_LED_PARTNER = ({0: "10O", 1: "4O", 2: "3O 5O"}, {0: "O", 1: "O", 2: "O"}, "10O 4O")


def situation(case, overtrump):
    spec, closed, cards_ = case
    s = deal_game(spec, dealer=3, closed=closed, rules={"overtrump": overtrump})
    s = win_auction(s, 0, 70, "O")
    return play(s, cards_)


@pytest.mark.parametrize("overtrump, expected", [
    ("always", {"1O"}), ("not_over_partner", {"1O", "6O"}), ("never", {"1O", "6O"}),
])
def test_overtrump_variants_when_the_partner_is_winning(overtrump, expected):
    s = situation(PARTNER_WINNING, overtrump)
    assert legal_cards(s) == expected
    # in every variant a player holding trumps must still trump
    assert refuse_play(s, "7B").code == "must_trump"


@pytest.mark.parametrize("overtrump, expected", [
    ("always", {"3O"}), ("not_over_partner", {"3O"}), ("never", {"3O", "5O"}),
])
def test_overtrump_variants_when_an_opponent_is_winning(overtrump, expected):
    s = situation(OPPONENT_WINNING, overtrump)
    assert legal_cards(s) == expected
    if overtrump != "never":
        assert refuse_play(s, "5O").code == "must_overtrump"
    assert refuse_play(s, "7B").code == "must_trump"


@pytest.mark.parametrize("overtrump", ["always", "not_over_partner", "never"])
def test_trump_led_obliges_a_higher_trump_in_every_variant(overtrump):
    s = situation(TRUMP_LED, overtrump)
    assert legal_cards(s) == {"3O"}
    assert refuse_play(s, "4O").code == "must_play_higher"


@pytest.mark.parametrize("overtrump", ["always", "not_over_partner", "never"])
def test_trump_led_obliges_a_higher_trump_even_over_a_partner_in_every_variant(overtrump):
    s = situation(TRUMP_LED_PARTNER, overtrump)
    assert legal_cards(s) == {"3O"}
    assert refuse_play(s, "5O").code == "must_play_higher"


@pytest.mark.parametrize("overtrump", ["always", "not_over_partner", "never"])
def test_following_suit_higher_over_a_partner_in_every_variant(overtrump):
    # The overtrump switch is about trumping only: a player following a
    # non-trump suit must still beat the partner's card if able.
    s = deal_game({0: "12C", 1: "2C", 2: "1C 4C"}, dealer=3, closed={1: "C", 2: "C"},
                  rules={"overtrump": overtrump})
    s = win_auction(s, 0, 70, "O")
    s = play(s, "12C 2C")
    assert legal_cards(s) == {"1C"}
    assert refuse_play(s, "4C").code == "must_play_higher"


# ----------------------------------------------------- signals and truthful
@pytest.mark.parametrize("signals", [True, False])
def test_signals_switch_controls_windows_and_announcements(signals):
    s = deal_game({0: "1O"}, dealer=3, rules={"signals": signals})
    has_announce = any('"announce"' in k for k in legal_keys(s))
    assert has_announce is signals
    s = pass_(s)
    s = bid(s, 70)
    assert s["phase"] == ("signal" if signals else "auction")
    assert s["to_act"] == (0 if signals else 2)


@pytest.mark.parametrize("truthful", [True, False])
def test_truthful_switch(truthful):
    s = deal_game({}, dealer=3, rules={"truthful": truthful},
                  avoid={0: "1O 1C 1E 1B"})
    assert not any(c in s["hands"][0] for c in ("1O", "1C", "1E", "1B"))
    if truthful:
        assert refused(s, {"type": "announce", "seat": 0, "signal": "AS"}).code == "announce_not_allowed"
    else:
        s = do(s, "announce", signal="AS")
        assert s["auction"] == [{"type": "announce", "seat": 0, "signal": "AS"}]


@pytest.mark.parametrize("concession", [True, False])
def test_concession_switch(concession):
    s = win_auction(new_hand(DEAL_EC, 3, {"concession": concession}), 0, 90, "E")
    s = play(s, "1B")
    offered = {"type": "concede", "seat": 1} in legal_actions(s)
    assert offered is concession
    if not concession:
        assert refused(s, {"type": "concede", "seat": 1}).code == "concede_not_allowed"
