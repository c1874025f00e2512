"""The search on bare integers (``touti_core.bots.policy.search``) against references.

The strong bot's card values rest on three pieces: ``legal_mask`` (the play
rules on masks), ``Position`` (a lean copy of the play state) and ``solve``
(alpha-beta with merged equivalent cards and a transposition table).  Each
is checked here against something simpler: the engine's own legal cards,
the conservation of the 130 points, and a plain minimax over every legal
card with no pruning, no merging and no table.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from touti_core.bots import make_bot
from touti_core.bots.belief.knowledge import from_game
from touti_core.bots.belief.worlds import resample
from touti_core.bots.policy.card_search import CardSearch
from touti_core.bots.model.heuristic import Holdings, ghna_keep, heuristic_card
from touti_core.bots.policy.search import Position, distinct_moves, playout, solve
from touti_core.cards import BIT, GHNA_MASK, POINTS, SUIT
from touti_core.engine import A_GHNA, A_NO_GHNA, GAME_OVER, GHNA, HAND_OVER, PLAY, Game
from touti_core.facts import HAND_POINTS
from touti_core.rules import Rules
from touti_core.tricks import legal_mask, ruled_out

OVERTRUMP = ("always", "not_over_partner", "never")


def random_endgame(r: random.Random, left: int, overtrump: str = "always") -> Position:
    """A position with ``left`` tricks to go, maybe in the middle of a trick, with Ghna in play."""
    cards = list(range(40))
    r.shuffle(cards)
    # give the declaring team a Ghna now and then
    if r.random() < 0.5:
        x = r.randrange(4)
        cards.remove(x * 10 + 7)
        cards.remove(x * 10 + 8)
        cards[0:0] = [x * 10 + 7, x * 10 + 8]
    decl = r.randrange(4)
    leader = r.randrange(4)
    hands = [0, 0, 0, 0]
    order = [decl, decl ^ 2, (decl + 1) & 3, (decl + 3) & 3] if r.random() < 0.5 else [0, 1, 2, 3]
    for i, c in enumerate(cards[:4 * left]):
        hands[order[i % 4]] |= BIT[c]
    trump = r.randrange(4)
    cap = r.choice((0, 20, 40, 60, 100))
    d = Position.make(hands, trump, decl, leader, (), -1, -1, (r.randrange(0, 60, 5) if left < 10 else 0, 0), cap, 0, 0,
                  10 - left, overtrump)
    # start some positions in the middle of a trick
    for _ in range(r.randrange(4)):
        lm = d.legal()
        d.play(r.choice([c for c in range(40) if lm >> c & 1]))
    return d


def points_in_hands(d: Position) -> int:
    """The card points still held, all hands together."""
    rest = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    return sum(POINTS[c] for c in range(40) if rest >> c & 1)


def minimax(d: Position) -> int:
    """The declaring team's final points, every legal card tried (the reference)."""
    if d.ntricks == 10:
        return d.decl_points()
    s = d.to_act
    lm = d.legal()
    values = []
    for c in range(40):
        if lm >> c & 1:
            e = d.copy()
            e.play(c)
            values.append(minimax(e))
    return max(values) if (s & 1) == (d.decl & 1) else min(values)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2 ** 32), left=st.integers(1, 3), overtrump=st.sampled_from(OVERTRUMP))
@example(seed=192, left=2, overtrump="always")   # 2 and 5 of trumps once merged over the 4
@example(seed=1148531, left=3, overtrump="never")  # 2 and 7 of trumps once merged over a 5 on the table
def test_solve_equals_plain_minimax(seed, left, overtrump):
    d = random_endgame(random.Random(seed), left, overtrump)
    assert solve(d.copy()) == minimax(d)


def test_only_truly_equivalent_cards_are_merged():
    """2 and 5 of coins are one move only when the 4 between them is out of play."""
    two, four, five, six = 0, 1, 2, 3
    hand = BIT[two] | BIT[five]
    others = BIT[four]                       # the 4 is still in another hand
    assert distinct_moves(hand, ~others) == [two, five]
    assert distinct_moves(hand, ~0) == [two]            # the 4 was played
    touching = BIT[five] | BIT[six]
    assert distinct_moves(touching, ~BIT[four]) == [five]
    # equal rank gap but different points are never merged (3 and Ace: 10 and 11)
    three, ace = 8, 9
    assert distinct_moves(BIT[three] | BIT[ace], ~0) == [three, ace]


def test_a_card_on_the_table_keeps_apart_the_cards_around_it():
    """The strong bot's candidate cards: a 5 on the table in this trick is still
    in play (the 6 beats it, the 2 does not); taken in a finished trick, it is out."""
    two, four, five, six = 0, 1, 2, 3
    g = Game.new(11)
    g.setup_play(1, 100, 0)
    k = from_game(g, g.to_act)
    search = CardSearch(k, make_bot("strong", 1).settings)
    k.hand, k.played, k.trick = BIT[two] | BIT[six], BIT[four] | BIT[five], [five]
    assert search.candidate_moves([two, six]) == [two, six]
    k.trick = []
    assert search.candidate_moves([two, six]) == [two]


def test_moves_sharing_one_table_get_the_same_values_as_fresh_searches():
    r = random.Random(5)
    for _ in range(25):
        d = random_endgame(r, 5)
        lm = d.legal()
        shared = {}
        for c in (c for c in range(40) if lm >> c & 1):
            e = d.copy()
            e.play(c)
            assert solve(e.copy(), tt=shared) == solve(e.copy())


def test_solve_does_not_change_the_position():
    d = random_endgame(random.Random(9), 4)
    before = (d.hands[:], d.trick[:], d.won[:], d.to_act, d.ntricks, d.ghna_total, d.ghna_done)
    solve(d)
    assert (d.hands, d.trick, d.won, d.to_act, d.ntricks, d.ghna_total, d.ghna_done) == before


@pytest.mark.parametrize("blind", [False, True])
def test_a_playout_deals_out_all_130_points(blind):
    r = random.Random(3)
    for _ in range(200):
        d = random_endgame(r, 10)
        d.cap = 0          # no Ghna: the two teams' points add up to the 130 of the deck
        playout(d, (0, 0, 0, 0) if blind else None)
        assert d.ntricks == 10 and sum(d.won) == 130 and not any(d.hands)


def test_greedy_ghna_in_a_deal_stays_under_the_cap_and_goes_to_the_declarers():
    r = random.Random(4)
    for _ in range(300):
        d = random_endgame(r, 10)
        held = [x for x in range(4) for s in (d.decl, d.decl ^ 2)
                if d.hands[s] & GHNA_MASK[x] == GHNA_MASK[x]]
        playout(d)
        assert d.ghna_total <= max(d.cap, 0)
        assert all(d.ghna_done >> x & 1 == 0 or x in held for x in range(4))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), overtrump=st.sampled_from(OVERTRUMP))
def test_legal_mask_matches_the_engine(seed, overtrump):
    """A whole hand of random legal play: at every card the mask equals the engine's."""
    r = random.Random(seed)
    g = Game.new(seed, Rules(overtrump=overtrump))
    g.setup_play(r.randrange(4), 100, r.randrange(4))
    cards = 0
    while cards < 40:
        if g.phase != PLAY:          # a Ghna question: any answer
            g.apply(r.choice(g.legal()))
            continue
        s = g.to_act
        expected = g.legal_cards()
        assert legal_mask(g.hands[s], g.trick, g.win_card, g.win_seat, s, g.trump,
                          overtrump) == expected
        g.apply(r.choice([c for c in range(40) if expected >> c & 1]))
        cards += 1


def position_of(g: Game) -> Position:
    """The engine's card play as a search position."""
    return Position.make(g.hands, g.trump, g.declarer, g.leader, g.trick, g.win_card, g.win_seat,
                         g.won, g.cap, g.ghna_total, g.ghna_done, len(g.tricks), g.rules.overtrump)


def same_play(d: Position, g: Game) -> None:
    assert (d.hands, d.leader, d.trick, d.win_card, d.win_seat, d.won, d.ghna_total,
            d.ghna_done, d.ntricks) == (g.hands, g.leader, g.trick, g.win_card, g.win_seat,
                                        g.won, g.ghna_total, g.ghna_done, len(g.tricks))
    assert d.decl_points() == g.points()[g.declarer & 1]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), overtrump=st.sampled_from(OVERTRUMP),
       cap=st.sampled_from(("standard", "contract_minus_50", "none")),
       contract=st.sampled_from((70, 90, 120, 160, 230)))
def test_the_search_s_own_trick_play_agrees_with_the_engine(seed, overtrump, cap, contract):
    """``Position`` plays tricks on its own, for speed: from random positions of a random
    hand, every card played on both gives the same trick, winner, points, last trick and
    Ghna (the engine's players declaring the greedy Ghna the search declares), and the
    same seat to play with the same legal cards."""
    r = random.Random(seed)
    g = Game.new(seed, Rules(overtrump=overtrump, ghna_cap=cap))
    g.setup_play(r.randrange(4), contract, r.randrange(4))
    checked = 0
    while g.phase == PLAY:
        d = position_of(g)
        same_play(d, g)
        assert d.to_act == g.to_act and d.legal() == g.legal_cards()
        c = r.choice([c for c in range(40) if g.legal_cards() >> c & 1])
        d.play(c)
        g.apply(c)
        # the search's greedy Ghna: the engine's players answer its questions the same way
        greedy = [x for x in range(4) if d.ghna_done >> x & 1 and not g.ghna_done >> x & 1]
        while g.phase == GHNA:
            suit = next((x for x in greedy if g.hands[g.acting] & GHNA_MASK[x] == GHNA_MASK[x]),
                        None)
            g.apply(A_NO_GHNA if suit is None else A_GHNA + suit)
        same_play(d, g)
        if g.phase == PLAY:
            assert d.to_act == g.to_act
        checked += 1
    assert checked == 40 and g.phase in (HAND_OVER, GAME_OVER)
    assert sum(g.won) == HAND_POINTS


def test_resampling_keeps_n_draws_in_proportion_to_the_weights():
    worlds = [([i, 0, 0, 0], wt) for i, wt in enumerate([0.0, 5.0, 1e-9, 3.0, 2.0])]
    out = resample(worlds, 10, random.Random(1))
    counts = {hands[0]: n for hands, n in out}
    assert counts == {1: 5.0, 3: 3.0, 4: 2.0}
    for seed in range(20):
        out = resample(worlds, 7, random.Random(seed))
        assert sum(n for _, n in out) == 7
        assert all(hands[0] in (1, 3, 4) for hands, _ in out)


#: every other seat a normal bot
NORMALS = ("normal",) * 4


@pytest.mark.parametrize("play, settings, table, drawn", [
    (False, "", NORMALS, 96 * 4), (False, "bid_pool=1", NORMALS, 96), (False, "", None, 96),
    (False, "", (None, "strong", None, "easy"), 96),
    (True, "", NORMALS, 48 * 24), (True, "", None, 48 * 24), (True, "pool=2", NORMALS, 96)])
def test_deals_are_drawn_from_a_pool_and_resampled_by_their_weights(play, settings, table, drawn):
    """The card play draws pool x 48 deals (24 x by default), the auction bid_pool x 96
    (4 x by default, when an opponent is a normal bot read by replay; else, and with 1 x,
    no pool), and each keeps 48 or 96 draws in proportion to the deals' weights (with no
    pool: the deals drawn, with their weights)."""
    bot = make_bot("strong:" + settings, 3)
    bot.table = table
    asked = []

    class Drawn:
        def worlds(self, n, deadline):
            asked.append(n)
            return [([i, 0, 0, 0], 1.0 if i < n // 2 else 2.0) for i in range(n)]
    bot.sampler = lambda k: Drawn()
    g = Game.new(11)
    if play:
        g.setup_play(1, 100, 0)
    k = from_game(g, g.to_act)
    n = bot.settings.play_worlds if play else bot.settings.bid_worlds
    out = bot.worlds(k, n)
    assert asked == [drawn]
    if drawn == n:      # kept as drawn, with their weights
        assert out == Drawn().worlds(n, None)
    else:               # resampled: the deals of weight 2 are drawn twice as often
        assert sum(c for _, c in out) == n
        heavy = sum(c for hands, c in out if hands[0] >= drawn // 2)
        assert heavy == pytest.approx(2 * n / 3, abs=1)


def test_a_defender_concedes_only_on_every_deal_the_rules_allow():
    """Concession ignores the weights: resampling must not hide a deal that defeats the contract."""
    bot = make_bot("strong", 3)
    asked = []
    bot.worlds = lambda k, n, resampled=True: asked.append(resampled) or []
    g = Game.new(11)
    g.setup_play(1, 100, 0)
    k = from_game(g, 0)
    k.tricks = [None] * 7           # three tricks to go
    assert bot.lost_everywhere(k) is False and asked == [False]


def test_the_ghna_cards_kept_are_those_that_still_fit_under_the_cap():
    """Rey and Cabal of each complete Ghna, while its value still fits (docs/rules.md 7: the cap)."""
    coins, cups = GHNA_MASK[0], GHNA_MASK[1]
    hand = coins | cups | BIT[25]
    # trumps are coins: the coins Ghna is worth 40, the cups one 20
    assert ghna_keep(hand, 0, 100, 0, 0) == coins | cups
    assert ghna_keep(hand, 0, 40, 20, 0) == cups          # 20 + 40 > 40, 20 + 20 fits
    assert ghna_keep(hand, 0, 60, 20, 0b10) == coins      # cups already declared
    assert ghna_keep(hand, 0, 60, 60, 0) == 0             # the cap is reached
    assert ghna_keep(hand & ~BIT[GHNA_MASK[1].bit_length() - 1], 0, 100, 0, 0) == coins


@pytest.mark.parametrize("seed", range(6))
def test_before_the_last_tricks_a_move_is_played_out_then_the_rest_searched(seed):
    """A playout stopped with three tricks to go leaves whole tricks to the search;
    the strong bot's value of each move is the playout to there, then ``solve``."""
    g = Game.new(seed)
    g.setup_play(seed % 4, 100, seed % 4)
    k = from_game(g, g.to_act)
    search = CardSearch(k, make_bot("strong", seed).settings)
    assert search.settings.mid_exact == 3
    moves = search.candidate_moves([c for c in g.legal() if c < 40])
    values, _ = search.evaluate(moves, [(list(g.hands), 1.0)])
    for m in moves:
        d = search.position(g.hands)
        d.play(m)
        playout(d, k.excl, 7)
        assert d.ntricks == 7 and d.trick == [] and all(h.bit_count() == 3 for h in d.hands)
        assert d.won[0] + d.won[1] + points_in_hands(d) == 120
        assert values[m] == search.utility(solve(d))


def minimax_against(d: Position, model: int, excl: list[int]) -> int:
    """The reference of ``solve(model=...)``: the seats of ``model`` play the heuristic card
    on their own hand and the evidence; the others try every legal card, equivalent ones
    merged as the plain search merges them (a modelled seat may tell two such cards
    apart: the search is then the best answer among the distinct cards)."""
    if d.ntricks == 10:
        return d.decl_points()
    s = d.to_act
    lm = d.legal()
    cards = [c for c in range(40) if lm >> c & 1]
    if not model >> s & 1 and len(cards) > 1:
        on_table = sum(BIT[c] for c in d.trick)
        held = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
        cards = distinct_moves(lm, ~(held | on_table) | d.hands[s])
    elif len(cards) > 1:
        unseen = (d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]) & ~d.hands[s]
        may = [unseen & ~excl[o] if o != s else d.hands[s] for o in range(4)]
        cards = [heuristic_card(s, d.hands[s], lm, d.trick, d.win_card, d.win_seat, d.trump,
                                d.decl, Holdings(may, False), d.keep_mask(s))]
    values = []
    for c in cards:
        e = d.copy()
        ev = excl[:]
        if d.trick:
            ev[s] |= ruled_out(c, SUIT[d.trick[0]], d.win_card, d.win_seat, s, d.trump, d.overtrump)
        e.play(c)
        values.append(minimax_against(e, model, ev))
    return max(values) if (s & 1) == (d.decl & 1) else min(values)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2 ** 32), left=st.integers(1, 3), model=st.integers(1, 15),
       overtrump=st.sampled_from(OVERTRUMP))
def test_seats_searched_as_the_normal_bot_play_its_card_and_the_rest_their_best(
        seed, left, model, overtrump):
    r = random.Random(seed)
    d = random_endgame(r, left, overtrump)
    excl = [r.getrandbits(40) & ~d.hands[s] for s in range(4)]
    before = excl[:]
    assert solve(d.copy(), model=model, excl=excl) == minimax_against(d, model, excl)
    assert excl == before


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), left=st.integers(2, 6))
def test_every_seat_searched_as_the_normal_bot_is_a_blind_playout(seed, left):
    d = random_endgame(random.Random(seed), left)
    assert solve(d.copy(), model=0b1111) == playout(d.copy(), (0, 0, 0, 0))


def test_a_playout_leaves_its_evidence_where_it_stops():
    """What a blind playout's players learnt (a void shown, a card not played over a
    winner) is kept in ``evidence`` for the search that takes over from it."""
    r = random.Random(12)
    grew = 0
    for _ in range(40):
        d = random_endgame(r, 8)
        ev = [0, 0, 0, 0]
        a, b = d.copy(), d.copy()
        assert playout(a, (0, 0, 0, 0), 6, ev) == playout(b, (0, 0, 0, 0), 6)
        assert a.hands == b.hands
        grew += any(ev)
        assert all(ev[s] & a.hands[s] == 0 for s in range(4))
    assert grew > 10


@pytest.mark.parametrize("bot, levels, seen, modelled", [
    ("strong:model_play=1", ("normal", "normal", "normal"), None, (1, 2, 3)),
    ("strong:model_play=1", ("normal", "strong", None), None, (1,)),
    ("strong:model_play=1", ("easy", None, "normal"), None, (3,)),
    ("strong:model_play=1", None, None, ()),
    ("strong:model_play=1,told=0", ("normal", "normal", "normal"), None, ()),
    # told nothing, a seat the earlier hands read as the normal bot
    ("strong:model_play=1,told=0", None, (None, (30, 0), None, (2, 9)), (1,)),
    ("strong:model_play=1,learn=0", None, (None, (30, 0), None, (2, 9)), ()),
    ("strong", ("normal", "normal", "normal"), None, (1, 2, 3)),
    ("strong:model_play=0", ("normal", "normal", "normal"), None, ()),
    ("perfect", ("normal", "normal", "normal"), None, ()),
])
def test_the_card_search_plays_the_seats_read_as_normal_bots_as_they_play(bot, levels, seen,
                                                                           modelled):
    """``model_play``: the exact search answers the normal bot's card from every other seat
    the table names a normal bot, or the earlier hands read as one; the others, and every
    seat with the setting off, play their best.  The seats are given from seat 0's left."""
    g = Game.new(11)
    g.setup_play(1, 100, 0)
    k = from_game(g, g.to_act)
    b = make_bot(bot, 1)
    if levels is not None:
        b.table = tuple(levels[(s - k.seat) % 4 - 1] if s != k.seat else "strong" for s in range(4))
    if seen is not None:
        b.seen = tuple(seen[(s - k.seat) % 4] for s in range(4))
    assert b.search(k).model == sum(1 << ((k.seat + i) % 4) for i in modelled)


@pytest.mark.parametrize("seat", range(4))
def test_the_exact_search_reaches_further_when_both_opponents_are_modelled(seat):
    """``model_exact`` (5) tricks searched exactly when both opponents play the modelled
    card; ``exact_tricks`` (4) when one or none does, or when only the partner does."""
    g = Game.new(11)
    g.setup_play(1, 100, 0)
    k = from_game(g, g.to_act)
    k.seat = seat
    settings = make_bot("strong:model_play=1", 1).settings
    left, right, partner = 1 << ((seat + 1) % 4), 1 << ((seat + 3) % 4), 1 << ((seat + 2) % 4)
    for model, reach in ((left | right, 5), (left | right | partner, 5), (left, 4), (right, 4),
                         (partner, 4), (0, 4)):
        for done in range(10):
            k.tricks = [None] * done
            search = CardSearch(k, settings, model=model)
            assert search.exact() == (10 - done <= reach), (model, done)


def test_the_card_search_answers_the_modelled_seats_with_their_own_cards():
    """In the last tricks each candidate card is valued by the search against the
    modelled seats' own cards, with the evidence the card itself gives (the reference:
    ``minimax_against``); with no seat modelled, by the plain search.  The model changes
    some values."""
    changed = sum(_modelled_against_plain(seed) for seed in range(40))
    assert changed > 5


def _into_the_play(seed: int, tricks: int):
    """A game driven at random (a whole auction, then ``tricks`` tricks and ``seed % 4``
    cards of the next): the card search of the seat to act, with both its opponents
    modelled, and the true hands."""
    r = random.Random(seed)
    g = Game.new(seed)
    while len(g.tricks) < tricks or g.phase != PLAY:
        legal = g.legal()
        cards = [c for c in legal if c < 40]
        g.apply(r.choice(cards) if cards else A_NO_GHNA if A_NO_GHNA in legal else r.choice(legal))
    for _ in range(seed % 4):   # into the next trick: the candidate card follows, or not
        g.apply(r.choice([c for c in g.legal() if c < 40]))
    k = from_game(g, g.to_act)
    search = CardSearch(k, make_bot("strong", 1).settings, model=0b1010 >> (k.seat & 1))
    return search, search.candidate_moves([c for c in g.legal() if c < 40]), list(g.hands)


def _after(search: CardSearch, hands: list[int], m: int) -> tuple[Position, list[int]]:
    """The deal after the candidate card ``m``, and the evidence then: the knowledge's,
    with what ``m`` itself rules out."""
    k = search.k
    d = search.position(hands)
    ev = list(k.excl)
    if k.trick:
        ev[k.seat] |= ruled_out(m, SUIT[k.trick[0]], k.win_card, k.win_seat, k.seat, k.trump,
                                k.rules.overtrump)
    d.play(m)
    return d, ev


def _modelled_against_plain(seed: int) -> int:
    """One position of ``test_the_card_search_answers_...``: the moves whose value the
    model changed."""
    search, moves, hands = _into_the_play(seed, 6)
    assert search.exact()
    modelled = search.points(moves, hands)
    plain = CardSearch(search.k, search.settings).points(moves, hands)
    for m in moves:
        d, ev = _after(search, hands, m)
        assert modelled[m] == minimax_against(d.copy(), search.model, ev)
        assert plain[m] == minimax(d)
    return sum(modelled[m] != plain[m] for m in moves)


@pytest.mark.parametrize("seed", range(80))
def test_before_the_last_tricks_the_modelled_seats_keep_what_the_playout_showed(seed):
    """Earlier, each candidate card is played out blind to three tricks from the end, and
    the exact search that ends it answers the modelled seats with the evidence the
    playout gave them."""
    search, moves, hands = _into_the_play(seed, 2)
    assert not search.exact()
    got = search.points(moves, hands)
    for m in moves:
        d, ev = _after(search, hands, m)
        playout(d, search.k.excl, 10 - search.settings.mid_exact, ev)
        assert got[m] == minimax_against(d, search.model, ev)
