"""What a seat may infer (touti_core.bots.belief.knowledge) and the deals sampled from it.

Hand-built scenarios for each kind of hard evidence, then a property: in
random games the true hands always satisfy everything inferred, and every
sampled world does too.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from touti_core import api
from touti_core.bots import make_bot
from touti_core.bots.belief.auction_reading import sigmoid
from touti_core.bots.belief.knowledge import from_game, from_view
from touti_core.bots.belief.play_reading import play_weigher
from touti_core.bots.belief.sampler import Sampler, _Completions
from touti_core.bots.model import handeval as he
from touti_core.bots.policy.normal import NormalBot
from touti_core.cards import ACE, BIT, CABAL, GHNA_MASK, RANK, REY, SUIT, SUIT_MASK, card_of
from touti_core.bots.arena import deal_hands
from touti_core.engine import (
    A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE, A_PASS, AUCTION, GAME_OVER, HAND_OVER, PLAY, SIGNAL, Game,
    bid_codes,
)
from touti_core.rules import Rules

from rules_helpers import deal_game, do, play, win_auction


def mask(text: str) -> int:
    m = 0
    for name in text.split():
        m |= BIT[card_of(name)]
    return m


def know(state: dict, seat: int):
    return from_view(api.view(state, seat))


def test_a_player_who_does_not_follow_is_void_and_without_trumps():
    # dealer 3: seat 0 leads; seat 1 has no cups and no coins (trumps)
    s = deal_game({0: "7C", 1: "2E"}, closed={1: "CO"})
    s = win_auction(s, 0, 70, "O")
    s = play(s, "7C 2E")
    k = know(s, 2)
    assert k.excl[1] & SUIT_MASK[1] == SUIT_MASK[1]     # cups
    assert k.excl[1] & SUIT_MASK[0] == SUIT_MASK[0]     # coins, the trumps
    assert not k.can(1) & (SUIT_MASK[0] | SUIT_MASK[1])


def test_a_player_who_does_not_go_higher_holds_nothing_higher():
    # seat 1 follows the Rey of cups with the 4: it holds no cup above the Rey
    s = deal_game({0: "12C", 1: "4C 5C"}, closed={1: "C"})
    s = win_auction(s, 0, 70, "O")
    s = play(s, "12C 4C")
    k = know(s, 2)
    assert not k.can(1) & mask("1C 3C")
    assert k.can(1) & mask("5C")          # lower cups are still possible


def test_no_evidence_from_a_low_card_once_the_trick_is_trumped():
    # seat 1 trumps the cups lead, seat 2 follows low: no obligation to go higher
    s = deal_game({0: "12C", 1: "2O", 2: "4C 3C"}, closed={1: "C", 2: "C"})
    s = win_auction(s, 0, 70, "O")
    s = play(s, "12C 2O 4C")
    k = know(s, 3)
    assert k.can(2) & mask("3C")


def test_a_player_who_does_not_overtrump_holds_no_higher_trump():
    s = deal_game({0: "12C", 1: "3O", 2: "4O"}, closed={1: "C", 2: "C"})
    s = win_auction(s, 0, 70, "O")
    s = play(s, "12C 3O 4O")
    k = know(s, 3)
    assert not k.can(2) & mask("1O")
    # with "never", the same play proves nothing: seat 2 does hold the Ace here
    s = deal_game({0: "12C", 1: "3O", 2: "4O 1O"}, closed={1: "C", 2: "C"},
                  rules={"overtrump": "never"})
    s = win_auction(s, 0, 70, "O")
    s = play(s, "12C 3O 4O")
    assert know(s, 3).can(2) & mask("1O")


def test_announcements_and_signals_are_facts_about_the_deal():
    s = deal_game({1: "1C 12E 11E"}, dealer=0)
    s = do(s, "announce", signal="COMPTE")        # seat 1
    k = know(s, 0)
    assert (1, tuple(GHNA_MASK), 0, True) in k.cons
    assert k.announced[1] >= 0
    # with non-truthful rules it proves nothing
    s = deal_game({1: "1C"}, dealer=0, rules={"truthful": False})
    s = do(s, "announce", signal="COMPTE")
    assert not know(s, 0).cons


def test_a_declared_ghna_stays_with_its_owner():
    s = deal_game({0: "1O 12C 11C 3O"}, dealer=3)
    s = win_auction(s, 0, 100, "O")
    s = play(s, "1O")
    while s["trick"]:
        s = do(s, "play", card=next(a["card"] for a in api.legal_actions(s) if a["type"] == "play"))
    assert s["phase"] == "ghna" and s["to_act"] == 0
    s = do(s, "ghna", suit="C")
    k = know(s, 1)
    assert k.must[0] == GHNA_MASK[1]
    assert k.can(0) & GHNA_MASK[1] == GHNA_MASK[1]
    assert not k.can(2) & GHNA_MASK[1]


def test_ghna_questions_reveal_holdings():
    # seat 0 wins the first trick and is asked: declining proves it holds a Ghna
    s = deal_game({0: "1O 12C 11C"}, dealer=3)
    s = win_auction(s, 0, 100, "O")
    s = play(s, "1O")
    while s["trick"]:
        s = do(s, "play", card=next(a["card"] for a in api.legal_actions(s) if a["type"] == "play"))
    k = know(s, 1)      # the question is open: seat 0 is asked
    assert any(c[0] == 0 and c[3] for c in k.cons)
    s = do(s, "no_ghna")
    k = know(s, 1)
    assert any(c[0] == 0 and c[3] for c in k.cons)
    # seat 2 was not asked: it holds no Ghna that fits
    assert any(c[0] == 2 and not c[3] for c in k.cons)
    # a trick won without any question: neither partner holds one that fits
    s2 = deal_game({0: "1O"}, dealer=3)
    s2 = win_auction(s2, 0, 100, "O")
    s2 = play(s2, "1O")
    while s2["trick"]:
        s2 = do(s2, "play", card=next(a["card"] for a in api.legal_actions(s2) if a["type"] == "play"))
    if s2["phase"] == "play":
        k = know(s2, 1)
        assert {c[0] for c in k.cons if not c[3]} == {0, 2}


def consistent(k, hands) -> None:
    for s in range(4):
        if s == k.seat:
            assert hands[s] == k.hand
            continue
        assert hands[s].bit_count() == k.counts[s]
        assert hands[s] & ~k.can(s) == 0, (s, hands[s] & ~k.can(s))
        assert hands[s] & k.must[s] == k.must[s]
    for s, alts, extra, positive in k.cons:
        held = hands[s] | extra
        assert any(held & a == a for a in alts) == positive, (s, alts, positive)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 31), steps=st.integers(0, 60),
       rules=st.sampled_from([{}, {"overtrump": "never"}, {"overtrump": "not_over_partner"},
                              {"ghna_cap": "none"}]),
       level=st.sampled_from(["random", "easy", "normal"]))
def test_inferences_always_hold_for_the_true_hands(seed, steps, rules, level):
    g = Game.new(seed, Rules.from_dict(rules))
    players = [make_bot(level, seed=seed + s) for s in range(4)]
    for _ in range(steps):
        if g.phase in (HAND_OVER, GAME_OVER):
            break
        g.apply(players[g.to_act].act_game(g, g.to_act))
        for seat in range(4):
            consistent(from_game(g, seat), g.hands)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 31), steps=st.integers(0, 55))
def test_sampled_worlds_are_consistent(seed, steps):
    g = Game.new(seed)
    players = [make_bot("normal", seed=seed + s) for s in range(4)]
    for _ in range(steps):
        if g.phase in (HAND_OVER, GAME_OVER):
            break
        g.apply(players[g.to_act].act_game(g, g.to_act))
    seat = seed % 4
    k = from_game(g, seat)
    worlds = Sampler(k, random.Random(seed)).worlds(12)
    assert worlds
    for hands, weight in worlds:
        assert weight > 0
        consistent(k, hands)


def test_sampler_spreads_unknown_cards():
    """Early in a hand the sampled worlds differ (it is not one fixed completion)."""
    g = Game.new(77)
    k = from_game(g, g.to_act)
    worlds = Sampler(k, random.Random(1)).worlds(20)
    assert len(worlds) == 20


def test_the_contract_is_known_while_the_declarer_names_trumps():
    s = deal_game({}, dealer=3)
    s = do(s, "bid", amount=90)
    while s["phase"] != "trump":
        s = do(s, "no_signal") if s["phase"] == "signal" else do(s, "pass")
    k = know(s, 0)
    assert (k.declarer, k.contract, k.cap) == (0, 90, 40)


def _weighs_by(k, plain: str, read: str, expected, seed: int, table=None) -> list:
    """In 20 deals sampled for ``k``, the bot ``read``'s auction weigher weighs each deal
    ``expected(hands)`` times as much as the bot ``plain``'s, both told ``table``: the
    ratios."""
    a = _at_table(make_bot(plain, seed=1), table).reading().weigher(k)
    b = _at_table(make_bot(read, seed=1), table).reading().weigher(k)
    ratios = []
    for hands, _ in Sampler(k, random.Random(seed)).worlds(20):
        ratios.append(b(hands) / a(hands))
        assert ratios[-1] == pytest.approx(expected(hands))
    return ratios


@pytest.mark.parametrize("cap, coins, cups, swords", [
    (40, 40, 40, 40),       # +40 fills the cap; two +20 fill it too (RULES 7, example 4)
    (20, 20, 20, 20),       # after a +20 the +40 no longer fits
    (0, 0, 0, 0),           # contract 70: no Ghna at all (example 5)
    (100, 60, 60, 40),
])
def test_trump_values_count_the_ghna_that_fit_under_the_cap(cap, coins, cups, swords):
    """A hand with the Ghna of coins and of cups: by trump suit, the card points plus the
    share GHNA_RATE of the Ghna declared biggest first under the cap."""
    hand = mask("12O 11O 12C 11C 1E 3E 7E 5B 4B 2B")
    values = he.trump_values(hand, False, cap)
    extra = [v - he.card_points(hand, t, False) for t, v in enumerate(values)]
    assert extra == pytest.approx([he.GHNA_RATE * g for g in (coins, cups, swords, swords)])


def _features_card_by_card(hand: int, trump: int, forehand: bool) -> tuple:
    """handeval.FEATURES read off the hand's cards one by one (ranks and suits)."""
    ranks = [{RANK[c] for c in range(40) if hand >> c & 1 and SUIT[c] == x} for x in range(4)]
    t = ranks[trump]
    side = [r for x, r in enumerate(ranks) if x != trump]
    nt = len(t)
    return (1, nt, max(0, nt - 3), max(0, nt - 5),
            int(ACE in t), int(3 in t), int(REY in t), int(CABAL in t), int(10 in t),
            sum(ACE in r for r in side), sum(ACE in r and 3 in r for r in side),
            sum(3 in r and ACE not in r for r in side), sum(REY in r for r in side),
            sum(not r for r in side) if nt else 0, sum(len(r) == 1 for r in side) if nt else 0,
            int(forehand))


@settings(max_examples=400, deadline=None)
@given(st.sets(st.integers(0, 39), max_size=14), st.booleans())
def test_the_hand_evaluation_reads_each_suit_s_cards(cards, forehand):
    """The features, card points and raw strength that weigh every sampled deal,
    computed from a table of each suit's ten cards, are the hand's cards read one by
    one; the strength is the best trump's card points plus its Ghna (40 in trumps, 20
    in another suit), to the last bit."""
    hand = sum(BIT[c] for c in cards)
    for t in range(4):
        assert he.features(hand, t, forehand) == _features_card_by_card(hand, t, forehand)
    by_trump = []
    for t in range(4):
        f = _features_card_by_card(hand, t, forehand)
        ghna = sum(40 if x == t else 20 for x in range(4) if hand & GHNA_MASK[x] == GHNA_MASK[x])
        by_trump.append(sum(w * v for w, v in zip(he.WEIGHTS, f)) + ghna)
    assert he.best_strength(hand, forehand) == max(by_trump)
    assert he.card_points_by_trump(hand, forehand) == [he.card_points(hand, t, forehand)
                                                       for t in range(4)]


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 39), max_size=14), st.randoms(use_true_random=False), st.booleans())
def test_hands_of_one_class_are_read_alike_and_the_class_tells_their_suits_apart(
        cards, rand, forehand):
    """The auction's readers work a seat's factor out once per class of hand
    (``hand_class``): the low cards of a suit, which the evaluation only counts, are
    swapped for others of that suit, and the features, Ghna and strength stay the same
    for every trump; a hand whose suits' facts differ is of another class."""
    hand = sum(BIT[c] for c in cards)
    other = _low_cards_swapped(hand, 0, rand)
    assert he.hand_class(other) == he.hand_class(hand)
    assert he.best_strength(other, forehand) == he.best_strength(hand, forehand)
    for t in range(4):
        assert he.features(other, t, forehand) == he.features(hand, t, forehand)
        assert he.ghna_values(other, t) == he.ghna_values(hand, t)
    for c in range(40):
        moved = hand ^ BIT[c]
        assert he.hand_class(moved) != he.hand_class(hand)
        if RANK[c] in (ACE, 3, 10, CABAL, REY):
            assert he.suit_facts(moved) != he.suit_facts(hand)


# ------------------------------------------------ the deals are drawn uniformly
def _position(seed: int):
    """The player to act partway through the card play of a normal bots' game."""
    g = Game.new(seed)
    bots = [make_bot("normal", seed=seed + s) for s in range(4)]
    steps = random.Random(seed).randrange(15, 34)
    while g.phase not in (HAND_OVER, GAME_OVER):
        if g.phase == PLAY:
            steps -= 1
            if steps < 0:
                break
        g.apply(bots[g.to_act].act_game(g, g.to_act))
    return from_game(g, g.to_act)


def _consistent_deals(k) -> list:
    """Every deal of the unseen cards that ``k`` allows, by brute force: [hands]."""
    others = [s for s in range(4) if s != k.seat]
    must = 0
    for s in others:
        must |= k.must[s]
    free = [c for c in range(40) if (k.unseen & ~must) >> c & 1]
    room = {s: k.counts[s] - k.must[s].bit_count() for s in others}
    hands = [k.must[s] if s != k.seat else k.hand for s in range(4)]
    out = []

    def deal(i):
        if i == len(free):
            if all(any((hands[s] | extra) & a == a for a in alts) == positive
                   for s, alts, extra, positive in k.cons):
                out.append(list(hands))
            return
        b = BIT[free[i]]
        for s in others:
            if room[s] and k.can(s) & b:
                room[s] -= 1
                hands[s] |= b
                deal(i + 1)
                room[s] += 1
                hands[s] ^= b
    deal(0)
    return out


@pytest.mark.parametrize("seed", [45, 52, 94])
def test_sampled_deals_are_uniform_among_the_consistent_ones(seed):
    """Each card's seat is drawn as often as in the consistent deals counted one by one,
    with the facts to prove (seed 45: an announcement still to prove and a Ghna question
    skipped; 94: two announcements; 52: none).  Dealing each card to a seat in proportion
    to its free room was off by 0.14, 0.11 and 0.12 here."""
    k = _position(seed)
    deals = _consistent_deals(k)
    others = [s for s in range(4) if s != k.seat]
    unseen = [c for c in range(40) if k.unseen >> c & 1]
    exact = {(c, s): sum(h[s] >> c & 1 for h in deals) / len(deals) for c in unseen for s in others}
    sampler = Sampler(k, random.Random(seed))
    got = dict.fromkeys(exact, 0.0)
    total = 0.0
    for _ in range(6000):
        hands, weight = sampler.world()
        consistent(k, hands)
        total += weight
        for c, s in exact:
            if hands[s] >> c & 1:
                got[c, s] += weight
    assert max(abs(got[x] / total - exact[x]) for x in exact) < 0.035


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_completions_are_counted_exactly_and_drawn_whole(data):
    free_cards = data.draw(st.lists(st.integers(0, 39), min_size=0, max_size=9, unique=True))
    free = sum(BIT[c] for c in free_cards)
    can = [data.draw(st.integers(0, (1 << 40) - 1)) for _ in range(3)]
    n = len(free_cards)
    r0 = data.draw(st.integers(0, n))
    r1 = data.draw(st.integers(0, n - r0))
    rooms = (r0, r1, n - r0 - r1 + data.draw(st.sampled_from([0, 0, 0, 1])))   # sometimes too many
    table = _Completions(free, can)
    brute = sum(1 for seats in itertools.product(range(3), repeat=len(free_cards))
                if all(can[j] >> c & 1 for c, j in zip(free_cards, seats))
                and tuple(seats.count(j) for j in range(3)) == rooms)
    assert table.count(rooms) == brute
    dealt = table.draw(rooms, random.Random(0))
    if brute == 0:
        assert dealt is None
    else:
        assert dealt[0] | dealt[1] | dealt[2] == free
        assert all(dealt[j] & ~can[j] == 0 and dealt[j].bit_count() == rooms[j] for j in range(3))


@pytest.mark.parametrize("seed", [45, 52])
def test_the_weighers_work_a_seat_s_factor_out_once_per_hand_and_give_the_same_weights(seed):
    """The cards a seat played, and its bids, tell only about its own hand, so the
    weighers remember each seat's factor by its hand.  Deals drawn partway through the
    play share seats' hands; a weigher that has met them must weigh every deal as a new
    weigher does."""
    k = _position(seed)
    deals = [h for h, _ in Sampler(k, random.Random(seed)).worlds(300)]
    others = [s for s in range(4) if s != k.seat]
    assert any(len({h[s] for h in deals}) < len(deals) for s in others)
    bot = make_bot("strong", seed=1)
    for make in (lambda: play_weigher(k, 0.02, 0.6), lambda: bot.reading().weigher(k)):
        shared = make()
        weights = [shared(h) for h in deals]
        assert len(set(weights)) > 1
        assert weights == [make()(h) for h in deals]


@pytest.mark.parametrize("seed", [45, 52, 61])
def test_eps_follow_weighs_the_partners_follows_alone(seed):
    """eps_follow: a deal's factor from the partner's cards played to a trick led is
    eps_follow, not eps_partner, to the power of the follows the model would not have
    played; its leads and the opponents' cards weigh as before.  So two values of eps_follow
    give, deal by deal, ratios to the default that are powers of one count, and the follows
    and the leads so counted are all the partner's cards off the model."""
    k = _position(seed)
    deals = [h for h, _ in Sampler(k, random.Random(seed)).worlds(200)]
    base = play_weigher(k, 0.02, 0.6)
    half = play_weigher(k, 0.02, 0.6, eps_follow=0.3)
    off = play_weigher(k, 0.02, 0.6, eps_follow=1.0)
    same = play_weigher(k, 0.02, 0.6, eps_follow=0.6)
    leads_half = play_weigher(k, 0.02, 0.3, eps_follow=0.6)        # the leads alone at 0.3
    all_half = play_weigher(k, 0.02, 0.3)                           # every card of the partner at 0.3
    counts = []
    for h in deals:
        w = base(h)
        assert same(h) == pytest.approx(w)
        if w == 0:
            continue
        n = round(math.log(half(h) / w, 0.5))
        assert half(h) / w == pytest.approx(0.5 ** n)
        assert off(h) / w == pytest.approx((1 / 0.6) ** n)
        m = round(math.log(leads_half(h) / w, 0.5))
        assert all_half(h) / w == pytest.approx(0.5 ** (n + m))      # its follows and its leads: all its cards
        counts.append(n)
    assert min(counts) >= 0 and max(counts) > 0, counts


def _low_cards_swapped(hand: int, keep: int, rand: random.Random) -> int:
    """``hand`` with its low cards (those the hand evaluation only counts) swapped for other
    low cards of the same suits, none of ``keep``: a hand of the same class."""
    out = 0
    for x in range(4):
        held = [c for c in range(40) if SUIT[c] == x and hand & BIT[c]]
        named = [c for c in held if RANK[c] in (ACE, 3, 10, CABAL, REY)]
        low = [c for c in range(40) if SUIT[c] == x and RANK[c] not in (ACE, 3, 10, CABAL, REY)
               and not keep & BIT[c]]
        for c in named + rand.sample(low, len(held) - len(named)):
            out |= BIT[c]
    return out


@pytest.mark.parametrize("when, seed", [("auction", 0), ("auction", 1), ("auction", 3),
                                        ("play", 45), ("play", 52), ("play", 61)])
def test_the_auctions_reading_weighs_hands_of_one_class_alike(when, seed):
    """The auction's reader works a seat's factor out once per class of hand (hand_class):
    so a deal whose hands keep their named cards and their suits' lengths, their low cards
    swapped for others, must weigh the same to the last bit, read by a weigher that has
    not met it: the bids the normal bot would replay, the soft terms and the contract alike."""
    if when == "play":
        k = _position(seed)
    else:
        k = _at_seat_0_s_second_turn(70 + seed, seed)
        assert k is not None
    rand = random.Random(seed)
    deals = [h for h, _ in Sampler(k, random.Random(seed)).worlds(60)]
    for name, table in (("strong", NORMAL_TABLE), ("strong", None)):
        make = lambda: _at_table(make_bot(name, seed=1), table).reading().weigher(k)  # noqa: E731
        weights = []
        for hands in deals:
            other = [h if s == k.seat else _low_cards_swapped(h, k.played_by[s], rand)
                     for s, h in enumerate(hands)]
            assert [he.hand_class(h | k.played_by[s]) for s, h in enumerate(other)] == \
                [he.hand_class(h | k.played_by[s]) for s, h in enumerate(hands)]
            weights.append(make()(hands))
            assert make()(other) == weights[-1], (name, table, hands, other)
        assert len(set(weights)) > 1, (name, table)


def _leaves(code: int) -> bool:
    return code in (A_PASS, A_ANNOUNCE_AS, A_ANNOUNCE_COMPTE)


def _model_misses(k, hands) -> int:
    """How many of the opponents' bids and passes in ``k``'s auction the normal bot would
    not have made with ``hands``: the auction replayed in the engine (an independent
    oracle for ``read_model``; an announcement counts as the pass it is)."""
    g = Game.from_deal([[c for c in range(40) if h >> c & 1] for h in hands], k.dealer, k.rules)
    misses = 0
    for s, code in k.actions:
        if (s ^ k.seat) & 1 and g.phase == AUCTION:
            mine = NormalBot(0).act_game(g, s)
            misses += not (mine == code or (_leaves(mine) and _leaves(code)))
        g.apply(code)
    return misses


@pytest.mark.parametrize("deal", range(6))
def test_read_model_weighs_a_deal_by_the_opponents_bids_the_normal_bot_would_replay(deal):
    """read_model: before the card play, each bid or pass of an opponent that the normal
    bot would not have made with the deal's hand multiplies the deal's weight by
    model_eps (instead of the soft terms); the true hands of normal opponents always fit."""
    rules = Rules()
    hands, dealer = deal_hands(70 + deal, deal)
    g = Game.from_deal(hands, dealer, rules)
    bots = [NormalBot(s) for s in range(4)]
    opponents = 0
    while g.phase in (AUCTION, SIGNAL) and not (g.to_act == 0 and g.phase == AUCTION and opponents):
        opponents += g.phase == AUCTION and g.to_act & 1
        g.apply(bots[g.to_act].act_game(g, g.to_act))
    if g.phase != AUCTION:
        pytest.skip("the auction ended before seat 0 spoke again after an opponent")
    k = from_game(g, 0)
    truth = [sum(BIT[c] for c in hands[s]) for s in range(4)]
    strict, flat = (_at_table(make_bot(f"strong:read_model=1,model_eps={eps}", seed=1),
                              NORMAL_TABLE).reading().weigher(k) for eps in (0.05, 1))
    assert _model_misses(k, truth) == 0
    assert strict(truth) == pytest.approx(flat(truth))
    seen = set()
    for world, _ in Sampler(k, random.Random(deal)).worlds(40):
        misses = _model_misses(k, world)
        assert strict(world) == pytest.approx(flat(world) * 0.05 ** misses)
        seen.add(misses > 0)
    assert seen == {False, True}


def _at_seat_0_s_turn(seed: int, dealer: int, stop):
    """Normal bots bid on ``deal_hands(seed, dealer)`` until a turn of seat 0 in the
    auction at which ``stop(game)`` holds: seat 0's knowledge then (None if the auction
    ended before)."""
    hands, dealer = deal_hands(seed, dealer)
    g = Game.from_deal(hands, dealer, Rules())
    bots = [NormalBot(s) for s in range(4)]
    while g.phase in (AUCTION, SIGNAL) and not (g.to_act == 0 and g.phase == AUCTION
                                                 and stop(g)):
        g.apply(bots[g.to_act].act_game(g, g.to_act))
    return from_game(g, 0) if g.phase == AUCTION else None


def _at_seat_0_s_second_turn(seed: int, dealer: int):
    """Seat 0's knowledge at its second turn in the auction (:func:`_at_seat_0_s_turn`)."""
    return _at_seat_0_s_turn(seed, dealer, lambda g: len(g.log) >= 3)


@pytest.mark.parametrize("deal", [0, 1, 3])
def test_read_model_replays_only_the_opponents_the_table_says_are_normal_bots(deal):
    """The replay reads an opponent as the normal bot it is told it is.  Seats played by a
    person (None), by another bot, or by nobody known are read by the soft terms, as
    read_model=0 reads them, and so is every seat with told=0 (``read_signs`` off: by
    default a seat named nobody that no hand has shown is read by the replay too once it,
    or its partner, sent +10 or PASS as its first signal, as the normal bots here do)."""
    k = _at_seat_0_s_second_turn(70 + deal, deal)
    if k is None:
        pytest.skip("the auction ended before seat 0 spoke again")
    worlds = [w for w, _ in Sampler(k, random.Random(deal)).worlds(60)]

    def weights(name, table):
        weigh = _at_table(make_bot(named_only(name), seed=1), table).reading().weigher(k)
        return [weigh(w) for w in worlds]
    soft = weights("strong:read_model=0", NORMAL_TABLE)
    replayed = weights("strong", NORMAL_TABLE)
    assert soft != replayed
    for table in (None, (None, None, "normal", None), ("normal", "strong", "normal", "easy")):
        assert weights("strong", table) == soft
    # told=0: what the table says is not read, normal bots included (the arena measures
    # an unknown table so: strong:told=0)
    assert weights("strong:told=0", NORMAL_TABLE) == soft
    # one opponent known: each seat's factor is its own (seat 1 replayed and seat 3 soft,
    # then the other way round), so the two weights multiply to the soft and replayed ones'
    # (an early announcement read alike in all four: not at all)
    first = weights("strong:read_announced=0", (None, "normal", None, "strong"))
    second = weights("strong:read_announced=0", (None, None, None, "normal"))
    replayed = weights("strong:read_announced=0", NORMAL_TABLE)
    assert soft != first != replayed
    assert [a * b for a, b in zip(first, second)] == pytest.approx(
        [a * b for a, b in zip(soft, replayed)], rel=1e-9)


#: the strong bot before the reading by replay
BEFORE_REPLAY = "strong:read_model=0,read_announced=0,bid_pool=1"


@pytest.mark.parametrize("deal", [0, 2, 4, "announced"])
def test_with_no_normal_bot_among_its_opponents_the_strong_bot_reads_the_auction_as_before(deal):
    """bid_pool and read_announced were measured with the reading by replay and apply with
    it.  At a table where neither opponent is a normal bot (people, other bots, nobody
    known), the strong bot draws the same deals with the same weights, and decides the
    same, as the bot before that reading; told that an opponent is a normal bot, it does
    not.  (``read_signs`` off: by default an opponent named nobody that no hand has shown
    is read by the replay too once it or its partner signed +10 or PASS.)"""
    if deal == "announced":
        k = know(_announced_at_80(), 0)
    else:
        k = _at_seat_0_s_second_turn(90 + deal, deal)
        assert k is not None
    codes = bid_codes(k.high) + [A_PASS]

    def bot(name, table):
        return _at_table(make_bot(named_only(name), seed=5), table)

    before = bot(BEFORE_REPLAY, None)
    drawn = before.worlds(k, before.settings.bid_worlds)
    chosen = bot(BEFORE_REPLAY, None).act(k, codes)
    for table in (None, (None, None, "normal", None), (None, "strong", "normal", "easy")):
        now = bot("strong", table)
        assert now.worlds(k, now.settings.bid_worlds) == drawn
        assert bot("strong", table).act(k, codes) == chosen
    told = bot("strong", (None, None, None, "normal"))
    assert told.worlds(k, told.settings.bid_worlds) != drawn


#: a table of normal bots (the seat that reads is the strong bot, whatever the entry says)
NORMAL_TABLE = ("normal",) * 4


@pytest.mark.parametrize("table, bias", [
    (NORMAL_TABLE, "their_bias_read"), ((None, None, None, "normal"), "their_bias_read"),
    (None, "their_bias"), ((None, None, "normal", None), "their_bias"),
    ((None, "strong", None, "easy"), "their_bias")])
def test_the_opponents_contract_is_counted_below_the_playouts_where_they_are_read_by_replay(table, bias):
    """Read by replay (an opponent the table names a normal bot), the opponents' simulated
    contract counts ``their_bias_read`` points on top of the playouts (-5: 5 below; with
    the sharp reading, 5 more made the bot outbid opponents who would fail, and its search
    defends better than the playouts do); read by the soft terms
    (people, other bots, nobody known, told=0; ``read_signs`` off, else opponents no
    hand has shown that signed +10 or PASS are read by replay), ``their_bias`` (5) as
    before.  The perfect player, the targets' yardstick, keeps 5 at any table."""
    k = _at_seat_0_s_second_turn(70, 0)
    assert k is not None
    strong = _at_table(make_bot(named_only("strong"), seed=1), table)
    assert (strong.settings.their_bias, strong.settings.their_bias_read) == (5.0, -5.0)
    assert strong.simulation(k).their_bias == getattr(strong.settings, bias)
    told_nothing = make_bot(named_only("strong:told=0"), seed=1)
    assert _at_table(told_nothing, table).simulation(k).their_bias == 5.0
    assert _at_table(make_bot("perfect", seed=1), table).simulation(k).their_bias == 5.0


def _at_table(bot, table):
    bot.table = table
    return bot


def named_only(name: str) -> str:
    """Bot ``name`` with ``read_signs`` off: a seat the table names nobody is read by the
    soft terms even when, before any hand has shown it, it signed as a normal bot
    (``read_signs`` is test_bots_table_memory's)."""
    return name + (",read_signs=0" if ":" in name else ":read_signs=0")


def _back_to_seat_0(s: dict) -> dict:
    """The auction driven to seat 0's next turn: seat 2 bids 90, the others pass, every
    signal window is answered no_signal."""
    while s["to_act"] != 0 or s["phase"] != "auction":
        if s["phase"] == "signal":
            s = do(s, "no_signal")
        else:
            s = do(s, "bid", amount=90) if s["to_act"] == 2 else do(s, "pass")
    return s


def _announced_at_80() -> dict:
    """Seat 0 bids 80, seat 1 leaves the auction by announcing its Ace, seat 2 bids 90."""
    s = deal_game({0: "1O 3O 12O 11O 10O", 1: "1C"}, dealer=3)
    s = do(s, "bid", amount=80)                  # seat 0
    s = do(s, "announce", signal="AS")           # seat 1 leaves with its Ace
    return _back_to_seat_0(s)


def test_read_announced_reads_an_early_announcement_as_the_pass_it_counts_as():
    """An opponent who leaves the auction by an early announcement (docs/rules.md 4: it counts as
    a pass) is read, with read_announced=1 (the default), as a pass at that level as well,
    when the bot reads an opponent by replay (seat 3, a normal bot; seat 1, a person, is
    read by the soft terms).  At a table with no normal bot among its opponents the
    announcement is not read (as by the bot before the replay)."""
    k = know(_announced_at_80(), 0)
    assert k.announced[1] >= 0 and k.first_pass_level[1] == 80
    temp = make_bot("strong").settings.soft_t
    ratios = _weighs_by(k, "strong:read_announced=0", "strong",
                        lambda hands: sigmoid((90 - he.best_strength(hands[1]) - 4) / temp), 4,
                        table=(None, None, None, "normal"))
    assert len({round(r, 9) for r in ratios}) > 1
    for table in (None, (None, None, "normal", "strong")):
        _weighs_by(k, "strong:read_announced=0", "strong", lambda hands: 1.0, 4, table)
