"""docs/rules.md 1 (cards): the deck, the strength order inside a suit, card points, notation."""

import pytest

from rules_helpers import (
    DECK, STRENGTH, IllegalAction, card_points, cards, deal_game, legal_cards, new_hand, play,
    play_out, win_auction,
)
from touti_core.api import new_game


def test_the_deck_has_40_cards_four_suits_no_8_or_9():
    s = new_game(11)
    dealt = [c for h in s["hands"] for c in h]
    assert sorted(dealt) == sorted(DECK)
    assert len(DECK) == 40
    assert {c[-1] for c in DECK} == set("OCEB")
    assert {int(c[:-1]) for c in DECK} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}
    assert all(len(h) == 10 for h in s["hands"])


def test_card_points_table_and_120_in_a_deck():
    table = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2, 7: 0, 6: 0, 5: 0, 4: 0, 2: 0}
    assert all(card_points(c) == table[int(c[:-1])] for c in DECK)
    assert sum(card_points(c) for c in DECK) == 120


# The follower holds the nine other cups: the higher obligation makes the
# legal set exactly "the cups stronger than the led one" (all cups when none
# is stronger), which pins down the strength order 1>3>12>11>10>7>6>5>4>2.
@pytest.mark.parametrize("led_rank", STRENGTH)
def test_strength_order_inside_a_suit(led_rank):
    led = f"{led_rank}C"
    others = [f"{r}C" for r in STRENGTH if r != led_rank]
    s = deal_game({0: led, 1: " ".join(others)}, closed={0: "C"})
    s = win_auction(s, 0, 70, "O")
    s = play(s, led)
    stronger = {f"{r}C" for r in STRENGTH[:STRENGTH.index(led_rank)]}
    assert legal_cards(s) == (stronger or set(others))


@pytest.mark.parametrize("trick, winner", [
    ("12C 3C 1C 11C", 2),       # Ace beats Triss beats Rey
    ("2C 4C 5C 6C", 3),
    ("7C 10C 11C 12C", 3),
    ("3C 12C 11C 10C", 0),      # the Triss beats the court cards
])
def test_the_strongest_card_of_the_led_suit_wins(trick, winner):
    played = cards(trick)
    spec = {seat: c for seat, c in enumerate(played)}
    # Each follower holds only its card in cups, so every card is forced-legal.
    s = deal_game(spec, closed={1: "C", 2: "C", 3: "C"})
    s = win_auction(s, 0, 70, "O")
    s = play(s, trick)
    t = s["tricks"][0]
    assert t["winner"] == winner
    assert t["points"] == sum(card_points(c) for c in played)


def test_tricks_of_a_whole_hand_hold_120_card_points():
    s = deal_game({})
    s = win_auction(s, 0, 70, "B")
    s = play_out(s)
    assert len(s["tricks"]) == 10
    for t in s["tricks"]:
        assert t["points"] == sum(card_points(x["card"]) for x in t["cards"])
    assert sum(t["points"] for t in s["tricks"]) == 120


def test_state_uses_card_notation():
    s = deal_game({0: "1O 12E 11B 10O 3C"})
    assert {"1O", "12E", "11B", "10O", "3C"} <= set(s["hands"][0])
    assert all(c in DECK for h in s["hands"] for c in h)


@pytest.mark.parametrize("bad", ["8C", "9O", "13E", "0B", "1X", "O1", "1o", "12 E", "", 12, None])
def test_new_hand_refuses_bad_card_notation(bad):
    hands = [list(h) for h in new_hand_hands()]
    hands[2][0] = bad
    with pytest.raises(IllegalAction) as e:
        new_hand(hands, 0)
    assert e.value.code == "malformed"


def test_new_hand_refuses_a_card_dealt_twice_or_short_hands():
    hands = new_hand_hands()
    twice = [list(h) for h in hands]
    twice[1][0] = twice[0][0]
    with pytest.raises(IllegalAction) as e:
        new_hand(twice, 0)
    assert e.value.code == "malformed"
    short = [list(h) for h in hands]
    short[3] = short[3][:9]
    with pytest.raises(IllegalAction) as e:
        new_hand(short, 0)
    assert e.value.code == "malformed"


def new_hand_hands():
    return [DECK[10 * i:10 * i + 10] for i in range(4)]
