"""What the bots do in situations with a right answer, and the hints that say why."""

from __future__ import annotations

from dataclasses import replace

import pytest

from touti_core import api, bots
from touti_core.api import code_of
from touti_core.bots import make_bot
from touti_core.bots.belief.knowledge import from_view
from touti_core.bots.explain import explain
from touti_core.bots.policy.auction_sim import AuctionSimulation
from touti_core.bots.model.handeval import normal_cdf
from touti_core.cards import card_of, mask_of
from touti_core.engine import (A_ANNOUNCE_AS, A_BID, A_CONCEDE, A_PASS, A_REFUSE, GAME_OVER, HAND_OVER,
                               PLAY, Game, bid_code)

from rules_helpers import CAP_TRICKS, DEAL_CAP, deal_game, do, make_deal, play, win_auction


#: The strong bot with small search settings (its hints' words do not depend on the size)
SMALL = "strong:play_worlds=8,exact_worlds=4,bid_worlds=12"


def view(state: dict) -> dict:
    return api.view(state, state["to_act"])


def test_overtrump_hint_names_the_card_and_the_reason():
    # coins are trumps; seat 0 leads the Ace of cups, seat 1 trumps with the 4 of coins;
    # seat 2 (seat 0's partner) has no cups and holds the 3 and the Ace of coins
    s = deal_game({0: "1C", 1: "4O", 2: "3O 1O"}, closed={1: "C", 2: "CO"}, dealer=3)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "1C 4O")
    v = view(s)
    assert {a["card"] for a in v["legal"]} == {"3O", "1O"}
    h = bots.hint(v)
    assert h["action"]["card"] in ("3O", "1O")
    assert h["reason"].startswith("Overtrump with the ")
    assert "your partner's Ace of cups is beaten" in h["reason"]


def _sentence(state: dict, card: str) -> str:
    """The hint's sentence for ``card`` played by the seat to act, whichever card the bot
    would choose (no search values: no chance in brackets)."""
    return explain(from_view(view(state)), card_of(card), {})


def test_the_hint_names_the_card_drawn_out_by_a_lead():
    # seat 0 leads the Rey of clubs, holding the 3: the Ace is the only higher club left
    s = deal_game({0: "3B 12B 2B 4O"}, closed={0: "B"}, dealer=3)
    s = win_auction(s, 1, 70, "O")
    assert _sentence(s, "12B") == (
        "Lead the Rey of clubs: to drive out the Ace of clubs, the only higher card of clubs left.")
    # with the Ace and the 3 out against it, no such reason: the search's choice
    s = deal_game({0: "12B 2B 4O"}, closed={0: "B"}, dealer=3)
    s = win_auction(s, 1, 70, "O")
    assert _sentence(s, "12B") == "Lead the Rey of clubs: the best lead in the deals the search played out."


def test_the_hint_says_why_points_go_to_a_trick_it_cannot_win():
    # coins trumps; seat 0 leads the Ace of cups; seat 1 has neither cups nor coins
    s = deal_game({0: "1C", 1: "10E 2E 12E 1E 3E", 2: "4C 11E", 3: "3C 5C 3O 12O"},
                  closed={1: "CO", 3: "C"}, dealer=3)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "1C")
    assert _sentence(s, "10E") == (     # the Cabal of swords is the one higher sword out
        "Play the Sota of swords: you can neither follow cups nor trump, and with the Cabal of "
        "swords still out it could be caught later anyway.")
    s = play(s, "2E 4C")
    assert _sentence(s, "3C") == (      # seat 3 follows under the Ace: the 3 is the best cup left
        "Play the Triss of cups: you cannot beat the Ace of cups, and the search keeps your other "
        "cards for the tricks to come.")


@pytest.mark.parametrize("hand, rules, legal, sentence", [
    # seat 3, without cups, cannot go over the 3 of coins
    ("12O 11O 4O", None, {"12O", "11O", "4O"},
     "Play the Rey of coins: you have no cups and cannot overtrump the Triss of coins, and with "
     "the Ace of coins still out it could be caught later anyway."),
    # under the rule that never obliges to overtrump (docs/rules.md, Variants), holding the Ace
    ("1O 12O 4O", {"overtrump": "never"}, {"1O", "12O", "4O"},
     "Play the Rey of coins: you have no cups and need not overtrump the Triss of coins, and the "
     "search keeps your other cards for the tricks to come."),
])
def test_the_hint_says_why_a_trump_goes_under_a_higher_one(hand, rules, legal, sentence):
    # coins trumps; seat 0 leads the Ace of cups, seat 2 trumps it with the 3 of coins
    s = deal_game({0: "1C", 1: "5C", 2: "3O", 3: hand}, closed={2: "C", 3: "CO"}, dealer=3,
                  rules=rules)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "1C 5C 3O")
    assert {a["card"] for a in view(s)["legal"] if a["type"] == "play"} == legal
    assert _sentence(s, "12O") == sentence


def test_the_hint_to_take_a_trick_says_whether_it_can_be_beaten_after():
    # coins trumps; seat 0 leads the Sota of cups
    s = deal_game({0: "10C", 1: "12C 11C 2C", 2: "4C", 3: "1C 3C"}, dealer=3)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "10C")
    assert _sentence(s, "12C") == (         # the Ace and the 3 of cups are above the Rey
        "Play the Rey of cups over the Sota of cups: the players after you may still beat it.")
    s = play(s, "12C 4C")
    assert {a["card"] for a in view(s)["legal"] if a["type"] == "play"} == {"1C", "3C"}
    assert _sentence(s, "3C") == "Take the trick with the Triss of cups: you play last."
    s = deal_game({0: "10C", 1: "1C 2C 3C"}, dealer=3)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "10C")
    assert _sentence(s, "1C") == (
        "Take the trick with the Ace of cups: it is the highest of cups left.")


@pytest.mark.parametrize("spec, declarer, cards, wins", [
    # seat 0 leads its Ace of cups; seat 2, its partner, still has seat 3 after it
    ({0: "1C", 1: "5C", 2: "10C 4C"}, 0, "1C 5C", "is winning"),
    # seat 1 takes seat 0's lead with the Ace; seat 3, its partner, plays last
    ({0: "5C", 1: "1C", 2: "6C", 3: "10C 4C"}, 1, "5C 1C 6C", "wins"),
])
def test_the_hint_to_give_points_says_whether_the_partner_s_card_has_won(spec, declarer, cards,
                                                                         wins):
    me = max(spec)
    s = deal_game(spec, avoid={me: "2C 3C 7C 11C 12C"}, dealer=3)
    s = win_auction(s, declarer, 70, "O")
    s = play(s, cards)
    assert s["to_act"] == me
    assert {a["card"] for a in view(s)["legal"] if a["type"] == "play"} == {"10C", "4C"}
    assert _sentence(s, "10C") == (
        f"Give the Sota of cups (+2) to your partner, whose Ace of cups {wins} the trick.")


@pytest.mark.parametrize("card, sentence", [
    ("4O", "Trump low with the 4 of coins: you have no cups and must trump, and you keep your "
           "higher trumps."),
    ("12O", "Trump with the Rey of coins: you have no cups and must trump, and a higher trump "
            "is harder to overtrump."),
    ("1O", "Trump with the Ace of coins: you have no cups and must trump, and the highest trump "
           "left cannot be overtrumped."),
])
def test_the_hint_says_which_trump_when_trumping_is_obliged(card, sentence):
    # coins trumps; seat 1 has no cups and three trumps: it must trump, any of them
    s = deal_game({0: "5C", 1: "4O 12O 1O"}, closed={1: "C"},
                  avoid={1: "2O 3O 5O 6O 7O 10O 11O"}, dealer=3)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "5C")
    assert {a["card"] for a in view(s)["legal"] if a["type"] == "play"} == {"4O", "12O", "1O"}
    assert _sentence(s, card) == sentence


@pytest.mark.parametrize("seat1, closed1, ruff", [("4O", "C", True), ("6B", "CO", False)])
@pytest.mark.parametrize("lead", [True, False])
def test_the_hint_warns_that_the_highest_card_left_may_be_trumped(seat1, closed1, ruff, lead):
    # coins trumps. Trick 1: seat 0 leads the 5 of cups, seat 1 has none and trumps (or,
    # with no trumps either, discards), seat 2 (seat 0's partner, no cups) trumps, seat 3
    # follows; seat 2 leads a spade, and seat 0 (lead) or seat 3 wins it; then seat 0 leads
    # the Ace of cups, or plays it over seat 3's Sota of cups, with seat 1 still to play
    s = deal_game({0: "5C 1C 3C 2C 12O 7O 3B 7B 4B " + ("1E" if lead else "6E"), 1: seat1 + " 7E",
                   2: "3O 5E", 3: "6C 10C " + ("6E" if lead else "1E")},
                  closed={1: closed1, 2: "C"}, dealer=3)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "5C " + seat1 + " 3O 6C 5E " + ("6E 1E 7E" if lead else "1E 6E 7E 10C"))
    assert {a["card"] for a in view(s)["legal"]} == (
        {"1C", "3C", "2C", "12O", "7O", "3B", "7B", "4B"} if lead else {"1C", "3C"})
    start = "Lead the Ace of cups: it is" if lead else "Take the trick with the Ace of cups: it is"
    warning = (", but an opponent has none and may trump it." if lead else
               ", but an opponent after you has none and may trump it.")
    assert _sentence(s, "1C") == start + " the highest of cups left" + (
        warning if ruff else (", it should win the trick." if lead else "."))


@pytest.mark.parametrize("hand, avoid, card, sentence", [
    ("11C 2C 12C", "3C", "11C",
     "Play the Cabal of cups: you cannot beat the Ace of cups, and with the Triss of cups "
     "still out it could be caught later anyway."),
    ("10C 2C 11C", "3C 12C", "10C",
     "Play the Sota of cups: you cannot beat the Ace of cups, and with the Triss of cups and "
     "Rey of cups still out it could be caught later anyway."),
    ("10C 2C", "3C 12C 11C", "10C",
     "Play the Sota of cups: you cannot beat the Ace of cups, and with 3 higher cards of the "
     "suit still out it could be caught later anyway."),
    ("4C 2C", "3C 12C 11C 10C 7C", "4C",      # worth nothing: no reason needed
     "Play low (the 4 of cups): you cannot take this trick profitably."),
])
def test_the_hint_names_the_higher_cards_still_out(hand, avoid, card, sentence):
    # seat 1 follows the Ace of cups (seat 0's lead) without beating it
    s = deal_game({0: "1C", 1: hand}, avoid={1: avoid}, dealer=3)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "1C")
    assert _sentence(s, card) == sentence


def test_the_hint_says_a_trick_is_trumped():
    # coins trumps: seat 1 trumps seat 0's cup, and seat 2 follows with a cup under it
    s = deal_game({0: "5C", 1: "4O", 2: "12C 2C"}, closed={1: "C"}, avoid={2: "1C 3C"}, dealer=3)
    s = win_auction(s, 3, 70, "O")
    s = play(s, "5C 4O")
    assert _sentence(s, "12C") == (
        "Play the Rey of cups: the trick is trumped with the 4 of coins, and with the Ace of cups "
        "and Triss of cups still out it could be caught later anyway.")


@pytest.mark.parametrize("aces, yours", [
    ("1E", "the Ace of swords"),
    ("1C 1E", "the Aces of cups and swords"),
    ("1C 1E 1B", "the Aces of cups, swords, and clubs"),
])
def test_an_early_announcement_tells_that_there_is_an_ace_not_which(aces, yours):
    s = deal_game({2: aces}, avoid={2: " ".join(f"1{x}" for x in "OCEB" if f"1{x}" not in aces)},
                  dealer=3)
    s = do(s, "bid", amount=70)         # seat 0 bids, seat 1 passes: seat 2 may announce
    s = do(s, "pass")
    v = view(s)
    assert v["seat"] == 2 and A_ANNOUNCE_AS in [code_of(a) for a in v["legal"]]
    assert explain(from_view(v), A_ANNOUNCE_AS, {}) == (
        f"Announce AS: you will not bid, and it tells your partner you hold an Ace (yours: {yours}).")
    # after a bid of its own, outbid: the announcement leaves the auction
    s = deal_game({0: "1E"}, avoid={0: "1O 1C 1B"}, dealer=3)
    s = do(s, "bid", amount=70)
    s = do(s, "bid", amount=80)
    s = do(s, "pass")
    s = do(s, "pass")
    s = do(s, "no_signal")              # seat 2's window before its partner's turn
    v = view(s)
    assert v["seat"] == 0 and A_ANNOUNCE_AS in [code_of(a) for a in v["legal"]]
    assert explain(from_view(v), A_ANNOUNCE_AS, {}) == (
        "Announce AS: you bid no higher, and it tells your partner you hold an Ace "
        "(yours: the Ace of swords).")


@pytest.mark.parametrize("level", ["normal", "strong"])
@pytest.mark.parametrize("contract, why", [
    (90, "and a +20 first would leave no room for it under the cap of 40."),
    (100, "twice a +20, which can follow after another trick won."),    # cap 60: both fit
])
def test_the_trump_ghna_is_declared_first_when_both_fit(level, contract, why):
    # swords trumps: seat 0 holds the Ghna of swords and of cups
    s = api.new_hand(DEAL_CAP, 3)
    s = win_auction(s, 0, contract, "E")
    s = play(s, CAP_TRICKS[0])
    assert s["phase"] == "ghna" and s["to_act"] == 0
    v = view(s)
    a = bots.choose(v, level=level, seed=1)
    assert a == {"type": "ghna", "seat": 0, "suit": "E"}
    h = bots.hint(v)
    assert h["action"] == a
    assert h["reason"] == "Declare the Ghna of swords (+40) first: in trumps it is worth 40, " + why


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_ghna_is_announced_to_the_partner(level):
    # dealer 3: seat 0 bids 80, seats 1 and 2 pass, seat 3 bids 90: seat 2 (a Ghna
    # of cups) is asked for a signal before its partner bids again
    s = deal_game({2: "12C 11C", 0: "1O 3O 1E"}, dealer=3)
    s = do(s, "bid", amount=80)
    s = do(s, "pass")
    s = do(s, "pass")
    s = do(s, "no_signal")                 # seat 1's window before its partner bids
    s = do(s, "bid", amount=90)
    assert s["phase"] == "signal" and s["to_act"] == 2
    v = view(s)
    assert bots.choose(v, level=level, seed=2) == {"type": "signal", "seat": 2, "signal": "COMPTE"}
    assert "Ghna of cups" in bots.hint(v)["reason"]


def test_a_bot_that_will_not_bid_announces_its_ghna_early():
    s = deal_game({0: "12C 11C 2O 4O 2E 4E 2B 4B 5B 6B"}, dealer=3)   # a weak hand with a Ghna
    v = view(s)
    assert bots.choose(v, level="normal", seed=1) == {"type": "announce", "seat": 0, "signal": "COMPTE"}


def lost_hand_state():
    """A hand where the declarers have made their contract and a defender is to play."""
    for seed in range(200):
        g = Game.new(seed)
        players = [make_bot("easy", seed=s) for s in range(4)]
        while g.phase not in (HAND_OVER, GAME_OVER):
            if (g.phase == PLAY and g.declarer >= 0 and (g.to_act & 1) != (g.declarer & 1)
                    and g.points()[g.declarer & 1] >= g.contract and len(g.tricks) < 8
                    and A_CONCEDE in g.legal()):
                return g
            g.apply(players[g.to_act].act_game(g, g.to_act))
    raise AssertionError("no such hand found")


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_defenders_concede_a_lost_hand_and_the_partner_accepts(level):
    g = lost_hand_state()
    seat = g.to_act
    assert make_bot(level, seed=1).act_game(g, seat) == A_CONCEDE
    g.apply(A_CONCEDE)
    assert make_bot(level, seed=1).act_game(g, g.to_act) == 82     # accept


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_refused_proposal_stands_for_the_hand(level):
    # the partner refuses a proposal to abandon a hand already lost: at every later
    # turn of either defender (the engine lets each propose again at each new trick)
    # the bot proposes no more in that hand, though the hand is still lost
    g = lost_hand_state()
    g.apply(A_CONCEDE)
    g.apply(A_REFUSE)
    assert g.phase == PLAY
    players = [make_bot("easy", seed=s) for s in range(4)]
    asked = 0
    while g.phase not in (HAND_OVER, GAME_OVER):
        cards = [c for c in g.legal() if c < 40]
        if A_CONCEDE in g.legal():
            asked += 1
            assert make_bot(level, seed=1).act_game(g, g.to_act) in cards
        code = players[g.to_act].act_game(g, g.to_act)
        g.apply(cards[0] if code == A_CONCEDE else code)
    assert asked >= 2


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_hand_that_can_still_be_defeated_is_not_abandoned(level):
    s = deal_game({0: "1O 3O"}, dealer=3)
    s = win_auction(s, 0, 120, "O")
    s = play(s, "1O")                      # seat 1 (a defender) is to play
    v = view(s)
    assert any(a["type"] == "concede" for a in v["legal"])
    assert bots.choose(v, level=level, seed=1)["type"] == "play"
    s = do(s, "concede")
    assert bots.choose(view(s), level=level, seed=1)["type"] == "refuse"
    assert "still need" in bots.hint(view(s))["reason"]


def test_every_decision_kind_has_a_hint_sentence():
    s = api.new_game(12)
    kinds = set()
    for _ in range(400):
        if s["phase"] == "game_over":
            break
        v = api.view(s, s["to_act"] if s["to_act"] is not None else 0)
        h = bots.hint(v, bot=SMALL)
        assert h["action"] in v["legal"] and h["reason"][0].isupper() and h["reason"].endswith(".")
        kinds.add(h["action"]["type"])
        s = api.act(s, h["action"])
    assert {"bid", "pass", "trump", "play", "next_hand"} <= kinds


def _world(deal: list) -> list:
    """A deal of card names as the bots' worlds hold it: one card mask per seat."""
    return [mask_of(card_of(c) for c in h) for h in deal]


def _simulated(points_by_declarer: dict):
    """A stand-in for one playout of the strong bot's simulation
    (``AuctionSimulation.play_contract``): every deal gives the declaring seat's team
    these card points whatever the trump."""
    def play_contract(sim, hands, trump, declarer):
        return points_by_declarer[declarer]
    return play_contract


@pytest.fixture
def playouts(monkeypatch):
    """``playouts(fake)``: the auction's simulation plays its contracts with ``fake``."""
    return lambda fake: monkeypatch.setattr(AuctionSimulation, "play_contract", fake)


@pytest.fixture
def rollouts(monkeypatch):
    """``rollouts(fake)``: the auction's simulation rolls the auction out with ``fake``."""
    return lambda fake: monkeypatch.setattr(AuctionSimulation, "rollout_values", fake)


def _simulation(k, name: str = "strong", **settings) -> AuctionSimulation:
    """The auction's simulation for ``k`` with the settings of bot ``name`` (and ``settings``)."""
    return AuctionSimulation(k, replace(make_bot(name).settings, **settings))


@pytest.mark.parametrize("theirs, expected", [(30, "pass"), (100, "bid")])
def test_the_strong_bot_lets_a_failing_contract_stand_and_outbids_a_making_one(theirs, expected,
                                                                                playouts):
    """Passing is worth minus the opponents' expected score, simulated in the same deals:
    over a contract they would fail, our bid (we make 80) is worth less than letting them
    fail; over one they would make, it is worth more."""
    s = deal_game({1: "3O 3E 3C 3B 12O"}, dealer=3)     # no Ace, no Ghna: nothing to announce
    s = do(s, "bid", amount=70)                 # seat 0 bids; seat 1, an opponent, is to act
    v = view(s)
    assert v["seat"] == 1
    legal = [code_of(a) for a in v["legal"]]
    for sim_compete, want in ((1, expected), (0, "bid")):   # the old rule: always outbid
        bot = make_bot(f"strong:sim_compete={sim_compete},roll_bids=0", seed=1)
        playouts(_simulated({1: 80, 3: 80, 0: theirs, 2: theirs}))
        k = from_view(v)
        code = bot.act(k, legal)
        assert (A_BID <= code < A_PASS) == (want == "bid"), (sim_compete, bot.why)
        assert bot.why["kind"] == want
        if sim_compete and want == "pass":
            assert explain(k, code, bot.why).startswith(
                "Pass: the opponents' 70 will probably fail (about 0% chance to make it)")


def test_a_bid_taken_to_stop_a_making_contract_is_explained_as_a_gamble(playouts):
    """Over an opponents' 70 that they make in every deal, the strong bot outbids with
    80 though its playouts make only 70 (plus 5, and a Ghna in some deals: under an even
    chance for 80): failing 80 costs less on average than their 70 made.  The hint must
    not say that the hand "should make it"."""
    s = deal_game({1: "3O 3E 3C 3B 12O"}, dealer=3)     # no Ace, no Ghna: nothing to announce
    s = do(s, "bid", amount=70)                 # seat 0 bids; seat 1, an opponent, is to act
    v = view(s)
    legal = [code_of(a) for a in v["legal"]]
    bot = make_bot("strong:roll_bids=0", seed=1)      # the opponents' answer not rolled out
    playouts(_simulated({1: 70, 3: 70, 0: 100, 2: 100}))
    k = from_view(v)
    code = bot.act(k, legal)
    assert code == bid_code(80), bot.why
    p = bot.why["prob"]
    assert 0.0 < p < 0.5                        # a Ghna in some deals lifts it above 33%
    assert bot.why["theirs"] == pytest.approx(1.0, abs=1e-3)   # 100 + 5 against 70
    suit = ("coins", "cups", "swords", "clubs")[bot.why["trump"]]
    assert explain(k, code, bot.why) == (
        f"Bid 80 to stop the opponents' 70 (they would make it about 100% of the time): a "
        f"gamble ({round(100 * p)}% chance to make it in {suit}), but on average "
        f"it costs less than letting them play.")


def test_the_opponents_contract_is_played_with_the_trump_their_hand_names(playouts):
    """Each simulated deal plays the opponents' contract once, with the trump the
    declarer's hand in that deal calls for.  Here seat 0 makes its 70 only with that
    trump: long coins in one deal, long cups in the other, so it makes in both.  Kept
    to one trump for every deal (the best on average), it would make in only one."""
    s = deal_game({1: "3O 3E 3C 3B 12O"}, dealer=3)
    s = do(s, "bid", amount=70)                 # seat 0 bids; seat 1 is to act
    k = from_view(view(s))
    coins = make_deal({0: "1O 3O 12O 10O 7O 6O"}, closed={0: "CEB"}, avoid={0: "1C 1E 1B"})
    cups = make_deal({0: "1C 3C 12C 10C 7C 6C"}, closed={0: "OEB"}, avoid={0: "1O 1E 1B"})
    worlds = [(_world(hands), 1.0) for hands in (coins, cups)]
    played = []

    def play_contract(sim, hands, trump, declarer):
        played.append(trump)
        return 100 if trump == (0 if hands is worlds[0][0] else 1) else 0
    playouts(play_contract)
    assert _simulation(k).their_chance(worlds, 0, 70) > 0.99
    assert played == [0, 1]                     # coins in the first deal, cups in the second


@pytest.mark.parametrize("amount, ghna", [(70, 0), (80, 20), (90, 40), (100, 60), (120, 60)])
def test_the_opponents_simulated_contract_counts_their_team_s_ghna_under_the_cap(amount, ghna,
                                                                                  playouts):
    """RULES 7, the cap: the declarer's trump Ghna (+40) and its partner's side Ghna
    (+20) count for the declaring team, the biggest first, as far as the cap of the
    contract allows (0 at 70, 20 at 80, 40 at 90: "after a +20, the +40 no longer
    fits", so the +40 alone)."""
    s = deal_game({1: "3O 3E 3C 3B 12B"}, dealer=3)
    s = do(s, "bid", amount=70)
    k = from_view(view(s))
    deal = make_deal({0: "1O 3O 12O 11O 10O 7O", 2: "12C 11C"}, closed={0: "CEB"})
    world = _world(deal)
    playouts(lambda sim, hands, trump, declarer: 50 if trump == 0 else 0)
    sim = _simulation(k, their_bias=3.0)        # their margin, not the bot's own bid_bias
    v = 50 + ghna + 3.0
    assert sim.their_chance([(world, 1.0)], 0, amount) == pytest.approx(
        normal_cdf((v - amount + 0.5) / sim.settings.sim_sigma))


def _leave_value(sim: AuctionSimulation, worlds: list, code: int) -> tuple:
    """(value for this team, the opponents' chance to make their contract) of leaving the
    auction with ``code``: the rollouts of that one code."""
    theirs = {}
    value = sim.rollout_values(worlds, [code], theirs)[code]
    return value, theirs[code][0]


LAST = {3: "3O 3E 3C 3B 12B"}      # seat 3, the dealer, speaks last: no Ace, no Ghna


def _last_seat_leaves(s: dict) -> tuple:
    """Seat 3 is to act in ``s`` (dealt from LAST): (its knowledge, the true deal, the
    strong bot's simulation, the game after seat 3 passes and the rest of the auction is
    played)."""
    v = view(s)
    assert v["seat"] == 3
    k = from_view(v)
    deal = _world(make_deal(LAST))
    sim = _simulation(k)
    return k, deal, sim, sim.rest_of_auction(deal, A_PASS)


def test_leaving_when_everyone_else_has_passed_is_worth_nothing(playouts):
    """RULES 4: if all four leave without a bid, the hand is cancelled and nobody scores."""
    s = deal_game(LAST, dealer=3)
    for _ in range(3):
        s = do(s, "pass")
    k, deal, sim, g = _last_seat_leaves(s)
    assert g.phase == HAND_OVER and g.last_hand["cancelled"]
    playouts(_simulated({0: 130, 1: 130, 2: 130, 3: 130}))
    assert _leave_value(sim, [(deal, 1.0)], A_PASS) == (0.0, None)


@pytest.mark.parametrize("points, value", [(0, 70.0), (130, -70.0)])
def test_leaving_last_lets_the_opponents_play_their_contract(points, value, playouts):
    """Seat 3 is the last one in over seat 0's 70: leaving ends the auction, and is worth
    minus the opponents' expected score (+70 when they fail, -70 when they make it)."""
    s = deal_game(LAST, dealer=3)
    s = do(s, "bid", amount=70)
    s = do(s, "pass")
    s = do(s, "pass")
    s = do(s, "no_signal")                 # seat 1's window before its partner bids
    k, deal, sim, g = _last_seat_leaves(s)
    assert (g.phase, g.declarer, g.contract) == (PLAY, 0, 70)
    playouts(_simulated({0: points, 2: points}))
    got, theirs = _leave_value(sim, [(deal, 1.0)], A_PASS)
    assert got == pytest.approx(value, abs=1e-3)
    assert theirs == pytest.approx(0.0 if points == 0 else 1.0, abs=1e-5)


def test_leaving_the_auction_counts_the_contract_the_partner_will_bid(playouts):
    """Before anyone has bid, passing is not worth nothing: here the partner (seat 2),
    still to speak, holds seven coins with their Ghna and will bid; the rest of the
    auction is played out, the partner names coins, and its contract counts for us."""
    partner = "1O 3O 12O 11O 10O 7O 6O 1C 1E 1B"
    s = deal_game({2: partner, 0: "4C 5C 4E 5E 2B"}, dealer=3)
    v = view(s)
    assert v["seat"] == 0 and v["legal"][0]["type"] == "bid"
    k = from_view(v)
    deal = _world(make_deal({2: partner, 0: "4C 5C 4E 5E 2B"}))
    sim = _simulation(k)
    g = sim.rest_of_auction(deal, A_PASS)
    assert (g.phase, g.declarer, g.trump) == (PLAY, 2, 0)
    playouts(_simulated({0: 0, 1: 0, 2: 130, 3: 0}))
    got, theirs = _leave_value(sim, [(deal, 1.0)], A_PASS)
    assert got == pytest.approx(g.contract, abs=1e-3) and g.contract >= 70
    assert theirs is None


def _first_to_bid_with_an_ace() -> tuple:
    """Seat 0 speaks first, holding Aces: (its knowledge, its legal action codes)."""
    v = view(deal_game({0: "1O 3O 12O 10O 7O 3C 3E"}, dealer=3))
    return from_view(v), [code_of(a) for a in v["legal"]]


@pytest.mark.parametrize("favourite", [0, -1])
def test_with_roll_bids_every_candidate_is_rolled_out_and_the_best_one_taken(favourite, rollouts):
    """roll_bids=2: leaving (here by an AS announcement: an Ace, the partner may still
    bid), the lowest bid and the two best bids by the simulation are each rolled out,
    in that order; the bot takes the one whose rolled-out value is highest (here leaving,
    then the highest bid rolled out), whatever the simulation said."""
    k, legal = _first_to_bid_with_an_ace()
    bot = make_bot("strong:roll_bids=2,roll_compete=0", seed=1)
    asked = []

    def rolled(sim, worlds, codes, theirs=None):
        asked.append(codes)
        return {c: (50.0 if c == codes[favourite] else -50.0) for c in codes}
    rollouts(rolled)
    code = bot.act(k, legal)
    codes, = asked
    assert codes[0] == A_ANNOUNCE_AS and codes[1] == bid_code(70)      # leaving, then 70
    assert len(codes) in (3, 4) and codes[1:] == sorted(set(codes[1:]))
    assert all(A_BID <= c < A_PASS for c in codes[1:])
    assert code == codes[favourite]


def test_a_rolled_out_bid_counts_the_opponents_answer(playouts):
    """Seat 1 speaks over seat 0's 70; seat 2 (seven coins with their Ghna) will bid 140
    and answers a bid of 140 with 150. With the opponents making 100 card points plus
    the trump Ghna (+40) plus their_bias in every playout, 140 is probably made and 150
    probably not: rolled out, passing is worth minus their expected score at 140, and
    bidding 140 minus their expected score at 150, far better."""
    spec = {2: "1O 3O 12O 11O 10O 7O 6O 1C 1E 1B", 1: "3C 12C 10C 3E 12E 10E"}
    s = deal_game(spec, dealer=3)
    s = do(s, "bid", amount=70)
    k = from_view(view(s))
    assert k.seat == 1
    deal = _world(make_deal(spec))
    sim = _simulation(k, "strong:roll_bids=3")
    playouts(_simulated({0: 100, 2: 100, 1: 0, 3: 0}))
    got = sim.rollout_values([(deal, 1.0)], [A_PASS, bid_code(140)])

    def theirs(amount):
        s = sim.settings
        p = normal_cdf((100 + 40 + s.their_bias - amount + 0.5) / s.sim_sigma)
        return -amount * (2 * p - 1)
    assert got[A_PASS] == pytest.approx(theirs(140))
    assert got[bid_code(140)] == pytest.approx(theirs(150))
    assert got[bid_code(140)] > got[A_PASS] + 100


@pytest.mark.parametrize("opponent_bid, rolled", [(True, True), (False, False)])
def test_roll_compete_rolls_the_auction_out_only_over_an_opponent_s_bid(opponent_bid, rolled,
                                                                        rollouts):
    """roll_compete=1: the bids and leaving are rolled out only when the opponents hold
    the highest bid (here seat 0's 70, seat 1 to speak), not before anyone has bid."""
    s = deal_game({1: "3O 3E 3C 3B 12O", 0: "1O 1E"}, dealer=3 if opponent_bid else 0)
    if opponent_bid:
        s = do(s, "bid", amount=70)             # seat 0 bids; seat 1 is to act
    v = view(s)
    assert v["seat"] == 1
    bot = make_bot("strong:roll_bids=1,roll_compete=1", seed=1)
    asked = []
    rollouts(lambda sim, worlds, codes, theirs=None: (asked.append(codes)
                                                      or dict.fromkeys(codes, 0.0)))
    bot.act(from_view(v), [code_of(a) for a in v["legal"]])
    assert len(asked) == (1 if rolled else 0)
    if rolled:
        assert asked[0][:2] == [A_PASS, bid_code(80)] and len(asked[0]) in (2, 3)


@pytest.mark.parametrize("ours, expected", [(40, "pass"), (80, "bid")])
def test_the_default_strong_bot_rolls_the_auction_out_over_an_opponents_bid(ours, expected,
                                                                             playouts, rollouts):
    """By default (roll_bids=1, roll_compete=1) the strong bot, over the opponents' 70,
    values leaving and its bids by rolling the rest of the auction out, and takes the
    best.  The opponents fail whatever they bid (30 card points): with 80 card points
    it bids 80, worth more than their 70 failed since they answer 80 with 90 in some
    deals and fail that too; with 40 it would fail any bid and lets their 70 stand. The
    hint gives the opponents' chance from the rollouts."""
    s = deal_game({1: "3O 3E 3C 3B 12O"}, dealer=3)     # no Ace, no Ghna: nothing to announce
    s = do(s, "bid", amount=70)
    v = view(s)
    legal = [code_of(a) for a in v["legal"]]
    bot = make_bot("strong", seed=1)
    playouts(_simulated({1: ours, 3: ours, 0: 30, 2: 30}))
    asked = []
    plain = AuctionSimulation.rollout_values

    def spy(sim, worlds, codes, theirs=None):
        got = plain(sim, worlds, codes, theirs)
        asked.append((codes, got, dict(theirs)))
        return got
    rollouts(spy)
    k = from_view(v)
    code = bot.act(k, legal)
    (codes, got, theirs), = asked
    assert codes[0] == A_PASS and bid_code(80) in codes
    best = max(codes[1:], key=lambda c: got[c])
    assert code == (best if got[best] > got[A_PASS] else A_PASS)
    assert bot.why["kind"] == expected and (A_BID <= code < A_PASS) == (expected == "bid")
    assert bot.why["theirs"] == theirs[A_PASS][0] < 0.05
    assert 0.0 <= theirs[A_PASS][1] <= 1.0
    if expected == "pass":
        assert explain(k, code, bot.why).startswith(
            "Pass: the opponents' 70 will probably fail (about 1% chance to make it)")
    else:       # how often the opponents answer the bid, for the hint
        assert (bot.why["answered"], bot.why["theirs_after"]) == (theirs[code][1], theirs[code][0])
        assert 0.0 < bot.why["answered"] < 1.0


def test_a_bid_that_pushes_the_opponents_higher_is_explained_as_such():
    """A bid more likely failed than made, over an opponents' contract that would
    probably fail anyway, is taken because the rollouts found them bidding again over
    it: the hint says so, with the figures; over a contract they would make it is the
    gamble that stops them."""
    s = deal_game({1: "3O 3E 3C 3B 12O"}, dealer=3)
    s = do(s, "bid", amount=70)
    k = from_view(view(s))
    why = {"kind": "bid", "amount": 80, "prob": 0.3, "trump": 0, "theirs": 0.2,
           "answered": 0.6, "theirs_after": 0.1}
    assert explain(k, bid_code(80), why) == (
        "Bid 80: a gamble (30% chance to make it in coins), but the opponents "
        "would bid again over it about 60% of the time, and then make their contract only "
        "about 10% of the time.")
    why["theirs"] = 0.9
    assert explain(k, bid_code(80), why).startswith(
        "Bid 80 to stop the opponents' 70 (they would make it about 90% of the time)")
