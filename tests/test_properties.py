"""Invariants over random games, through the JSON API and through the engine."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from touti_core import api
from touti_core.cards import NAMES, POINTS, RANK, SUIT, card_of
from touti_core.engine import GAME_OVER, GHNA, HAND_OVER, PLAY, Game
from touti_core.rules import Rules

ALL_CARDS = set(NAMES)


def pick(rng: random.Random, legal: list[dict]) -> dict:
    """A random legal action, with the auction and concessions kept realistic."""
    kinds = {a["type"] for a in legal}
    if "pass" in kinds and rng.random() < 0.6:
        return next(a for a in legal if a["type"] == "pass")
    bids = [a for a in legal if a["type"] == "bid"]
    if bids and rng.random() < 0.8:
        return bids[0] if rng.random() < 0.7 else rng.choice(bids[:4])
    if "concede" in kinds and rng.random() < 0.97:
        legal = [a for a in legal if a["type"] != "concede"]
    return rng.choice(legal)


def random_game(seed: int, rules: dict | None = None, max_actions: int = 5000):
    """Yield (state, action, new_state) along a random game."""
    rng = random.Random(seed)
    s = api.new_game(seed, rules)
    for _ in range(max_actions):
        if s["phase"] == "game_over":
            return
        a = pick(rng, api.legal_actions(s))
        s2 = api.act(s, a)
        yield s, a, s2
        s = s2


def cards_of_state(s: dict) -> list[str]:
    out = [c for h in s["hands"] for c in h]
    out += [t["card"] for t in s["trick"]]
    out += [t["card"] for tr in s["tricks"] for t in tr["cards"]]
    return out


def strings_in(x) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(strings_in(v) for v in x.values())) if x else set()
    if isinstance(x, list):
        return set().union(*(strings_in(v) for v in x)) if x else set()
    return set()


small_rules = st.sampled_from([
    None,
    {"target": 200},
    {"target": 300, "ghna_cap": "none", "overtrump": "never"},
    {"target": 200, "ghna_cap": "contract_minus_50", "overtrump": "not_over_partner",
     "truthful": False},
    {"target": 200, "signals": False, "concession": False},
])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 40), rules=small_rules)
def test_invariants_of_random_games(seed, rules):
    target = Rules.from_dict(rules).target
    hands_seen = 0
    last = None
    for s, a, s2 in random_game(seed, rules):
        # act never modifies its input
        before = copy.deepcopy(s)
        api.act(s, a)
        assert s == before
        # 40 cards conserved, never duplicated
        cards = cards_of_state(s2)
        assert len(cards) == 40 and set(cards) == ALL_CARDS
        # the state is plain JSON and is accepted back
        assert json.loads(json.dumps(s2)) == s2
        if len(s2["history"]) > len(s["history"]):
            hands_seen += 1
            r = s2["last_hand"]
            assert s2["history"][-1] == r
            if r["cancelled"]:
                assert r["delta"] == [0, 0] and r["points"] == [0, 0]
            else:
                ghna_total = sum(g["value"] for g in r["ghna"])
                # card points + 9a3a = 130; Ghna only for the declaring team, under the cap
                assert sum(r["points"]) - ghna_total == 130
                assert ghna_total <= Rules.from_dict(rules).cap(r["contract"])
                assert all(g["seat"] % 2 == r["declarer"] % 2 for g in r["ghna"])
                # exactly one team scores, the contract amount
                assert sorted(r["delta"]) == [0, r["contract"]]
                winner_team = r["declarer"] % 2 if r["made"] else 1 - r["declarer"] % 2
                assert r["delta"][winner_team] == r["contract"]
                assert r["made"] == (r["points"][r["declarer"] % 2] >= r["contract"])
            assert [x + d for x, d in zip(s["scores"], r["delta"])] == s2["scores"]
            # the game ends exactly when a team reaches the target
            reached = max(s2["scores"]) >= target
            assert (s2["phase"] == "game_over") == reached
            if reached:
                assert s2["scores"][s2["winner"]] >= target
            else:
                assert s2["phase"] == "hand_over" and s2["winner"] is None
        if a["type"] == "next_hand":
            # the deal passes to the next player, also after a cancelled hand
            assert s2["dealer"] == (s["dealer"] + 1) % 4
            assert s2["to_act"] == s2["forehand"] == (s2["dealer"] + 1) % 4
        last = s2
    assert last is not None and last["phase"] == "game_over" and hands_seen >= 1


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2 ** 40))
def test_views_leak_no_hidden_card(seed):
    for _, _, s in random_game(seed, {"target": 150}):
        played = {t["card"] for t in s["trick"]} | {
            t["card"] for tr in s["tricks"] for t in tr["cards"]}
        for seat in range(4):
            v = api.view(s, seat)
            seen_cards = strings_in(v) & ALL_CARDS
            assert seen_cards <= set(s["hands"][seat]) | played
            assert "seed" not in v and "deal" not in v
            assert v["hand_counts"] == [len(h) for h in s["hands"]]
            assert all(h is None for i, h in enumerate(v["hands"]) if i != seat)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2 ** 40))
def test_records_replay_to_the_identical_state(seed):
    states = [s2 for _, _, s2 in random_game(seed, {"target": 200})]
    for s in states[:: max(1, len(states) // 6)] + states[-1:]:
        rec = api.to_record(s)
        assert json.loads(json.dumps(rec)) == rec
        api.clear_cache()          # force a real replay, not the cache
        assert api.from_record(rec) == s
        api.clear_cache()
        restored = json.loads(json.dumps(s))
        assert api.legal_actions(restored) == api.legal_actions(s)


# ---------------------------------------------------------------------------
# A second, naive implementation of the play rules (docs/rules.md 6), written
# straight from the text with rank lists, checked against the engine's masks.
ORDER = [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]


def beats(a: str, b: str) -> bool:
    """Same suit: is a stronger than b?"""
    ra, rb = int(a[:-1]), int(b[:-1])
    return ORDER.index(ra) < ORDER.index(rb)


def reference_legal(hand: list[str], trick: list[tuple[int, str]], trump: str,
                    seat: int, overtrump: str) -> set[str]:
    if not trick:
        return set(hand)
    led = trick[0][1][-1]
    cards = [c for _, c in trick]
    trumps_in = [c for c in cards if c[-1] == trump]
    same = [c for c in hand if c[-1] == led]
    if same:
        if led != trump and trumps_in:
            return set(same)
        top = cards[0]
        for c in cards:
            if c[-1] == led and beats(c, top):
                top = c
        higher = [c for c in same if beats(c, top)]
        return set(higher or same)
    mine = [c for c in hand if c[-1] == trump]
    if mine:
        if not trumps_in:
            return set(mine)
        top = trumps_in[0]
        for c in trumps_in:
            if beats(c, top):
                top = c
        # who is winning: the highest trump
        winner = next(s for s, c in trick if c == top)
        must = overtrump == "always" or (overtrump == "not_over_partner" and winner != (seat + 2) % 4)
        higher = [c for c in mine if beats(c, top)]
        return set(higher or mine) if must else set(mine)
    return set(hand)


def reference_winner(trick: list[tuple[int, str]], trump: str) -> int:
    led = trick[0][1][-1]
    best_seat, best = trick[0]
    for s, c in trick[1:]:
        if c[-1] == best[-1] and beats(c, best):
            best_seat, best = s, c
        elif c[-1] == trump and best[-1] != trump:
            best_seat, best = s, c
    assert best[-1] in (led, trump)
    return best_seat


def test_play_rules_match_a_naive_reference_on_many_random_hands():
    rng = random.Random(2024)
    positions = 0
    for i in range(600):
        rules = Rules(overtrump=("always", "not_over_partner", "never")[i % 3])
        deck = list(range(40))
        rng.shuffle(deck)
        g = Game.from_deal([deck[k * 10:k * 10 + 10] for k in range(4)], i % 4, rules)
        g.setup_play(rng.randrange(4), 100, rng.randrange(4))
        trump = "OCEB"[g.trump]
        while g.phase in (PLAY, GHNA):
            if g.phase == GHNA:
                g.apply(rng.choice(g.legal()))
                continue
            seat = g.to_act
            hand = [NAMES[c] for c in range(40) if g.hands[seat] >> c & 1]
            trick = [((g.leader + k) % 4, NAMES[c]) for k, c in enumerate(g.trick)]
            legal = {NAMES[c] for c in range(40) if g.legal_cards() >> c & 1}
            assert legal == reference_legal(hand, trick, trump, seat, rules.overtrump), (hand, trick, trump)
            positions += 1
            c = card_of(rng.choice(sorted(legal)))
            n = len(g.tricks)
            g.play(c)
            if len(g.tricks) > n:
                assert g.tricks[-1][2] == reference_winner(trick + [(seat, NAMES[c])], trump)
        assert g.phase in (HAND_OVER, GAME_OVER)
        assert g.won[0] + g.won[1] == 130
    assert positions == 600 * 40


def test_card_tables():
    assert sum(POINTS) == 120
    for s in range(4):
        ranks = [RANK[c] for c in range(40) if SUIT[c] == s]
        assert ranks[::-1] == ORDER     # weakest first inside a suit


# ---------------------------------------------------------------------------
# Tampered states: any change to any field is refused with bad_state.
def leaves(x, path=()):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from leaves(v, path + (k,))
    elif isinstance(x, list) and x:
        for i, v in enumerate(x):
            yield from leaves(v, path + (i,))
    else:
        yield path


def set_path(x, path, value):
    for k in path[:-1]:
        x = x[k]
    x[path[-1]] = value


junk = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.text(max_size=4),
                 st.sampled_from(["1O", "12E", "play", "auction", "O"]),
                 st.lists(st.integers(0, 3), max_size=3), st.floats(allow_nan=False))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 1000), step=st.integers(0, 400), which=st.integers(0, 10 ** 6), value=junk)
def test_any_tampered_field_is_refused_as_bad_state(seed, step, which, value):
    states = [s2 for _, _, s2 in random_game(seed, {"target": 150}, max_actions=step + 1)]
    state = states[-1]
    paths = list(leaves(state))
    path = paths[which % len(paths)]
    bad = copy.deepcopy(state)
    set_path(bad, path, value)
    if bad == state:
        return
    try:
        api.legal_actions(bad)
    except api.IllegalAction as e:
        assert e.code == "bad_state", (path, value, e.code, e.message)
    else:
        # Only a change of the rules themselves can give another genuine game
        # (the same actions are legal under the new rules): it must then be
        # exactly the state its own record replays to.
        assert path[0] == "rules", f"tampered state accepted: {path} = {value!r}"
        api.clear_cache()
        assert api.from_record(api.to_record(bad)) == bad
        return
    for call in (lambda s: api.view(s, 0), api.to_record,
                 lambda s: api.act(s, {"type": "next_hand"})):
        try:
            call(bad)
        except api.IllegalAction as e:
            assert e.code == "bad_state", (path, value, e.code, e.message)
        else:
            raise AssertionError(f"tampered state accepted: {path} = {value!r}")
