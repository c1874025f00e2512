"""docs/rules.md 9-10 (scoring a hand, the game): card points + 9a3a = 130, made
or failed, exactly one team scores, the game ends as soon as a team reaches
the target, one-hand games end with ``next_hand``."""

import pytest

from rules_helpers import (
    DEAL_CAP, DEAL_EC, IllegalAction, do, finish_hand, legal_actions, new_hand, pass_, play,
    play_out, refused, win_auction,
)
from touti_core.api import new_game


def team_card_points(s, team):
    return sum(t["points"] for t in s["tricks"] if t["winner"] % 2 == team)


def test_points_are_card_points_plus_9a3a_and_sum_to_130():
    s = win_auction(new_hand(DEAL_EC, 3), 0, 70, "O")       # cap 0: no Ghna
    s = play_out(s)
    assert s["phase"] == "hand_over"
    last = s["tricks"][-1]["winner"] % 2
    for team in (0, 1):
        assert s["points"][team] == team_card_points(s, team) + (10 if team == last else 0)
    assert sum(s["points"]) == 130
    assert s["last_hand"]["points"] == s["points"]


def test_points_before_the_last_trick_have_no_9a3a():
    s = win_auction(new_hand(DEAL_EC, 3), 0, 70, "O")
    for _ in range(9 * 4):
        card = next(a["card"] for a in legal_actions(s) if a["type"] == "play")
        s = do(s, "play", card=card)
    assert len(s["tricks"]) == 9
    assert s["points"] == [team_card_points(s, 0), team_card_points(s, 1)]


@pytest.mark.parametrize("seed", [3, 4, 9])
def test_exactly_one_team_scores_the_contract(seed):
    s = finish_hand(new_game(seed))
    lh = s["last_hand"]
    assert lh["cancelled"] is False
    d = lh["declarer"] % 2
    made = lh["points"][d] >= lh["contract"]
    assert lh["made"] is made
    expected = [0, 0]
    expected[d if made else 1 - d] = lh["contract"]
    assert lh["delta"] == expected
    assert s["scores"] == expected
    assert sum(lh["points"]) - sum(g["value"] for g in lh["ghna"]) == 130


def test_declared_ghna_add_to_the_points_of_the_declaring_team():
    s = win_auction(new_hand(DEAL_CAP, 3), 0, 120, "E")
    s = play(s, "1O 2O 5O 7O")
    s = do(s, "ghna", suit="E")
    s = play_out(s)
    lh = s["last_hand"]
    assert lh["ghna"] == [{"seat": 0, "suit": "E", "value": 40}]
    assert lh["points"][0] == team_card_points(s, 0) + (10 if s["tricks"][-1]["winner"] % 2 == 0 else 0) + 40
    assert sum(lh["points"]) == 130 + 40


def conceded_at_once(contract, scores=None, rules=None):
    """DEAL_EC, seat 0 declares ``contract`` in swords; the defenders abandon at
    once: seat 0's team has 130 + its Ghna (swords 40 + cups 20, as the cap allows)."""
    s = new_hand(DEAL_EC, 3, rules, scores)
    s = win_auction(s, 0, contract, "E")
    s = play(s, "1B")
    s = do(s, "concede")
    return do(s, "accept")


def test_made_with_exactly_the_contract():
    s = conceded_at_once(190)                  # 130 + 60 = 190
    assert s["last_hand"]["points"] == [190, 0]
    assert s["last_hand"]["made"] is True
    assert s["last_hand"]["delta"] == [190, 0]
    assert s["scores"] == [190, 0]


def test_failed_one_step_short_defenders_score_the_contract():
    s = conceded_at_once(200)
    assert s["last_hand"]["points"] == [190, 0]
    assert s["last_hand"]["made"] is False
    assert s["last_hand"]["delta"] == [0, 200]
    assert s["scores"] == [0, 200]


def test_the_game_ends_as_soon_as_a_team_reaches_the_target():
    s = conceded_at_once(90, scores=[550, 20])
    assert s["phase"] == "game_over"
    assert s["to_act"] is None
    assert s["winner"] == 0
    assert s["scores"] == [640, 20]
    assert s["last_hand"]["delta"] == [90, 0]
    assert s["history"][-1] == s["last_hand"]
    assert legal_actions(s) == []
    assert refused(s, {"type": "next_hand"}).code == "wrong_phase"


def test_the_defenders_may_win_the_game_on_a_failed_contract():
    s = conceded_at_once(230, scores=[590, 400])
    assert s["last_hand"]["made"] is False
    assert s["scores"] == [590, 630]
    assert s["phase"] == "game_over" and s["winner"] == 1


def test_reaching_the_target_exactly_ends_the_game():
    s = conceded_at_once(100, rules={"target": 100})
    assert s["scores"] == [100, 0]
    assert s["phase"] == "game_over" and s["winner"] == 0


def test_below_the_target_the_hand_is_over_and_next_hand_ends_a_one_hand_game():
    s = conceded_at_once(90, scores=[500, 20])
    assert s["scores"] == [590, 20]
    assert s["phase"] == "hand_over" and s["to_act"] is None and s["winner"] is None
    assert legal_actions(s) == [{"type": "next_hand"}]
    s = do(s, "next_hand")
    assert s["phase"] == "game_over"
    assert s["winner"] is None
    assert s["scores"] == [590, 20]
    assert legal_actions(s) == []


def test_a_cancelled_one_hand_game_then_next_hand_is_game_over_without_winner():
    s = new_hand(DEAL_EC, 3)
    for _ in range(4):
        s = pass_(s)
    s = do(s, "next_hand")
    assert s["phase"] == "game_over" and s["winner"] is None


def test_a_small_target_ends_a_seeded_game_after_its_first_scored_hand():
    s = new_game(21, {"target": 70})
    s = finish_hand(s)
    assert not s["last_hand"]["cancelled"]
    assert s["phase"] == "game_over"
    team = 0 if s["scores"][0] >= 70 else 1
    assert s["winner"] == team
    assert s["scores"][1 - team] == 0


def test_history_is_the_score_sheet():
    s = new_game(12)
    for _ in range(3):
        s = finish_hand(s)
        assert s["phase"] == "hand_over"
        s = do(s, "next_hand")
    assert len(s["history"]) == 3
    assert s["last_hand"] == s["history"][-1]
    for h in s["history"]:
        assert {"cancelled", "declarer", "contract", "trump", "points", "ghna", "made", "delta"} <= set(h)
    assert s["scores"] == [sum(h["delta"][0] for h in s["history"]),
                           sum(h["delta"][1] for h in s["history"])]


def test_scores_at_or_above_the_target_are_refused_by_new_hand():
    with pytest.raises(IllegalAction) as e:
        new_hand(DEAL_EC, 3, None, [600, 0])
    assert e.value.code == "malformed"
    with pytest.raises(IllegalAction) as e:
        new_hand(DEAL_EC, 3, {"target": 100}, [0, 100])
    assert e.value.code == "malformed"
