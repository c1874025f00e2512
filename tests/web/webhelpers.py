"""Helpers of the browser tests: presets, waiting for the page, reading it."""

from __future__ import annotations

import base64
import json
import re
import threading
import zlib
from pathlib import Path

import build  # the project's build script: its server sends the deployed headers

FAST = {"speed": "instant"}

#: The page's message catalogues, by language ("en", "ar", ...): what each text must read.
CATALOGUES = {p.stem: json.loads(p.read_text(encoding="utf-8"))
              for p in sorted((Path(__file__).resolve().parents[2] / "web" / "messages").glob("*.json"))}


class Served:
    """A folder served on a free localhost port by build.make_server (its
    ``options``: gzip, handler) until stop()."""

    def __init__(self, root: Path, **options) -> None:
        self.root = root
        self.server = build.make_server(root, **options)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Missing:
    """A route handler: the file is missing (404) until ``found`` is set, then served."""

    def __init__(self) -> None:
        self.found = False

    def __call__(self, route) -> None:
        if self.found:
            route.continue_()
        else:
            route.fulfill(status=404, body="missing")


#: An init script that keeps what the page's start said in ``window.__start``:
#: the worker's progress messages ([time, stage, bytes, total]), the start-up
#: texts shown, the failure shown (or null) and the worker's timings.
WATCH = """
window.__start = {progress: [], texts: [], failed: null, times: null};
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  const w = new RealWorker(url, options);
  w.addEventListener("message", (e) => {
    const m = e.data || {};
    if (m.type === "progress") window.__start.progress.push([performance.now(), m.stage, m.bytes || 0, m.total || 0]);
    if (m.times) window.__start.times = m.times;
  });
  return w;
};
window.Worker.prototype = RealWorker.prototype;
new MutationObserver(() => {
  const text = document.getElementById("boot-text");
  if (text && window.__start.texts.at(-1) !== text.textContent) window.__start.texts.push(text.textContent);
  if (document.querySelector("#boot.failed")) window.__start.failed = text && text.textContent;
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def preset(page, settings: dict | None = None, save: dict | None = None) -> None:
    """Stores settings (and a save) in localStorage before the page's scripts run."""
    script = ""
    if settings is not None:
        script += f"localStorage.setItem('touti.settings.v1', {json.dumps(json.dumps(settings))});"
    if save is not None:
        script += f"localStorage.setItem('touti.game.v1', {json.dumps(json.dumps(save))});"
    # only on the first load of this page: later reloads keep what the page saved
    page.add_init_script("if (!sessionStorage.getItem('touti-test-preset')) {"
                         "sessionStorage.setItem('touti-test-preset', '1');" + script + "}")


#: The games of the history the page keeps in IndexedDB (web/js/history.js),
#: oldest first; [] when there is no database yet (none is created here).
STORED_GAMES = """() => new Promise((resolve, reject) => {
  const req = indexedDB.open('touti');
  req.onupgradeneeded = () => req.transaction.abort();
  req.onerror = () => (req.error?.name === 'AbortError' ? resolve([]) : reject(req.error));
  req.onsuccess = () => {
    const db = req.result;
    if (!db.objectStoreNames.contains('games')) { db.close(); resolve([]); return; }
    const all = db.transaction('games').objectStore('games').getAll();
    all.onsuccess = () => {
      db.close();
      resolve(all.result.sort((a, b) => (a.started - b.started) || (a.id < b.id ? -1 : 1)));
    };
    all.onerror = () => reject(all.error);
  };
})"""


def stored_games(page, condition: str = "() => true") -> list[dict]:
    """The history's games kept in IndexedDB, once ``condition`` (a JS function
    of the list) holds: the page writes them asynchronously."""
    return page.wait_for_function(f"({STORED_GAMES})().then(g => ({condition})(g) && g)").json_value()


def record_fragment(record: dict) -> str:
    data = base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")
    return f"#record={data}"


def page_constant(module: str, name: str) -> int:
    """A number the page's code exports, read from its source (``HUNG_MS`` of game.js...)."""
    text = (Path(__file__).resolve().parents[2] / "web" / "js" / module).read_text()
    return int(re.search(rf"export const {name} = ([\d_]+);", text).group(1).replace("_", ""))


def stall_seconds() -> float:
    """The start-up watchdog's limit (engine-client.js STALL_MS), in seconds."""
    return page_constant("engine-client.js", "STALL_MS") / 1000


def open_record(page, site: str, record: dict, phase: str) -> str:
    """Shows a game's ``record`` by its link, then waits until its ``phase`` is
    on the table and settled: the page is loaded the first time, later links
    are followed in the same page (their question "Open this link?" answered:
    open it), as a player who opens one link after another.  When the table
    already shows that phase, the page is loaded again (with no game kept)."""
    fragment = record_fragment(record)
    is_shown = f"document.documentElement.dataset.phase === {json.dumps(phase)}"
    here = page.url.startswith(site)
    if here and page.get_attribute("html", "data-phase") != phase:
        page.evaluate(f"location.hash = {json.dumps(fragment)}")
        asked = page.wait_for_function(f"() => ({is_shown}) ? 'shown' : "
                                       "document.querySelector(\"dialog[data-dialog='link'][open]\") && 'asked'")
        if asked.json_value() == "asked":
            page.click("#link-open")
    else:
        if here:
            page.evaluate("localStorage.removeItem('touti.game.v1')")   # no game in progress to ask about
            page.goto("about:blank")
        page.goto(site + fragment)
        wait_ready(page)
    page.wait_for_function(is_shown)
    return settle(page)


def wait_ready(page, timeout: float = 30_000) -> None:
    page.wait_for_selector("html[data-ready='true']", timeout=timeout)


SETTLED_JS = """() => {
  const r = document.documentElement;
  const ph = r.dataset.phase;
  if (r.dataset.busy !== 'false') return false;
  if (ph === 'hand_over' || ph === 'game_over') {
    return !document.getElementById('panel').hidden ? ph : false;
  }
  if (document.querySelector('#actions button[data-action]')) return 'act:' + ph;
  if (document.querySelector('#hand.my-turn button.legal')) return 'card';
  return false;
}"""


def settle(page, timeout: float = 30_000) -> str:
    """Waits until the player can act (or the hand/game summary is shown)."""
    return page.wait_for_function(SETTLED_JS, timeout=timeout).json_value()


def act(page, state: str, bid: bool = False) -> None:
    """Takes the player's turn ``state`` (settle's answer) by clicking: a pass
    (with ``bid``, the lowest bid), no signal, the first trump and Ghna
    offered, a refused concession, the first legal card."""
    if state == "act:auction":
        page.locator(f"#actions button[data-action='{'bid' if bid else 'pass'}']").first.click()
    elif state == "act:signal":
        page.click("#actions button[data-action='no_signal']")
    elif state == "act:trump":
        page.locator("#actions button[data-action='trump']").first.click()
    elif state == "act:ghna":
        page.locator("#actions button[data-action='ghna']").first.click()
    elif state == "act:concession":
        page.click("#actions button[data-action='refuse']")
    else:
        page.locator("#hand button.legal").first.click()


def play_out_hand(page, bid: bool = False, turns: int = 200) -> None:
    """Plays the player's turns by clicking (``act``) until the hand is over."""
    for _ in range(turns):
        state = settle(page, timeout=60_000)
        if state in ("hand_over", "game_over"):
            return
        act(page, state, bid)
    raise AssertionError("the hand did not end")


def hand_cards(page) -> list[str]:
    return page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def phase(page) -> str:
    return page.get_attribute("html", "data-phase")


def deflated(data) -> str:
    """JSON packed as the page packs a link's payload (packed.js): raw deflate, base64url."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(json.dumps(data).encode()) + c.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def inflated(text: str):
    """A link's payload packed by the page -> its JSON value."""
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), -15))


# ------------------------------------------------------------- boxes measured
# A box is [left, top, right, bottom] in CSS pixels (getBoundingClientRect).
def inside(inner, outer, slack: float = 0.5) -> bool:
    """Box ``inner`` lies within box ``outer``, to ``slack`` px."""
    return inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack \
        and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack


def overlap(a, b, by: float = 1.0) -> bool:
    """Boxes ``a`` and ``b`` cover each other by more than ``by`` px both ways."""
    return min(a[2], b[2]) - max(a[0], b[0]) > by and min(a[3], b[3]) - max(a[1], b[1]) > by


# ------------------------------------------------------------- the hand's cards
#: Every card of the hand ``sel``: its box, and the largest square (points
#: 1 px apart) where what a finger touches is that card: its side and whether
#: its centre hits the card; the controls shown beside the hand (in its
#: table: the game's, the lesson's, the friends'), the screen.
HAND_TARGETS_JS = """async (sel) => {
  // the hand spreads its cards (one row or two) at the next frame after a redraw, and
  // again when its box changes: measured after two frames, as a player sees it
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[hidden]'); };
  const hand = document.querySelector(sel);
  const cards = [...hand.querySelectorAll('button[data-card]')].map((b) => {
    const r = b.getBoundingClientRect();
    const x0 = Math.floor(r.left), y0 = Math.floor(r.top);
    const W = Math.ceil(r.right) - x0, H = Math.ceil(r.bottom) - y0;
    let prev = new Array(W + 1).fill(0), side = 0, centre = null;
    for (let j = 0; j < H; j++) {
      const row = new Array(W + 1).fill(0);
      for (let i = 0; i < W; i++) {
        const x = x0 + i + 0.5, y = y0 + j + 0.5;
        const e = document.elementFromPoint(x, y);
        if (e && e.closest('button[data-card]') === b) {
          row[i + 1] = 1 + Math.min(row[i], prev[i], prev[i + 1]);
          if (row[i + 1] > side) { side = row[i + 1]; centre = [x - (side - 1) / 2, y - (side - 1) / 2]; }
        }
      }
      prev = row;
    }
    const hit = centre && document.elementFromPoint(centre[0], centre[1]);
    return {card: b.dataset.card, box: box(b), side, centre,
            hits: !!hit && hit.closest('button[data-card]') === b, legal: b.classList.contains('legal')};
  });
  const controls = [...hand.parentElement.querySelectorAll(
      '.bar button, .actions button, .notes p, .message, .panel .panel-box, .reactions button')]
    .filter(shown).map((e) => [e.id || e.dataset.action || e.className, box(e)]);
  return {w: innerWidth, h: innerHeight, scrollWidth: document.scrollingElement.scrollWidth,
          hand: box(hand), cards, controls};
}"""


def assert_hand_targets(g, where, n=10) -> None:
    """Every card of the hand (HAND_TARGETS_JS) a target of 44×44 px of its own, whose
    centre hits it, inside the screen, under no control; the page no wider than the screen."""
    view = [0, 0, g["w"], g["h"]]
    assert len(g["cards"]) == n, (where, len(g["cards"]))
    assert g["scrollWidth"] <= g["w"], ("the page scrolls sideways", where, g["scrollWidth"])
    small = [(c["card"], c["side"]) for c in g["cards"] if c["side"] < 44]
    assert not small, ("a card's own part is under 44×44 px", where, small)
    for c in g["cards"]:
        assert c["hits"], ("the centre of a card's own part hits another element", where, c)
        assert inside(c["box"], view), ("a card out of the screen", where, c)
        for name, b in g["controls"]:
            assert not overlap(b, c["box"]), ("a control covers the hand", where, name, c)


def open_lesson_cards_step(page, url: str) -> None:
    """The lesson (``url#learn``) led by its Next button to the step "these are your
    ten cards" (learn.cards), the scrolling settled."""
    lesson = json.loads((Path(__file__).resolve().parents[2] / "web" / "learn" / "lesson.json").read_text())
    page.goto(url + "#learn")
    wait_ready(page)
    step = next(i for i, s in enumerate(lesson["steps"]) if s["say"] == "learn.cards")
    for _ in range(step + 1):
        page.wait_for_selector("#coach[data-mode='next'] #coach-next")
        if page.get_attribute("#coach", "data-step") == str(step):
            break
        page.click("#coach-next")
    page.wait_for_function(f"document.getElementById('coach').dataset.step === '{step}'")
    page.wait_for_timeout(300)     # the scrolling settles


def two_frames(page) -> None:
    """Waits two animation frames of ``page`` (what an answer changed is drawn by then)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
