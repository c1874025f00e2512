"""docs/rules.md 8 (concession): a defender proposes on their turn, the partner
accepts or refuses, once per defender per trick, never the declaring team;
after an abandon the declaring team takes the rest, the 9a3a and its best
undeclared Ghna under the cap, and the hand is scored normally."""

import pytest

from rules_helpers import (
    DEAL_3, DEAL_CAP, DEAL_EC, actions, do, legal_actions, legal_cards, legal_keys, new_hand,
    play, refused, says, win_auction,
)


def start(deal, contract, trump="E", rules=None):
    return win_auction(new_hand(deal, 3, rules), 0, contract, trump)


def test_a_defender_may_propose_on_their_turn_to_play():
    s = start(DEAL_EC, 90)
    s = play(s, "1B")
    assert s["to_act"] == 1
    assert legal_keys(s) == actions({"type": "play", "seat": 1, "card": "2B"},
                                     {"type": "play", "seat": 1, "card": "4B"},
                                     {"type": "concede", "seat": 1})
    s = do(s, "concede")
    assert s["phase"] == "concession"
    assert s["concession"] == {"proposer": 1}
    assert s["to_act"] == 3
    assert s["proposed"] == [1]
    assert legal_keys(s) == actions({"type": "accept", "seat": 3}, {"type": "refuse", "seat": 3})
    assert s["trick"] == [{"seat": 0, "card": "1B"}]


def test_the_leading_defender_may_propose_too():
    s = start(DEAL_EC, 90)
    s = play(s, "2E 5E 7E 1E")               # seat 3 wins and leads
    assert s["to_act"] == 3
    assert {"type": "concede", "seat": 3} in legal_actions(s)


def test_refusal_lets_the_proposer_play_on_once_per_defender_per_trick():
    s = start(DEAL_EC, 90)
    s = play(s, "1B")
    s = do(s, "concede")
    assert refused(s, {"type": "accept", "seat": 1}).code == "not_your_turn"
    assert refused(s, {"type": "play", "seat": 3, "card": "7B"}).code == "wrong_phase"
    s = do(s, "refuse")
    assert s["phase"] == "play" and s["to_act"] == 1
    assert s["concession"] is None
    assert legal_keys(s) == actions({"type": "play", "seat": 1, "card": "2B"},
                                     {"type": "play", "seat": 1, "card": "4B"})
    e = refused(s, {"type": "concede", "seat": 1})
    assert e.code == "concede_not_allowed"
    s = play(s, "2B 5B")
    # the other defender has not proposed in this trick: it may
    assert {"type": "concede", "seat": 3} in legal_actions(s)
    assert s["proposed"] == [1]
    s = play(s, "7B")
    assert s["proposed"] == []               # a new trick
    assert s["phase"] == "ghna"              # seat 0 won: it may declare
    s = do(s, "no_ghna")
    # a new trick: seat 0 leads, seat 1 may propose again
    s = play(s, "1O")
    assert s["to_act"] == 1
    assert {"type": "concede", "seat": 1} in legal_actions(s)


def test_the_declaring_team_can_never_concede():
    s = start(DEAL_EC, 90)
    e = refused(s, {"type": "concede", "seat": 0})
    assert e.code == "concede_not_allowed"
    assert says(e.message, "defender")
    s = play(s, "1B 2B")
    assert s["to_act"] == 2
    assert {"type": "concede", "seat": 2} not in legal_actions(s)
    assert refused(s, {"type": "concede", "seat": 2}).code == "concede_not_allowed"


def test_concede_out_of_turn_or_phase():
    s = start(DEAL_EC, 90)
    s = play(s, "1B")
    assert refused(s, {"type": "concede", "seat": 3}).code == "not_your_turn"
    a = new_hand(DEAL_EC, 3)
    assert refused(a, {"type": "concede", "seat": 0}).code == "wrong_phase"
    assert refused(s, {"type": "accept", "seat": 3}).code == "wrong_phase"
    g = start(DEAL_EC, 90)
    g = play(g, "1B 2B 5B 7B")
    assert g["phase"] == "ghna"
    assert refused(g, {"type": "concede", "seat": 1}).code == "wrong_phase"


def test_after_acceptance_the_declaring_team_takes_everything_and_its_best_ghna():
    s = start(DEAL_EC, 90)                   # cap 40: the trump Ghna (40) beats cups (20)
    s = play(s, "1B")
    s = do(s, "concede")
    s = do(s, "accept")
    assert s["phase"] == "hand_over" and s["to_act"] is None
    assert s["ghna"] == [{"seat": 0, "suit": "E", "value": 40}]
    assert s["points"] == [130 + 40, 0]
    lh = s["last_hand"]
    assert lh["cancelled"] is False
    assert lh["declarer"] == 0 and lh["contract"] == 90 and lh["trump"] == "E"
    assert lh["points"] == [170, 0]
    assert lh["ghna"] == [{"seat": 0, "suit": "E", "value": 40}]
    assert lh["made"] is True
    assert lh["delta"] == [90, 0]
    assert s["scores"] == [90, 0]


def test_the_trick_in_progress_goes_to_the_declaring_team():
    s = start(DEAL_EC, 70)                   # cap 0
    s = play(s, "2E 5E 7E")
    assert legal_cards(s) == {"1E", "3E"}    # seat 3 would win this trick
    s = do(s, "concede")
    s = do(s, "accept")
    assert s["points"] == [130, 0]
    assert s["ghna"] == []


def test_defenders_keep_the_tricks_they_won():
    s = start(DEAL_EC, 90)
    s = play(s, "2E 5E 7E 1E")               # 11 points to the defenders
    s = do(s, "concede")                     # seat 3 leads and proposes
    assert s["to_act"] == 1
    s = do(s, "accept")
    assert s["points"] == [119 + 40, 11]


@pytest.mark.parametrize("contract, total", [(70, 0), (80, 20), (90, 40), (100, 60), (110, 80), (120, 80)])
def test_undeclared_ghna_credited_best_combination_under_the_cap(contract, total):
    # Seat 0 holds the Ghna of swords (trump, 40), cups (20) and coins (20).
    s = start(DEAL_3, contract)
    s = play(s, "1B")
    s = do(s, "concede")
    s = do(s, "accept")
    assert sum(g["value"] for g in s["ghna"]) == total
    assert all(g["seat"] == 0 for g in s["ghna"])
    assert len({g["suit"] for g in s["ghna"]}) == len(s["ghna"])
    if contract >= 100:      # 60 or 80 can only be reached with the trump Ghna
        assert {"seat": 0, "suit": "E", "value": 40} in s["ghna"]
    assert s["points"] == [130 + total, 0]


def test_credit_fills_only_the_room_left_by_declared_ghna():
    s = start(DEAL_3, 90)                    # cap 40
    s = play(s, "1B 2B 5B 7B")
    s = do(s, "ghna", suit="C")              # 20 declared: 20 of room left
    s = play(s, "3O")
    s = do(s, "concede")
    s = do(s, "accept")
    assert s["ghna"] == [{"seat": 0, "suit": "C", "value": 20},
                         {"seat": 0, "suit": "O", "value": 20}]
    assert s["points"] == [130 + 40, 0]


def test_a_ghna_with_a_card_already_played_is_not_credited():
    s = start(DEAL_CAP, 120)                 # cap 100
    s = play(s, "1O 2O 5O 7O")
    s = do(s, "no_ghna")
    s = do(s, "no_ghna")
    s = play(s, "11C 5C 2C 7C")              # the Cabal of cups is played
    assert s["phase"] == "ghna"
    s = do(s, "no_ghna")
    s = do(s, "no_ghna")
    s = play(s, "1B")
    s = do(s, "concede")
    s = do(s, "accept")
    assert sorted((g["seat"], g["suit"], g["value"]) for g in s["ghna"]) == \
        [(0, "E", 40), (2, "B", 20), (2, "O", 20)]
    assert s["points"] == [130 + 80, 0]


def test_the_contract_can_still_fail_after_an_abandon():
    s = new_hand(DEAL_EC, 3)
    s = do(s, "bid", amount=230)             # ends the auction at once
    s = do(s, "trump", suit="E")
    s = play(s, "1B")
    s = do(s, "concede")
    s = do(s, "accept")
    lh = s["last_hand"]
    assert lh["points"] == [130 + 60, 0]     # swords 40 + cups 20 fit the cap of 100
    assert lh["made"] is False
    assert lh["delta"] == [0, 230]
    assert s["scores"] == [0, 230]


def test_concession_switched_off():
    s = start(DEAL_EC, 90, rules={"concession": False})
    s = play(s, "1B")
    assert legal_keys(s) == actions({"type": "play", "seat": 1, "card": "2B"},
                                     {"type": "play", "seat": 1, "card": "4B"})
    e = refused(s, {"type": "concede", "seat": 1})
    assert e.code == "concede_not_allowed"
