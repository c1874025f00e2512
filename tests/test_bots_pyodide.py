"""The bots decide the same under Pyodide (the browser's Python) as on CPython.

Plays whole hands between bots of every level through the JSON API in Node
with the pinned Pyodide runtime (tests/pyodide/bots_hand.mjs) and compares
every final state with the same hands played here.  Skipped when Node or the
npm packages are missing.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "pyodide" / "bots_hand.mjs"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").exists(),
    reason="needs Node and the npm packages (npm ci)")


def test_bot_hands_under_pyodide_match_cpython():
    seed, hands = 5, 2
    r = subprocess.run(["node", str(SCRIPT), str(ROOT), str(seed), str(hands)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["python"].startswith("3.14")          # really the WebAssembly runtime
    spec = importlib.util.spec_from_file_location("bots_hands",
                                                  ROOT / "tests" / "pyodide" / "bots_hands.py")
    bots_hands = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bots_hands)
    expected = bots_hands.play(seed, hands)
    assert len(out["states"]) == hands
    for got, want in zip(out["states"], expected):
        assert got["phase"] in ("hand_over", "game_over")
        assert got == json.loads(json.dumps(want))
