"""docs/rules.md 6 (playing the tricks): follow suit, play higher (and its
exception once the trick is trumped), trump when void, overtrump even over a
partner, discard, trump leads, the trick winner and who leads next.

Every deal: dealer 3, so seat 0 is forehand and leads; seat 0 declares 70
(cap 0: no Ghna window interferes)."""

from rules_helpers import (
    deal_game, legal_actions, legal_cards, play, refuse_play, refused, says, win_auction,
)


def start(spec, trump="O", closed=None, rules=None):
    s = deal_game(spec, dealer=3, closed=closed, rules=rules)
    return win_auction(s, 0, 70, trump)


# ------------------------------------------------------------------ leading
def test_the_leader_may_play_any_card():
    s = start({})
    assert legal_cards(s) == set(s["hands"][0])
    assert all(a["type"] == "play" for a in legal_actions(s))   # the declarer cannot concede


def test_the_winner_of_a_trick_may_lead_any_card():
    s = start({0: "2C", 1: "1C", 2: "4C", 3: "5C"}, closed={1: "C", 2: "C", 3: "C"})
    s = play(s, "2C 1C 4C 5C")
    assert s["tricks"][0]["winner"] == 1
    assert s["to_act"] == 1 and s["leader"] == 1
    assert legal_cards(s) == set(s["hands"][1])


# ------------------------------------------------------------ following suit
def test_must_follow_suit_and_play_higher_when_able():
    s = start({0: "10C", 1: "3C 5C 1O 2B"}, closed={0: "C", 1: "C"})
    s = play(s, "10C")
    assert legal_cards(s) == {"3C"}
    e = refuse_play(s, "5C")
    assert e.code == "must_play_higher"
    assert says(e.message, "higher")
    for c in ("1O", "2B"):
        e = refuse_play(s, c)
        assert e.code == "must_follow_suit"
        assert says(e.message, "follow suit")


def test_follow_with_any_card_of_the_suit_when_unable_to_beat():
    s = start({0: "1C", 1: "5C 4C 1O"}, closed={0: "C", 1: "C"})
    s = play(s, "1C")
    assert legal_cards(s) == {"5C", "4C"}
    assert refuse_play(s, "1O").code == "must_follow_suit"


def test_must_beat_the_highest_card_of_the_led_suit_in_the_trick():
    s = start({0: "4C", 1: "12C", 2: "11C 3C 2C"}, closed={0: "C", 1: "C", 2: "C"})
    s = play(s, "4C 12C")
    assert legal_cards(s) == {"3C"}
    e = refuse_play(s, "11C")
    assert e.code == "must_play_higher"


def test_no_higher_obligation_once_a_non_trump_lead_is_trumped():
    s = start({0: "2C", 1: "4O", 2: "12C 5C 1C 3O"}, closed={0: "C", 1: "C", 2: "C"})
    s = play(s, "2C 4O")
    assert legal_cards(s) == {"12C", "5C", "1C"}
    assert refuse_play(s, "3O").code == "must_follow_suit"


# ------------------------------------------------------------------ trumping
def test_void_in_the_led_suit_must_trump_any_trump_when_not_yet_trumped():
    s = start({0: "1C", 1: "4O 1O 5B 7E"}, closed={0: "C", 1: "CO"})
    s = play(s, "1C")
    assert legal_cards(s) == {"4O", "1O"}
    e = refuse_play(s, "5B")
    assert e.code == "must_trump"
    assert says(e.message, "trump")


def test_must_overtrump_an_opponent():
    s = start({0: "2C", 1: "10O", 2: "3O 5O 7B"}, closed={0: "C", 1: "C", 2: "CO"})
    s = play(s, "2C 10O")
    assert legal_cards(s) == {"3O"}
    e = refuse_play(s, "5O")
    assert e.code == "must_overtrump"
    assert says(e.message, "overtrump")


def test_unable_to_overtrump_still_must_trump_with_any_trump():
    s = start({0: "2C", 1: "10O", 2: "5O 4O 7B"}, closed={0: "C", 1: "C", 2: "CO"})
    s = play(s, "2C 10O")
    assert legal_cards(s) == {"5O", "4O"}
    # Reading: a discard while holding trumps breaks "trump if able" first.
    assert refuse_play(s, "7B").code == "must_trump"


def test_discard_breaking_trump_rule_while_able_to_overtrump_is_must_trump():
    s = start({0: "2C", 1: "10O", 2: "3O 5O 7B"}, closed={0: "C", 1: "C", 2: "CO"})
    s = play(s, "2C 10O")
    assert refuse_play(s, "7B").code == "must_trump"


def test_over_a_partner_trump_a_player_unable_to_overtrump_still_trumps():
    # Partner (seat 1) trumped with the Ace of trumps; seat 3 has no cups and
    # only lower trumps: it must still play a trump (any), not a discard.
    s = start({0: "2C", 1: "1O", 2: "4C", 3: "6O 5O 7B"},
              closed={0: "C", 1: "C", 3: "CO"})
    s = play(s, "2C 1O 4C")
    assert legal_cards(s) == {"6O", "5O"}
    assert refuse_play(s, "7B").code == "must_trump"


def test_discard_when_neither_led_suit_nor_trumps():
    s = start({0: "2C"}, closed={0: "C", 1: "CO"})
    s = play(s, "2C")
    assert not any(c[-1] in "CO" for c in s["hands"][1])
    assert legal_cards(s) == set(s["hands"][1])


# ---------------------------------------------------------------- trump lead
def test_trump_led_must_follow_with_a_higher_trump():
    s = start({0: "10O", 1: "3O 4O 1C"}, closed={0: "O", 1: "O"})
    s = play(s, "10O")
    assert legal_cards(s) == {"3O"}
    e = refuse_play(s, "4O")
    assert e.code == "must_play_higher"
    assert says(e.message, "higher")
    assert refuse_play(s, "1C").code == "must_follow_suit"


def test_trump_led_any_trump_when_unable_to_beat():
    s = start({0: "1O", 1: "4O 5O"}, closed={0: "O", 1: "O"})
    s = play(s, "1O")
    assert legal_cards(s) == {"4O", "5O"}


def test_trump_led_void_in_trumps_discards_anything():
    s = start({0: "1O"}, closed={0: "O", 1: "O"})
    s = play(s, "1O")
    assert legal_cards(s) == set(s["hands"][1])


# ---------------------------------------------------------------- the winner
def test_a_trump_beats_any_card_of_the_led_suit():
    s = start({0: "1C", 1: "2O", 2: "4C", 3: "5C"}, closed={1: "CO", 2: "C", 3: "C"})
    s = play(s, "1C 2O 4C 5C")
    t = s["tricks"][0]
    assert t["winner"] == 1
    assert t["points"] == 11
    assert s["to_act"] == 1 and s["leader"] == 1
    assert s["points"] == [0, 11]


def test_the_highest_trump_wins():
    s = start({0: "2C", 1: "4O", 2: "3O", 3: "1O"},
              closed={1: "CO", 2: "CO", 3: "C"})
    s = play(s, "2C 4O 3O")
    assert legal_cards(s) == {"1O"}
    s = play(s, "1O")
    assert s["tricks"][0]["winner"] == 3
    assert s["tricks"][0]["points"] == 21


def test_a_discard_never_wins_even_an_ace():
    s = start({0: "2C", 1: "1B", 2: "4C", 3: "5C"}, closed={1: "CO", 2: "C", 3: "C"})
    s = play(s, "2C 1B 4C 5C")
    assert s["tricks"][0]["winner"] == 3
    assert s["tricks"][0]["points"] == 11
    assert s["points"] == [0, 11]


def test_the_leader_wins_when_nobody_beats_the_led_card():
    s = start({0: "1C", 1: "2C", 2: "4C", 3: "5C"}, closed={1: "C", 2: "C", 3: "C"}, trump="E")
    s = play(s, "1C 2C 4C 5C")
    t = s["tricks"][0]
    assert t["winner"] == 0
    assert t["leader"] == 0
    assert t["cards"] == [{"seat": 0, "card": "1C"}, {"seat": 1, "card": "2C"},
                          {"seat": 2, "card": "4C"}, {"seat": 3, "card": "5C"}]
    assert s["trick"] == [] and s["to_act"] == 0


def test_trick_in_progress_is_shown_with_seats():
    s = start({0: "1C", 1: "2C"}, closed={1: "C"})
    s = play(s, "1C 2C")
    assert s["trick"] == [{"seat": 0, "card": "1C"}, {"seat": 1, "card": "2C"}]
    assert "1C" not in s["hands"][0] and "2C" not in s["hands"][1]
    assert [len(h) for h in s["hands"]] == [9, 9, 10, 10]


# ------------------------------------------------------------------ refusals
def test_card_not_in_hand_comes_before_the_suit_rules():
    s = start({0: "10C", 1: "3C 5C", 2: "1B"}, closed={0: "C", 1: "C"})
    s = play(s, "10C")
    e = refuse_play(s, "1B")           # held by seat 2, and not a cup either
    assert e.code == "card_not_in_hand"
    e = refuse_play(s, "10C")          # already played
    assert e.code == "card_not_in_hand"


def test_playing_out_of_turn():
    s = start({})
    card = s["hands"][1][0]
    assert refused(s, {"type": "play", "seat": 1, "card": card}).code == "not_your_turn"
    # not_your_turn comes before card_not_in_hand
    assert refused(s, {"type": "play", "seat": 1, "card": s["hands"][0][0]}).code == "not_your_turn"


def test_playing_during_the_auction_is_wrong_phase():
    s = deal_game({}, dealer=3)
    e = refused(s, {"type": "play", "seat": 0, "card": s["hands"][0][0]})
    assert e.code == "wrong_phase"
    # wrong_phase before not_your_turn
    e = refused(s, {"type": "play", "seat": 2, "card": s["hands"][0][0]})
    assert e.code == "wrong_phase"
