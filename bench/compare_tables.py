"""Where one bot's lead over another comes from, hand by hand.

Two arena runs on the same deals against the same opponent, for example

    python -m touti_core arena --a strong --b normal --deals 300 --seed 4000 --per-deal --json strong.json
    python -m touti_core arena --a perfect --b normal --deals 300 --seed 4000 --per-deal --json perfect.json
    python bench/compare_tables.py strong.json perfect.json

Every hand is then played at two tables that differ only in side A's bot.  The
script sorts the hands by what the two tables did (who declared, the same contract
or not) and prints, for each kind, how many hands and how many points a hand the
second run's side A scored more than the first's (the sum is the difference
between the two runs' paired results), and that difference with its 95% interval
from the deals, each deal's gain being the same hand's at the two tables.
``--outcomes`` splits the kinds further: where the contracts differ, which table's
was the higher, and at each table whether the contract was made.  ``--hands 1`` (or
``3-10``) keeps only the deals played as those hands of a game, in a run made with
``arena --earlier N`` (deal ``i`` is hand ``i % N + 1``): where in a game the
difference lies.  Several pairs of runs (say one pair a seed) are pooled: the kinds
and the interval over all their deals.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

# run from a clone without installing the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from touti_core.bots.arena import mean_ci  # noqa: E402


def margin(table: dict) -> int:
    """Side A's score minus side B's in one hand."""
    a = table["team_of_A"]
    return table["delta"][a] - table["delta"][1 - a]


def declares(table: dict) -> str:
    if table["cancelled"]:
        return "nobody"
    return "we" if (table["declarer"] & 1) == table["team_of_A"] else "they"


def kind(first: dict, second: dict) -> str:
    same = (first["cancelled"], first["declarer"], first["contract"]) == \
        (second["cancelled"], second["declarer"], second["contract"])
    who = declares(first), declares(second)
    if who[0] == who[1]:
        return f"{who[0]} declare at both, {'same contract' if same else 'different contracts'}"
    return f"{who[0]} declare at the first table, {who[1]} at the second"


def outcome(first: dict, second: dict) -> str:
    """``kind`` with, where both tables had a contract of different amounts, which was
    higher, and each table's result ("made / failed": the first table's, the second's)."""
    k = kind(first, second)
    if first["cancelled"] or second["cancelled"]:
        return k
    if first["contract"] != second["contract"]:
        k += ", higher at the " + ("second" if second["contract"] > first["contract"] else "first")
    return k + f": {'made' if first['made'] else 'failed'} / {'made' if second['made'] else 'failed'}"


def compare(first: list, second: list, by=kind) -> tuple:
    """(Counter of hands by kind, Counter of points the second gains by kind, hands);
    ``by``: ``kind`` or ``outcome``."""
    if [d["deal"] for d in first] != [d["deal"] for d in second]:
        raise SystemExit("the two runs do not hold the same deals (same --deals and --seed?)")
    hands, gain = Counter(), Counter()
    n = 0
    for d1, d2 in zip(first, second):
        for t1, t2 in zip(d1["tables"], d2["tables"]):
            k = by(t1, t2)
            hands[k] += 1
            gain[k] += margin(t2) - margin(t1)
            n += 1
    return hands, gain, n


def lead(deal: dict) -> float:
    """Side A's lead per hand in one deal of a --per-deal run: its tables averaged,
    as the arena's paired result is."""
    return sum(margin(t) for t in deal["tables"]) / len(deal["tables"])


def deal_gains(first: list, second: list) -> list:
    """Per deal, the points a hand that the second run's side A gains over the first's."""
    return [lead(d2) - lead(d1) for d1, d2 in zip(first, second)]


def hands_of_game(text: str) -> tuple[int, int]:
    """``"3-10"`` -> (3, 10), ``"1"`` -> (1, 1): hands of a game, counted from 1."""
    m = re.fullmatch(r"(\d+)(?:-(\d+))?", text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"not a hand or a range of hands: {text!r}")
    first, last = int(m[1]), int(m[2] or m[1])
    if not 1 <= first <= last:
        raise argparse.ArgumentTypeError(f"hands are counted from 1, the first before the last: "
                                         f"{text!r}")
    return first, last


def in_game(runs: list, first: int, last: int) -> list:
    """The two runs' per-deal results kept to the deals played as hands ``first`` to
    ``last`` of a game (the runs' ``--earlier``: either run's, equal where both have one)."""
    earlier = {s["earlier"] for s in runs if s.get("earlier")}
    if len(earlier) != 1:
        raise SystemExit("--hands needs a run made with --earlier N (the same N in both)")
    n = earlier.pop()
    if last > n:
        raise SystemExit(f"a game of these runs has {n} hands")
    kept = [[d for d in s["per_deal"] if first <= d["deal"] % n + 1 <= last] for s in runs]
    if not kept[0]:
        raise SystemExit("no deal of these runs was played as those hands of a game")
    return kept


def table(run: dict) -> tuple:
    """What a run's deals and its table depend on besides side A: the seed, the
    opponents and the person's seat (``--partner``).  Not ``--earlier``: a bot told
    nothing that learns from a game's earlier hands is compared with its told self
    that sees none, on the same deals."""
    return run["seed"], run["B"], run.get("person")


def pooled(pairs: list, by=kind, hands: tuple[int, int] | None = None) -> tuple:
    """``compare`` over several pairs of runs (each pair the same deals, say one pair a
    seed), pooled: (hands by kind, points by kind, hands, each deal's gain); ``hands``:
    only the deals played as those hands of a game (:func:`in_game`)."""
    kinds, gain, n, gains = Counter(), Counter(), 0, []
    for pair in pairs:
        if len(pair) != 2:
            raise SystemExit("give the runs in pairs: the first run's, then the second's")
        if len({table(s) for s in pair}) != 1:   # the deal numbers alone do not say it
            raise SystemExit("the two runs of a pair must be played on the same deals at the "
                             "same table (the same --seed, --b and --partner)")
        if [s["A"] for s in pair] + [pair[0]["B"]] != \
                [s["A"] for s in pairs[0]] + [pairs[0][0]["B"]]:
            raise SystemExit("each pair must compare the same two bots as the first pair, "
                             "against the same opponents")
        deals = in_game(pair, *hands) if hands else [s["per_deal"] for s in pair]
        h, g, m = compare(*deals, by)
        kinds.update(h)
        gain.update(g)
        n += m
        gains += deal_gains(*deals)
    return kinds, gain, n, gains


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("runs", nargs="+", metavar="first second",
                   help="pairs of arena JSON files written with --per-deal, each pair the "
                        "same deals (several pairs, say one a seed, are pooled)")
    p.add_argument("--outcomes", action="store_true",
                   help="split the kinds by the higher contract and each table's result")
    p.add_argument("--hands", type=hands_of_game, metavar="K[-L]",
                   help="only the deals played as hands K to L of a game (runs made with "
                        "arena --earlier)")
    args = p.parse_args()
    runs = []
    for path in args.runs:
        with open(path) as f:
            s = json.load(f)
        if "per_deal" not in s:
            raise SystemExit(f"{path}: no per-deal results (run the arena with --per-deal)")
        runs.append(s)
    pairs = [runs[i:i + 2] for i in range(0, len(runs), 2)]
    hands, gain, n, gains = pooled(pairs, outcome if args.outcomes else kind, args.hands)
    width = max(58, *map(len, hands))
    where = ""
    if args.hands:
        first, last = args.hands
        where = f", hand {first} of a game" if first == last else \
            f", hands {first} to {last} of a game"
    if len(pairs) > 1:
        where += f", {len(pairs)} pairs of runs pooled"
    print(f"{runs[1]['A']} against {runs[0]['A']}, same deals ({n} hands{where}): "
          "points a hand gained")
    for k in sorted(hands, key=lambda k: -gain[k]):
        print(f"  {k:<{width}} {hands[k]:5d} hands {gain[k] / n:+7.2f}")
    m, _, lo, hi = mean_ci(gains)
    print(f"  {'total':<{width}} {n:5d} hands {sum(gain.values()) / n:+7.2f}  "
          f"(paired over the deals: {m:+.2f}, 95% CI [{lo:+.2f}, {hi:+.2f}])")


if __name__ == "__main__":
    main()
