"""Duplicate arena between bots: ``python -m touti_core arena``.

Every *deal* (ten cards to each seat, a dealer) is played twice: once with
side A on seats 0 and 2 and side B on seats 1 and 3, once with the sides
swapped, the cards staying on their seats.  Each play is a whole hand from
the auction (both auctions happen naturally, a hand may be cancelled),
scored with the normal scoring.  Card luck cancels in the pair, so the
paired difference (A's points minus B's points over the two tables, per
hand) measures the bots, not the cards.

Printed: mean score per hand of each side, the paired difference with its
95% confidence interval (normal approximation over the deals), contracts
taken, made and failed (each side's share of the hands, and how many
contracts A takes for each that B takes), game-win rate over games to the
target (the hands of each table chained in deal order, a game ending when a
team reaches the target), and each side's decision time (median, p95, max).
``--json`` writes all of it (and every deal's result with ``--per-deal``).

    python -m touti_core arena --a strong --b normal --deals 1000 --seed 1

A side may be a bot of your own (:mod:`.plugins`, docs/bot-api.md): a wheel,
a ``.py`` file, an importable module or an installed bot, played exactly as
the built-in ones; its decisions that fell back to the built-in bot (an
illegal answer, an exception, over the time cap) are counted and printed.

    python -m touti_core arena --a path/to/touti_example_bot-0.1.0-py3-none-any.whl --b normal

How each bot partners (:func:`partner_play`, replayed from each hand's actions):
the contracts each seat declared, made and failed; how often it took a trick
its partner held (winning it at that moment), by trumping it or going higher,
and how often when a card leaving the partner winning was legal; in how many
hands it bid over its partner's standing bid, and how many of those its team
then declared and failed.  Printed by side, and ``--json`` holds them under
``"as_partner"``.

``--partner`` seats a mixed table: side A is a person's stand-in (``--person``,
the normal bot by default: a player of middling skill), whom the other bots are
told is a person (``table`` None for that seat, as the page tells them), with
``--a`` opposite it; side B is two ``--b`` bots.  Run it with ``--a normal`` on
the same deals to compare with a normal partner.

    python -m touti_core arena --partner --a strong --b normal --deals 200 --seed 1000
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Iterable
from typing import Any

from .. import rng
from ..engine import GAME_OVER, HAND_OVER, TRUMP, Game, kind_of
from ..rules import Rules
from .base import Bot
from .belief.table_memory import Seen, hand_seen
from .belief.table_memory import add as add_seen
from .levels import BOTS, make_bot
from .partners import PARTNER_KEYS, partner_lines, partner_play  # noqa: F401 (arena.PARTNER_KEYS: tests)
from .partners import add_counts as _add_counts

DECISION_KINDS = ("auction", "card", "other")


def _kind(code: int) -> str:
    k = kind_of(code)
    if k == "play":
        return "card"
    if k in ("bid", "pass", "announce", "signal", "no_signal"):
        return "auction"
    return "other"


def deal_hands(seed: int, i: int) -> tuple[list[list[int]], int]:
    """The cards of deal ``i`` by seat, and its dealer (turning from deal to deal)."""
    packets = rng.deal(seed, i)
    dealer = (rng.first_dealer(seed) + i) % 4
    hands: list[list[int]] = [[] for _ in range(4)]
    for j, cs in enumerate(packets):
        hands[(dealer + 1 + j) % 4] = cs
    return hands, dealer


def _make(name: str, seed: int | None = 0, budget: float | None = None,
          cap: float | None = None, isolate: bool = False) -> Bot:
    """A built-in bot by name (:func:`make_bot`), or a bot of your own (:mod:`.plugins`:
    a level ``user:<name>``, a wheel, a file, a module; ``isolate``: in a subprocess
    that sees its seat's view only, :mod:`.isolate`)."""
    if name.partition(":")[0] in BOTS:
        return make_bot(name, seed, budget)
    from . import plugins
    return plugins.make(name, seed, budget, cap, isolate)


def _loaded_problems(players: Iterable[Bot], team_of: dict[int, int]) -> list | None:
    """The loaded bots' decisions and problems of a hand by team (None: no loaded bot)."""
    from .plugins import KINDS, PluginBot
    out: list = [None, None]
    for bot in players:
        if isinstance(bot, PluginBot):
            team = team_of[id(bot)]
            t = out[team] = out[team] or {"decisions": 0, **{k: 0 for k in KINDS}, "first": None}
            t["decisions"] += bot.decisions
            for p in bot.problems:
                t[p["kind"]] += 1
                t["first"] = t["first"] or f"{p['kind']}: {p['detail']}"
    return out if any(out) else None


def _add_loaded(into: dict, side: str, got: dict) -> None:
    """Adds a side's loaded-bot figures (``_loaded_problems``) into ``into[side]``."""
    mine = into.setdefault(side, {k: 0 for k in got if k != "first"} | {"first": None})
    for k, v in got.items():
        if k == "first":
            mine["first"] = mine["first"] or v
        else:
            mine[k] += v


def play_table(hands, dealer, names, seeds, rules: Rules, budget=None, auction=None,
               auction_seeds=None, watch=None, cap=None, isolate=False, told=None, seen=None):
    """Play one hand; ``names[team]`` is the bot on that team (or, four names,
    ``names[seat]`` the bot of each seat).  Returns (result, decision times by kind,
    actions).  ``told``: who the bots are told plays each seat (by default the names;
    None for a seat: a person, as the page says).

    With ``auction`` (a bot name), that bot bids, signals and names trumps at
    every seat, so that both tables of a deal reach the same contract and
    only the card play differs.  ``watch(g, seat, bot, code)``, if given, sees
    each decision before it is applied (for measurements).  ``cap``: the time cap
    of a loaded bot's decision (:data:`.plugins.CAP_SECONDS` by default); the
    result then says, by team, how its decisions went (``"loaded"``); ``isolate``: a
    loaded bot runs in a subprocess of its own (:mod:`.isolate`); ``seen``: what the
    earlier hands of the game showed of each seat (``Bot.seen``)."""
    g = Game.from_deal(hands, dealer, rules)
    seat_names = tuple(names) if len(names) == 4 else tuple(names[s & 1] for s in range(4))
    bots = [_make(seat_names[s], seeds[s], budget, cap, isolate) for s in range(4)]
    bidders = ([_make(auction, auction_seeds[s], budget, cap, isolate) for s in range(4)]
               if auction else bots)
    # every bot knows who plays each seat, as players at a table do (with ``auction``, who bids)
    table = seat_names if told is None else tuple(told)
    for bot in bots:
        bot.table = table
        bot.seen = seen
    if auction:
        for bot in bidders:
            bot.table = (auction,) * 4
    times: tuple[list[float], list[float]] = ([], [])
    kinds: tuple[dict[str, list[float]], ...] = tuple({k: [] for k in DECISION_KINDS}
                                                      for _ in range(2))
    while g.phase not in (HAND_OVER, GAME_OVER):
        s = g.acting
        t0 = time.perf_counter()
        player = (bidders if g.phase <= TRUMP else bots)[s]
        code = player.act_game(g, s)
        dt = time.perf_counter() - t0
        if code not in g.legal():
            raise RuntimeError(f"bot {seat_names[s]} chose an illegal action {code}")
        if watch is not None:
            watch(g, s, player, code)
        times[s & 1].append(dt)
        kinds[s & 1][_kind(code)].append(dt)
        g.apply(code)
    r, log = g.last_hand, g.log
    assert r is not None and log is not None        # a hand played to its end, logged
    result = {"cancelled": r["cancelled"], "declarer": r["declarer"], "contract": r["contract"],
              "made": r["made"], "delta": r["delta"], "points": r["points"],
              "conceded": r.get("conceded", False)}
    team_of = {id(b): s & 1 for s, b in enumerate(bots)}
    team_of.update({id(b): s & 1 for s, b in enumerate(bidders)})
    loaded = _loaded_problems({id(b): b for b in bots + bidders}.values(), team_of)
    if loaded:
        result["loaded"] = loaded
    return result, kinds, [list(a) for a in log]


def seating(a: str, b: str, person: str | None, table: int):
    """Deal table ``table`` (0: side A on team 0, 1: on team 1): each seat's bot, what
    the bots are told of each seat, and each seat's role (``A``, ``B``; with a
    ``person``, side A's seats are ``person``, the stand-in on the team's first seat,
    and ``partner``, ``a`` opposite it)."""
    if person is None:
        names = (a, b) if table == 0 else (b, a)
        seats = tuple(names[s & 1] for s in range(4))
        return seats, seats, tuple("AB"[(s + table) & 1] for s in range(4))
    first = table             # side A's first seat: 0, or 1 when it is team 1
    seats = tuple(person if s == first else a if s == first + 2 else b for s in range(4))
    told = tuple(None if s == first else n for s, n in enumerate(seats))
    roles = tuple("person" if s == first else "partner" if s == first + 2 else "B"
                  for s in range(4))
    return seats, told, roles


def _mix(*xs: int) -> int:
    z = 0x9E3779B97F4A7C15
    for x in xs:
        z = rng.mix64(z ^ rng.mix64(x + 0x632BE59BD9B4E019))
    return z & ((1 << 62) - 1)


def earlier_hands(i: int, seed: int, rules: Rules, names: tuple, told: tuple, roles: tuple,
                  earlier: int, budget=None, auction=None, cap=None, isolate=False) -> Seen | None:
    """What the ``i % earlier`` hands of a game before deal ``i`` showed of how each seat
    plays (:mod:`.belief.table_memory`): hands of their own, played out at the same table,
    side A's seats by the normal bot (a person's seat by its stand-in), side B's by their
    bot, the auction by ``auction`` if given, a loaded bot as in the deal (``cap``,
    ``isolate``); a hand left in the auction or conceded (not every card seen) shows
    nothing.  Only the seats played by the bot that plays them in the deal are counted:
    side A's, played by the normal bot to save time, show nothing of another bot (a
    strong partner, played out, would be read as no normal bot, as nothing shown is).
    None: no earlier hand."""
    seen = None
    stand_in = tuple(n if r in ("B", "person") else "normal" for n, r in zip(names, roles))
    for w in range(i % earlier if earlier else 0):
        hands, dealer = deal_hands(_mix(seed, i, 11), w)
        res, _, log = play_table(hands, dealer, stand_in, [_mix(seed, i, 12 + w, s) for s in range(4)],
                                 rules, budget, auction, [_mix(seed, i, 40 + w, s) for s in range(4)],
                                 cap=cap, isolate=isolate, told=told)
        one = hand_seen(rules, dealer, [0, 0], [(s, c) for s, c in log], res)
        if one is not None:
            seen = add_seen(seen, tuple(x if stand_in[s] == names[s] else None
                                        for s, x in enumerate(one)))
    return seen


def play_deal(args: tuple) -> dict:
    """Both tables of deal ``i``: A on team 0 then A on team 1.  ``args``: ``(i, a, b,
    seed, rules, budget[, auction[, cap[, isolate[, person[, earlier]]]]])``; with
    ``person``, side A is that bot, told to the others as a person, with ``a`` as its
    partner (:func:`seating`); with ``earlier``, the bots have seen the hands of the game
    before it (:func:`earlier_hands`).  Besides the tables, ``"as_partner"``: the
    :func:`partner_play` counts summed by role."""
    i, a, b, seed, rules_dict, budget = args[:6]
    auction = args[6] if len(args) > 6 else None
    cap = args[7] if len(args) > 7 else None
    isolate = bool(args[8]) if len(args) > 8 else False
    person = args[9] if len(args) > 9 else None
    earlier = args[10] if len(args) > 10 else 0
    rules = Rules.from_dict(rules_dict)
    hands, dealer = deal_hands(seed, i)
    out = {"deal": i, "tables": [], "times": {"A": {k: [] for k in DECISION_KINDS},
                                             "B": {k: [] for k in DECISION_KINDS}},
           "as_partner": {}}
    for table in (0, 1):
        names, told, roles = seating(a, b, person, table)
        seeds = [_mix(seed, i, table, s) for s in range(4)]
        seen = earlier_hands(i, seed, rules, names, told, roles, earlier, budget, auction, cap,
                             isolate)
        res, kinds, actions = play_table(hands, dealer, names, seeds, rules, budget, auction,
                                         [_mix(seed, i, 7, s) for s in range(4)], cap=cap,
                                         isolate=isolate, told=told, seen=seen)
        for seat, got in enumerate(partner_play(hands, dealer, rules, actions)):
            _add_counts(out["as_partner"], roles[seat], got)
        side_of_team = ("A", "B") if table == 0 else ("B", "A")
        res["team_of_A"] = 0 if table == 0 else 1
        for team, got in enumerate(res.pop("loaded", None) or ()):
            if got:
                _add_loaded(out.setdefault("loaded", {}), side_of_team[team], got)
        out["tables"].append(res)
        for team in (0, 1):
            for k, v in kinds[team].items():
                out["times"][side_of_team[team]][k].extend(v)
    return out


# ------------------------------------------------------------------ stats
def mean_ci(xs: list) -> tuple[float, float, float, float]:
    """Mean, standard deviation, and the 95% confidence interval of the mean."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0, 0.0
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    return m, sd, m - h, m + h


def wilson_ci(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``k / n``: it stays within [0, 1]
    and does not shrink to a point when every game goes one way."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def quantile(xs: list, q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


def games_to_target(deals: list, target: int) -> dict:
    """Chain the hands of each table in deal order into games to ``target``."""
    wins = {"A": 0, "B": 0}
    for table in (0, 1):
        scores = {"A": 0, "B": 0}
        for d in deals:
            t = d["tables"][table]
            ta = t["team_of_A"]
            scores["A"] += t["delta"][ta]
            scores["B"] += t["delta"][1 - ta]
            if scores["A"] >= target or scores["B"] >= target:
                wins["A" if scores["A"] >= target else "B"] += 1
                scores = {"A": 0, "B": 0}
    n = wins["A"] + wins["B"]
    return {"games": n, "wins_A": wins["A"], "wins_B": wins["B"],
            "rate_A": wins["A"] / n if n else 0.0, "ci95_A": list(wilson_ci(wins["A"], n))}


def summarize(deals: list, a: str, b: str, target: int = 600) -> dict:
    deals = sorted(deals, key=lambda d: d["deal"])
    per_hand: dict[str, list[int]] = {"A": [], "B": []}
    diffs = []
    contracts: dict[str, dict[str, Any]] = {s: {"taken": 0, "made": 0, "failed": 0, "conceded": 0, "amounts": []} for s in "AB"}
    cancelled = 0
    for d in deals:
        tot = {"A": 0, "B": 0}
        for t in d["tables"]:
            ta = t["team_of_A"]
            sa, sb = t["delta"][ta], t["delta"][1 - ta]
            per_hand["A"].append(sa)
            per_hand["B"].append(sb)
            tot["A"] += sa
            tot["B"] += sb
            if t["cancelled"]:
                cancelled += 1
                continue
            side = "A" if (t["declarer"] & 1) == ta else "B"
            c = contracts[side]
            c["taken"] += 1
            c["amounts"].append(t["contract"])
            c["made" if t["made"] else "failed"] += 1
            if t["conceded"]:
                c["conceded"] += 1
        diffs.append((tot["A"] - tot["B"]) / 2)
    m, sd, lo, hi = mean_ci(diffs)
    times: dict[str, dict[str, Any]] = {}
    for side in "AB":
        alls = [x for d in deals for k in DECISION_KINDS for x in d["times"][side][k]]
        entry: dict[str, Any] = {"decisions": len(alls), "median_ms": 1e3 * quantile(alls, 0.5),
                 "p95_ms": 1e3 * quantile(alls, 0.95), "max_ms": 1e3 * max(alls, default=0.0)}
        for k in DECISION_KINDS:
            xs = [x for d in deals for x in d["times"][side][k]]
            entry[k] = {"decisions": len(xs), "median_ms": 1e3 * quantile(xs, 0.5),
                        "p95_ms": 1e3 * quantile(xs, 0.95)}
        times[side] = entry
    for side in "AB":
        am = contracts[side].pop("amounts")
        contracts[side]["mean_contract"] = sum(am) / len(am) if am else None
        contracts[side]["share"] = contracts[side]["taken"] / (2 * len(deals)) if deals else 0.0
    taken_b = contracts["B"]["taken"]
    extra: dict[str, Any] = {}
    for d in deals:
        for side, got in d.get("loaded", {}).items():
            _add_loaded(extra.setdefault("loaded", {}), side, got)   # a bot of one's own, by side
    as_partner: dict[str, dict[str, int]] = {}
    for d in deals:
        for role, got in d.get("as_partner", {}).items():
            _add_counts(as_partner, role, got)
            if role in ("person", "partner"):
                _add_counts(as_partner, "A", got)        # side A: both of its seats
    if as_partner:
        extra["as_partner"] = {r: as_partner[r] for r in ("A", "person", "partner", "B")
                               if r in as_partner}
    return {
        "A": a, "B": b, "deals": len(deals), "hands": 2 * len(deals), "cancelled": cancelled,
        "mean_per_hand": {s: sum(v) / len(v) if v else 0.0 for s, v in per_hand.items()},
        "paired_difference": {"mean": m, "sd": sd, "ci95": [lo, hi],
                              "note": "A minus B, points per hand, averaged over each deal's two tables"},
        "contracts": contracts,
        # how many contracts side A takes for one that side B takes (None: B took none)
        "contracts_ratio": contracts["A"]["taken"] / taken_b if taken_b else None,
        "games": games_to_target(deals, target),
        "decision_time": times,
        **extra,
    }


def report(s: dict) -> str:
    pdiff = s["paired_difference"]
    lines = [
        f"duplicate arena: A = {s['A']}, B = {s['B']}; {s['deals']} deals, {s['hands']} hands "
        f"({s['cancelled']} cancelled)" + (f"; auction by {s['auction']} at every seat (card play compared)"
                                          if s.get("auction") else ""),
        f"mean score per hand: A {s['mean_per_hand']['A']:.2f}, B {s['mean_per_hand']['B']:.2f}",
        f"paired difference A-B per hand: {pdiff['mean']:+.2f} (sd {pdiff['sd']:.1f} per deal), "
        f"95% CI [{pdiff['ci95'][0]:+.2f}, {pdiff['ci95'][1]:+.2f}]",
    ]
    for side in "AB":
        c = s["contracts"][side]
        mc = f"{c['mean_contract']:.1f}" if c["mean_contract"] else "-"
        lines.append(f"contracts {side} ({s[side]}): taken {c['taken']}, made {c['made']}, "
                     f"failed {c['failed']}, conceded by the defence {c['conceded']}, mean contract {mc}")
    ca, cb = s["contracts"]["A"], s["contracts"]["B"]
    ratio = s.get("contracts_ratio")
    lines.append(f"contracts taken of {s['hands']} hands: A {ca['taken']} ({100 * ca.get('share', 0):.1f}%), "
                 f"B {cb['taken']} ({100 * cb.get('share', 0):.1f}%), cancelled {s['cancelled']}; "
                 f"A takes {'-' if ratio is None else f'{ratio:.2f}'} for each contract B takes")
    for side, got in sorted(s.get("loaded", {}).items()):
        fell = sum(got.get(k, 0) for k in ("illegal", "error", "slow", "hung"))
        lines.append(f"loaded bot {side} ({s[side]}): {fell} of {got['decisions']} decisions fell back "
                     f"to the normal bot (illegal {got['illegal']}, exception {got['error']}, "
                     f"too slow {got['slow']}, no answer {got.get('hung', 0)})"
                     + (f"; first: {got['first']}" if got["first"] else ""))
    if s.get("isolated"):
        lines.append("bots of your own ran isolated: each in a process of its own that saw "
                     "only its seat's view")
    elif s.get("loaded"):
        lines.append("bots of your own ran in the arena's own process (--isolate runs each in a "
                     "process of its own that sees only its seat's view)")
    lines += partner_lines(s)
    gm = s["games"]
    lines.append(f"games to the target: {gm['games']}; A won {gm['wins_A']} "
                 f"({100 * gm['rate_A']:.1f}%, 95% CI {100 * gm['ci95_A'][0]:.1f}-{100 * gm['ci95_A'][1]:.1f}%)")
    for side in "AB":
        t = s["decision_time"][side]
        lines.append(f"decision time {side} ({s[side]}): median {t['median_ms']:.2f} ms, "
                     f"p95 {t['p95_ms']:.2f} ms, max {t['max_ms']:.1f} ms over {t['decisions']} decisions"
                     f" (cards: median {t['card']['median_ms']:.2f}, p95 {t['card']['p95_ms']:.2f}; "
                     f"auction: median {t['auction']['median_ms']:.2f}, p95 {t['auction']['p95_ms']:.2f})")
    return "\n".join(lines)


def run(a: str, b: str, deals: int, seed: int = 1, workers: int | None = None,
        rules: dict | None = None, budget: float | None = None, progress=None,
        auction: str | None = None, cap: float | None = None, isolate: bool = False,
        person: str | None = None, earlier: int = 0) -> dict:
    """Play the arena and return the summary (with every deal under ``"per_deal"``).
    ``a``, ``b``, ``auction``: built-in bots or bots of one's own (loaded here, once,
    before the worker processes start); ``cap``: a loaded bot's time cap a decision;
    ``isolate``: a bot of one's own runs in a subprocess that sees its seat's view
    only (:mod:`.isolate`; the summary says so under ``"isolated"``); ``person``: a
    mixed table, side A that bot (told as a person) with ``a`` as its partner
    (:func:`seating`; the summary names it under ``"person"``); ``earlier``: deal ``i``
    is hand ``i % earlier + 1`` of a game, the bots having seen the hands before it
    (:func:`earlier_hands`; under ``"earlier"``)."""
    for name in (a, b) + ((person,) if person else ()):
        _make(name, isolate=isolate)    # unknown names and settings fail here, before any work
    r = Rules.from_dict(rules)
    if auction:
        _make(auction, isolate=isolate)
    if earlier < 0:
        raise ValueError("earlier cannot be negative")
    jobs = [(i, a, b, seed, r.to_dict(), budget, auction, cap, isolate, person, earlier)
            for i in range(deals)]
    workers = workers or os.cpu_count() or 1
    results = []
    t0 = time.perf_counter()
    if workers <= 1:
        it: Iterable[dict] = map(play_deal, jobs)
        pool = None
    else:
        import multiprocessing as mp
        pool = mp.get_context("spawn" if sys.platform == "win32" else "fork").Pool(workers)
        it = pool.imap_unordered(play_deal, jobs, chunksize=max(1, min(8, deals // (workers * 8) or 1)))
    try:
        for res in it:
            results.append(res)
            if progress and len(results) % max(1, deals // 20) == 0:
                progress(f"{len(results)}/{deals} deals, {time.perf_counter() - t0:.0f} s")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    s = summarize(results, a, b, r.target)
    s["seed"] = seed
    s["auction"] = auction
    if person:
        s["person"] = person
    if earlier:
        s["earlier"] = earlier
    s["isolated"] = isolate
    s["workers"] = workers
    s["wall_seconds"] = time.perf_counter() - t0
    s["per_deal"] = sorted(({"deal": d["deal"], "tables": d["tables"]} for d in results),
                           key=lambda d: d["deal"])
    return s


def _finite(x: Any) -> Any:
    """A summary as JSON (an interval of a single deal is unbounded: null)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_finite(v) for v in x]
    return x


def stepwise(a: str, b: str, deals: int, seed: int) -> dict:
    """An arena the page plays one deal a request (:func:`step`): ``a`` against ``b``
    on ``deals`` deals of ``seed`` (both checked here)."""
    for name in (a, b):
        _make(name)
    return {"a": a, "b": b, "deals": deals, "seed": seed, "results": []}


def step(ar: dict) -> dict:
    """Plays the next deal of a :func:`stepwise` arena: the deal's paired difference
    and the summary so far (JSON, as the page shows it)."""
    i = len(ar["results"])
    if i < ar["deals"]:
        ar["results"].append(play_deal((i, ar["a"], ar["b"], ar["seed"], Rules().to_dict(), None)))
    s = summarize(ar["results"], ar["a"], ar["b"], Rules().target)
    last = ar["results"][-1]
    diff = sum(t["delta"][t["team_of_A"]] - t["delta"][1 - t["team_of_A"]] for t in last["tables"]) / 2
    keys = ("A", "B", "deals", "hands", "cancelled", "mean_per_hand", "paired_difference",
            "contracts", "games")
    return {"played": len(ar["results"]), "deals": ar["deals"],
            "deal": {"deal": last["deal"], "difference": diff},
            "summary": _finite({k: s[k] for k in keys if k in s} | {"loaded": s.get("loaded", {})})}


def main(argv: list[str] | None = None) -> int:
    import argparse         # here: the page's worker imports this module for its arena, not its command line
    p = argparse.ArgumentParser(prog="python -m touti_core arena",
                                description="Duplicate arena: every deal played twice, teams swapped.")
    p.add_argument("--a", default="strong", help=f"side A's bot: {', '.join(BOTS)} (default strong), "
                   "or a bot of your own: a .whl, a .py file, a module or an installed bot "
                   "(docs/bot-api.md)")
    p.add_argument("--b", default="normal", help="side B's bot (default normal)")
    p.add_argument("--deals", type=int, default=100, help="number of deals (each played twice)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    p.add_argument("--workers", type=int, default=0, help="worker processes (default: all cores)")
    p.add_argument("--budget", type=float, default=None, help="time cap per decision, seconds")
    p.add_argument("--cap", type=float, default=None,
                   help="a loaded bot's time cap per decision, seconds (default 2): a slower "
                        "decision is reported and the normal bot decides instead")
    p.add_argument("--isolate", action="store_true",
                   help="run a bot of your own in a subprocess of its own that sees only its "
                        "seat's view (it cannot read the other hands); its answers are checked")
    p.add_argument("--auction", default=None,
                   help="a bot that bids and names trumps at every seat (both tables then reach "
                        "the same contract: compares the card play alone)")
    p.add_argument("--partner", action="store_true",
                   help="a mixed table: side A is a person's stand-in (--person; the bots are "
                        "told a person plays it) with --a as its partner, against two --b bots "
                        "(run it with --a normal on the same deals to compare with a normal "
                        "partner)")
    p.add_argument("--person", default="normal",
                   help="with --partner, the bot that stands in for the person (default normal)")
    p.add_argument("--earlier", type=int, default=0,
                   help="deal i is hand i %% N + 1 of a game: the bots have seen the hands before "
                        "it, played out at the same table (side A's seats by the normal bot, "
                        "counted only where the normal bot plays them in the deal), "
                        "and may read how each seat plays from them (the strong bot's learn)")
    p.add_argument("--rules", default=None, help="rule set as JSON, e.g. '{\"overtrump\": \"never\"}'")
    p.add_argument("--json", default=None, help="write the summary as JSON to this file ('-' = stdout)")
    p.add_argument("--per-deal", action="store_true", help="include every deal's result in the JSON")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    args = p.parse_args(argv)
    try:
        rules = json.loads(args.rules) if args.rules else None
        s = run(args.a, args.b, args.deals, args.seed, args.workers or None, rules, args.budget,
                None if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True)),
                args.auction, args.cap, args.isolate, args.person if args.partner else None,
                args.earlier)
    except (ValueError, json.JSONDecodeError) as e:
        print(f"arena: {e}", file=sys.stderr)
        return 2
    if not args.per_deal:
        s.pop("per_deal")
    if args.json == "-":
        print(json.dumps(s, indent=1))
    else:
        print(report(s))
        extra = (f" --auction {args.auction}" if args.auction else "") + (" --isolate" if args.isolate else "")
        if args.partner:
            extra += " --partner" + (f" --person {args.person}" if args.person != "normal" else "")
        if args.earlier:
            extra += f" --earlier {args.earlier}"
        print(f"({s['wall_seconds']:.0f} s with {s['workers']} workers; command: python -m touti_core "
              f"arena --a {args.a} --b {args.b} --deals {args.deals} --seed {args.seed}{extra})")
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(s, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
