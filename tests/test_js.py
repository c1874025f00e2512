"""Run the front end's Node unit tests (node --test tests/js/) as part of pytest."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from touti_core.rules import Rules

ROOT = Path(__file__).resolve().parent.parent


def test_node_unit_tests_pass():
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is required for the front end's unit tests")
    files = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert files, "no JS unit tests found"
    env = {**os.environ, "TOUTI_RULES_SCHEMA": json.dumps(Rules.describe())}
    r = subprocess.run([node, "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=300,
                       env=env)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    assert "# fail 0" in r.stdout
