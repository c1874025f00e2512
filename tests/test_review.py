"""The review of a hand (touti_core.bots.review): every card face up, the strong
bot's choice and reason at each of the seat's decisions, and each card's cost
with every hand known, consistent with the perfect player's search."""

from __future__ import annotations

import json
import random

import pytest

from touti_core import api, bots
from touti_core.bots.review import review_hand
from touti_core.cards import NAMES, card_of
from touti_core.engine import GAME_OVER, GHNA, HAND_OVER

TABLE = [None, "normal", "normal", "normal"]


def played(seed: int, hands: int = 1, rules=None) -> dict:
    s = api.new_game(seed, rules)
    r = random.Random(seed)
    done = 0
    while True:
        if s["phase"] in ("hand_over", "game_over"):
            done += 1
            if done == hands or s["phase"] == "game_over":
                return api.to_record(s)
            s = api.act(s, {"type": "next_hand"})
            continue
        v = api.view(s, s["to_act"])
        s = api.act(s, bots.choose(v, level="normal", seed=r.randrange(1000)))


@pytest.mark.parametrize("seed", [3, 11])
def test_a_review_shows_every_card_and_prices_each_of_the_seats_cards(seed):
    record = played(seed)
    r = review_hand(record, 0, 0, TABLE)
    json.dumps(r)
    assert sorted(c for h in r["deal"] for c in h) == sorted(NAMES)
    state = api.from_record(record)
    assert r["result"] == state["last_hand"]
    assert len(r["tricks"]) == 10 or r["result"]["cancelled"] or r["result"]["conceded"]
    lost = 0
    for d in r["decisions"]:
        assert d["action"]["seat"] == 0
        assert d["best"]["code"] and d["best"]["reason"].endswith(".")
        if d["action"]["type"] == "play":
            costs = d["costs"]
            assert min(costs.values()) == 0 and d["cost"] == costs[d["action"]["card"]]
            assert all(isinstance(v, int) and v >= 0 for v in costs.values())
            lost += d["cost"]
    assert r["lost_play"] >= lost and r["lost_auction"] >= 0
    # the same record, the same review
    assert review_hand(record, 0, 0, TABLE) == r


def test_the_costs_of_the_last_tricks_are_exact():
    """In the last tricks the search is exact: a card's cost is the difference of the
    declarers' final points, each side playing its best, with every hand known (checked
    here by a plain minimax on the engine)."""
    checked = 0
    for seed in (5, 7, 9):
        record = played(seed)
        r = review_hand(record, 0, 0, TABLE)
        if r["result"]["cancelled"] or r["result"]["conceded"]:
            continue
        before = len(record["actions"]) - len(r["actions"])
        for d in r["decisions"]:
            if d["action"]["type"] != "play" or len(d["costs"]) < 2 or len(r["tricks"]) - 3 > \
                    sum(1 for a in r["actions"][:d["at"]] if a["type"] == "play") // 4:
                continue
            g = api.game_of(api.from_record({**record, "actions": record["actions"][:before + d["at"]]}))
            values = {}
            for card in d["costs"]:
                h = g.clone()
                h.apply(card_of(card))
                values[card] = minimax(h)
            declaring = g.declarer % 2 == 0
            best = max(values.values()) if declaring else min(values.values())
            assert {c: abs(best - v) for c, v in values.items()} == d["costs"], (seed, d, values)
            checked += 1
    assert checked >= 2


def minimax(g) -> int:
    """The declarers' final points with both sides playing their best, every hand known
    (a Ghna offered is declared: it only adds)."""
    if g.phase in (HAND_OVER, GAME_OVER):
        return g.last_hand["points"][g.declarer % 2]
    legal = g.legal()
    if g.phase == GHNA:
        h = g.clone()
        h.apply(legal[0])
        return minimax(h)
    values = []
    for c in legal:
        if c >= 40:
            continue
        h = g.clone()
        h.apply(c)
        values.append(minimax(h))
    return max(values) if g.to_act % 2 == g.declarer % 2 else min(values)


def test_a_hand_the_record_does_not_hold_is_malformed():
    with pytest.raises(api.IllegalAction) as e:
        review_hand(played(3), 4, 0, TABLE)
    assert e.value.code == "malformed"
