"""docs/rules.md 4 (the auction, Chra) and 5 (trump): bids, passes, the end of the
auction, cancelled hands, early announcements AS / COMPTE."""

import pytest

from rules_helpers import (
    actions, bid, deal_game, do, legal_keys, pass_, refused, says,
)

NO_ACES = "1O 1C 1E 1B"
NO_SIGNALS = {"signals": False}


def auction_set(seat, low, as_=False, compte=False):
    acts = [{"type": "bid", "seat": seat, "amount": a} for a in range(low, 231, 10)]
    acts.append({"type": "pass", "seat": seat})
    if as_:
        acts.append({"type": "announce", "seat": seat, "signal": "AS"})
    if compte:
        acts.append({"type": "announce", "seat": seat, "signal": "COMPTE"})
    return actions(*acts)


def plain_deal(rules=None, dealer=3):
    """Seat 0 (forehand) holds an Ace and a Ghna (cups); seat 1 holds neither."""
    s = deal_game({0: "1O 12C 11C"}, dealer=dealer, rules=rules, avoid={1: NO_ACES})
    assert not any(c.startswith("1") and len(c) == 2 for c in s["hands"][1])
    return s


def holds_ghna(hand):
    return any(f"12{x}" in hand and f"11{x}" in hand for x in "OCEB")


# ----------------------------------------------------------------- bids
def test_first_turn_offers_every_bid_from_70_to_230_pass_and_true_announcements():
    s = plain_deal()
    assert legal_keys(s) == auction_set(0, 70, as_=True, compte=True)
    s = pass_(s)
    assert not holds_ghna(s["hands"][1])
    assert legal_keys(s) == auction_set(1, 70)


def test_later_bids_must_raise_by_at_least_10():
    s = plain_deal(NO_SIGNALS)
    s = bid(s, 80)
    assert legal_keys(s) == auction_set(1, 90)
    for amount in (80, 70):
        e = refused(s, {"type": "bid", "seat": 1, "amount": amount})
        assert e.code == "bid_too_low"
        assert "90" in e.message
    s = bid(s, 90)
    assert s["auction"][-1] == {"type": "bid", "seat": 1, "amount": 90}


def test_a_raise_may_jump_by_more_than_10():
    s = plain_deal(NO_SIGNALS)
    s = bid(s, 70)
    s = bid(s, 150)
    assert [a.get("amount") for a in s["auction"]] == [70, 150]
    assert legal_keys(s) == auction_set(2, 160)


@pytest.mark.parametrize("amount", [60, 0, -10, 10])
def test_first_bid_below_70_is_too_low(amount):
    e = refused(plain_deal(), {"type": "bid", "seat": 0, "amount": amount})
    assert e.code == "bid_too_low"
    assert "70" in e.message


@pytest.mark.parametrize("amount", [240, 300, 1000])
def test_bid_above_230_is_too_high(amount):
    e = refused(plain_deal(), {"type": "bid", "seat": 0, "amount": amount})
    assert e.code == "bid_too_high"
    assert "230" in e.message


@pytest.mark.parametrize("amount", [75, 71, 105, 229])
def test_bid_must_be_a_multiple_of_10(amount):
    e = refused(plain_deal(), {"type": "bid", "seat": 0, "amount": amount})
    assert e.code == "bid_not_multiple_of_10"
    assert "10" in e.message


@pytest.mark.parametrize("amount, codes", [
    (65, {"bid_too_low", "bid_not_multiple_of_10"}),
    (235, {"bid_too_high", "bid_not_multiple_of_10"}),
])
def test_bid_breaking_two_bid_rules_gets_one_of_their_codes(amount, codes):
    # PROTOCOL orders only malformed .. card_not_in_hand before "the rule's own
    # code"; between two bid rules the order is not fixed, so either is right.
    e = refused(plain_deal(), {"type": "bid", "seat": 0, "amount": amount})
    assert e.code in codes


def test_230_is_the_maximum_and_ends_the_auction_at_once():
    s = plain_deal()
    s = bid(s, 220)
    s = pass_(s)
    # seat 2 may only bid 230 or pass (or announce)
    bids = {a for a in legal_keys(s) if '"bid"' in a}
    assert bids == actions({"type": "bid", "seat": 2, "amount": 230})
    s = deal_game({}, dealer=3)
    s = bid(s, 230)
    assert s["phase"] == "trump"
    assert s["to_act"] == 0
    assert s["contract"] == {"declarer": 0, "amount": 230, "trump": None, "ghna_cap": 100}


def test_230_after_other_bids_ends_the_auction_with_others_still_in():
    s = deal_game({}, dealer=3, rules=NO_SIGNALS)
    s = bid(s, 70)
    s = bid(s, 230)
    assert s["phase"] == "trump"
    assert s["contract"]["declarer"] == 1 and s["contract"]["amount"] == 230


# ------------------------------------------------------ turn order and end
def test_passed_players_are_skipped():
    s = deal_game({}, dealer=3, rules=NO_SIGNALS)
    s = bid(s, 70)          # 0
    s = pass_(s)            # 1 leaves
    s = bid(s, 80)          # 2
    s = pass_(s)            # 3 leaves
    assert s["to_act"] == 0
    s = bid(s, 90)          # 0
    assert s["to_act"] == 2  # 1 is skipped
    e = refused(s, {"type": "bid", "seat": 1, "amount": 100})
    assert e.code == "not_your_turn"
    s = bid(s, 100)          # 2
    assert s["to_act"] == 0  # 3 is skipped
    assert s["phase"] == "auction"


def test_auction_ends_when_one_player_remains_who_has_bid():
    s = deal_game({}, dealer=1, rules=NO_SIGNALS)       # forehand is seat 2
    s = bid(s, 70)          # 2
    s = bid(s, 80)          # 3
    s = pass_(s)            # 0
    s = pass_(s)            # 1
    assert s["phase"] == "auction" and s["to_act"] == 2
    s = pass_(s)            # 2 leaves: 3 alone, has bid
    assert s["phase"] == "trump"
    assert s["to_act"] == 3
    assert s["contract"] == {"declarer": 3, "amount": 80, "trump": None, "ghna_cap": 20}
    assert s["auction"] == [
        {"type": "bid", "seat": 2, "amount": 70}, {"type": "bid", "seat": 3, "amount": 80},
        {"type": "pass", "seat": 0}, {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2},
    ]


def test_the_bidder_wins_when_the_three_others_pass():
    s = deal_game({}, dealer=3)
    s = bid(s, 100)
    s = pass_(s)
    s = pass_(s)
    if s["phase"] == "signal":           # seat 1 may signal before seat 3 bids
        s = do(s, "no_signal")
    s = pass_(s)
    assert s["phase"] == "trump" and s["to_act"] == 0
    assert s["contract"]["declarer"] == 0 and s["contract"]["amount"] == 100


@pytest.mark.parametrize("rules", [None, NO_SIGNALS])
def test_last_player_may_still_bid_after_three_passes(rules):
    s = deal_game({}, dealer=3, rules=rules)
    for _ in range(3):
        s = pass_(s)
    assert s["phase"] == "auction"
    assert s["to_act"] == 3
    assert {a for a in legal_keys(s) if '"bid"' in a} == \
        {a for a in auction_set(3, 70) if '"bid"' in a}
    s = bid(s, 70)
    assert s["phase"] == "trump"
    assert s["contract"]["declarer"] == 3 and s["contract"]["amount"] == 70


def test_last_player_passing_too_cancels_the_hand():
    s = deal_game({}, dealer=3, scores=[120, 250])
    for _ in range(4):
        s = pass_(s)
    assert s["phase"] == "hand_over"
    assert s["to_act"] is None
    assert s["contract"] is None
    assert s["scores"] == [120, 250]
    lh = s["last_hand"]
    assert lh["cancelled"] is True
    assert lh["declarer"] is None and lh["contract"] is None and lh["trump"] is None
    assert lh["made"] is None and lh["delta"] == [0, 0] and lh["ghna"] == []
    assert s["history"] == [lh]


# ------------------------------------------------------------------ trump
def test_only_the_declarer_names_trump_any_of_the_four_suits():
    for trump in "OCEB":
        s = deal_game({}, dealer=0, rules=NO_SIGNALS)     # forehand 1
        s = pass_(s)            # 1
        s = bid(s, 90)          # 2
        s = pass_(s)            # 3
        s = pass_(s)            # 0
        assert s["phase"] == "trump" and s["to_act"] == 2
        assert legal_keys(s) == actions(*({"type": "trump", "seat": 2, "suit": x} for x in "OCEB"))
        for other in (0, 1, 3):
            assert refused(s, {"type": "trump", "seat": other, "suit": trump}).code == "not_your_turn"
        s = do(s, "trump", suit=trump)
        assert s["contract"] == {"declarer": 2, "amount": 90, "trump": trump, "ghna_cap": 40}
        assert s["phase"] == "play"


def test_trump_cannot_be_named_during_the_auction():
    s = deal_game({}, dealer=3)
    assert refused(s, {"type": "trump", "seat": 0, "suit": "O"}).code == "wrong_phase"


# --------------------------------------------------- early announcements
def test_early_announcement_before_any_bid_counts_as_a_pass():
    s = plain_deal()
    s = do(s, "announce", signal="AS")
    assert s["auction"] == [{"type": "announce", "seat": 0, "signal": "AS"}]
    assert s["phase"] == "auction" and s["to_act"] == 1
    s = bid(s, 70)                   # 1
    # having left by the announcement, seat 0 gets the signal window (4.1)
    assert s["phase"] == "signal" and s["to_act"] == 0
    s = do(s, "no_signal")
    s = pass_(s)                     # 2
    s = pass_(s)                     # 3; seat 0 is skipped: seat 1 alone
    assert s["phase"] == "trump" and s["contract"]["declarer"] == 1


def test_compte_announcement_with_a_ghna_and_after_a_bid():
    s = deal_game({1: "12B 11B"}, dealer=3)
    s = bid(s, 80)
    s = do(s, "announce", signal="COMPTE")
    assert s["auction"][-1] == {"type": "announce", "seat": 1, "signal": "COMPTE"}
    assert s["to_act"] == 2


def test_announcing_four_times_cancels_like_four_passes():
    s = deal_game({}, dealer=3, rules={"truthful": False})
    for _ in range(4):
        s = do(s, "announce", signal="AS")
    assert s["phase"] == "hand_over"
    assert s["last_hand"]["cancelled"] is True


def test_as_needs_an_ace_compte_needs_a_ghna():
    s = plain_deal()
    s = pass_(s)                     # seat 1: no Ace, no Ghna
    e = refused(s, {"type": "announce", "seat": 1, "signal": "AS"})
    assert e.code == "announce_not_allowed"
    assert says(e.message, "ace")
    e = refused(s, {"type": "announce", "seat": 1, "signal": "COMPTE"})
    assert e.code == "announce_not_allowed"
    assert says(e.message, "ghna")


def test_compte_is_refused_to_a_player_holding_an_ace_but_no_ghna():
    s = deal_game({0: "1O 1C"}, dealer=3)
    assert not holds_ghna(s["hands"][0])
    assert legal_keys(s) == auction_set(0, 70, as_=True)
    assert refused(s, {"type": "announce", "seat": 0, "signal": "COMPTE"}).code == "announce_not_allowed"


@pytest.mark.parametrize("word", ["+10", "PASS"])
def test_only_as_and_compte_are_early_announcements(word):
    # Reading: "+10"/"PASS" are well-formed signal words that the rules do not
    # allow as an early announcement -> the rule's code, not "malformed".
    e = refused(plain_deal(), {"type": "announce", "seat": 0, "signal": word})
    assert e.code == "announce_not_allowed"


def test_announcement_with_an_unknown_word_is_malformed():
    e = refused(plain_deal(), {"type": "announce", "seat": 0, "signal": "ACE"})
    assert e.code == "malformed"


def test_no_early_announcement_when_signals_are_off():
    s = plain_deal(NO_SIGNALS)
    assert legal_keys(s) == auction_set(0, 70)
    for word in ("AS", "COMPTE"):
        e = refused(s, {"type": "announce", "seat": 0, "signal": word})
        assert e.code == "announce_not_allowed"


def test_untruthful_announcements_when_truthful_is_off():
    s = plain_deal({"truthful": False})
    s = pass_(s)
    assert legal_keys(s) == auction_set(1, 70, as_=True, compte=True)
    s = do(s, "announce", signal="AS")
    assert s["auction"][-1] == {"type": "announce", "seat": 1, "signal": "AS"}
    s = do(s, "announce", signal="COMPTE")
    assert s["auction"][-1] == {"type": "announce", "seat": 2, "signal": "COMPTE"}
