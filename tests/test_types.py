"""The rules engine, its JSON boundary, the bots, the score sheet, the command line and
the page's bridge are typed: mypy (pinned in requirements-dev.txt, run from this
environment) finds no error in them, nor in the modules they import (the hand, the
actions, the tricks, the refusals, the random deals)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPED = ["touti_core/cards.py", "touti_core/rules.py", "touti_core/hand.py", "touti_core/engine.py",
         "touti_core/api.py", "touti_core/bots", "touti_core/sheet.py", "touti_core/cli.py",
         "web/py/bridge.py"]


def test_mypy_finds_no_error_in_the_engine_its_boundaries_and_the_bots(tmp_path):
    r = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path), *TYPED],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Success: no issues found" in r.stdout
