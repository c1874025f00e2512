"""The easy bot, a beginner: what it counts and bids on hand-built hands, its mistakes,
its seed, its speed.

Its count (``policy.easy.beginner_count``) with the default settings: 32 points, 11 an
Ace, 5 a 3, 9 a card of the trump suit, a Ghna at its full value (+40 in trumps, +20
beside); a mood of at most 10 points either way is added at each auction decision.
The expectations below hold for every seed unless they name one.
"""

from __future__ import annotations

import statistics
import time

import pytest

from touti_core import api, bots
from touti_core.api import code_of
from touti_core.bots import make_bot
from touti_core.bots.arena import deal_hands, play_table
from touti_core.bots.belief.knowledge import from_view
from touti_core.bots.policy.easy import beginner_count
from touti_core.bots.settings import EasySettings
from touti_core.cards import card_of, mask_of
from touti_core.engine import A_NEXT_HAND, GAME_OVER, HAND_OVER, Game
from touti_core.rules import Rules

from rules_helpers import bid, deal_game, pass_, play, win_auction

SEEDS = range(40)
O, C = 0, 1                                  # coins, cups

#: two Aces, a 3 and five coins: 32 + 2 x 11 + 5 + 5 x 9 = 104
GOOD = "1O 3O 5O 6O 7O 1C 2E 4E 2B 4B"
#: no Ace, no 3, no Ghna, no suit of four: 32 + 3 x 9 = 59, below 70 whatever the mood
WORTHLESS = "2O 4O 5O 2C 4C 5C 2E 4E 5E 6B"
#: the Ghna of coins in four coins, nothing else: 32 + 4 x 9 + 40 = 108
GHNA = "12O 11O 2O 4O 2C 4C 5C 2E 4E 2B"
#: the same Rey without its Cabal, in three coins: 59
NO_GHNA = "12O 10O 2O 2C 4C 5C 2E 4E 5E 2B"
#: the Ghna of coins and of cups: 32 + 4 x 9 + 40 + 20 = 128
TWO_GHNA = "12O 11O 2O 4O 12C 11C 2C 2E 4E 2B"


def hand(text: str) -> int:
    return mask_of(card_of(c) for c in text.split())


def first_to_speak(text: str) -> dict:
    """Seat 0 (forehand, the dealer is seat 3) to open the auction with ``text``."""
    return deal_game({0: text}, dealer=3)


def decide(state: dict, seed: int, name: str = "easy") -> dict:
    """The action of the seat to act (a JSON action), by ``name`` with ``seed``."""
    v = api.view(state, state["to_act"])
    if name == "easy":
        return bots.choose(v, level="easy", seed=seed)
    codes = [code_of(a) for a in v["legal"]]
    code = make_bot(name, seed).act(from_view(v), codes)
    return v["legal"][codes.index(code)]


# ---------------------------------------------------------------- the count
@pytest.mark.parametrize("text, count, trump", [
    (GOOD, 104, O), (WORTHLESS, 59, O), (GHNA, 108, O), (NO_GHNA, 59, O), (TWO_GHNA, 128, O),
    # the Ghna of three coins counts more than four cups: the suit it names trumps
    ("12O 11O 2O 2C 4C 5C 6C 2E 4E 2B", 32 + 27 + 40, O),
    # 1C 3C: Aces and 3s count whatever the trumps; five cups make the trumps
    ("1C 3C 4C 5C 6C 2O 4O 2E 4E 2B", 32 + 11 + 5 + 45, C),
])
def test_the_beginner_counts_aces_threes_the_long_suit_and_a_ghna(text, count, trump):
    assert beginner_count(hand(text), EasySettings()) == (count, trump)


# ---------------------------------------------------------------- the auction
def test_two_aces_a_three_and_five_cards_of_a_suit_open_the_bidding():
    s = first_to_speak(GOOD)
    for seed in SEEDS:
        assert decide(s, seed) == {"type": "bid", "seat": 0, "amount": 70}


@pytest.mark.parametrize("text", [WORTHLESS, NO_GHNA])
def test_a_worthless_hand_passes(text):
    s = first_to_speak(text)
    for seed in SEEDS:
        assert decide(s, seed) == {"type": "pass", "seat": 0}


def test_a_hand_of_four_small_cards_of_a_suit_bids_or_not_by_the_mood():
    """32 + 4 x 9 = 68: the beginner opens in a mood above +2 (about 2 seeds in 5)."""
    s = first_to_speak("2O 4O 5O 6O 2C 4C 2E 4E 5E 2B")
    opened = [decide(s, seed)["type"] == "bid" for seed in SEEDS]
    assert 5 <= sum(opened) <= 30
    assert decide(s, 0, "easy:mood=0") == {"type": "pass", "seat": 0}
    assert decide(s, 0, "easy:mood=0,base=34") == {"type": "bid", "seat": 0, "amount": 70}


@pytest.mark.parametrize("text, amount", [(GHNA, 90), (TWO_GHNA, 100)])
def test_a_ghna_counts_and_the_bid_makes_room_for_it(text, amount):
    """docs/rules.md 7: "with a trump Ghna bid at least 90; with two Ghna, 100"."""
    s = first_to_speak(text)
    for seed in SEEDS:
        assert decide(s, seed) == {"type": "bid", "seat": 0, "amount": amount}
    assert decide(s, 0, "easy:ghna_bid=0") == {"type": "bid", "seat": 0, "amount": 70}


def test_the_ghna_jump_stops_where_the_count_does():
    """The Ghna of coins in three coins counts 99: with no mood it bids 90 (cap 40); a
    timid count of 89 leaves it at 80, where the +40 cannot be declared."""
    s = first_to_speak("12O 11O 2O 2C 4C 5C 2E 4E 5E 2B")
    assert decide(s, 0, "easy:mood=0") == {"type": "bid", "seat": 0, "amount": 90}
    assert decide(s, 0, "easy:mood=0,base=22") == {"type": "bid", "seat": 0, "amount": 80}
    assert {decide(s, seed)["amount"] for seed in SEEDS} == {80, 90}


def test_it_raises_the_opponents_while_its_count_reaches_the_bid():
    s = deal_game({1: GOOD}, dealer=3)            # count 104, seat 1 speaks second
    over80 = bid(s, 80)                           # the lowest bid is 90 <= 94
    over120 = bid(s, 120)                         # 130 > 114
    for seed in SEEDS:
        assert decide(over80, seed) == {"type": "bid", "seat": 1, "amount": 90}
        assert decide(over120, seed)["type"] in ("pass", "announce")


def test_it_never_bids_over_its_partner():
    s = pass_(bid(deal_game({2: GOOD}, dealer=3), 70))   # seat 0 bids 70, seat 1 passes
    assert s["to_act"] == 2
    answers = {decide(s, seed)["type"] for seed in SEEDS}
    assert answers == {"pass", "announce"}              # the Aces announced at random


def test_it_names_the_suit_it_counted():
    # the longest suit is cups (four), but the Ghna makes coins count more
    s = win_auction(deal_game({0: "12O 11O 2O 2C 4C 5C 6C 2E 4E 2B"}, dealer=3), 0, 90)
    for seed in SEEDS:
        assert decide(s, seed) == {"type": "trump", "seat": 0, "suit": "O"}


# ---------------------------------------------------------------- the card play
def _following():
    """Coins trumps; seat 1 leads the 2 of cups; seat 2 holds the Ace, the 3 and the 4."""
    s = deal_game({2: "1C 3C 4C 2E 4E 5E 2B 4B 5B 6B"}, dealer=0)
    s = win_auction(s, 3, 70, "O")
    s = play(s, "2C")
    assert s["to_act"] == 2
    return s


@pytest.mark.parametrize("name, card", [
    ("easy:eager=0,noise=0", "3C"),     # the rule of thumb: win with the cheapest sure card
    ("easy:eager=1", "1C"),             # the mistake: its highest card, the Ace, too early
])
def test_its_cards_by_rule_of_thumb_or_its_highest_too_early(name, card):
    s = _following()
    for seed in SEEDS:
        assert decide(s, seed, name) == {"type": "play", "seat": 2, "card": card}


def test_its_mistakes_come_at_their_rates():
    """With the defaults a card is its highest in 1 of 10 and random in 15 of 100, so
    the rule of thumb's 3 is played most often, the Ace and the 4 sometimes."""
    s = _following()
    played = [decide(s, seed)["card"] for seed in range(400)]
    share = {c: played.count(c) / len(played) for c in ("1C", "3C", "4C")}
    assert share["3C"] > 0.7 and 0.08 < share["1C"] < 0.25 and 0.02 < share["4C"] < 0.1


# ---------------------------------------------------------------- seed, legality, speed
def _hand_of_four_easy_bots(seed: int, deal: int) -> list:
    hands, dealer = deal_hands(seed, deal)
    return play_table(hands, dealer, ("easy", "easy"), [seed * 10 + s for s in range(4)], Rules())


def test_a_hand_between_easy_bots_is_the_same_for_the_same_seeds():
    for deal in range(5):
        assert _hand_of_four_easy_bots(1, deal)[2] == _hand_of_four_easy_bots(1, deal)[2]
    # and its randomness is its seed's: other seeds play the hands otherwise
    assert any(_hand_of_four_easy_bots(1, d)[2] != _hand_of_four_easy_bots(2, d)[2]
               for d in range(5))


def test_tables_of_easy_bots_play_contracts_and_every_seat_declares():
    """A beginner's partner plays contracts: 60 hands between easy bots, none cancelled
    (the arena: 2,000 of 2,000), each seat declaring some."""
    declarers = []
    for deal in range(60):
        result = _hand_of_four_easy_bots(3, deal)[0]
        assert not result["cancelled"]
        declarers.append(result["declarer"])
    assert min(declarers.count(s) for s in range(4)) >= 8


@pytest.mark.parametrize("rules", [None, {"ghna_cap": "none"}, {"ghna_cap": "contract_minus_50"},
                                   {"signals": False, "concession": False}])
def test_easy_bots_stay_legal_and_fast_under_each_rule_set(rules):
    """Whole games of four easy bots: every action legal, decisions well under 10 ms."""
    g = Game.new(7, Rules.from_dict({**(rules or {}), "target": 300}))
    players = [make_bot("easy", seed=s) for s in range(4)]
    times = []
    while g.phase != GAME_OVER:
        if g.phase == HAND_OVER:
            g.apply(A_NEXT_HAND)
            continue
        s = g.to_act
        t0 = time.perf_counter()
        code = players[s].act_game(g, s)
        times.append(time.perf_counter() - t0)
        assert code in g.legal()
        g.apply(code)
    assert statistics.median(times) < 0.002 and sum(times) / len(times) < 0.005
