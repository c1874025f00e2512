"""docs/rules.md 7 (Ghna): who may declare, when, one per trick won, the holder
must still hold both cards, the order of the question, values and the cap."""

import pytest

from rules_helpers import (
    DEAL_3, DEAL_CAP, DEAL_EC, DEAL_ORDER, actions, declare_greedily, do, legal_keys, new_hand, play,
    play_out, refused, says, win_auction,
)

def start(deal, contract, trump="E", rules=None):
    s = new_hand(deal, 3, rules)
    return win_auction(s, 0, contract, trump)


def ghna(seat, *suits):
    return actions(*({"type": "ghna", "seat": seat, "suit": x} for x in suits),
                   {"type": "no_ghna", "seat": seat})


def test_deals_are_complete():
    for deal in (DEAL_EC, DEAL_3, DEAL_CAP, DEAL_ORDER):
        flat = [c for h in deal for c in h]
        assert len(flat) == 40 == len(set(flat))


# --------------------------------------------------------------- the window
def test_window_opens_after_a_trick_won_by_the_declarer():
    s = start(DEAL_EC, 90)
    s = play(s, "1B 2B 5B 7B")
    assert s["tricks"][0]["winner"] == 0
    assert s["phase"] == "ghna"
    assert s["to_act"] == 0
    assert legal_keys(s) == ghna(0, "E", "C")


def test_trump_ghna_is_worth_40_and_counts_in_the_points():
    s = start(DEAL_EC, 90)
    s = play(s, "1B 2B 5B 7B")
    s = do(s, "ghna", suit="E")
    assert s["ghna"] == [{"seat": 0, "suit": "E", "value": 40}]
    assert s["points"] == [11 + 40, 0]
    assert s["phase"] == "play" and s["to_act"] == 0


def test_other_suit_ghna_is_worth_20():
    s = start(DEAL_EC, 90)
    s = play(s, "1B 2B 5B 7B")
    s = do(s, "ghna", suit="C")
    assert s["ghna"] == [{"seat": 0, "suit": "C", "value": 20}]
    assert s["points"] == [11 + 20, 0]


def test_one_ghna_per_trick_won():
    s = start(DEAL_EC, 100)                  # cap 60: both would fit
    s = play(s, "1B 2B 5B 7B")
    s = do(s, "ghna", suit="C")
    assert s["phase"] == "play" and s["to_act"] == 0    # not asked again
    s = play(s, "1O 2O 5O 7O")
    assert s["phase"] == "ghna" and s["to_act"] == 0
    assert legal_keys(s) == ghna(0, "E")
    s = do(s, "ghna", suit="E")
    assert [g["value"] for g in s["ghna"]] == [20, 40]
    assert s["points"] == [22 + 60, 0]


def test_declaring_is_optional_and_possible_after_a_later_trick():
    s = start(DEAL_EC, 90)
    s = play(s, "1B 2B 5B 7B")
    s = do(s, "no_ghna")
    assert s["phase"] == "play" and s["to_act"] == 0
    assert s["ghna"] == []
    s = play(s, "1O 2O 5O 7O")
    assert s["phase"] == "ghna" and s["to_act"] == 0
    assert legal_keys(s) == ghna(0, "E", "C")
    s = do(s, "ghna", suit="E")
    assert s["ghna"] == [{"seat": 0, "suit": "E", "value": 40}]


def test_defenders_never_declare():
    s = start(DEAL_EC, 90)
    # Trumps led; seat 3 (holding two Ghna) wins with the Ace of swords.
    s = play(s, "2E 5E 7E 1E")
    assert s["tricks"][0]["winner"] == 3
    assert s["phase"] == "play" and s["to_act"] == 3
    e = refused(s, {"type": "ghna", "seat": 3, "suit": "B"})
    assert e.code == "wrong_phase"


def test_no_window_after_a_trick_won_by_the_defenders_even_for_the_declarer():
    s = start(DEAL_EC, 90)
    s = play(s, "2E 5E 7E 1E")
    e = refused(s, {"type": "ghna", "seat": 0, "suit": "E"})
    assert e.code == "wrong_phase"


# ------------------------------------------------------ order of the question
def test_the_winner_is_asked_first_then_the_partner():
    s = start(DEAL_ORDER, 120)
    s = play(s, "2B 4B 1B 6B")
    assert s["tricks"][0]["winner"] == 2
    assert s["phase"] == "ghna" and s["to_act"] == 2
    assert legal_keys(s) == ghna(2, "O")
    assert refused(s, {"type": "ghna", "seat": 0, "suit": "C"}).code == "not_your_turn"
    s = do(s, "no_ghna")
    assert s["phase"] == "ghna" and s["to_act"] == 0
    assert legal_keys(s) == ghna(0, "C")
    s = do(s, "ghna", suit="C")
    assert s["ghna"] == [{"seat": 0, "suit": "C", "value": 20}]
    assert s["phase"] == "play" and s["to_act"] == 2 and s["leader"] == 2


def test_the_partner_is_not_asked_once_the_winner_declares():
    s = start(DEAL_ORDER, 120)
    s = play(s, "2B 4B 1B 6B")
    s = do(s, "ghna", suit="O")
    assert s["ghna"] == [{"seat": 2, "suit": "O", "value": 20}]
    assert s["phase"] == "play" and s["to_act"] == 2


def test_both_decline_then_play_goes_on_and_both_are_asked_again_later():
    s = start(DEAL_ORDER, 120)
    s = play(s, "2B 4B 1B 6B")
    s = do(s, "no_ghna")
    s = do(s, "no_ghna")
    assert s["phase"] == "play" and s["to_act"] == 2
    s = play(s, "1O 7O 2O 5O")
    assert s["tricks"][1]["winner"] == 2
    assert s["phase"] == "ghna" and s["to_act"] == 2


def test_a_winner_without_a_declarable_ghna_is_skipped():
    s = start(DEAL_ORDER, 120)
    s = play(s, "2B 4B 1B 6B")
    s = do(s, "ghna", suit="O")           # seat 2 has nothing more to declare
    s = play(s, "1O 7O 2O 5O")
    assert s["tricks"][1]["winner"] == 2
    assert s["phase"] == "ghna" and s["to_act"] == 0     # the partner, directly
    assert legal_keys(s) == ghna(0, "C")


def test_nobody_to_ask_play_goes_on():
    s = start(DEAL_ORDER, 80)                           # cap 20
    s = play(s, "2B 4B 1B 6B")
    s = do(s, "ghna", suit="O")                         # the cap is full
    s = play(s, "1O 7O 2O 5O")
    assert s["phase"] == "play" and s["to_act"] == 2


# ---------------------------------------------------------- the holder's cards
def test_holder_must_still_hold_both_cards():
    s = start(DEAL_CAP, 100)                            # cap 60
    s = play(s, "1O 2O 5O 7O")
    assert s["to_act"] == 0 and legal_keys(s) == ghna(0, "E", "C")
    s = do(s, "no_ghna")
    assert s["to_act"] == 2 and legal_keys(s) == ghna(2, "O", "B")
    s = do(s, "no_ghna")
    s = play(s, "11C 5C 2C 7C")                         # the Cabal of cups is gone
    assert s["tricks"][1]["winner"] == 0
    assert s["phase"] == "ghna" and s["to_act"] == 0
    assert legal_keys(s) == ghna(0, "E")
    e = refused(s, {"type": "ghna", "seat": 0, "suit": "C"})
    assert e.code == "ghna_not_held"
    assert says(e.message, "ghna")
    e = refused(s, {"type": "ghna", "seat": 0, "suit": "O"})   # the partner's
    assert e.code == "ghna_not_held"


def test_ghna_over_cap_after_a_20_the_trump_40_no_longer_fits():
    s = start(DEAL_3, 90)                               # cap 40
    s = play(s, "1B 2B 5B 7B")
    assert legal_keys(s) == ghna(0, "E", "C", "O")
    s = do(s, "ghna", suit="C")
    s = play(s, "1O 2O 5O 7O")
    assert s["phase"] == "ghna"
    assert legal_keys(s) == ghna(0, "O")
    e = refused(s, {"type": "ghna", "seat": 0, "suit": "E"})
    assert e.code == "ghna_over_cap"
    assert says(e.message, "cap")
    s = do(s, "ghna", suit="O")
    assert sum(g["value"] for g in s["ghna"]) == 40


def test_a_declared_ghna_cannot_be_declared_again():
    # Reading: re-declaring a suit already declared is "ghna_not_allowed".
    s = start(DEAL_3, 120)
    s = play(s, "1B 2B 5B 7B")
    s = do(s, "ghna", suit="C")
    s = play(s, "1O 2O 5O 7O")
    assert legal_keys(s) == ghna(0, "E", "O")
    e = refused(s, {"type": "ghna", "seat": 0, "suit": "C"})
    assert e.code == "ghna_not_allowed"


def test_ghna_with_an_unknown_suit_is_malformed():
    s = start(DEAL_3, 120)
    s = play(s, "1B 2B 5B 7B")
    assert refused(s, {"type": "ghna", "seat": 0, "suit": "X"}).code == "malformed"
    assert refused(s, {"type": "ghna", "seat": 0}).code == "malformed"


def test_a_defender_in_the_window_is_not_to_act():
    s = start(DEAL_EC, 90)
    s = play(s, "1B 2B 5B 7B")
    assert refused(s, {"type": "ghna", "seat": 3, "suit": "B"}).code == "not_your_turn"
    assert refused(s, {"type": "play", "seat": 0, "card": "1O"}).code == "wrong_phase"


def test_no_ghna_after_the_tenth_trick_the_hand_is_over():
    s = start(DEAL_CAP, 120)
    s = play_out(s)                    # declines every window
    assert len(s["tricks"]) == 10
    assert s["phase"] == "hand_over"
    assert s["ghna"] == [] and s["last_hand"]["ghna"] == []


# ------------------------------------------------------------------- the cap
@pytest.mark.parametrize("contract, cap, first, total", [
    (70, 0, None, 0),
    (80, 20, ("C",), 20),
    (90, 40, ("E", "C"), 40),
    (100, 60, ("E", "C"), 60),
    (110, 80, ("E", "C"), 80),
    (120, 100, ("E", "C"), 100),
    (160, 100, ("E", "C"), 100),
    (230, 100, ("E", "C"), 100),
])
def test_standard_cap_table(contract, cap, first, total):
    s = start(DEAL_CAP, contract)
    assert s["contract"]["ghna_cap"] == cap
    s, first_window = declare_greedily(s)
    assert [t["winner"] for t in s["tricks"]] == [0, 0, 0, 0]
    assert first_window == (ghna(0, *first) if first else None)
    assert sum(g["value"] for g in s["ghna"]) == total
    card_points = sum(t["points"] for t in s["tricks"])
    assert s["points"] == [card_points + total, 0]


def test_cap_100_admits_all_four_ghna_in_the_order_of_the_question():
    s = start(DEAL_CAP, 120)
    s, _ = declare_greedily(s)
    assert s["ghna"] == [{"seat": 0, "suit": "E", "value": 40},
                         {"seat": 0, "suit": "C", "value": 20},
                         {"seat": 2, "suit": "O", "value": 20},
                         {"seat": 2, "suit": "B", "value": 20}]
