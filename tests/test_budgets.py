"""The byte budgets of a first visit on a phone, checked on the built site,
each file counted gzip-compressed as a static host sends it (a file that does
not compress, such as the standard library zip, counts at its gzip size too):

- what the page needs before the player's first bid (build.json ``first_bid``:
  the page, its head's files, the page's and the worker's modules, the
  runtime, the standard library, the engine): at most build.BUDGET_FIRST_BID;
- everything the service worker keeps for offline play (build.json
  ``precache``): at most build.BUDGET_PRECACHE.

The slow-network browser test (tests/web/test_web_startup.py) checks that
the page requests nothing outside ``first_bid`` before the first bid, and
bench/phone_startup.py measures the real downloads.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import build  # noqa: E402  (the project's build script)


@pytest.fixture(scope="module")
def info(site_dir) -> dict:
    return json.loads((site_dir / "build.json").read_text())


def gz(root: Path, path: str) -> int:
    return len(gzip.compress((root / path).read_bytes(), 6))


def report(root: Path, files: list[str]) -> str:
    biggest = sorted(((gz(root, f), f) for f in files), reverse=True)[:5]
    return ", ".join(f"{f} {n / 1e6:.2f} MB" for n, f in biggest)


def test_the_first_bid_needs_at_most_8_mb_on_the_wire(info, site_dir):
    files = info["first_bid"]
    total = sum(gz(site_dir, f) for f in files)
    assert total <= build.BUDGET_FIRST_BID, \
        f"before the first bid: {total / 1e6:.2f} MB gzip (budget {build.BUDGET_FIRST_BID / 1e6:.0f} MB): {report(site_dir, files)}"
    # what the worker downloads to start is there
    cfg = info["config"]
    assert {cfg["pyodide"] + "pyodide.asm.wasm", cfg["stdlib"], cfg["wheel"], cfg["bridge"]} <= set(files)
    assert "index.html" in files and f"{cfg['app']}js/worker.js" in files


def test_offline_play_keeps_at_most_10_mb(info, site_dir):
    files = info["precache"]
    total = sum(gz(site_dir, f) for f in files)
    assert total <= build.BUDGET_PRECACHE, \
        f"precache: {total / 1e6:.2f} MB gzip (budget {build.BUDGET_PRECACHE / 1e6:.0f} MB): {report(site_dir, files)}"
    # an offline start needs everything a first start needs
    assert sorted(set(info["first_bid"]) - set(files)) == []


def test_the_runtimes_whole_standard_library_is_not_shipped(info):
    # the page's standard library is the build's bytecode of STDLIB_KEEP only
    assert not any(f.endswith("python_stdlib.zip") for f in info["files"])
    assert info["stdlib"]["modules"] == build.stdlib_keep()
