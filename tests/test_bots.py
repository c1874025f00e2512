"""The bots: legal actions only, no hidden cards, reproducible, within budget, hints.

Bots are called the way the web page calls them: ``bots.choose(view, legal,
level, seed, budget)`` and ``bots.hint(view, legal)`` on JSON views; the
arena's fast path (``Bot.act_game``) is checked against the same rules.
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from touti_core import api, bots
from touti_core.api import code_of
from touti_core.bots import BOTS, make_bot
from touti_core.bots.arena import deal_hands
from touti_core.bots.belief.knowledge import from_game, from_view
from touti_core.bots.explain import explain
from touti_core.cards import NAMES
from touti_core.engine import HAND_OVER, GAME_OVER, PLAY, Game, kind_of

from rules_helpers import deal_game, do, play, win_auction

LEVELS = ("random",) + bots.LEVELS
#: The strong bot with small search settings: the invariants (legal actions, hidden
#: cards, hints) hold at any size; its strength is the arena's to measure.
SMALL = "strong:play_worlds=8,exact_worlds=4,bid_worlds=12"


def small(level: str) -> str:
    """``level`` as a bot name, the strong bot with small settings."""
    return SMALL if level == "strong" else level
KINDS = {"bid", "pass", "announce", "signal", "no_signal", "trump", "play", "ghna", "no_ghna",
         "concede", "accept", "refuse", "next_hand"}

RULE_SETS = [
    None,
    {"overtrump": "never"},
    {"overtrump": "not_over_partner", "ghna_cap": "none"},
    {"signals": False, "concession": False},
    {"truthful": False, "ghna_cap": "contract_minus_50"},
]


def walk(state: dict, r: random.Random, steps: int) -> dict:
    """Random legal actions that still reach the play: the auction ends soon."""
    for _ in range(steps):
        if state["phase"] == "game_over":
            break
        legal = api.legal_actions(state)
        if state["phase"] == "auction":
            cheap = [a for a in legal if a["type"] != "bid" or a["amount"] <= 100]
            quiet = [a for a in cheap if a["type"] in ("pass", "announce")]
            legal = quiet if quiet and r.random() < 0.6 else cheap
        state = api.act(state, r.choice(legal))
    return state


def acting_view(state: dict) -> dict:
    seat = state["to_act"] if state["to_act"] is not None else 0
    return api.view(state, seat)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 31), steps=st.integers(0, 70), rules=st.sampled_from(RULE_SETS),
       level=st.sampled_from(LEVELS), bot_seed=st.integers(0, 1000))
def test_bots_choose_only_legal_actions(seed, steps, rules, level, bot_seed):
    state = walk(api.new_game(seed, rules), random.Random(seed), steps)
    if state["phase"] == "game_over":
        return
    view = acting_view(state)
    action = bots.choose(view, view["legal"], level, seed=bot_seed, budget=0.2)
    assert action in view["legal"]
    h = bots.hint(view, view["legal"], bot=SMALL)
    assert h["action"] in view["legal"]
    assert isinstance(h["reason"], str) and h["reason"].endswith(".") and len(h["reason"]) < 220


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2 ** 31), steps=st.integers(0, 70), rules=st.sampled_from(RULE_SETS))
def test_every_legal_action_has_a_hint_sentence(seed, steps, rules):
    """The hint's words hold for any legal action, not only the one a bot picks (the
    sentence is built from the action and the seat's information alone)."""
    state = walk(api.new_game(seed, rules), random.Random(seed), steps)
    if state["phase"] == "game_over":
        return
    view = acting_view(state)
    k = from_view(view)
    for action in view["legal"]:
        sentence = explain(k, code_of(action), {})
        assert sentence[0].isupper() and sentence.endswith(".") and len(sentence) < 220


def test_bots_meet_every_kind_of_decision_and_stay_legal():
    """Whole hands between bots of every level (engine fast path): every kind of
    decision comes up and every action is legal."""
    seen = set()
    for i in range(24):
        rules = RULE_SETS[i % len(RULE_SETS)]
        from touti_core.rules import Rules
        g = Game.new(1000 + i, Rules.from_dict(rules))
        names = [LEVELS[i % 4], LEVELS[(i + 1) % 4]]
        players = [make_bot(small(names[s & 1]), seed=i * 4 + s) for s in range(4)]
        for _ in range(3):
            while g.phase not in (HAND_OVER, GAME_OVER):
                s = g.to_act
                code = players[s].act_game(g, s)
                assert code in g.legal(), (names[s & 1], code, g.legal())
                seen.add(kind_of(code))
                g.apply(code)
            if g.phase == GAME_OVER:
                break
            seen.add("next_hand")
            g.apply(84)
    # concession answers need a proposal first: the random baseline proposes at random
    assert KINDS - seen <= {"accept", "refuse"}, KINDS - seen
    assert {"concede", "ghna", "no_ghna", "signal", "announce", "trump"} <= seen


def test_concession_answers_are_legal_for_every_level():
    s = deal_game({0: "1O 3O 12O 11O 10O 7O 1C 3C 1E 3E"}, dealer=3)
    s = win_auction(s, 0, 70, "O")
    s = play(s, "1O")
    s = do(s, "concede")                      # seat 1 proposes, seat 3 answers
    assert s["phase"] == "concession"
    v = acting_view(s)
    for level in LEVELS:
        assert bots.choose(v, level=level, seed=3)["type"] in ("accept", "refuse")
    assert bots.hint(v)["action"]["type"] in ("accept", "refuse")


def test_choose_is_reproducible_from_a_seed():
    state = walk(api.new_game(5), random.Random(5), 40)
    v = acting_view(state)
    for level in bots.LEVELS:
        a = [bots.choose(v, level=level, seed=11) for _ in range(3)]
        assert a[0] == a[1] == a[2]
        assert bots.choose(v, level=level) == bots.choose(v, level=level)   # seed from the view


def test_a_bot_game_is_reproducible_and_its_record_replays():
    def game(seed: int) -> dict:
        s = api.new_game(seed, {"target": 200})
        rand = random.Random(seed)
        while s["phase"] != "game_over":
            v = acting_view(s)
            level = bots.LEVELS[(v["seat"] + s["hand_number"]) % 3]
            s = api.act(s, bots.choose(v, level=level, seed=rand.randrange(2 ** 31)))
        return s
    a, b = game(21), game(21)
    assert a == b
    rec = api.to_record(a)
    assert api.from_record(rec) == a
    assert a["winner"] in (0, 1)


def test_time_budget_is_respected(monkeypatch):
    # The cap is a wall-clock safety net; a wall-clock bound in a test fails on a busy
    # machine.  Here the clock moves 1 ms each time it is read, so "stops at its budget"
    # is counted in reads of the clock: deterministic on any machine.
    now = [0.0]

    def clock():
        now[0] += 0.001
        return now[0]
    monkeypatch.setattr(time, "perf_counter", clock)
    state = walk(api.new_game(8), random.Random(8), 12)
    while state["phase"] != "play" or len(api.legal_actions(state)) < 3:
        state = walk(state, random.Random(len(state["actions"])), 1)
        if state["phase"] in ("hand_over", "game_over"):
            state = api.act(state, {"type": "next_hand"})
    v = acting_view(state)
    t = time.perf_counter()
    bots.choose(v, level="strong", seed=1)
    assert time.perf_counter() - t > 0.05                 # the deals drawn and searched read the clock
    t = time.perf_counter()
    a = bots.choose(v, level="strong", seed=1, budget=0.01)
    assert time.perf_counter() - t < 0.03
    assert a in v["legal"]
    # an auction decision (the hand is simulated in many deals) stops at its budget too
    g = Game.new(8)
    t = time.perf_counter()
    code = make_bot("strong:bid_worlds=600", seed=1).act_game(g, g.to_act)
    unbudgeted = time.perf_counter() - t
    assert unbudgeted > 0.5                     # 600 deals: hundreds of reads
    bot = make_bot("strong:bid_worlds=600", seed=1, budget=0.02)
    t = time.perf_counter()
    code = bot.act_game(g, g.to_act)
    assert time.perf_counter() - t < 0.05
    assert code in g.legal()


def test_unknown_level_and_bad_input_are_refused():
    v = acting_view(api.new_game(1))
    with pytest.raises(ValueError):
        bots.choose(v, level="perfect")       # measurement only: needs every hand
    with pytest.raises(ValueError):
        bots.choose({"format": "nope"})
    with pytest.raises(ValueError):
        bots.choose(v, legal=[])
    with pytest.raises(ValueError):
        make_bot("strong:no_such_setting=1")
    with pytest.raises(ValueError):
        make_bot("strong:table=1")             # who sits where is not a setting
    for table in (["normal"] * 3, ["normal", "expert", None, None], "normal"):
        with pytest.raises(ValueError, match="table"):
            bots.choose(v, table=table)
        with pytest.raises(ValueError, match="table"):
            bots.hint(v, table=table)


def test_the_table_tells_the_strong_bot_whose_bids_it_can_replay():
    """``choose(..., table=...)``: who plays each seat.  The strong bot replays the
    auction of opponents the table names normal bots, and reads the others (None: a
    person, or not said) by the soft terms.  Here seat 3, a normal bot, opened at 90:
    read softly, seat 0 lets it play; read as the normal bot's 90, whose raises it can
    foresee, it bids over it."""
    cards, dealer = deal_hands(11, 1)
    s = api.new_hand([[NAMES[c] for c in h] for h in cards], dealer)
    n = 0
    while s["to_act"] != 0:
        s = api.act(s, bots.choose(api.view(s, s["to_act"]), level="normal", seed=n))
        n += 1
    v = api.view(s, 0)
    assert v["hand_actions"] == [{"type": "bid", "seat": 3, "amount": 90}]
    for table in (None, [None, None, None, None], [None, "strong", None, "easy"]):
        assert bots.choose(v, level="strong", seed=1, table=table) == {"type": "pass", "seat": 0}
    for table in (["normal"] * 4, [None, "normal", None, "normal"], [None, None, None, "normal"]):
        assert bots.choose(v, level="strong", seed=1, table=table) == \
            {"type": "bid", "seat": 0, "amount": 100}


# ------------------------------------------------------------- hidden cards
def _swap_hidden(g: Game, seat: int, r: random.Random) -> Game | None:
    """The same deal with two unplayed cards of two other seats exchanged, if the
    same public history is still legal with it; else None."""
    others = [s for s in range(4) if s != seat]
    a, b = r.sample(others, 2)
    ha = [c for c in range(40) if g.hands[a] >> c & 1]
    hb = [c for c in range(40) if g.hands[b] >> c & 1]
    if not ha or not hb:
        return None
    x, y = r.choice(ha), r.choice(hb)
    hands, dealer, scores = g.deal
    new = [list(h) for h in hands]
    new[a][new[a].index(x)] = y
    new[b][new[b].index(y)] = x
    g2 = Game.from_deal(new, dealer, g.rules, scores)
    for s, code in g.log:
        if g2.refusal(s if code != 84 else None, code) is not None:
            return None
        g2.apply(code)
    return g2


def test_bots_never_see_hidden_cards():
    """Two games that differ only in cards the seat cannot see: the seat's
    information set is identical, and so is every level's decision."""
    r = random.Random(4)
    checked = 0
    for seed in range(60):
        hands = [[c for c in range(40) if c % 4 == s] for s in range(4)]
        rr = random.Random(seed)
        deck = list(range(40))
        rr.shuffle(deck)
        hands = [deck[10 * s:10 * s + 10] for s in range(4)]
        g = Game.from_deal(hands, seed % 4)
        steps = rr.randrange(5, 45)
        players = [make_bot("normal", seed=s) for s in range(4)]
        for _ in range(steps):
            if g.phase in (HAND_OVER, GAME_OVER):
                break
            g.apply(players[g.to_act].act_game(g, g.to_act))
        if g.phase in (HAND_OVER, GAME_OVER):
            continue
        seat = g.to_act
        g2 = None
        for _ in range(30):
            g2 = _swap_hidden(g, seat, r)
            if g2 is not None and g2.hands != g.hands:
                break
        if g2 is None or g2.hands == g.hands:
            continue
        assert g2.hands[seat] == g.hands[seat] and g2.hands != g.hands
        assert from_game(g, seat) == from_game(g2, seat)
        assert api.view_of(g, seat) == api.view_of(g2, seat)
        for level in ("easy", "normal", "strong"):
            d1 = make_bot(small(level), seed=9).act_game(g, seat)
            d2 = make_bot(small(level), seed=9).act_game(g2, seat)
            assert d1 == d2, level
        checked += 1
    assert checked >= 30


def test_fast_path_and_view_give_the_same_information():
    for seed in range(30):
        g = Game.new(seed)
        players = [make_bot("easy", seed=s) for s in range(4)]
        r = random.Random(seed)
        for _ in range(r.randrange(0, 50)):
            if g.phase in (HAND_OVER, GAME_OVER):
                break
            g.apply(players[g.to_act].act_game(g, g.to_act))
        for seat in range(4):
            assert from_game(g, seat) == from_view(api.view_of(g, seat))


def test_perfect_player_is_for_measurement_only():
    assert "perfect" in BOTS and "perfect" not in bots.LEVELS
    g = Game.new(3)
    p = make_bot("perfect")
    assert p.act_game(g, g.to_act) in g.legal()
    with pytest.raises(ValueError):
        p.act(from_game(g, g.to_act), g.legal())


def test_the_perfect_player_s_sight_can_be_narrowed_for_measurement():
    """In the card play the perfect player's deals are the true one; with peek_play=0 they
    are the strong bot's, drawn from what the seat knows."""
    g = Game.new(11)
    normal = [make_bot("normal", seed=s) for s in range(4)]
    while True:         # a defender to play, a trick or two into the play
        if g.phase == PLAY:
            k = from_game(g, g.to_act)
            if len(k.tricks) >= 1 and not k.declaring(g.to_act):
                break
        g.apply(normal[g.to_act].act_game(g, g.to_act))
    seat = g.to_act

    def deals(name):
        bot = make_bot(name, seed=2)
        bot.hands = list(g.hands)
        return [hands for hands, _ in bot.worlds(k, 12)]

    assert deals("perfect") == [list(g.hands)]
    ws = deals("perfect:peek_play=0")
    assert len(ws) > 1 and all(w[seat] == g.hands[seat] for w in ws)
    for s in range(4):
        if s != seat:
            assert {w[s] for w in ws} != {g.hands[s]}


def test_the_levels_offered_have_one_list_that_the_page_repeats_exactly():
    """bots.LEVELS is levels.LEVELS, named by the bot classes themselves; the page's one
    list of them (web/js/settings.js, ``LEVELS``) is the same, in the same order."""
    import json
    import re
    from pathlib import Path

    from touti_core.bots import levels

    assert bots.LEVELS is levels.LEVELS == tuple(cls.level for cls in levels.OFFERED)
    assert all(BOTS[name] is cls for name, cls in zip(bots.LEVELS, levels.OFFERED))
    js = (Path(__file__).resolve().parent.parent / "web" / "js" / "settings.js").read_text(
        encoding="utf-8")
    found = re.search(r"export const LEVELS = (\[[^\]]*\]);", js)
    assert found, "web/js/settings.js exports LEVELS"
    assert tuple(json.loads(found.group(1))) == bots.LEVELS
