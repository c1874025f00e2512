"""Start-up on a slow network and the next start (docs/web-runtime.md).

- Under a network shaped through the DevTools protocol (gzip-encoded files,
  as a static host sends them), the page shows its progress and becomes
  playable with no error although the start takes longer than the watchdog's
  limit (engine-client.js STALL_MS): the worker reports every kind of
  progress.  Before the first bid it requests nothing outside build.json's
  ``first_bid`` (the list tests/test_budgets.py weighs).
- A first start keeps a snapshot of the started runtime; the next start
  restores it.
- The trimmed standard library in Chromium: the page's worker plays a whole
  hand at every level, gives a hint and reviews a hand.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import build
from webhelpers import FAST, WATCH, Served, preset, settle, stall_seconds, wait_ready

#: first starts: every test begins as a first visit
pytestmark = pytest.mark.fresh_browser

class Logged(Served):
    """The built site served gzip-encoded on its own port, every request path kept."""

    def __init__(self, root: Path) -> None:
        paths = self.paths = []

        class Handler(build.Handler):
            def send_head(self):
                paths.append(self.path.split("?")[0])
                return super().send_head()

        super().__init__(root, gzip=True, handler=Handler)


@pytest.fixture
def gzip_site(site_dir):
    s = Logged(site_dir)
    yield s
    s.stop()


def info(root: Path) -> dict:
    return json.loads((root / "build.json").read_text())


def test_a_slow_network_shows_progress_and_starts_with_no_error(page, gzip_site, site_dir):
    stall = stall_seconds()
    first_bid = set(info(site_dir)["first_bid"])
    page.add_init_script(WATCH)
    preset(page, FAST)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    # about 4.5 MB to download at 2.5 Mbit/s: longer than the watchdog's limit
    rate = 2_500_000 / 8
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150,
                                                  "downloadThroughput": rate, "uploadThroughput": rate})
    t0 = time.monotonic()
    page.goto(gzip_site.url + "#game=S4")
    page.wait_for_selector("#actions button[data-action='bid']", timeout=120_000)
    took = time.monotonic() - t0
    # once the game runs (the first bid on screen), the page names its manifest
    # and registers its service worker (pwa.js): what came before is what the
    # first bid needed
    requested = list(gzip_site.paths)
    for later in ("/manifest.webmanifest", "/sw.js"):
        if later in requested:
            requested = requested[:requested.index(later)]
    start = page.evaluate("window.__start")
    assert start["failed"] is None
    assert page.get_attribute("html", "data-ready") == "true"
    assert took > stall, f"the start took {took:.1f} s: not slower than the watchdog's {stall} s"
    # the worker said how far it was all along: bytes of the total, then Python
    stages = [p[1] for p in start["progress"]]
    assert {"runtime", "download", "start", "engine", "ready"} <= set(stages), stages
    downloads = [p for p in start["progress"] if p[1] == "download"]
    assert downloads[-1][2] > 4_000_000 and downloads[-1][3] >= downloads[-1][2]
    assert [p[2] for p in downloads] == sorted(p[2] for p in downloads)
    times = [p[0] for p in start["progress"]]
    gap = max(b - a for a, b in zip(times, times[1:]))
    assert gap < stall * 1000 / 3, f"{gap:.0f} ms without progress"
    assert any(" of " in text and "MB" in text for text in start["texts"]), start["texts"]
    # the page downloads the runtime's WebAssembly and compiles it, the worker
    # gets the module: it is downloaded once, never again by Pyodide
    assert len([p for p in requested if p.endswith("/pyodide.asm.wasm")]) == 1, requested
    # nothing outside the first bid's list (what the budget weighs) was needed
    before = {p.lstrip("/") or "index.html" for p in requested}
    assert sorted(before - first_bid) == []


def test_the_next_start_restores_the_snapshot_of_the_first(page, site, site_dir):
    page.add_init_script(WATCH)
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    first = page.evaluate("window.__start.times")
    assert first["restored"] is False
    version = info(site_dir)["version"]
    # (the worker stores its snapshot once it is compressed, after the start)
    page.wait_for_function(f"caches.open('touti-snapshot-{version}').then(c => c.keys()).then(k => k.length > 0)",
                           timeout=30_000)
    page.reload()
    wait_ready(page)
    again = page.evaluate("window.__start")
    assert again["times"]["restored"] is True
    assert "restore" in [p[1] for p in again["progress"]] and "start" not in [p[1] for p in again["progress"]]
    settle(page)
    assert page.get_attribute("html", "data-phase") == "auction"
    # the engine's files come back when a later import needs them (the review,
    # your own bots, the arena), not during the start (web/js/install.js)
    later = page.evaluate(PLAY_JS, ["normal"])
    assert later["restored"] is True
    # a hint, before any of those: its sentence comes from the catalogue the package read
    # at its import, which the snapshot holds (touti_core/catalogue.py)
    assert later["hint"]["ok"] and later["hint"]["hint"]["reason"].endswith("."), later["hint"]
    assert later["review"]["ok"] and later["review"]["review"], later["review"]
    assert later["verify"]["ok"], later["verify"]        # the challenge check imports its module then
    assert later["arena"]["ok"] and later["arena"]["played"] == 1, later["arena"]


PLAY_JS = """async (levels) => {
  const config = JSON.parse(document.getElementById('touti-build').textContent);
  const { newWorker } = await import(new URL(config.app + 'js/engine-client.js', document.baseURI).href);
  const w = newWorker(config);      // a worker of its own, beside the page's
  const pending = new Map();
  let next = 1;
  const out = {};
  const ready = new Promise((resolve, reject) => {
    w.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'progress' && m.stage === 'ready') { out.restored = m.times.restored; resolve(); }
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
  let record = null;
  for (const level of levels) {
    let a = await call({op: 'new', seed: 1, people: [], one_hand: true, session: 'test'});
    const seen = {};
    while (a.ok && !['hand_over', 'game_over'].includes(a.view.phase)) {
      seen[a.view.phase] = (seen[a.view.phase] || 0) + 1;
      a = await call({op: 'bot', level, session: 'test'});
    }
    out[level] = a.ok ? seen : a.error;
    record = a.ok ? a.view.record : record;
  }
  let p = await call({op: 'new', seed: 3, session: 'person'});
  while (p.ok && p.view.legal.length === 0) p = await call({op: 'bot', level: 'normal', session: 'person'});
  out.hint = await call({op: 'hint', session: 'person'});
  out.review = await call({op: 'review', record, hand: 0, seat: 0});
  out.verify = await call({op: 'verify', seed: 1, levels: ['normal', 'normal', 'normal'], actions: []});
  await call({op: 'arena_start', a: 'easy', b: 'normal', deals: 1, seed: 1});
  out.arena = await call({op: 'arena_step'});
  w.terminate();
  return out;
}"""


def test_the_trimmed_runtime_plays_a_hand_at_every_level_in_chromium(page, site):
    page.goto(site)
    wait_ready(page)
    out = page.evaluate(PLAY_JS, ["random", "easy", "normal", "strong"])
    for level in ("random", "easy", "normal", "strong"):
        assert isinstance(out[level], dict) and "play" in out[level], (level, out[level])
    assert out["hint"]["ok"] and out["hint"]["hint"]["action"], out["hint"]
    review = out["review"]
    assert review["ok"] or review["error"]["code"] == "bad_request", review   # (where the bridge has it)
