#!/usr/bin/env python3
"""Start-up and smoothness of the page in headless Chromium (Playwright).

    python bench/web_startup.py [--runs N] [--hand-speed fast|normal]

Prints, for a cold load (empty cache) and for reloads (HTTP cache and the
runtime snapshot):
- the time from navigation to the first actionable auction (the player's bid
  buttons on screen, game code S4 where the player speaks first);
- the bytes the server sent;
then the main-thread long tasks (> 50 ms) while the bots play a whole hand
alone (watch mode).  Targets: cold <= 3.5 s, reload <= 2 s, no long task.

Needs the site built (python build.py) and Chromium (Debian's, or Playwright's).
The machine's other work slows these figures: note the load when quoting them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]

FIRST_BID = """
window.__bench = {longtasks: []};
new MutationObserver((_, obs) => {
  if (document.querySelector("#actions button[data-action='bid']")) {
    window.__bench.firstBid = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, childList: true});
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
"""


class Counter:
    def __init__(self) -> None:
        self.bytes = 0
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
            return n


def serve(counter: Counter):
    class Counting(build.Handler):
        def copyfile(self, source, outputfile):
            data = source.read()
            counter.add(len(data))
            outputfile.write(data)

    from functools import partial
    server = build.Server(("127.0.0.1", 0), partial(Counting, directory=str(build.DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def chromium() -> dict:
    exe = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "") if p and Path(p).exists()), None)
    return {"executable_path": exe, "args": ARGS} if exe else {"args": ARGS}


#: The server sends the site's Content-Security-Policy (netlify.toml), which
#: forbids the eval that Playwright's wait_for_function uses: the benchmark's
#: pages let Playwright bypass it (it costs nothing at start-up either way).
CONTEXT = {"bypass_csp": True}


def load(page, url: str, counter: Counter, reload: bool) -> dict:
    counter.take()
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("window.__bench && window.__bench.firstBid", timeout=60_000)
    t = page.evaluate("window.__bench.firstBid")
    time.sleep(0.3)
    return {"ms": t, "bytes": counter.take()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="cold loads and reloads to time (default 3)")
    ap.add_argument("--hand-speed", default="fast", choices=["slow", "normal", "fast"])
    args = ap.parse_args()
    if not (build.DIST / "index.html").exists():
        sys.exit("dist/ is not built: run `python build.py` first")
    from playwright.sync_api import sync_playwright

    counter = Counter()
    server, base = serve(counter)
    url = base + "#game=S4"
    print(f"load average: {os.getloadavg()[0]:.2f} (2 cores; other work slows the figures)")
    cold, warm = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(**chromium())
        for _ in range(args.runs):
            # a profile on disk, as a real browser has (an in-memory profile's
            # HTTP cache does not keep the 9.6 MB wasm between loads)
            profile = tempfile.mkdtemp(prefix="touti-bench-")
            ctx = p.chromium.launch_persistent_context(profile, **chromium(), **CONTEXT)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.add_init_script(FIRST_BID)
            page.add_init_script("localStorage.setItem('touti.settings.v1', JSON.stringify({speed: 'fast'}));"
                                 "if (!sessionStorage.getItem('b')) { sessionStorage.setItem('b', 1);"
                                 " localStorage.removeItem('touti.game.v1'); }")
            cold.append(load(page, url, counter, reload=False))
            time.sleep(2.5)   # let the worker store its snapshot
            warm.append(load(page, url, counter, reload=True))
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)

        def show(name, rows, target):
            ms = sorted(r["ms"] for r in rows)
            print(f"{name:7s} first actionable auction: median {ms[len(ms) // 2] / 1000:.2f} s "
                  f"(min {ms[0] / 1000:.2f}, max {ms[-1] / 1000:.2f}; target <= {target} s), "
                  f"bytes sent: {rows[0]['bytes'] / 1e6:.3f} MB")
        show("cold", cold, 3.5)
        show("reload", warm, 2.0)

        # long tasks while the bots play a whole hand alone
        ctx = browser.new_context(**CONTEXT)
        page = ctx.new_page()
        page.add_init_script(FIRST_BID)
        settings = {"speed": args.hand_speed, "watch": True}
        page.add_init_script(f"localStorage.setItem('touti.settings.v1', {json.dumps(json.dumps(settings))});")
        page.goto(base + "#game=S4")
        page.wait_for_selector("html[data-ready='true']")
        page.wait_for_function("document.documentElement.dataset.phase === 'auction'")
        start = page.evaluate("performance.now()")
        t0 = time.monotonic()
        page.wait_for_function("['hand_over', 'game_over'].includes(document.documentElement.dataset.phase)",
                               timeout=300_000)
        seconds = time.monotonic() - t0
        actions = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record.actions.length")
        tasks = [d for s, d in page.evaluate("window.__bench.longtasks") if s >= start]
        print(f"bot-only hand: {actions} actions in {seconds:.1f} s at speed '{args.hand_speed}'; "
              f"main-thread long tasks > 50 ms: {len(tasks)}"
              + (f" (longest {max(tasks):.0f} ms)" if tasks else ""))
        ctx.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
