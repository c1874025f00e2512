"""Fixtures shared by every test folder.

``site_dir``: the built site the build, deployment, budget and browser tests
read and serve.  ``python3 dev.py test`` builds dist/ first and names it in
``TOUTI_SITE``; a plain ``pytest`` builds the current sources once, into a
temporary folder.  No test writes into dist/.

``wheels``: the bots' wheels of tests/bot_wheels.py (the example's and every
broken one), built once, by name.

Hypothesis draws new examples at each run on a developer's machine (to find
what no one thought of); under CI (``CI`` set, as .ci/run does) it draws the
same ones every time, so that a run on the same commit gives the same result.
A failure found locally is kept as an ``@example`` of its test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

import bot_wheels  # tests/bot_wheels.py (pytest puts this conftest's folder on the path)
import build  # the project's build script (pytest's pythonpath is the project folder)

settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    named = os.environ.get("TOUTI_SITE")
    if named:
        path = Path(named)
        if not (path / "build.json").is_file():
            pytest.fail(f"TOUTI_SITE={named} is not a built site (no build.json): run python3 build.py")
        return path
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


@pytest.fixture(scope="session")
def wheels(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("wheels")
    found = {"example": bot_wheels.example_wheel(out)}
    for kind in [*bot_wheels.BROKEN, *bot_wheels.HOSTILE]:
        found[kind] = bot_wheels.broken_wheel(kind, out)
    return found
