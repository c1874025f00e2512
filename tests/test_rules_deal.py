"""docs/rules.md 2-3 (seats, teams, the deal): forehand speaks and leads first,
the deal rotates (also after a cancelled hand), seeded games are reproducible."""

import pytest

from rules_helpers import (
    DECK, deal_game, do, finish_hand, pass_, play, win_auction,
)
from touti_core.api import new_game


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_forehand_is_the_player_after_the_dealer_and_speaks_first(dealer):
    s = deal_game({}, dealer=dealer)
    assert s["dealer"] == dealer
    assert s["forehand"] == (dealer + 1) % 4
    assert s["phase"] == "auction"
    assert s["to_act"] == (dealer + 1) % 4
    assert s["hand_number"] == 0
    assert s["contract"] is None and s["trick"] == [] and s["tricks"] == []
    assert s["points"] == [0, 0] and s["scores"] == [0, 0]
    assert s["last_hand"] is None and s["history"] == [] and s["winner"] is None


@pytest.mark.parametrize("dealer, declarer", [(3, 0), (3, 1), (3, 2), (3, 3), (0, 3), (1, 0)])
def test_forehand_leads_the_first_trick_whoever_wins_the_auction(dealer, declarer):
    s = deal_game({}, dealer=dealer)
    s = win_auction(s, declarer, 80, "E")
    assert s["contract"]["declarer"] == declarer
    assert s["phase"] == "play"
    assert s["to_act"] == (dealer + 1) % 4
    assert s["leader"] == (dealer + 1) % 4


def test_play_goes_to_the_next_seat_and_the_trick_winner_leads_next():
    # Forehand 0 leads the 2 of cups; seat 2 wins with the Ace; seat 2 leads.
    s = deal_game({0: "2C", 1: "4C", 2: "1C", 3: "5C"}, closed={0: "C", 1: "C", 2: "C", 3: ""})
    s = win_auction(s, 0, 70, "O")
    order = []
    for c in ["2C", "4C", "1C", "5C"]:
        order.append(s["to_act"])
        s = play(s, c)
    assert order == [0, 1, 2, 3]
    assert s["tricks"][0]["winner"] == 2
    assert s["tricks"][0]["leader"] == 0
    assert [x["seat"] for x in s["tricks"][0]["cards"]] == [0, 1, 2, 3]
    assert s["to_act"] == 2 and s["leader"] == 2 and s["trick"] == []


def test_partners_sit_opposite_points_go_to_the_winner_team():
    s = deal_game({0: "2C", 1: "1C", 2: "4C", 3: "5C"}, closed={0: "C", 1: "C", 2: "C"})
    s = win_auction(s, 0, 70, "O")
    s = play(s, "2C 1C 4C 5C")
    assert s["tricks"][0]["winner"] == 1
    assert s["points"] == [0, 11]          # seat 1 and seat 3 are team 1


@pytest.mark.parametrize("seed", [1, 2, 3, 42, 2024])
def test_a_seeded_game_is_reproducible(seed):
    a, b = new_game(seed), new_game(seed)
    assert a == b
    assert a["dealer"] in range(4) and a["to_act"] == (a["dealer"] + 1) % 4
    assert sorted(c for h in a["hands"] for c in h) == sorted(DECK)
    # The same actions lead to the same states, the next deal included.
    a, b = finish_hand(a), finish_hand(b)
    assert a == b
    a, b = do(a, "next_hand"), do(b, "next_hand")
    assert a == b
    assert sorted(c for h in a["hands"] for c in h) == sorted(DECK)


def test_different_seeds_give_different_deals_and_the_first_dealer_varies():
    games = [new_game(seed) for seed in range(40)]
    assert len({str(g["hands"]) for g in games}) == 40
    assert {g["dealer"] for g in games} == {0, 1, 2, 3}


def test_the_deal_passes_to_the_next_player_after_a_played_hand():
    s = new_game(5)
    first = s["dealer"]
    s = finish_hand(s)
    assert s["phase"] == "hand_over" and s["to_act"] is None
    assert s["dealer"] == first                 # still this hand's dealer
    s = do(s, "next_hand")
    assert s["phase"] == "auction"
    assert s["hand_number"] == 1
    assert s["dealer"] == (first + 1) % 4
    assert s["to_act"] == (first + 2) % 4
    assert s["tricks"] == [] and s["contract"] is None and s["auction"] == []
    assert s["last_hand"] is not None and s["last_hand"]["cancelled"] is False
    assert s["scores"] == s["last_hand"]["delta"]


def test_the_deal_passes_to_the_next_player_after_a_cancelled_hand():
    s = new_game(8)
    first = s["dealer"]
    hands_before = s["hands"]
    for _ in range(4):
        s = pass_(s)
    assert s["phase"] == "hand_over"
    assert s["last_hand"]["cancelled"] is True
    s = do(s, "next_hand")
    assert s["dealer"] == (first + 1) % 4
    assert s["to_act"] == (first + 2) % 4
    assert s["hand_number"] == 1
    assert s["hands"] != hands_before                      # new cards are dealt
    assert sorted(c for h in s["hands"] for c in h) == sorted(DECK)
    # and once more: the dealer keeps rotating
    for _ in range(4):
        s = pass_(s)
    s = do(s, "next_hand")
    assert s["dealer"] == (first + 2) % 4
    assert s["hand_number"] == 2


def test_dealer_rotates_over_several_hands_of_a_game():
    s = new_game(77)
    dealers = [s["dealer"]]
    for _ in range(5):
        s = finish_hand(s)
        assert s["phase"] == "hand_over"
        s = do(s, "next_hand")
        dealers.append(s["dealer"])
    assert dealers == [(dealers[0] + i) % 4 for i in range(6)]
    assert len(s["history"]) == 5
