"""The same seed gives the same decisions on every device: the strong bot's work
is sized by counts (deals, playouts), not by the time it takes, so a slow
phone (a clock that runs fast, here ten times) decides exactly as a clock
that never moves.  The wall-clock cap is only a safety net."""

from __future__ import annotations

import random
import time

from touti_core import api, bots
from touti_core.api import code_of
from touti_core.bots import make_bot
from touti_core.bots.belief.knowledge import from_view
from touti_core.bots.settings import StrongSettings


def positions(n_auction: int, n_play: int) -> list:
    """Views of the seat to act: auction decisions of several deals, then card decisions."""
    out_a, out_p = [], []
    seed = 40
    while len(out_a) < n_auction or len(out_p) < n_play:
        seed += 1
        r = random.Random(seed)
        s = api.new_game(seed)
        while s["phase"] not in ("hand_over", "game_over"):
            v = api.view(s, s["to_act"])
            if s["phase"] == "auction" and len(out_a) < n_auction and len(v["legal"]) > 2:
                out_a.append(v)
            elif s["phase"] == "play" and len(out_p) < n_play and len(v["legal"]) > 2 \
                    and len(s["tricks"]) in (1, 4):
                out_p.append(v)
            s = api.act(s, bots.choose(v, level="normal", seed=r.randrange(1000)))
    return out_a + out_p


REAL = time.perf_counter


def scaled(rate: float):
    """A clock that runs ``rate`` times faster than the real one (a slower device)."""
    t0 = REAL()
    return lambda: t0 + rate * (REAL() - t0)


#: The strong bot with small settings: the work is sized by counts at any size
SMALL = "strong:play_worlds=8,exact_worlds=4,bid_worlds=12"


def decide(view: dict, clock, monkeypatch, level: str = SMALL) -> dict:
    monkeypatch.setattr(time, "perf_counter", clock)
    try:
        bot = make_bot(level, seed=7)
        k = from_view(view)
        codes = [code_of(a) for a in view["legal"]]
        return view["legal"][codes.index(bot.act(k, codes))]
    finally:
        monkeypatch.setattr(time, "perf_counter", REAL)


def test_decisions_do_not_depend_on_the_speed_of_the_device(monkeypatch):
    views = positions(24, 8)
    frozen = lambda: 0.0          # noqa: E731  (a clock that never moves: pure counts)
    for v in views:
        assert decide(v, scaled(10.0), monkeypatch) == decide(v, frozen, monkeypatch), \
            (v["phase"], v["seat"], v["hand"])


def test_the_safety_cap_still_stops_a_runaway_decision(monkeypatch):
    v = positions(1, 0)[0]
    calls = []

    def racing() -> float:        # each look at the clock is a minute later
        calls.append(1)
        return 60.0 * len(calls)
    monkeypatch.setattr(time, "perf_counter", racing)
    bot = make_bot("strong:bid_worlds=600", seed=7)
    k = from_view(v)
    codes = [code_of(a) for a in v["legal"]]
    code = bot.act(k, codes)
    monkeypatch.setattr(time, "perf_counter", REAL)
    assert code in codes and len(calls) < 40    # 600 deals would look at it 600 times
    assert StrongSettings().default_budget >= 10


def test_a_salted_strong_bot_draws_other_deals_and_the_same_ones_each_time():
    """``salt`` (measurement only) re-rolls the bot's own luck: another stream of deals,
    still a function of the seed; 0 is the bot as it is."""
    k = from_view(positions(0, 1)[0])

    def draws(level: str) -> list:
        return make_bot(level, seed=7).worlds(k, 8)
    salted = draws(SMALL + ",salt=3")
    assert salted == draws(SMALL + ",salt=3")
    assert salted != draws(SMALL) and salted != draws(SMALL + ",salt=4")
    assert draws(SMALL + ",salt=0") == draws(SMALL)
    # without a seed the draws stay fresh: a salt must not make them fixed
    unseeded = [make_bot(SMALL + ",salt=3", seed=None).worlds(k, 8) for _ in range(2)]
    assert unseeded[0] != unseeded[1]
