"""The worked examples of docs/rules.md, each as a test, with exact expectations."""

from rules_helpers import (
    DEAL_EC, actions, cards, deal_game, do, legal_cards, legal_keys, new_hand, pass_, play,
    refuse_play, refused, says, win_auction,
)
from touti_core.api import new_game


def start(spec, closed, trump="O"):
    """Dealer 3: seat 0 is forehand and leads; seat 0 declares 70."""
    return win_auction(deal_game(spec, dealer=3, closed=closed), 0, 70, trump)


def test_example_1_cannot_beat_the_ace_either_cup_is_legal():
    # Led 7 of cups, next played the Ace of cups; you hold the 3 and 5 of cups.
    s = start({0: "7C", 1: "1C", 2: "3C 5C 1O 1B"}, closed={1: "C", 2: "C"})
    s = play(s, "7C 1C")
    assert s["to_act"] == 2
    assert legal_cards(s) == {"3C", "5C"}
    assert refuse_play(s, "1O").code == "must_follow_suit"


def test_example_2_trick_already_trumped_either_cup_is_legal():
    # Coins trump. Led 2 of cups, next player (no cups) trumped with the 4 of
    # coins; you hold the Rey and the 5 of cups.
    s = start({0: "2C", 1: "4O", 2: "12C 5C 3O"}, closed={1: "C", 2: "C"})
    s = play(s, "2C")
    assert "4O" in legal_cards(s)
    s = play(s, "4O")
    assert legal_cards(s) == {"12C", "5C"}


def test_example_3_must_overtrump_although_the_partner_is_winning():
    # Coins trump. Led 2 of cups; your partner trumped with the 3 of coins; you
    # have no cups and hold the Ace and the 6 of coins.
    s = start({0: "2C", 1: "3O", 2: "4C", 3: "1O 6O 7B"}, closed={1: "C", 3: "CO"})
    s = play(s, "2C 3O 4C")
    assert s["to_act"] == 3
    assert legal_cards(s) == {"1O"}
    e = refuse_play(s, "6O")
    assert e.code == "must_overtrump"
    assert says(e.message, "overtrump", "ace of coins")
    assert refuse_play(s, "7B").code == "must_trump"
    s = play(s, "1O")
    assert s["tricks"][0]["winner"] == 3


def _example_4():
    # Contract 90, swords trump, the declarer (seat 0) holds Rey + Cabal of
    # swords and of cups. Seat 0 wins the first two tricks with Aces.
    s = win_auction(new_hand(DEAL_EC, 3), 0, 90, "E")
    assert s["contract"]["ghna_cap"] == 40
    s = play(s, "1B 2B 5B 7B")
    assert s["phase"] == "ghna" and s["to_act"] == 0
    assert legal_keys(s) == actions({"type": "ghna", "seat": 0, "suit": "E"},
                                    {"type": "ghna", "seat": 0, "suit": "C"},
                                    {"type": "no_ghna", "seat": 0})
    return s


def test_example_4_cups_first_leaves_the_swords_ghna_unable_to_fit():
    s = do(_example_4(), "ghna", suit="C")
    assert s["ghna"] == [{"seat": 0, "suit": "C", "value": 20}]
    s = play(s, "1O 2O 5O 7O")              # a second trick won by the team
    assert s["tricks"][1]["winner"] == 0
    assert s["phase"] == "play" and s["to_act"] == 0    # +40 does not fit: nobody asked
    e = refused(s, {"type": "ghna", "seat": 0, "suit": "E"})
    assert e.code == "wrong_phase"
    assert s["points"] == [22 + 20, 0]


def test_example_4_swords_first_fills_the_cap():
    s = do(_example_4(), "ghna", suit="E")
    assert s["ghna"] == [{"seat": 0, "suit": "E", "value": 40}]
    s = play(s, "1O 2O 5O 7O")
    assert s["phase"] == "play" and s["to_act"] == 0    # the cap is full
    assert s["points"] == [22 + 40, 0]


def test_example_5_contract_70_no_ghna_at_all():
    s = win_auction(new_hand(DEAL_EC, 3), 0, 70, "E")
    assert s["contract"]["ghna_cap"] == 0
    s = play(s, "1B 2B 5B 7B")
    assert s["tricks"][0]["winner"] == 0
    assert s["phase"] == "play" and s["to_act"] == 0    # no Ghna window
    e = refused(s, {"type": "ghna", "seat": 0, "suit": "E"})
    assert e.code == "wrong_phase"
    assert says(e.message, "ghna")
    s = play(s, "1O 2O 5O 7O")
    assert s["phase"] == "play"
    assert s["ghna"] == []


def test_example_6_all_four_pass_the_hand_is_cancelled():
    s = new_game(31, {"target": 600})
    dealer = s["dealer"]
    scores = s["scores"]
    for _ in range(4):
        s = pass_(s)
    assert s["phase"] == "hand_over"
    assert s["last_hand"]["cancelled"] is True
    assert s["last_hand"]["delta"] == [0, 0]
    assert s["scores"] == scores == [0, 0]
    old_hands = s["hands"]
    s = do(s, "next_hand")
    assert s["dealer"] == (dealer + 1) % 4
    assert s["to_act"] == (dealer + 2) % 4
    assert s["phase"] == "auction"
    assert s["hands"] != old_hands


# Example 7: two deals found for it. Dealer 3; seat 0 bids 100, the others
# pass; then the ten tricks below (each in order of play from its leader).
MADE_DEAL = [
    cards("1O 10O 7O 6O 7C 2C 10E 10B 6B 5B"),
    cards("11O 3C 12C 6C 4C 3E 12E 4E 3B 11B"),
    cards("3O 11C 5C 1E 6E 5E 2E 1B 12B 7B"),
    cards("12O 5O 4O 2O 1C 10C 11E 7E 4B 2B"),
]
MADE_TRICKS = ["7O 11O 3O 4O", "1E 11E 10E 4E", "7B 4B 10B 11B", "4C 11C 1C 2C",
               "2O 6O 3B 1B", "6E 7E 6B 3E", "10O 3C 12B 12O", "5C 10C 7C 12C",
               "6C 5E 2B 5B", "1O 12E 2E 5O"]
FAILED_DEAL = [
    cards("1O 5O 3C 11C 1E 3E 6E 2E 11B 7B"),
    cards("11O 10O 4O 10C 5C 12E 7E 5E 10B 6B"),
    cards("3O 12O 6O 2O 12C 7C 4E 1B 3B 4B"),
    cards("7O 1C 6C 4C 2C 11E 10E 12B 5B 2B"),
]
FAILED_TRICKS = ["1E 5E 4E 11E", "11C 10C 12C 1C", "12B 7B 10B 3B", "6O 7O 1O 4O",
                 "11B 6B 1B 2B", "7C 2C 3C 5C", "3E 12E 12O 10E", "6E 7E 3O 6C",
                 "5B 5O 11O 4B", "4C 2E 10O 2O"]


def _example_7(deal, trump, tricks):
    s = win_auction(new_hand(deal, 3), 0, 100, trump)
    for t in tricks:
        s = play(s, t)
    assert s["phase"] == "hand_over"
    return s


def test_example_7_made_95_card_points_plus_9a3a():
    s = _example_7(MADE_DEAL, "B", MADE_TRICKS)
    team0 = sum(t["points"] for t in s["tricks"] if t["winner"] % 2 == 0)
    assert team0 == 95
    assert s["tricks"][-1]["winner"] % 2 == 0           # the 9a3a
    lh = s["last_hand"]
    assert lh["points"] == [105, 25]
    assert lh["made"] is True
    assert lh["delta"] == [100, 0]
    assert s["scores"] == [100, 0]


def test_example_7_failed_85_card_points_no_9a3a():
    s = _example_7(FAILED_DEAL, "C", FAILED_TRICKS)
    team0 = sum(t["points"] for t in s["tricks"] if t["winner"] % 2 == 0)
    assert team0 == 85
    assert s["tricks"][-1]["winner"] % 2 == 1
    lh = s["last_hand"]
    assert lh["points"] == [85, 45]
    assert lh["made"] is False
    assert lh["delta"] == [0, 100]
    assert s["scores"] == [0, 100]
