#!/usr/bin/env python3
"""Start-up on a phone: the page in headless Chromium with the CPU slowed and
the network shaped through the DevTools protocol, served gzip-encoded as a
static host serves it.

    python bench/phone_startup.py [--runs N] [--cpu 4] [--only slow,mid,fast,bots,tasks]
                                  [--dist DIR] [--hands N]

Prints every figure of the start-up targets:

- first visit (empty profile) to the first actionable bid (game code S4, the
  player speaks first) at 1.6 Mbit/s with 300 ms round trips ("slow") and at
  9 Mbit/s with 170 ms ("mid"), CPU x4; and with no network limit ("fast");
- the bytes on the wire before that bid (gzip as sent, every request the
  page, its engine worker and its service worker made until then), and what
  the first visit downloaded in all once the service worker's precache was
  complete;
- the return visit (same profile: HTTP cache, service worker, the snapshot
  made on the device) online at 9 Mbit/s and offline;
- the precache (gzip per file of build.json's list) and what the first bid
  needs (tests/test_budgets.py checks both against the budgets);
- the bots' decisions in the throttled browser, p50/p95 per level (and the
  slowest kinds of decision), timed in the page: request to answer;
- the longest main-thread task during the start and while the bots play a hand.

Targets: slow <= 40 s and never an error, mid <= 10 s, return <= 2 s, on the
wire <= 8 MB, precache <= 10 MB, strong p95 <= 1.2 s, normal p95 <= 100 ms,
no main-thread task over 50 ms.  The machine's other work slows these
figures: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import gzip
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
#: name -> (download bytes/s or 0 for no limit, round trip ms)
NETWORKS = {"slow": (1_600_000 / 8, 300), "mid": (9_000_000 / 8, 170), "fast": (0, 0)}

FIRST_BID = """
window.__bench = {longtasks: [], errors: []};
new MutationObserver((_, obs) => {
  if (document.querySelector("#actions button[data-action='bid']")) {
    window.__bench.firstBid = performance.now();
    obs.disconnect();
  }
  const failed = document.querySelector("#boot.failed #boot-text");
  if (failed && !window.__bench.failed) window.__bench.failed = failed.textContent;
}).observe(document, {subtree: true, childList: true, attributes: true});
// every progress message of the engine worker: (time, stage)
window.__bench.progress = [];
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  const w = new RealWorker(url, options);
  w.addEventListener("message", (e) => {
    if (e.data && e.data.type === "progress") window.__bench.progress.push([performance.now(), e.data.stage]);
    if (e.data && e.data.times) window.__bench.times = e.data.times;
  });
  return w;
};
window.Worker.prototype = RealWorker.prototype;
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
"""

SETTINGS = ("localStorage.setItem('touti.settings.v1', JSON.stringify({speed: 'fast'}));"
            "if (!sessionStorage.getItem('b')) { sessionStorage.setItem('b', 1);"
            " localStorage.removeItem('touti.game.v1'); }")


class Log:
    """Every request the server answered: (time received, path, bytes sent);
    times in seconds since 1970, as the page's performance.timeOrigin."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, str, int]] = []
        self.lock = threading.Lock()

    def add(self, t: float, path: str, n: int) -> None:
        with self.lock:
            self.rows.append((t, path, n))

    def mark(self) -> int:
        with self.lock:
            return len(self.rows)

    def since(self, start: int, until: float | None = None) -> list[tuple[float, str, int]]:
        with self.lock:
            return [r for r in self.rows[start:] if until is None or r[0] <= until]


def serve(root: Path, log: Log):
    class Logged(build.Handler):
        def handle_one_request(self):
            self._t = time.time()
            self._n = 0
            try:
                super().handle_one_request()
            except (BrokenPipeError, ConnectionResetError):   # the browser went away (a new visit)
                self.close_connection = True
            if getattr(self, "requestline", ""):
                log.add(self._t, self.path, self._n)

        def copyfile(self, source, outputfile):
            data = source.read()
            self._n += len(data)
            outputfile.write(data)

    server = build.make_server(root, gzip=True, handler=Logged)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def chromium() -> dict:
    exe = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "") if p and Path(p).exists()), None)
    return {"executable_path": exe, "args": ARGS} if exe else {"args": ARGS}


def shape(cdp, network: str, cpu: float) -> None:
    rate, rtt = NETWORKS[network]
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": rtt,
        "downloadThroughput": rate if rate else -1, "uploadThroughput": rate if rate else -1})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def visit(page, url: str, timeout_s: float) -> dict:
    """Navigates and waits for the first actionable bid (or a start-up error)."""
    t0 = time.monotonic()
    page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    while True:
        state = page.evaluate("window.__bench ? [window.__bench.firstBid || 0, window.__bench.failed || ''] : [0, '']")
        if state[0] or state[1]:
            break
        if time.monotonic() - t0 > timeout_s:
            return {"ms": None, "error": "timeout", "at": time.time()}
        time.sleep(0.05)
    at = time.time()
    if state[1]:
        return {"ms": None, "error": state[1], "at": at}
    at = (page.evaluate("performance.timeOrigin") + state[0]) / 1000     # the bid, as the page saw it
    tasks = page.evaluate("window.__bench.longtasks.filter(t => t[0] < window.__bench.firstBid).map(t => t[1])")
    marks = page.evaluate("window.__bench.progress")
    gaps = [(b[0] - a[0], b[1]) for a, b in zip(marks, marks[1:])]
    times = page.evaluate("window.__bench.times || null")
    ready_at = page.evaluate("(window.__bench.progress.find(p => p[1] === 'ready') || [0])[0]")
    if times and "origin" in times:
        times["began"] = round(times.pop("origin") - page.evaluate("performance.timeOrigin"))
    return {"ms": state[0], "error": None, "at": at, "longest": max(tasks, default=0), "times": times,
            "ready_at": round(ready_at),
            "gap": max(gaps, default=(0, "")), "stages": [m[1] for m in marks]}


def wait_offline_ready(page, timeout_s: float = 300) -> bool:
    """The service worker controls the page and the engine kept a snapshot."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout_s:
        ok = page.evaluate("""(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const v = JSON.parse(document.getElementById('touti-build').textContent).version;
          const k = await caches.keys();
          return k.includes('touti-' + v) && k.includes('touti-snapshot-' + v);
        })()""")
        if ok:
            return True
        time.sleep(0.25)
    return False


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


def median(xs: list[float]) -> float:
    s = sorted(xs)
    return s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2


SHOW_REQUESTS = False


def before_bid(rows: list) -> list:
    """The requests the first bid needed: those before it, up to the page naming
    its manifest or registering its service worker (pwa.js does both once the
    game runs, a moment before the bid is drawn)."""
    out = []
    for row in rows:
        if row[1].split("?")[0] in ("/sw.js", "/manifest.webmanifest"):
            break
        out.append(row)
    return out


def first_visits(p, base: str, log: Log, network: str, cpu: float, runs: int, returns: bool) -> None:
    url = base + "#game=S4"
    rows = []
    for _ in range(runs):
        profile = tempfile.mkdtemp(prefix="touti-phone-")
        ctx = p.chromium.launch_persistent_context(profile, **chromium())
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.add_init_script(FIRST_BID)
            page.add_init_script(SETTINGS)
            cdp = ctx.new_cdp_session(page)
            shape(cdp, network, cpu)
            start = log.mark()
            t0 = time.time()
            first = visit(page, url, 180)
            row = {"first": first}
            if SHOW_REQUESTS:
                for t, path, n in log.since(start, first["at"]):
                    print(f"      {t - t0:6.2f} s {n / 1e3:8.1f} kB {path}")
            if first["ms"] is not None:
                before = before_bid(log.since(start, first["at"]))
                row["wire"] = sum(n for _, _, n in before)
                row["worst"] = sorted(((n, path) for _, path, n in before), reverse=True)[:6]
            if returns and first["ms"] is not None:
                ready = wait_offline_ready(page)
                time.sleep(0.5)
                row["total"] = sum(n for _, _, n in log.since(start))
                row["offline_ready"] = ready
                back = log.mark()
                shape(cdp, network, cpu)
                # a new document (the saved game resumes at the player's bid)
                row["online"] = visit(page, base, 60)
                row["online_wire"] = sum(n for _, _, n in log.since(back))
                ctx.set_offline(True)
                row["offline"] = visit(page, base, 60)
                ctx.set_offline(False)
            rows.append(row)
        finally:
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)
    rate, rtt = NETWORKS[network]
    what = f"{rate * 8 / 1e6:.1f} Mbit/s, {rtt} ms" if rate else "no network limit"
    firsts = [r["first"] for r in rows]
    errors = [f["error"] for f in firsts if f["error"]]
    ok = [f["ms"] / 1000 for f in firsts if f["ms"] is not None]
    line = f"{network:4s} first visit ({what}, CPU x{cpu:g}): "
    if ok:
        line += f"first bid median {median(ok):.1f} s (runs: {', '.join(f'{x:.1f}' for x in ok)})"
        line += f"; on the wire before it {mb(median([r['wire'] for r in rows if 'wire' in r]))}"
        line += f"; longest main-thread task before it {max(f.get('longest', 0) for f in firsts if f['ms']):.0f} ms"
        gap = max(f["gap"] for f in firsts if f["ms"])
        line += f"; longest wait between two progress reports {gap[0] / 1000:.1f} s (before '{gap[1]}')"
    if errors:
        line += f"; ERRORS: {errors}"
    print(line, flush=True)
    if SHOW_REQUESTS:
        print(f"      worker times (first visit, ms from the worker's start): {[f.get('times') for f in firsts]}")
    if rows and "worst" in rows[0]:
        print("      largest downloads before the bid: "
              + ", ".join(f"{path.rsplit('/', 1)[-1]} {n / 1e6:.2f}" for n, path in rows[0]["worst"]))
    if returns:
        totals = [r["total"] for r in rows if "total" in r]
        if totals:
            print(f"      first visit in all (until the service worker's precache is complete): "
                  f"{mb(median(totals))}; offline-ready: {all(r.get('offline_ready') for r in rows)}")
        for kind in ("online", "offline"):
            got = [r[kind]["ms"] / 1000 for r in rows if kind in r and r[kind]["ms"] is not None]
            bad = [r[kind]["error"] for r in rows if kind in r and r[kind]["error"]]
            extra = f", {mb(median([r['online_wire'] for r in rows if 'online_wire' in r]))} on the wire" \
                if kind == "online" and got else ""
            if SHOW_REQUESTS:
                print(f"      worker times ({kind}): {[r[kind].get('times') for r in rows if kind in r]}")
                print(f"      page: engine ready at {[r[kind].get('ready_at') for r in rows if kind in r]} ms, "
                      f"first bid at {[round(r[kind]['ms']) for r in rows if kind in r and r[kind]['ms']]} ms")
            print(f"      return visit {kind}: first bid median {median(got):.2f} s "
                  f"(runs: {', '.join(f'{x:.2f}' for x in got)}){extra}" if got else
                  f"      return visit {kind}: ERRORS {bad}", flush=True)


BOTS_JS = """async ([level, seeds, hands]) => {
  const config = JSON.parse(document.getElementById('touti-build').textContent);
  // an engine worker of its own, started as the page starts one (it is given the compiled runtime)
  const { newWorker } = await import(new URL(config.app + 'js/engine-client.js', document.baseURI).href);
  const w = newWorker(config);
  const pending = new Map();
  let next = 1;
  const ready = new Promise((resolve, reject) => {
    w.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'progress' && m.stage === 'ready') resolve();
      else if (m.type === 'failed') reject(new Error(m.message));
      else if (m.type === 'answer') { pending.get(m.id)(m.answer); pending.delete(m.id); }
    };
  });
  await ready;
  const call = (request) => new Promise((resolve) => {
    const id = next++;
    pending.set(id, resolve);
    w.postMessage({type: 'call', id, request});
  });
  const out = [];
  for (const seed of seeds) {
    let a = await call({op: 'new', seed, people: [], session: 'bench'});
    let done = 0;
    while (true) {
      const phase = a.view.phase;
      if (phase === 'game_over') break;
      if (phase === 'hand_over') {
        done += 1;
        if (done >= hands) break;
        a = await call({op: 'bot', level, session: 'bench'});
        continue;
      }
      const t = performance.now();
      a = await call({op: 'bot', level, session: 'bench'});
      const ms = performance.now() - t;
      if (!a.ok) throw new Error(JSON.stringify(a.error));
      out.push([phase, ms]);
    }
  }
  w.terminate();
  return out;
}"""


def bot_decisions(p, base: str, cpu: float, hands: int) -> None:
    browser = p.chromium.launch(**chromium())
    try:
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(base + "#game=S4")
        page.wait_for_selector("html[data-ready='true']", timeout=120_000)
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        for level in ("easy", "normal", "strong"):
            rows = page.evaluate(BOTS_JS, [level, [11, 12], hands])
            ms = sorted(r[1] for r in rows)
            q = lambda f: ms[min(len(ms) - 1, int(f * len(ms)))]   # noqa: E731
            kinds: dict[str, list[float]] = {}
            for ph, t in rows:
                kinds.setdefault(ph, []).append(t)
            slow = sorted(((max(v), k) for k, v in kinds.items()), reverse=True)[:3]
            print(f"bots {level:6s} (CPU x{cpu:g}, {len(ms)} decisions): p50 {q(0.5):.0f} ms, "
                  f"p95 {q(0.95):.0f} ms, max {ms[-1]:.0f} ms; slowest kinds: "
                  + ", ".join(f"{k} {t:.0f} ms" for t, k in slow), flush=True)
        ctx.close()
    finally:
        browser.close()


def bot_hand_tasks(p, base: str, cpu: float) -> None:
    browser = p.chromium.launch(**chromium())
    try:
        ctx = browser.new_context()
        page = ctx.new_page()
        page.add_init_script(FIRST_BID)
        page.add_init_script("localStorage.setItem('touti.settings.v1', JSON.stringify({speed: 'fast', watch: true}));")
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.goto(base + "#game=S4")
        page.wait_for_selector("html[data-ready='true']", timeout=120_000)
        start = page.evaluate("performance.now()")
        t0 = time.monotonic()
        while page.get_attribute("html", "data-phase") not in ("hand_over", "game_over"):
            if time.monotonic() - t0 > 600:
                raise SystemExit("the bot-only hand did not end")
            time.sleep(0.2)
        tasks = [d for s, d in page.evaluate("window.__bench.longtasks") if s >= start]
        print(f"main thread while the bots play a whole hand (CPU x{cpu:g}, {time.monotonic() - t0:.0f} s): "
              f"{len(tasks)} tasks over 50 ms" + (f", longest {max(tasks):.0f} ms" if tasks else ""), flush=True)
        ctx.close()
    finally:
        browser.close()


def static_bytes(root: Path) -> None:
    info = json.loads((root / "build.json").read_text())
    gz = lambda f: len(gzip.compress((root / f).read_bytes(), 6))   # noqa: E731
    pre = sum(gz(f) for f in info["precache"])
    print(f"precache (gzip per file, {len(info['precache'])} files): {mb(pre)}")
    first = info.get("first_bid")
    if first:
        print(f"the first bid's files (gzip per file, build.json first_bid, {len(first)} files): "
              f"{mb(sum(gz(f) for f in first))}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="first visits per network (default 3)")
    ap.add_argument("--cpu", type=float, default=4, help="CPU slow-down (default 4)")
    ap.add_argument("--only", default="slow,mid,fast,bots,tasks", help="which parts to run")
    ap.add_argument("--dist", type=Path, default=build.DIST, help="the built site (default dist/)")
    ap.add_argument("--hands", type=int, default=2, help="hands per seed for the bot timings")
    ap.add_argument("--requests", action="store_true", help="list the requests of each first visit")
    args = ap.parse_args()
    global SHOW_REQUESTS
    SHOW_REQUESTS = args.requests
    if not (args.dist / "index.html").exists():
        sys.exit(f"{args.dist} is not built: run `python build.py` first")
    from playwright.sync_api import sync_playwright

    only = set(args.only.split(","))
    log = Log()
    server, base = serve(args.dist.resolve(), log)
    print(f"load average: {os.getloadavg()[0]:.2f} (2 cores; other work slows the figures)", flush=True)
    static_bytes(args.dist)
    with sync_playwright() as p:
        for network in ("slow", "mid", "fast"):
            if network in only:
                first_visits(p, base, log, network, args.cpu, args.runs, returns=network == "mid")
        if "bots" in only:
            bot_decisions(p, base, args.cpu, args.hands)
        if "tasks" in only:
            bot_hand_tasks(p, base, args.cpu)
    print(f"load average: {os.getloadavg()[0]:.2f}")
    server.shutdown()


if __name__ == "__main__":
    main()
