"""docs/rules.md 4.1 (partner signals): the five conditions of the signal window,
the four signals and their truthfulness, reopening after an opponent raises,
and the switches signals / truthful."""

import pytest

from rules_helpers import (
    actions, bid, deal_game, do, legal_keys, pass_, refused, says,
)
from touti_core.api import view

NO_ACES = "1O 1C 1E 1B"


def signal_set(seat, as_=True, compte=True):
    acts = []
    if as_:
        acts.append({"type": "signal", "seat": seat, "signal": "AS"})
    if compte:
        acts.append({"type": "signal", "seat": seat, "signal": "COMPTE"})
    acts += [{"type": "signal", "seat": seat, "signal": "+10"},
             {"type": "signal", "seat": seat, "signal": "PASS"},
             {"type": "no_signal", "seat": seat}]
    return actions(*acts)


def game(rules=None):
    """Dealer 3, forehand 0. Seat 0 holds an Ace and the Ghna of cups;
    seat 1 holds no Ace and no Ghna."""
    s = deal_game({0: "1O 12C 11C"}, dealer=3, rules=rules, avoid={1: NO_ACES})
    h1 = s["hands"][1]
    assert not any(c in h1 for c in NO_ACES.split())
    assert not any(f"12{x}" in h1 and f"11{x}" in h1 for x in "OCEB")
    return s


def test_window_opens_before_the_partner_bids_when_all_conditions_hold():
    s = game()
    s = pass_(s)            # 0 leaves (condition 1)
    s = bid(s, 70)          # 1: a bid is made (3), 1 is an opponent still in (4)
    # next to bid: seat 2, partner of 0, still in (2); 0 has not signalled (5)
    assert s["phase"] == "signal"
    assert s["to_act"] == 0
    assert legal_keys(s) == signal_set(0)
    s = do(s, "signal", signal="+10")
    assert s["auction"][-1] == {"type": "signal", "seat": 0, "signal": "+10"}
    assert s["phase"] == "auction"
    assert s["to_act"] == 2


@pytest.mark.parametrize("word", ["AS", "COMPTE", "+10", "PASS"])
def test_each_of_the_four_signals_is_recorded_and_then_the_partner_bids(word):
    s = bid(pass_(game()), 70)
    s = do(s, "signal", signal=word)
    assert s["auction"] == [{"type": "pass", "seat": 0},
                            {"type": "bid", "seat": 1, "amount": 70},
                            {"type": "signal", "seat": 0, "signal": word}]
    assert s["phase"] == "auction" and s["to_act"] == 2


def test_no_signal_also_closes_the_window_and_the_partner_bids():
    s = bid(pass_(game()), 70)
    s = do(s, "no_signal")
    assert s["phase"] == "auction" and s["to_act"] == 2
    assert not any(a["type"] == "signal" for a in s["auction"])


def test_condition_1_no_window_for_a_player_still_in_the_auction():
    s = game()
    s = bid(s, 70)          # 0 is still in
    s = pass_(s)            # 1
    assert s["phase"] == "auction" and s["to_act"] == 2


def test_condition_1_a_player_who_left_by_early_announcement_may_signal():
    s = game()
    s = do(s, "announce", signal="AS")
    s = bid(s, 70)
    assert s["phase"] == "signal" and s["to_act"] == 0
    assert legal_keys(s) == signal_set(0)
    s = do(s, "signal", signal="COMPTE")
    assert s["to_act"] == 2


def test_condition_2_window_only_before_the_partner_turn():
    s = game()
    s = pass_(s)            # 0 leaves
    s = bid(s, 70)          # 1
    s = do(s, "no_signal")  # 0's window before 2
    s = bid(s, 80)          # 2
    # seat 3 (an opponent of 0) bids next: nobody is asked before it
    assert s["phase"] == "auction" and s["to_act"] == 3


def test_condition_2_no_window_when_the_partner_has_left():
    s = game()
    s = pass_(s)            # 0 leaves
    s = bid(s, 70)          # 1
    s = do(s, "no_signal")  # 0, before 2
    s = pass_(s)            # 2 leaves too: 0 and 2 have no partner in
    s = bid(s, 80)          # 3
    assert s["phase"] == "auction" and s["to_act"] == 1
    s = bid(s, 90)          # 1
    assert s["phase"] == "auction" and s["to_act"] == 3
    s = bid(s, 100)         # 3
    assert s["phase"] == "auction" and s["to_act"] == 1


def test_condition_3_no_window_before_the_first_bid():
    s = game()
    s = pass_(s)            # 0
    s = pass_(s)            # 1
    assert s["phase"] == "auction" and s["to_act"] == 2   # 0 not asked: no bid yet
    s = bid(s, 70)          # 2: now a bid exists
    assert s["phase"] == "signal" and s["to_act"] == 1    # 1 asked before 3 bids
    assert legal_keys(s) == signal_set(1, as_=False, compte=False)


def test_condition_4_no_window_when_both_opponents_have_left():
    # Both opponents of seat 0 (1 and 3) leave: the auction ends with seat 2
    # instead of asking seat 0 for a signal.
    s = game()
    s = pass_(s)            # 0
    s = pass_(s)            # 1
    s = bid(s, 70)          # 2
    s = do(s, "no_signal")  # 1, before 3
    s = pass_(s)            # 3
    assert s["phase"] == "trump" and s["to_act"] == 2


@pytest.mark.parametrize("first", ["AS", None])
def test_condition_5_window_reopens_after_an_opponent_raises(first):
    s = game()
    s = pass_(s)            # 0
    s = bid(s, 70)          # 1
    assert s["phase"] == "signal" and s["to_act"] == 0
    s = do(s, "signal", signal=first) if first else do(s, "no_signal")
    s = bid(s, 80)          # 2
    s = bid(s, 90)          # 3: an opponent raises
    s = pass_(s)            # 1
    # seat 2 to bid again, at a new level: seat 0 is asked again
    assert s["phase"] == "signal" and s["to_act"] == 0
    assert legal_keys(s) == signal_set(0)
    s = do(s, "signal", signal="PASS")
    assert s["auction"][-1] == {"type": "signal", "seat": 0, "signal": "PASS"}
    assert s["phase"] == "auction" and s["to_act"] == 2


def test_as_signal_needs_an_ace_and_compte_a_ghna():
    s = game()
    s = bid(s, 70)          # 0
    s = pass_(s)            # 1
    s = pass_(s)            # 2
    assert s["phase"] == "signal" and s["to_act"] == 1     # before 3 bids
    assert legal_keys(s) == signal_set(1, as_=False, compte=False)
    e = refused(s, {"type": "signal", "seat": 1, "signal": "AS"})
    assert e.code == "signal_not_allowed" and says(e.message, "ace")
    e = refused(s, {"type": "signal", "seat": 1, "signal": "COMPTE"})
    assert e.code == "signal_not_allowed" and says(e.message, "ghna")


def test_window_refuses_other_seats_and_other_actions():
    s = bid(pass_(game()), 70)
    assert s["phase"] == "signal" and s["to_act"] == 0
    assert refused(s, {"type": "signal", "seat": 2, "signal": "+10"}).code == "not_your_turn"
    assert refused(s, {"type": "bid", "seat": 2, "amount": 80}).code == "wrong_phase"
    assert refused(s, {"type": "pass", "seat": 0}).code == "wrong_phase"
    assert refused(s, {"type": "signal", "seat": 0, "signal": "+20"}).code == "malformed"


def test_a_signal_outside_the_window_is_wrong_phase():
    s = game()
    e = refused(s, {"type": "signal", "seat": 0, "signal": "AS"})
    assert e.code == "wrong_phase"
    s = pass_(s)
    assert refused(s, {"type": "no_signal", "seat": 0}).code == "wrong_phase"


def test_signals_are_public_and_do_not_bind():
    s = bid(pass_(game()), 70)
    s = do(s, "signal", signal="+10")
    for seat in range(4):
        assert view(s, seat)["auction"][-1] == {"type": "signal", "seat": 0, "signal": "+10"}
    # the partner may still pass after "+10"
    s = pass_(s)
    assert s["auction"][-1] == {"type": "pass", "seat": 2}


def test_signals_off_no_window_ever():
    s = game({"signals": False})
    s = pass_(s)            # 0
    s = bid(s, 70)          # 1
    assert s["phase"] == "auction" and s["to_act"] == 2
    assert refused(s, {"type": "signal", "seat": 0, "signal": "AS"}).code == "wrong_phase"
    s = bid(s, 80)
    s = bid(s, 90)
    s = pass_(s)
    assert s["phase"] == "auction" and s["to_act"] == 2


def test_untruthful_signals_when_truthful_is_off():
    s = game({"truthful": False})
    s = bid(s, 70)
    s = pass_(s)
    s = pass_(s)
    assert s["phase"] == "signal" and s["to_act"] == 1
    assert legal_keys(s) == signal_set(1)
    s = do(s, "signal", signal="AS")
    assert s["auction"][-1] == {"type": "signal", "seat": 1, "signal": "AS"}
