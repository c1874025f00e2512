"""Do the bots still take the same decisions?  The arena's per-deal results against saved ones.

A refactor of the bots must change no decision.  This script plays the three
pairings below in the duplicate arena (``python -m touti_core arena``, the same
deals and seeds as any arena run) and compares every deal's two tables
(declarer, contract, points, result, concession) with a run saved before the
change, ignoring timings.  One changed decision changes a hand's course, so
identical per-deal results over hundreds of deals mean the same decisions.

    python bench/same_decisions.py save DIR       # before the change: DIR/strong-normal.json, ...
    python bench/same_decisions.py compare DIR    # after it: identical / different, per pairing

``--deals`` (default 200) and ``--seed`` (default 1000) must be the same for both.
``--pairing strong-normal`` (repeatable) runs only the pairings named, so that a
slow pairing can run apart, or on fewer deals.
``compare`` exits with status 1 when a deal differs.  A saved file is an arena
summary written with ``--per-deal --json``, so a run of the arena command itself
serves as well.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (side A, side B): the strong bot against the normal one, the normal bot against the
#: easy one, and the perfect-information player (the strong bot's search) against normal
PAIRINGS = (("strong", "normal"), ("normal", "easy"), ("perfect", "normal"))

#: fields that measure time, not decisions
TIMING = {"times", "decision_time", "wall_seconds", "workers"}


def file_name(a: str, b: str) -> str:
    return f"{a}-{b}.json"


def arena(a: str, b: str, deals: int, seed: int, out: Path) -> None:
    """One arena run written to ``out`` (the command line: wherever the arena lives)."""
    subprocess.run([sys.executable, "-m", "touti_core", "arena", "--a", a, "--b", b,
                    "--deals", str(deals), "--seed", str(seed), "--per-deal", "--json", str(out),
                    "--quiet"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def decisions(summary: dict) -> list:
    """The per-deal results of an arena summary, without timings."""
    if "per_deal" not in summary:
        raise SystemExit("no per-deal results: run the arena with --per-deal")
    return [_untimed(d) for d in summary["per_deal"]]


def _untimed(x):
    if isinstance(x, dict):
        return {k: _untimed(v) for k, v in x.items() if k not in TIMING and not k.endswith("_ms")}
    if isinstance(x, list):
        return [_untimed(v) for v in x]
    return x


def compare(before: list, after: list) -> tuple[int, int]:
    """(identical, different) deals; a deal missing on either side counts as different."""
    by_deal = {d["deal"]: d for d in before}
    same = sum(1 for d in after if by_deal.get(d["deal"]) == d)
    return same, max(len(before), len(after)) - same


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", choices=("save", "compare"))
    p.add_argument("dir", help="where the saved runs are (or go)")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--pairing", action="append", choices=[file_name(a, b)[:-5] for a, b in PAIRINGS],
                   help="only this pairing (repeatable; default: all three)")
    args = p.parse_args(argv)
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    failed = False
    for a, b in PAIRINGS:
        if args.pairing and file_name(a, b)[:-5] not in args.pairing:
            continue
        saved = folder / file_name(a, b)
        if args.mode == "save":
            arena(a, b, args.deals, args.seed, saved)
            print(f"{a} vs {b}: {args.deals} deals at seed {args.seed} saved to {saved}")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            now = Path(tmp) / "now.json"
            arena(a, b, args.deals, args.seed, now)
            after = decisions(json.loads(now.read_text(encoding="utf-8")))
        before = decisions(json.loads(saved.read_text(encoding="utf-8")))
        same, different = compare(before, after)
        failed |= different > 0
        print(f"{a} vs {b}: {same} identical, {different} different "
              f"({args.deals} deals at seed {args.seed})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
