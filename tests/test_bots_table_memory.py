"""What the earlier hands of a game show of how each seat plays (touti_core.bots.belief.table_memory),
and the strong bot's ``learn``: a seat the table names nobody read by the normal bot's replay once
those hands say it plays as the normal bot."""

from __future__ import annotations

import copy
import math
import random

import pytest

from touti_core.bots import arena, make_bot
from touti_core.bots.arena import deal_hands
from touti_core.bots.belief.auction_reading import SIG_PASS, SIG_PLUS10, first_signal
from touti_core.bots.belief.knowledge import from_game
from touti_core.bots.belief.sampler import Sampler
from touti_core.bots.belief.table_memory import OTHER_AGREES, add, chance_normal, replay_agreement
from touti_core.engine import A_NO_SIGNAL, AUCTION, GAME_OVER, HAND_OVER, SIGNAL, Game
from touti_core.rules import Rules

from test_bots_knowledge import _at_seat_0_s_second_turn, _at_seat_0_s_turn, named_only


def played_out(levels: tuple[str, ...], seed: int, i: int):
    """Deal ``i`` of ``seed`` played to its end by ``levels`` (one a seat): the hands at the
    deal, the dealer, the log, and how many decisions of each seat had a choice."""
    rules = Rules()
    hands, dealer = deal_hands(seed, i)
    g = Game.from_deal(hands, dealer, rules)
    bots = [make_bot(levels[s], seed=i * 4 + s) for s in range(4)]
    for b in bots:
        b.table = levels
    log, choices = [], [0, 0, 0, 0]
    while g.phase not in (HAND_OVER, GAME_OVER):
        s = g.acting
        choices[s] += len(g.legal()) > 1
        code = bots[s].act_game(g, s)
        log.append((s, code))
        g.apply(code)
    return hands, dealer, log, choices


@pytest.mark.parametrize("i", range(3))
def test_normal_bots_agree_with_the_normal_bot_at_every_choice_and_only_choices_count(i):
    hands, dealer, log, choices = played_out(("normal",) * 4, 300, i)
    seen = replay_agreement(hands, dealer, Rules(), [0, 0], log, range(4))
    assert seen == tuple((choices[s], 0) for s in range(4))
    assert all(choices)
    # seats not asked for are not counted
    assert replay_agreement(hands, dealer, Rules(), [0, 0], log, [1, 3]) == \
        (None, (choices[1], 0), None, (choices[3], 0))


def test_the_easy_bot_differs_from_the_normal_bot_where_it_has_a_choice():
    """Over three hands the easy bots (seats 1 and 3) make a decision the normal bot would
    not; each seat's counts add up to its decisions that had a choice."""
    total = None
    for i in range(3):
        hands, dealer, log, choices = played_out(("normal", "easy") * 2, 301, i)
        seen = replay_agreement(hands, dealer, Rules(), [0, 0], log, range(4))
        assert [sum(c) for c in seen] == choices
        assert seen[0][1] == seen[2][1] == 0
        total = add(total, seen)
    assert total[1][1] + total[3][1] > 0
    assert chance_normal(*total[1], 0.01) < 0.01 or chance_normal(*total[3], 0.01) < 0.01


def test_chance_normal_weighs_agreeing_and_differing_decisions():
    assert chance_normal(0, 0, 0.01) == 0.5
    for n in (1, 5, 12):      # even odds before; each agreement 0.99 against OTHER_AGREES
        assert chance_normal(n, 0, 0.01) == pytest.approx(1 / (1 + (OTHER_AGREES / 0.99) ** n))
    assert [chance_normal(n, 0, 0.01) < chance_normal(n + 1, 0, 0.01) for n in range(20)] == [True] * 20
    # one decision the normal bot would not make outweighs many that it would
    assert chance_normal(12, 1, 0.01) < 0.5 < chance_normal(12, 0, 0.01)
    assert chance_normal(1000, 0, 0.01) == 1.0 and chance_normal(0, 1000, 0.01) == 0.0
    assert add(None, ((1, 2), None, None, None)) == ((1, 2), None, None, None)
    assert add(((1, 2), None, (3, 0), None), ((1, 1), (4, 0), None, None)) == \
        ((2, 3), (4, 0), (3, 0), None)


#: a normal bot's record after two hands, and a seat that once decided otherwise
SURE, ONCE_OTHERWISE = (20, 0), (20, 1)


@pytest.mark.parametrize("deal", [0, 1])
def test_learn_reads_a_seat_the_table_names_nobody_as_the_normal_bot_once_the_hands_say_so(deal):
    """Told nothing (or a person at the seat), the strong bot with ``learn`` reads an
    opponent by the normal bot's replay, exactly as it reads one the table names a normal
    bot, once the earlier hands make that likely enough; with a decision seen otherwise,
    too few hands, no hand, ``learn`` off, or a seat the table names another bot, by the
    soft terms as before.  (``read_signs`` off: a seat that signed as a normal bot before
    any hand showed it is a test below.)"""
    k = _at_seat_0_s_second_turn(70 + deal, deal)
    assert k is not None
    worlds = [w for w, _ in Sampler(k, random.Random(deal)).worlds(60)]

    def weights(name, table, seen):
        bot = make_bot(named_only(name), seed=1)
        bot.table, bot.seen = table, seen
        return [bot.reading().weigher(k)(w) for w in worlds]
    soft = weights("strong", None, None)
    named = weights("strong", ("normal",) * 4, None)
    one_named = weights("strong", (None, "normal", None, None), None)
    assert soft != one_named != named
    # by default (learn=0.8): seven decisions agreeing, none differing, are enough, six not
    assert chance_normal(6, 0, 0.01) < 0.8 <= chance_normal(7, 0, 0.01)
    assert weights("strong", None, (None, (7, 0), None, (7, 0))) == named
    assert weights("strong", None, (None, (6, 0), None, (6, 0))) == soft
    learn = "strong:told=0,learn=0.9"
    assert weights(learn, ("normal",) * 4, (None, SURE, None, SURE)) == named
    assert weights("strong:learn=0.9", None, (None, SURE, None, SURE)) == named
    assert weights("strong:learn=0.9", (None, None, None, "easy"), (None, SURE, None, SURE)) == one_named
    assert weights(learn, None, (None, SURE, None, ONCE_OTHERWISE)) == one_named
    for name, seen in ((learn, (None, ONCE_OTHERWISE, None, (3, 0))), (learn, None),
                       ("strong:told=0,learn=0", (None, SURE, None, SURE))):
        assert weights(name, None, seen) == soft
    # and the auction then weighs as it does with the replay: the pool, their contract
    bot = make_bot(named_only(learn), seed=1)
    bot.seen = (None, SURE, None, SURE)
    assert bot.reading().replays(k) and bot.simulation(k).their_bias == bot.settings.their_bias_read


def test_the_arena_shows_the_bots_the_earlier_hands_of_the_game():
    """With ``earlier=N`` deal i comes after ``i % N`` hands of its game, played out at the
    same table, side A's seats by the normal bot: normal bots agree at every choice.  A
    seat shows nothing when the bot of the deal is another than the one that played it
    there (a strong side A: its partner is no normal bot to be read as one)."""
    names, told, roles = arena.seating("normal", "normal", None, 1)
    assert arena.earlier_hands(0, 5, Rules(), names, told, roles, 4) is None
    assert arena.earlier_hands(4, 5, Rules(), names, told, roles, 0) is None
    seen = arena.earlier_hands(3, 5, Rules(), names, told, roles, 4)
    assert all(d == 0 and a > 0 for a, d in seen)
    told_nothing = arena.seating("strong:told=0", "normal", None, 1)
    strong = arena.earlier_hands(3, 5, Rules(), *told_nothing, 4)
    assert strong[0] == seen[0] and strong[2] == seen[2] and strong[1] is strong[3] is None
    easy = arena.earlier_hands(3, 5, Rules(), *arena.seating("strong", "easy", None, 0), 4)
    assert easy[0] is easy[2] is None and easy[1][1] + easy[3][1] > 0
    mixed = arena.earlier_hands(3, 5, Rules(), *arena.seating("strong", "normal", "normal", 0), 4)
    assert mixed[0][1] == 0 and mixed[2] is None and mixed[1][1] == mixed[3][1] == 0
    with pytest.raises(ValueError, match="earlier"):
        arena.run("normal", "normal", 1, earlier=-1, workers=1)
    s = arena.run("strong:told=0,learn=0.8,bid_worlds=12,play_worlds=8,exact_worlds=4", "normal",
                  2, seed=5, workers=1, earlier=2)
    assert s["earlier"] == 2 and s["deals"] == 2 and math.isfinite(s["mean_per_hand"]["A"])


def test_a_game_s_finished_hands_show_each_seat_and_the_hand_in_play_shows_nothing():
    """``from_game``: the hands of a game played out so far, each seat's cards read from
    the cards it played, counted as ``replay_agreement`` counts each hand from its deal
    (the seed's, an independent source); the hand in play, and a game without a
    finished hand, show nothing."""
    from touti_core import rng
    from touti_core.bots.belief.table_memory import from_game
    from touti_core.engine import A_NEXT_HAND

    g = Game.new(5, Rules())
    assert from_game(g) is None
    bots = [make_bot("normal", seed=s) for s in range(4)]
    expected, hand, dealer, scores = None, [], rng.first_dealer(5), [0, 0]
    counted = 0
    while g.hand_no < 4:
        if g.phase == HAND_OVER:
            r = g.last_hand
            deal = rng.deal(5, g.hand_no)
            by_seat = [deal[(s - dealer - 1) % 4] for s in range(4)]
            if not r["cancelled"] and not r.get("conceded"):
                expected = add(expected, replay_agreement(by_seat, dealer, Rules(), scores, hand, range(4)))
                counted += 1
            if not r["cancelled"]:
                scores = [scores[0] + r["delta"][0], scores[1] + r["delta"][1]]
            dealer, hand = (dealer + 1) % 4, []
            g.apply(A_NEXT_HAND)
            assert from_game(g) == expected
            continue
        s = g.acting
        code = bots[s].act_game(g, s)
        hand.append((s, code))
        g.apply(code)
    # seed 5: the first hand conceded, the next three played out (other dealers, other scores)
    assert counted == 3 and all(d == 0 and a > 0 for a, d in expected)


def test_the_bench_counts_a_hand_played_out_and_skips_a_conceded_one():
    """bench/table_memory.py: each hand's counts of seats 1 and 3 are replay_agreement's
    over the arena's play of that hand; a conceded hand shows nothing."""
    from test_bots_arena import bench_module
    tm = bench_module("table_memory")
    rules = Rules()
    kinds = set()
    for i in range(6):
        got = tm.hand_seen("easy", 5000, i, rules)
        hands, dealer = deal_hands(5000, i)
        res, _, log = arena.play_table(hands, dealer, ("normal", "easy") * 2,
                                       [5000 * 1000 + i * 4 + s for s in range(4)], rules)
        kinds.add(res["conceded"])
        if res["conceded"]:
            assert got is None
        else:
            seen = replay_agreement(hands, dealer, rules, [0, 0], log, (1, 3))
            assert got == [seen[1], seen[3]]
    assert kinds == {False, True}


def test_from_game_replays_each_finished_hand_once_with_a_cache():
    """With a cache, each finished hand is counted once and read back after: the same
    counts as without, one entry a hand; an entry put there is what is read."""
    from touti_core.bots.belief.table_memory import from_game
    from touti_core.engine import A_NEXT_HAND

    g = Game.new(5, Rules())
    bots = [make_bot("normal", seed=s) for s in range(4)]
    while g.hand_no < 3:
        if g.phase == HAND_OVER:
            g.apply(A_NEXT_HAND)
        else:
            g.apply(bots[g.acting].act_game(g, g.acting))
    cache: dict = {}
    plain = from_game(g)
    assert plain is not None and from_game(g, cache) == plain and len(cache) == 3
    played_out = [k for k, v in cache.items() if v is not None]
    assert played_out
    cache[played_out[0]] = ((1000, 0),) * 4
    expected = None
    for v in cache.values():
        if v is not None:
            expected = add(expected, v)
    assert from_game(g, cache) == expected != plain


def test_the_arena_s_earlier_hands_skip_a_hand_not_seen_and_play_as_the_deal_does(monkeypatch):
    """The earlier hands are played with the deal's auction bot, cap and isolation, the
    person's seat by its stand-in; a hand left in the auction (every seat passed, no card
    seen) or conceded shows nothing."""
    calls = []
    real = arena.play_table

    def spy(hands, dealer, names, seeds, rules, budget=None, auction=None, auction_seeds=None, **kw):
        res, kinds, log = real(hands, dealer, names, seeds, rules, budget, auction, auction_seeds, **kw)
        calls.append((names, auction, kw.get("cap"), kw.get("isolate")))
        return {**res, "cancelled": len(calls) == 1, "conceded": len(calls) == 2}, kinds, log
    monkeypatch.setattr(arena, "play_table", spy)
    names, told, roles = arena.seating("strong", "normal", "easy", 0)
    assert roles == ("person", "B", "partner", "B")
    assert arena.earlier_hands(2, 5, Rules(), names, told, roles, 4, None, "normal", 1.5, False) is None
    assert calls == [(("easy", "normal", "normal", "normal"), "normal", 1.5, False)] * 2
    seen = arena.earlier_hands(3, 5, Rules(), names, told, roles, 4)
    assert len(calls) == 5 and seen is not None         # the third hand of the game counted


def _at_seat_0_after_a_sign(seed: int, i: int):
    """Normal bots bid on ``deal_hands(seed, i)`` until seat 0's first turn in the auction
    after an opponent sent +10 or PASS as its first signal: seat 0's knowledge then."""
    def signed(g):
        k = from_game(g, 0)
        return any(first_signal(k, s) in (SIG_PLUS10, SIG_PASS) for s in (1, 3))
    return _at_seat_0_s_turn(seed, i, signed)


@pytest.mark.parametrize("seed,i,signer", [(70, 0, 1), (71, 1, 3)])
def test_read_signs_reads_an_unknown_opponent_that_signed_as_a_normal_bot_by_the_replay(seed, i, signer):
    """``read_signs=1``: an opponent the table names nobody, of which no earlier decision
    differed from the normal bot's, that sent +10 or PASS as its first signal of the hand
    has its bids read by the normal bot's replay, exactly as one the table names a normal
    bot; its partner keeps the soft terms (``read_signs=2``, the default: both are
    replayed, people's seats on the page too).  A seat the table names, or that an earlier
    hand showed deciding otherwise, is read as before; so is every seat with
    ``read_signs=0``, and under rules where the conventions do not hold (signals off, AS
    and COMPTE not truthful).  Only the auction's reading: the card search models no such
    seat."""
    k = _at_seat_0_after_a_sign(seed, i)
    assert k is not None
    assert first_signal(k, signer) in (SIG_PLUS10, SIG_PASS)
    assert first_signal(k, signer ^ 2) not in (SIG_PLUS10, SIG_PASS)
    worlds = [w for w, _ in Sampler(k, random.Random(seed)).worlds(60)]

    def bot(name, table=None, seen=None):
        b = make_bot(name, seed=1)
        b.table, b.seen = table, seen
        return b

    def weights(name, table=None, seen=None):
        return [bot(name, table, seen).reading().weigher(k)(w) for w in worlds]
    one = [None] * 4
    one[signer] = "normal"
    soft = weights("strong:told=0,read_signs=0")
    assert weights("strong:told=0,read_signs=2") != soft      # the default
    signer_named = weights("strong", tuple(one))
    both_named = weights("strong", ("normal",) * 4)
    assert soft != signer_named != both_named
    assert weights("strong:told=0,read_signs=1") == signer_named
    assert weights("strong:read_signs=1") == signer_named
    assert weights("strong:told=0,read_signs=2") == both_named == weights("strong:told=0")
    # something known of the seat: the table, or a hand that showed it (learn decides)
    easy = ["easy"] * 4
    easy[0] = easy[2] = None
    assert weights("strong:read_signs=1", tuple(easy)) == weights("strong:read_signs=0", tuple(easy))
    # earlier hands: six decisions agreeing (too few for learn) leave the seat open to its
    # signs, one differing closes it
    agreed, differed = [None] * 4, [None] * 4
    agreed[signer], differed[signer] = (6, 0), (6, 1)
    assert weights("strong:told=0,read_signs=1", None, tuple(agreed)) == signer_named
    assert weights("strong:told=0,read_signs=1", None, tuple(differed)) == soft
    assert weights("strong:told=0", None, tuple(agreed)) == both_named
    # read_signs=2: the partner of a seat that signed is read with it, unless the one that
    # signed is not open to its signs (it decided otherwise once, or the table names a bot
    # there beside a person): its sign then says nothing of its partner
    assert weights("strong:told=0,read_signs=2", None, tuple(differed)) == soft
    assert weights("strong:read_signs=2", tuple(one)) == signer_named
    # the page's table of people (seats named nobody): the default reads them so too
    assert weights("strong", (None,) * 4) == both_named
    for value in (-1, 3):                                       # not a setting's value: off
        assert weights(f"strong:told=0,read_signs={value}") == soft
    # the rules the conventions hold in, only
    for rules in (Rules(truthful=False), Rules(signals=False)):
        other = copy.copy(k)
        other.rules = rules
        assert not bot("strong:told=0").reading().signed(signer, other)
        assert not bot("strong:told=0").reading().replays(other)
    assert weights("strong:told=0,read_signs=1,read_model=0") == soft
    b = bot("strong:told=0,read_signs=1")
    assert b.reading().replays(k) and b.simulation(k).their_bias == b.settings.their_bias_read
    assert b.search(k).model == 0
    assert not bot("strong:told=0,read_signs=0").reading().replays(k)


def test_the_easy_bot_never_signs_as_the_normal_bot():
    """What ``read_signs`` rests on: the easy bot's signals are AS, COMPTE or none, never
    +10 or PASS, whatever its hand; the normal bot's first signal is always one of the four
    (under the default rules and its default settings: with an Ace announced early and no
    Ghna, its first signal is +10 only because the weakest hand holding an Ace reaches
    ``plus10_strength``)."""
    seen_easy, seen_normal = set(), set()
    for seed in range(40):
        hands, dealer = deal_hands(900 + seed, seed % 4)
        g = Game.from_deal(hands, dealer, Rules())
        bots = [make_bot("easy" if s & 1 else "normal", seed=seed * 4 + s) for s in range(4)]
        while g.phase in (AUCTION, SIGNAL):
            s = g.to_act
            code = bots[s].act_game(g, s)
            if g.phase == SIGNAL:
                if s & 1:
                    seen_easy.add(code)
                elif first_signal(from_game(g, s), s) < 0:
                    seen_normal.add(code)
            g.apply(code)
    assert seen_easy and not seen_easy & {SIG_PLUS10, SIG_PASS}
    assert seen_normal & {SIG_PLUS10, SIG_PASS} and A_NO_SIGNAL not in seen_normal
