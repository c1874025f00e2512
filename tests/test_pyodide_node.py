"""The engine wheel under Pyodide (WebAssembly) in Node: it installs, plays a
whole game through touti_core.api, and ends in exactly the state CPython
reaches with the same seed and the same choices (deals and rules do not
depend on the Python runtime)."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from touti_core import api

ROOT = Path(__file__).resolve().parent.parent

import build  # noqa: E402  (the project's build script)

SCRIPT = ROOT / "tests" / "pyodide" / "play_game.mjs"


def play_cpython(seed: int, target: int) -> tuple[dict, int]:
    s = api.new_game(seed, {"target": target})
    step = 0
    while s["phase"] != "game_over":
        legal = api.legal_actions(s)
        s = api.act(s, legal[(7 * step + 3) % len(legal)])
        step += 1
    return s, step


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if shutil.which("node") is None:
        pytest.fail("Node.js is required to run the engine under Pyodide")
    if not (build.NODE_PYODIDE / "pyodide.mjs").exists():
        pytest.fail("the npm package pyodide is not installed: run `npm ci` (python3 dev.py test does)")
    return build.build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_is_a_pure_python_wheel_of_the_engine(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        wheel_meta = z.read("touti_core-0.1.0.dist-info/WHEEL").decode()
    assert "touti_core/api.py" in names and "touti_core/bots/__init__.py" in names
    assert "Tag: py3-none-any" in wheel_meta
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    # the same sources give the same bytes (versioned paths depend on it)
    again = build.build_wheel(wheel.parent / "again")
    assert again.read_bytes() == wheel.read_bytes()


def test_a_whole_game_under_pyodide_matches_cpython(wheel):
    seed, target = 2024, 300
    r = subprocess.run(["node", str(SCRIPT), str(wheel), str(seed), str(target)],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["python"].startswith("3.14")          # really the WebAssembly runtime
    state = out["state"]
    assert state["phase"] == "game_over" and state["winner"] in (0, 1)
    assert max(state["scores"]) >= target
    assert len(state["history"]) >= 1
    for hand in state["history"]:
        if not hand["cancelled"] and not hand["conceded"]:
            ghna = sum(g["value"] for g in hand["ghna"])
            assert sum(hand["points"]) - ghna == 130   # cards + 9a3a
    expected, steps = play_cpython(seed, target)
    assert out["steps"] == steps
    assert state == json.loads(json.dumps(expected))
