#!/usr/bin/env python3
"""What one browser context shared by the browser tests holds as the tests go on.

Does in one Chromium context what a browser test does to it, ``--visits`` times:
open the site, wait for its service worker, write a record to IndexedDB, close
the page, then run the tests' reset (``tests/web/conftest.py``'s RESET_JS).
Prints, for each visit, its time, the storage the context reports as used, and
the resident memory of Chromium's processes; with ``--renew-at MB`` the context
is replaced past that usage, as the tests' ``context`` fixture does.

    python bench/context_growth.py --dist dist --visits 60
    python bench/context_growth.py --dist dist --visits 60 --renew-at 400

A visit that takes longer than ``--stuck`` seconds is reported and ends the run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM_ARGS, RESET_JS, system_chromium  # noqa: E402
from webhelpers import Served  # noqa: E402

WRITE_JS = """() => new Promise((done) => {
  const r = indexedDB.open('growth-probe', 1);
  r.onupgradeneeded = () => r.result.createObjectStore('s');
  r.onsuccess = () => {
    const tx = r.result.transaction('s', 'readwrite');
    tx.objectStore('s').put('x'.repeat(100000), 1);
    tx.oncomplete = () => { r.result.close(); done('ok'); };
    tx.onabort = () => done('aborted: ' + tx.error);
  };
  r.onerror = () => done('refused: ' + r.error);
})"""


def bounded(page, fn: str, seconds: float):
    """``page.evaluate(fn)``, failing after ``seconds`` (evaluate itself waits for ever)."""
    return page.evaluate(f"""() => Promise.race([({fn})(),
      new Promise((_, no) => setTimeout(() => no(new Error('stuck')), {seconds * 1000:.0f}))])""")


def resident_mb() -> float:
    """The resident memory of every Chromium process, in MB (shared pages counted in each)."""
    out = subprocess.run(["ps", "-C", "chromium", "-o", "rss="], capture_output=True, text=True).stdout
    return sum(int(x) for x in out.split()) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    ap.add_argument("--visits", type=int, default=60)
    ap.add_argument("--renew-at", type=float, default=0, help="MB used past which the context is replaced (0: never)")
    ap.add_argument("--stuck", type=float, default=120, help="seconds after which a visit is reported stuck")
    args = ap.parse_args()

    served = Served(args.dist)
    print("visit  seconds  written  used MB  resident MB")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=system_chromium(), args=CHROMIUM_ARGS)
            ctx = browser.new_context()
            ctx.set_default_timeout(args.stuck * 1000)
            for i in range(1, args.visits + 1):
                began = time.monotonic()
                step = "open the site"
                try:
                    page = ctx.new_page()
                    page.goto(served.url)
                    step = "wait for the service worker"
                    bounded(page, "async () => { await navigator.serviceWorker.ready; }", args.stuck)
                    step = "write to IndexedDB"
                    written = bounded(page, WRITE_JS, args.stuck)
                    page.close()
                    step = "reset"
                    cleaner = ctx.new_page()
                    cleaner.goto(served.url + "build.json")
                    used = bounded(cleaner, RESET_JS, args.stuck) / 1e6
                    cleaner.close()
                except PlaywrightError as e:          # a timeout, or the page's own 'stuck'
                    if "stuck" not in str(e) and "Timeout" not in str(e):
                        raise
                    print(f"{i:5}  stuck at '{step}': no end after {args.stuck:.0f} s ({resident_mb():.0f} MB resident)")
                    break
                print(f"{i:5}  {time.monotonic() - began:7.1f}  {written:>7}  {used:7.0f}  {resident_mb():11.0f}",
                      flush=True)
                if args.renew_at and used > args.renew_at:
                    ctx.close()
                    ctx = browser.new_context()
                    ctx.set_default_timeout(args.stuck * 1000)
                    print("       (a new context)")
            browser.close()
    finally:
        served.stop()


if __name__ == "__main__":
    main()
