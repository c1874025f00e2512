"""The duplicate arena (touti_core.bots.arena): fair deals, right statistics, reproducible."""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import pathlib
import sys

import pytest

from touti_core.bots import arena
from touti_core.bots.belief.auction_reading import sigmoid
from touti_core.engine import AUCTION, TRUMP
from touti_core.__main__ import main as cli_main


def test_each_deal_is_played_twice_with_the_teams_swapped():
    hands, dealer = arena.deal_hands(3, 5)
    assert sorted(c for h in hands for c in h) == list(range(40))
    d = arena.play_deal((5, "easy", "random", 3, {}, None))
    t0, t1 = d["tables"]
    assert (t0["team_of_A"], t1["team_of_A"]) == (0, 1)
    for t in d["tables"]:
        assert t["cancelled"] or sum(t["delta"]) == t["contract"]


def test_arena_statistics_on_a_tiny_run():
    s = arena.run("easy", "random", deals=6, seed=2, workers=1)
    assert s["deals"] == 6 and s["hands"] == 12
    per = s["per_deal"]
    assert [d["deal"] for d in per] == list(range(6))
    # mean score per hand of each side, recomputed from the raw results
    a = [t["delta"][t["team_of_A"]] for d in per for t in d["tables"]]
    b = [t["delta"][1 - t["team_of_A"]] for d in per for t in d["tables"]]
    assert math.isclose(s["mean_per_hand"]["A"], sum(a) / 12)
    assert math.isclose(s["mean_per_hand"]["B"], sum(b) / 12)
    # paired difference: per deal, (A - B) over its two tables, halved
    diffs = [sum(t["delta"][t["team_of_A"]] - t["delta"][1 - t["team_of_A"]] for t in d["tables"]) / 2
             for d in per]
    m = sum(diffs) / 6
    sd = math.sqrt(sum((x - m) ** 2 for x in diffs) / 5)
    pd = s["paired_difference"]
    assert math.isclose(pd["mean"], m) and math.isclose(pd["sd"], sd)
    assert math.isclose(pd["ci95"][0], m - 1.96 * sd / math.sqrt(6))
    assert math.isclose(pd["ci95"][1], m + 1.96 * sd / math.sqrt(6))
    assert math.isclose(pd["mean"], s["mean_per_hand"]["A"] - s["mean_per_hand"]["B"])
    # contracts: every hand is cancelled or taken by one side, made or failed
    c = s["contracts"]
    assert c["A"]["taken"] + c["B"]["taken"] + s["cancelled"] == 12
    for side in "AB":
        assert c[side]["made"] + c[side]["failed"] == c[side]["taken"]
        # each side's share of the hands, from the per-deal declarers
        taken = sum(1 for d in per for t in d["tables"] if not t["cancelled"]
                    and (t["declarer"] & 1) == (t["team_of_A"] if side == "A" else 1 - t["team_of_A"]))
        assert taken == c[side]["taken"] and math.isclose(c[side]["share"], taken / 12)
    assert s["contracts_ratio"] == (c["A"]["taken"] / c["B"]["taken"] if c["B"]["taken"] else None)
    # decision times were measured for both sides
    for side in "AB":
        t = s["decision_time"][side]
        assert t["decisions"] > 0 and 0 <= t["median_ms"] <= t["p95_ms"] <= t["max_ms"]
    # a random player is crushed by a sensible one
    assert pd["mean"] > 0


def test_games_to_the_target_are_counted_from_the_chained_hands():
    def deal(i, a_team0, a_team1):
        return {"deal": i, "tables": [
            {"team_of_A": 0, "delta": a_team0, "cancelled": False},
            {"team_of_A": 1, "delta": a_team1, "cancelled": False}]}
    # table 0: A scores 300 per hand (A is team 0) -> a game won by A every two hands;
    # table 1: B scores 200 per hand (B is team 0 there) -> a game won by B every three hands
    deals = [deal(i, [300, 0], [200, 0]) for i in range(6)]
    g = arena.games_to_target(deals, 600)
    assert (g["wins_A"], g["wins_B"], g["games"]) == (3, 2, 5)


def test_the_game_win_interval_stays_within_0_and_1():
    lo, hi = arena.wilson_ci(8, 10)
    assert math.isclose(lo, 0.4902, abs_tol=1e-4) and math.isclose(hi, 0.9433, abs_tol=1e-4)
    lo, hi = arena.wilson_ci(223, 226)       # the normal approximation gave 97.2-100.2%
    assert 0.96 < lo < 223 / 226 < hi <= 1.0
    lo, hi = arena.wilson_ci(5, 5)           # all won: still an interval, not a point
    assert math.isclose(hi, 1.0) and lo < 0.6
    assert arena.wilson_ci(0, 0) == (0.0, 1.0)
    g = arena.games_to_target([{"deal": 0, "tables": [
        {"team_of_A": 0, "delta": [600, 0], "cancelled": False},
        {"team_of_A": 1, "delta": [0, 600], "cancelled": False}]}], 600)
    assert g["rate_A"] == 1.0 and g["ci95_A"] == list(arena.wilson_ci(2, 2))


def test_mean_ci_and_quantile():
    m, sd, lo, hi = arena.mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and math.isclose(sd, math.sqrt(5 / 3))
    assert math.isclose(hi - m, 1.96 * sd / 2)
    assert arena.quantile([5, 1, 3, 2, 4], 0.5) == 3
    assert arena.quantile(list(range(1, 101)), 0.95) == 95


def test_arena_is_reproducible_and_parallel_gives_the_same_results():
    one = arena.run("normal", "easy", deals=4, seed=9, workers=1)
    two = arena.run("normal", "easy", deals=4, seed=9, workers=2)
    assert one["per_deal"] == two["per_deal"]
    assert one["paired_difference"] == two["paired_difference"]


def test_a_watcher_sees_every_decision_before_it_is_applied():
    """``play_table(watch=...)``: each decision, by the bot that took it, in the order of
    the hand's actions, with the game still before it; the hand is played the same."""
    from touti_core.rules import Rules
    hands, dealer = arena.deal_hands(1, 0)
    seen = []

    def watch(g, s, bot, code):
        assert g.to_act == s and code in g.legal() and bot.level == ("normal", "easy")[s & 1]
        assert bot.table == ("normal", "easy", "normal", "easy")    # who plays each seat
        seen.append([s, code])
    plain = arena.play_table(hands, dealer, ("normal", "easy"), [1, 2, 3, 4], Rules())
    watched = arena.play_table(hands, dealer, ("normal", "easy"), [1, 2, 3, 4], Rules(),
                               watch=watch)
    assert seen == watched[2] == plain[2] and watched[0] == plain[0]


def test_with_one_bot_bidding_at_every_seat_the_bots_know_who_bids_and_who_plays():
    """``--auction normal``: the normal bot bids at every seat, and its bots know it does;
    the card players know who plays the cards."""
    from touti_core.rules import Rules
    hands, dealer = arena.deal_hands(1, 0)
    tables = {}

    def watch(g, s, bot, code):
        tables.setdefault(g.phase <= TRUMP, set()).add(bot.table)
    arena.play_table(hands, dealer, ("normal", "easy"), [1, 2, 3, 4], Rules(), auction="normal",
                     auction_seeds=[5, 6, 7, 8], watch=watch)
    assert tables == {True: {("normal",) * 4}, False: {("normal", "easy", "normal", "easy")}}


def test_arena_command_line(tmp_path, capsys):
    out = tmp_path / "arena.json"
    assert cli_main(["arena", "--a", "easy", "--b", "random", "--deals", "3", "--seed", "4",
                     "--workers", "1", "--quiet", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "paired difference A-B per hand" in text and "95% CI" in text
    assert "decision time A (easy)" in text and "games to the target" in text
    data = json.loads(out.read_text())
    c = data["contracts"]
    assert (f"contracts taken of 6 hands: A {c['A']['taken']} ({100 * c['A']['share']:.1f}%), "
            f"B {c['B']['taken']} ({100 * c['B']['share']:.1f}%), cancelled {data['cancelled']}; "
            f"A takes ") in text
    assert data["A"] == "easy" and data["deals"] == 3
    assert cli_main(["arena", "--a", "nobody", "--deals", "1"]) == 2


BENCH = pathlib.Path(__file__).parent.parent / "bench"


def bench_module(name: str, *neighbours: str):
    """A script of ``bench/`` loaded as a module (``bench`` is not a package), after the
    ``neighbours`` it imports; each is registered under its name, so that the script's
    ``import`` finds them."""
    for other in neighbours:
        bench_module(other)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_compare_tables_splits_the_difference_between_two_runs_by_hand():
    """bench/compare_tables.py: on the same deals, the points a hand that the second
    run's side A gains over the first's, by kind of hand, add up to the difference of
    the two runs' paired results, as do the deals' gains on which its interval is
    drawn; the kinds follow who declared at each table."""
    ct = bench_module("compare_tables")
    first = arena.run("random", "easy", deals=6, seed=4, workers=1)
    second = arena.run("normal", "easy", deals=6, seed=4, workers=1)
    hands, gain, n = ct.compare(first["per_deal"], second["per_deal"])
    assert n == 12 and sum(hands.values()) == 12
    diff = second["paired_difference"]["mean"] - first["paired_difference"]["mean"]
    assert math.isclose(sum(gain.values()) / n, diff)
    deals = ct.deal_gains(first["per_deal"], second["per_deal"])
    assert len(deals) == 6 and math.isclose(sum(deals) / 6, diff)
    assert ct.deal_gains(first["per_deal"], first["per_deal"]) == [0.0] * 6
    for d1, d2 in zip(first["per_deal"], second["per_deal"]):
        for t1, t2 in zip(d1["tables"], d2["tables"]):
            k = ct.kind(t1, t2)
            if not t1["cancelled"] and not t2["cancelled"] and t1["declarer"] == t2["declarer"] \
                    and t1["contract"] == t2["contract"]:
                assert k.endswith("at both, same contract")
            elif ct.declares(t1) != ct.declares(t2):
                assert "at the first table" in k
            o = ct.outcome(t1, t2)
            assert o.startswith(k)
            if not t1["cancelled"] and not t2["cancelled"]:
                results = ["made" if t["made"] else "failed" for t in (t1, t2)]
                assert o.endswith(": " + " / ".join(results))
                higher = t2["contract"] > t1["contract"]
                assert (", higher at the second" in o) == higher
                assert (", higher at the first" in o) == (t1["contract"] > t2["contract"])
    by_outcome = ct.compare(first["per_deal"], second["per_deal"], ct.outcome)
    assert by_outcome[2] == n and math.isclose(sum(by_outcome[1].values()), sum(gain.values()))
    for k in hands:         # each kind is split, its hands and points shared out
        parts = [o for o in by_outcome[0] if o.startswith(k)]
        assert sum(by_outcome[0][o] for o in parts) == hands[k]
        assert math.isclose(sum(by_outcome[1][o] for o in parts), gain[k])


def test_compare_tables_keeps_the_hands_of_a_game_asked_for():
    """bench/compare_tables.py --hands: with runs made with --earlier N, deal i is hand
    i % N + 1 of a game; the hands kept are those asked for, their parts add up to the
    whole, and a run without --earlier, runs of different N, a hand past the game's or
    hands no deal was played as are refused.  Several pairs of runs are pooled; a run
    without its pair, a pair of other bots or opponents than the first's, or a pair
    whose runs were played on other deals or at another table, is refused."""
    ct = bench_module("compare_tables")
    first = arena.run("random", "easy", deals=7, seed=4, workers=1)
    second = arena.run("normal", "easy", deals=7, seed=4, workers=1, earlier=3)
    assert [d["deal"] for d in ct.in_game([first, second], 1, 1)[1]] == [0, 3, 6]
    assert [d["deal"] for d in ct.in_game([second, first], 2, 3)[0]] == [1, 2, 4, 5]
    whole = ct.compare(first["per_deal"], second["per_deal"])
    parts = [ct.compare(*ct.in_game([first, second], h, h)) for h in (1, 2, 3)]
    assert sum(p[2] for p in parts) == whole[2] == 14
    assert math.isclose(sum(sum(p[1].values()) for p in parts), sum(whole[1].values()))
    assert ct.hands_of_game("3-10") == (3, 10) and ct.hands_of_game("2") == (2, 2)
    for bad in ("0", "4-2", "x", "1-"):
        with pytest.raises(argparse.ArgumentTypeError):
            ct.hands_of_game(bad)
    with pytest.raises(SystemExit):
        ct.in_game([first, first], 1, 1)
    with pytest.raises(SystemExit):
        ct.in_game([first, second], 2, 4)
    short = dict(second, per_deal=second["per_deal"][:2])    # hands 1 and 2 only
    with pytest.raises(SystemExit):
        ct.in_game([short, short], 3, 3)
    other = arena.run("normal", "easy", deals=7, seed=4, workers=1, earlier=2)
    with pytest.raises(SystemExit):
        ct.in_game([second, other], 1, 1)
    third = arena.run("random", "easy", deals=5, seed=9, workers=1)
    fourth = arena.run("normal", "easy", deals=5, seed=9, workers=1, earlier=3)
    kinds, gain, n, gains = ct.pooled([[first, second], [third, fourth]])
    alone = ct.compare(third["per_deal"], fourth["per_deal"])
    assert n == 14 + 10 and kinds == whole[0] + alone[0] and len(gains) == 12
    assert gains == ct.deal_gains(first["per_deal"], second["per_deal"]) + \
        ct.deal_gains(third["per_deal"], fourth["per_deal"])
    first_hands = ct.pooled([[first, second], [third, fourth]], hands=(1, 1))
    assert first_hands[2] == 2 * (3 + 2) and len(first_hands[3]) == 5
    with pytest.raises(SystemExit):             # a run without its pair
        ct.pooled([[first, second], [third]])
    with pytest.raises(SystemExit):             # a pair of other bots than the first's
        ct.pooled([[first, second], [fourth, third]])
    with pytest.raises(SystemExit):             # ... or against other opponents
        ct.pooled([[first, second], [dict(third, B="normal"), dict(fourth, B="normal")]])
    fifth = arena.run("normal", "easy", deals=5, seed=10, workers=1, earlier=3)
    assert [d["deal"] for d in fifth["per_deal"]] == [d["deal"] for d in fourth["per_deal"]]
    with pytest.raises(SystemExit):             # the same deal numbers, another seed
        ct.pooled([[third, fifth]])
    with pytest.raises(SystemExit):             # or another opponent in one run
        ct.pooled([[third, dict(fourth, B="normal")]])
    with pytest.raises(SystemExit):             # or a person seated in one run only
        ct.pooled([[third, dict(fourth, person="normal")]])


def test_gap_share_is_the_ratio_of_the_two_leads_with_an_interval_from_the_deals():
    """bench/gap_share.py: the share of the reference's lead that the bot closes is the
    ratio of the two runs' paired results, its interval holds it and is exact (of width
    0) when every deal's lead is the same fraction; runs of other deals are refused."""
    gs = bench_module("gap_share", "compare_tables")
    bot = arena.run("easy", "random", deals=5, seed=4, workers=1)
    ref = arena.run("normal", "random", deals=5, seed=4, workers=1)
    x, y = gs.paired(bot, ref)
    s = gs.share(x, y)
    assert s["deals"] == 5
    assert math.isclose(s["bot"], bot["paired_difference"]["mean"])
    assert math.isclose(s["ref"], ref["paired_difference"]["mean"])
    assert math.isclose(s["share"], s["bot"] / s["ref"])
    assert s["ci95"][0] < s["share"] < s["ci95"][1]
    assert math.isclose(s["above_half"], s["bot"] - s["ref"] / 2)
    assert s["above_half_ci95"][0] < s["above_half"] < s["above_half_ci95"][1]
    half = gs.share([v / 2 for v in y], y)
    assert math.isclose(half["share"], 0.5)
    assert half["ci95"][1] - half["ci95"][0] < 1e-12 and abs(half["above_half"]) < 1e-12
    other = arena.run("normal", "random", deals=5, seed=5, workers=1)
    with pytest.raises(SystemExit):
        gs.paired(bot, other)


def test_calibrate_reading_fits_the_auction_terms_better_than_the_plain_reading():
    """bench/calibrate_reading.py: true hands against sampled deals, one row of term fits
    each; the fitted logistic regression is at least as likely as the plain reading
    (every power 1, no gap) on its own data, and its solver solves."""
    cr = bench_module("calibrate_reading")
    assert cr.solve_linear([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])
    X, y = cr.data(seed=5, deals=12, per_true=6)
    assert sum(y) % 4 == 0 and len(y) <= sum(y) * 7       # four readers a hand, 6 deals each
    assert all(len(row) == len(cr.NAMES) and row[0] == 1.0 for row in X)
    w, plain = cr.calibrate(X, y)
    assert cr.log_loss(X, y, w) <= cr.log_loss(X, y, plain)
    assert w[1] > 0                     # a better-fitting contract makes the true hands likelier


def test_calibrate_contracts_pairs_each_prediction_with_its_contract():
    """bench/calibrate_contracts.py: on the arena's deals and seeds, one ``own`` row for
    every contract the strong side declared, with the arena's outcome, and at most one
    ``theirs`` row for each of the opponents'; the shift makes the predictions right on
    average."""
    cc = bench_module("calibrate_contracts", "calibrate_reading")
    bot = "strong:play_worlds=8,exact_worlds=4,bid_worlds=24"
    own, theirs = [], []
    for i in range(4):
        rows = cc.one_deal((bot, 3, i))
        assert all(k in ("own", "theirs") and 0.0 <= p <= 1.0 for k, p, _ in rows)
        mine = sorted(m for k, _, m in rows if k == "own")
        res = arena.play_deal((i, bot, "normal", 3, {}, None))
        declared = [t for t in res["tables"]
                    if not t["cancelled"] and (t["declarer"] & 1) == t["team_of_A"]]
        assert mine == sorted(t["made"] for t in declared)
        own += mine
        theirs += [m for k, _, m in rows if k == "theirs"]
        assert len(rows) - len(mine) <= 2 - len(declared)
    assert own and theirs
    rows = [(0.5, True), (0.5, True), (0.5, True), (0.5, False)]
    assert cc.shift(rows) == pytest.approx(math.log(3), abs=1e-6)
    text = cc.report([("own", p, m) for p, m in rows], 10.0)
    assert text.startswith("own: 4 contracts, predicted 0.500, made 0.750")
    # the fit finds the slope and shift that made the (expected) outcomes
    ps = [i / 20 for i in range(1, 20)]
    fit = cc.platt([(p, sigmoid(1.4 * cc.logit(p) - 0.3)) for p in ps])
    assert fit[:2] == pytest.approx((1.4, -0.3), abs=1e-6)
    assert cc.platt([(p, p > 0.5) for p in ps]) is None       # separated: no finite fit


def test_calibrate_contracts_takes_the_bots_that_do_not_simulate():
    """bench/calibrate_contracts.py on the normal bot (its hand evaluation's chance, no
    simulated points to convert) and the easy bot (no chance given at all)."""
    cc = bench_module("calibrate_contracts", "calibrate_reading")
    rows = [r for i in range(3) for r in cc.one_deal(("normal", 3, i))]
    assert rows and all(k == "own" and 0.0 <= p <= 1.0 for k, p, _ in rows)
    text = cc.report(rows, None)
    assert text.startswith(f"own: {len(rows)} contracts") and "points" not in text
    assert "about +" in cc.report([("own", 0.5, True), ("own", 0.5, False)] * 2
                                  + [("own", 0.5, True)], 10.0)
    assert [r for i in range(3) for r in cc.one_deal(("easy", 3, i))] == []
    assert cc.report([], None) == "no contract with a chance foreseen: the bot gives none"


def test_calibrate_answers_pairs_each_bid_over_theirs_with_what_the_table_did():
    """bench/calibrate_answers.py: on the arena's deals and seeds, each decision of the
    strong side over the opponents' bid, with whether the opponents declared in the end
    and the hand's score for the strong side, as the arena played it."""
    ca = bench_module("calibrate_answers")
    bot = "strong:play_worlds=8,exact_worlds=4,bid_worlds=24"
    rows = []
    for i in range(6):
        got = ca.one_deal((bot, 3, i))
        res = arena.play_deal((i, bot, "normal", 3, {}, None))
        for r in got:
            t = next(t for t in res["tables"] if t["team_of_A"] == r["table"])
            declared = not t["cancelled"]
            assert r["theirs"] == (declared and (t["declarer"] & 1) != r["table"])
            assert r["ours"] == (declared and (t["declarer"] & 1) == r["table"])
            sign = (1 if t["made"] else -1) * (1 if r["ours"] else -1)
            assert r["score"] == (t["contract"] * sign if declared else 0)
        rows += got
    bids = [r for r in rows if r["kind"] == "bid"]
    assert bids and all(0.0 <= r["answered"] <= 1.0 for r in bids)
    assert any(r["kind"] != "bid" for r in rows)
    made_up = [dict(kind="bid", answered=0.9, prob=0.1, ev=5.0, alt=None, theirs=t, ours=not t,
                    ours_made=False, score=-100 if not t else 50) for t in (True, True, False, False)]
    text = ca.report(made_up, 0.3).splitlines()
    assert text[0] == "bids over the opponents':    4, predicted answered 0.900, answered 0.500 " \
                      "[0.150, 0.850]"
    assert text[1] == "  predicted 0.8-1.0:    4, predicted answered 0.900, answered 0.500 [0.150, 0.850]"
    assert text[2].startswith("pushes (own chance below 0.30):    4, predicted answered 0.900")
    assert text[2].endswith("its team declared 2, made 0")
    assert text[-1] == "bids: 4 decisions, worth +5.0 a hand by the rollouts, -25.0 at the table"


def test_rollout_bias_sets_the_rollouts_in_sampled_deals_against_the_true_deal():
    """bench/rollout_bias.py: at each rollout decision over an opponents' bid, the
    values in the sampled deals and in the true deal; a bot whose sampler drew the true
    deal alone would show no difference at all."""
    rb = bench_module("rollout_bias")
    bot = "strong:bid_worlds=12,play_worlds=8,exact_worlds=4"

    class Seer(rb.Probe):
        def worlds(self, k, n, resampled=True):
            if self._true is not None and k.phase == AUCTION:
                return [(list(self._true), 1.0)]
            return super().worlds(k, n, resampled)

    seen = rb.run(bot, deals=4, seed=1000, probe=Seer)
    assert seen
    for r in seen:
        assert r["leave"][0] == r["leave"][1] and r["theirs"][0] == r["theirs"][1]
        assert r["bids"] and all(a == b for a, b in r["bids"] + r["strength"])
    sampled = rb.run(bot, deals=4, seed=1000)
    assert sampled and any(r["leave"][0] != r["leave"][1] for r in sampled)
    assert rb.line("x", [(1.0, 0.0), (3.0, 0.0)]) == \
        "x: sampled +2.0, true deal +0.0, difference +2.0 [+0.0, +4.0]  (2)"


# ------------------------------------------------------------- as a partner
def _record(hands: list[str], dealer: int, rules: dict, script: str):
    """A hand played from a script (``bid 70|pass|trump O|1C|...|concede|accept``) through
    the JSON API: the deal as card codes and the actions as ``[seat, code]``, as
    :func:`arena.play_table` returns them, and the hand's result."""
    from touti_core import api
    from touti_core.actions import code_of
    from touti_core.cards import card_of
    s = api.new_hand([h.split() for h in hands], dealer, rules)
    for step in script.split("|"):
        kind, _, arg = step.partition(" ")
        seat = s["to_act"]
        action = ({"type": "bid", "seat": seat, "amount": int(arg)} if kind == "bid"
                  else {"type": "trump", "seat": seat, "suit": arg} if kind == "trump"
                  else {"type": kind, "seat": seat} if kind in ("pass", "concede", "accept")
                  else {"type": "play", "seat": seat, "card": kind})
        s = api.act(s, action)
    assert s["phase"] == "hand_over"
    return ([[card_of(c) for c in h.split()] for h in hands],
            [[a.get("seat"), code_of(a)] for a in s["actions"]], s["last_hand"])


def test_partner_play_counts_a_forced_trump_over_the_partner_and_a_bid_over_it():
    """Seat 2 bids 80 over its partner's 70 and declares; the partner leads the Ace
    of cups, seat 2 has no cup and must trump it (taken from the partner, not by
    choice); seat 1 then plays under its partner's winning Ace of swords (held, not
    taken); the defence abandons and the contract is made."""
    from touti_core.rules import Rules
    rules = {"signals": False}
    hands, actions, result = _record(
        ["1C 2C 3C 6C 7C 10C 11C 2E 5B 11B", "4C 12C 6E 5O 6O 7O 12O 1B 2B 3B",
         "3E 4E 5E 7E 10E 11E 1O 2O 3O 4O", "5C 1E 12E 10O 11O 4B 6B 7B 10B 12B"], 3, rules,
        "bid 70|pass|bid 80|pass|pass|trump O|1C|4C|2O|5C|3E|1E|2E|6E|concede|accept")
    assert (result["declarer"], result["contract"], result["made"]) == (2, 80, True)
    got = arena.partner_play(hands, 3, Rules.from_dict(rules), actions)
    zero = dict.fromkeys(arena.PARTNER_KEYS, 0) | {"hands": 1}
    assert got[2] == zero | {"taken": 1, "made": 1, "held": 1, "took": 1, "trumped": 1,
                             "over_partner": 1, "over_partner_declared": 1}
    assert got[1] == zero | {"held": 1}
    assert got[0] == zero and got[3] == zero


def test_partner_play_counts_an_overtrump_by_choice_and_a_failed_bid_over_the_partner():
    """Not obliged to overtrump a winning partner (``not_over_partner``), seat 2 plays
    its Ace of trumps over its partner's 4 although the 2 was legal (by choice); it bid
    170 over its partner's 70 and fails (the defence abandons: 130 points at most)."""
    from touti_core.rules import Rules
    rules = {"signals": False, "overtrump": "not_over_partner"}
    hands, actions, result = _record(
        ["4O 5O 6O 12O 1E 2E 3E 12E 1B 2B", "5C 6C 7C 10C 11C 7O 10O 10E 6B 12B",
         "1O 2O 3O 4E 5E 6E 7E 3B 4B 5B", "2C 1C 3C 4C 12C 11O 11E 7B 10B 11B"], 2, rules,
        "pass|bid 70|pass|bid 170|pass|trump O|2C|4O|5C|1O|4E|concede|accept")
    assert (result["declarer"], result["contract"], result["made"]) == (2, 170, False)
    got = arena.partner_play(hands, 2, Rules.from_dict(rules), actions)
    zero = dict.fromkeys(arena.PARTNER_KEYS, 0) | {"hands": 1}
    assert got[2] == zero | {"taken": 1, "failed": 1, "held": 1, "took": 1, "overtook": 1,
                             "by_choice": 1, "over_partner": 1, "over_partner_declared": 1,
                             "over_partner_failed": 1}
    assert got[0] == got[1] == got[3] == zero
    # under the default rules the 2 is not legal there: the overtrump is forced
    from touti_core.api import IllegalAction
    with pytest.raises(IllegalAction, match="overtrump"):
        _record(["4O 5O 6O 12O 1E 2E 3E 12E 1B 2B", "5C 6C 7C 10C 11C 7O 10O 10E 6B 12B",
                 "1O 2O 3O 4E 5E 6E 7E 3B 4B 5B", "2C 1C 3C 4C 12C 11O 11E 7B 10B 11B"], 2,
                {"signals": False}, "pass|bid 70|pass|bid 170|pass|trump O|2C|4O|5C|2O")
    with pytest.raises(ValueError):
        arena.partner_play(hands, 2, Rules.from_dict(rules), actions[:-2])    # not finished


def test_a_mixed_table_seats_a_persons_stand_in_opposite_the_level_under_test():
    """``--partner``: side A is the person's stand-in on its team's first seat and the
    level under test opposite; the bots are told a person plays the stand-in's seat;
    without it the seating is the arena's as before."""
    from touti_core.rules import Rules
    assert arena.seating("strong", "normal", None, 0) == (
        ("strong", "normal") * 2, ("strong", "normal") * 2, ("A", "B", "A", "B"))
    assert arena.seating("strong", "normal", None, 1)[2] == ("B", "A", "B", "A")
    assert arena.seating("strong", "easy", "normal", 0) == (
        ("normal", "easy", "strong", "easy"), (None, "easy", "strong", "easy"),
        ("person", "B", "partner", "B"))
    assert arena.seating("strong", "easy", "normal", 1) == (
        ("easy", "normal", "easy", "strong"), ("easy", None, "easy", "strong"),
        ("B", "person", "B", "partner"))
    hands, dealer = arena.deal_hands(1, 0)
    seen = {}

    def watch(g, s, bot, code):
        seen.setdefault(s, set()).add((bot.level, bot.table))
    names, told, _ = arena.seating("easy", "random", "normal", 1)
    arena.play_table(hands, dealer, names, [1, 2, 3, 4], Rules(), told=told, watch=watch)
    assert seen == {s: {(names[s], told)} for s in range(4)}


def test_the_arena_sums_each_sides_partner_figures():
    """Each side's (and, at a mixed table, each of side A's seats') partner figures
    add up to its contracts; a mixed table of normal bots plays the very hands of the
    normal bots' arena, so a normal partner's team scores exactly as its opponents."""
    s = arena.run("easy", "normal", deals=4, seed=3, workers=1)
    for side in "AB":
        got, c = s["as_partner"][side], s["contracts"][side]
        assert (got["taken"], got["made"], got["failed"]) == (c["taken"], c["made"], c["failed"])
        assert got["hands"] == 16 and got["trumped"] + got["overtook"] == got["took"] <= got["held"]
        assert got["by_choice"] == 0            # the default rules force every overtake
        assert got["over_partner_failed"] <= got["over_partner_declared"] <= got["over_partner"]
    mixed = arena.run("easy", "normal", deals=4, seed=3, workers=1, person="normal")
    ap = mixed["as_partner"]
    assert list(ap) == ["A", "person", "partner", "B"] and mixed["person"] == "normal"
    assert ap["A"] == {k: ap["person"][k] + ap["partner"][k] for k in arena.PARTNER_KEYS}
    assert ap["person"]["hands"] == ap["partner"]["hands"] == 8
    assert (ap["A"]["taken"], ap["B"]["taken"]) == (mixed["contracts"]["A"]["taken"],
                                                    mixed["contracts"]["B"]["taken"])
    plain = arena.run("normal", "normal", deals=4, seed=3, workers=1)
    normal = arena.run("normal", "normal", deals=4, seed=3, workers=1, person="normal")
    assert normal["per_deal"] == plain["per_deal"] and normal["paired_difference"]["mean"] == 0
    assert "as_partner" not in plain["per_deal"][0]       # the per-deal results as before


def test_the_report_prints_the_partner_figures(tmp_path, capsys):
    out = tmp_path / "arena.json"
    assert cli_main(["arena", "--partner", "--a", "easy", "--b", "normal", "--deals", "3",
                     "--seed", "4", "--workers", "1", "--quiet", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["person"] == "normal" and data["A"] == "easy"
    assert "mixed table (--partner): side A is normal, a person's stand-in" in text
    for role, label in (("A", "A (normal and easy)"), ("person", "A's person (normal)"),
                        ("partner", "A's partner (easy)"), ("B", "B (normal)")):
        c = data["as_partner"][role]
        assert (f"as a partner, {label}: contracts declared {c['taken']}, made {c['made']}, "
                f"failed {c['failed']}; took a trick its partner held {c['took']} of "
                f"{c['held']}") in text
        assert (f"bid over its partner in {c['over_partner']} of {c['hands']} hands, its team "
                f"then declared {c['over_partner_declared']} and failed "
                f"{c['over_partner_failed']}") in text
    assert text.rstrip().endswith("--seed 4 --partner)")


def test_partner_match_finds_the_normal_bot_agreeing_with_itself_and_the_easy_bot_less():
    """bench/partner_match.py: the normal bot plays the model's card at every decision
    (it is the model); the easy bot, which plays some cards at random or too high, not at
    every one; only decisions with two moves or more are counted, each once."""
    pm = bench_module("partner_match")
    normal = pm.measure("normal", "normal", 3, 7)
    assert normal and all(a == d and m >= 2 * d for d, a, m in normal.values())
    easy = pm.measure("easy", "normal", 3, 7)
    decisions = sum(d for d, _, _ in easy.values())
    assert 0 < sum(a for _, a, _ in easy.values()) < decisions
    assert {place for place, _, _ in easy} <= {0, 1, 2, 3}
    assert {side for _, _, side in easy} <= {"declarers", "defenders"}
