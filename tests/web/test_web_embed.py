"""The embeddable rules demo: every scenario accepts its right moves and
refuses its wrong ones with the engine's reason, in the page; the demo inside
a page of another origin (host script, lazy frames, sizing by checked
messages, no request elsewhere); the list of scenarios; the example host page."""

from __future__ import annotations

import importlib.util
import json
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import build
from cspwait import csp_safe, wait_for
from touti_core import api
from webhelpers import Missing, settle

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "web" / "scenarios"
IDS = [e["id"] for e in json.loads((SCENARIOS / "index.json").read_text())]

spec = importlib.util.spec_from_file_location("make_scenarios", ROOT / "tools" / "make_scenarios.py")
make_scenarios = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_scenarios)


def scenario(sid: str) -> dict:
    return json.loads((SCENARIOS / f"{sid}.json").read_text())


def engine_refusal(sc: dict, action: dict) -> str:
    """The engine's own sentence for a refused action (on CPython)."""
    state = make_scenarios.check(sc)
    with pytest.raises(api.IllegalAction) as e:
        api.act(state, action)
    return e.value.message


def control(action: dict) -> str:
    """The selector of the control that makes `action`."""
    if action["type"] == "play":
        return f"#hand button[data-card='{action['card']}']"
    sel = f"button[data-action='{action['type']}']"
    for key in ("amount", "signal", "suit"):
        if key in action:
            sel += f"[data-{key}='{action[key]}']"
    return f":is(#actions, #try) {sel}"


def ready(page_or_frame, timeout: float = 30_000) -> None:
    page_or_frame.wait_for_selector("html[data-ready='true']", timeout=timeout)


@pytest.fixture(scope="module")
def embed_page(browser):
    """One page for all the scenarios (the engine's snapshot is cached after the first)."""
    ctx = browser.new_context(viewport={"width": 720, "height": 900})
    page = csp_safe(ctx.new_page())
    yield page
    ctx.close()


@pytest.mark.parametrize("sid", IDS)
def test_each_scenario_accepts_its_right_moves_and_refuses_the_wrong_ones(embed_page, site, sid):
    page = embed_page
    sc = scenario(sid)
    page.goto(site + f"embed.html?scenario={sid}&speed=instant")
    ready(page)
    settle(page)
    assert page.text_content("#embed-title") == sc["title"]
    assert page.text_content("#embed-caption") == sc["caption"]
    assert page.title() == f"{sc['title']} · Touti rules demo"
    assert page.get_attribute("html", "data-step") == "0"
    # the wrong moves: refused with the engine's reason, the position unchanged
    for r in sc["expect"]["refused"]:
        reason = engine_refusal(sc, r["action"])
        page.click(control(r["action"]))
        page.wait_for_function("([t]) => { const m = document.getElementById('message');"
                               " return m.classList.contains('refusal') && m.textContent === t; }",
                               arg=[reason])
        assert page.get_attribute("html", "data-step") == "0"
    # each right move: played, its note shown, the others play on
    for a in sc["expect"]["legal"]:
        page.click("#embed-restart")
        page.wait_for_function("document.documentElement.dataset.step === '0'"
                               " && !document.getElementById('message').textContent")
        settle(page)
        page.click(control(a))
        page.wait_for_function("document.documentElement.dataset.step !== '0'")
        note = sc["notes"].get(make_scenarios.label(a), sc["notes"].get("*"))
        if note:
            page.wait_for_function("([t]) => document.getElementById('message').textContent === t", arg=[note])
            assert "lesson" in page.get_attribute("#message", "class")
        settle(page, timeout=60_000)        # the visitor's next decision, or the end of the hand
        assert "refusal" not in page.get_attribute("#message", "class")
    if sid in ("made-contract", "failed-contract"):
        assert page.get_attribute("html", "data-phase") == "hand_over"
        result = "made" if sid == "made-contract" else "failed"
        assert page.is_visible(f"#panel .summary-result.{result}")
    # the demo never touches the player's saved game
    assert page.evaluate("localStorage.getItem('touti.game.v1')") is None


def test_the_demo_lists_the_scenarios_and_reports_an_unknown_one(page, site):
    page.goto(site + "embed.html")
    page.wait_for_selector("#embed-list")
    assert page.eval_on_selector_all("#embed-list a", "els => els.map(e => e.dataset.scenario)") == IDS
    page.click(f"#embed-list a[data-scenario='{IDS[0]}']")
    ready(page)
    assert page.url.endswith(f"embed.html?scenario={IDS[0]}")      # a page of its own, shareable
    assert page.text_content("#embed-title") == scenario(IDS[0])["title"]
    page.goto(site + "embed.html?scenario=no-such-rule")
    page.wait_for_selector("#embed-list")
    assert "There is no demo called “no-such-rule”." in page.text_content("#embed-status")
    assert page.get_attribute("html", "data-phase") == "error"


# ------------------------------------------------------------ another origin
HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A rules site</title>
<link rel="stylesheet" href="host.css">
<script src="{site}touti-demo.js" defer></script></head>
<body><h1>Overtrumping</h1><p>Try it:</p>
<touti-demo scenario="overtrump" speed="instant"></touti-demo>
<div class="spacer"></div>
<touti-demo scenario="trick-winner" speed="instant"></touti-demo>
</body></html>
"""


class HostHandler(build.Handler):
    """The other site: a strict policy of its own, allowing the demo's script and frames."""

    def end_headers(self) -> None:
        site = self.server.demo_origin
        self.send_header("Content-Security-Policy", f"default-src 'self'; script-src {site}; "
                         f"frame-src {site}; style-src 'self'")
        super().end_headers()


@pytest.fixture
def host(site, tmp_path):
    (tmp_path / "host.html").write_text(HOST_PAGE.format(site=site))
    (tmp_path / "host.css").write_text(".spacer { height: 3000px; }\n")
    from functools import partial
    server = build.Server(("127.0.0.1", 0), partial(HostHandler, directory=str(tmp_path), rules=[]))
    server.demo_origin = site.rstrip("/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # "localhost" and "127.0.0.1": another origin, and even another site
    yield f"http://localhost:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def frame_of(page, scenario_id: str):
    handle = page.wait_for_selector(f"touti-demo[scenario='{scenario_id}'] iframe", timeout=30_000)
    frame = handle.content_frame()
    for _ in range(100):
        if frame and "embed.html" in frame.url:
            break
        time.sleep(0.05)
        frame = handle.content_frame()
    return handle, csp_safe(frame)


def sizes(handle, frame) -> tuple[int, int]:
    """(the frame's height in the host page, the demo's content height)."""
    outer = round(handle.evaluate("e => e.getBoundingClientRect().height"))
    inner = frame.evaluate("Math.ceil(document.getElementById('embed').getBoundingClientRect().height)")
    return outer, inner


def wait_fitted(handle, frame) -> int:
    wait_for(frame, "true")          # the frame is alive
    deadline = time.monotonic() + 15
    while True:
        outer, inner = sizes(handle, frame)
        if outer == inner:
            return outer
        assert time.monotonic() < deadline, (outer, inner)
        time.sleep(0.1)


def test_the_demo_in_a_page_of_another_origin(page, site, host):
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(host + "host.html")
    handle, frame = frame_of(page, "overtrump")
    ready(frame)
    settle(frame)
    # lazy: the demo far below the fold has no frame yet
    assert page.query_selector("touti-demo[scenario='trick-winner'] iframe") is None
    assert handle.get_attribute("sandbox") == "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
    # sized to its content, and the frame's name is the demo's title
    first = wait_fitted(handle, frame)
    assert first > 300
    page.wait_for_function("document.querySelector('touti-demo iframe').title === "
                           "'Overtrump, even over your partner · Touti rules demo'")
    # a message of the host's own origin (not the demo's) is ignored
    page.evaluate("window.postMessage({ns: 'touti-demo', frame: '1', type: 'size', height: 150}, '*')")
    time.sleep(0.4)
    assert sizes(handle, frame)[0] == first
    # a wrong move: the engine's reason, and the frame grows with the message
    sc = scenario("overtrump")
    wrong = sc["expect"]["refused"][0]["action"]
    frame.click(control(wrong))
    frame.wait_for_function("([t]) => document.getElementById('message').textContent === t",
                            arg=[engine_refusal(sc, wrong)])
    grown = wait_fitted(handle, frame)
    assert grown > first
    # the right move: played, with its lesson
    right = sc["expect"]["legal"][0]
    frame.click(control(right))
    frame.wait_for_function("([t]) => document.getElementById('message').textContent === t",
                            arg=[sc["notes"][make_scenarios.label(right)]])
    settle(frame)
    wait_fitted(handle, frame)
    # "open in a new tab" shares the scenario's own page
    assert frame.get_attribute("#embed-open", "href") == site + "embed.html?scenario=overtrump"
    assert frame.get_attribute("#embed-open", "target") == "_blank"
    # scrolling down loads the second demo
    page.eval_on_selector("touti-demo[scenario='trick-winner']", "e => e.scrollIntoView()")
    handle2, frame2 = frame_of(page, "trick-winner")
    ready(frame2)
    wait_fitted(handle2, frame2)
    # every request went to the demo's site, except the host page's own
    demo, other = urlsplit(site).netloc, urlsplit(host).netloc
    assert any(urlsplit(u).netloc == demo and u.endswith("pyodide.asm.wasm") for u in requests)
    outside = [u for u in requests if urlsplit(u).netloc != demo
               and not (urlsplit(u).netloc == other and urlsplit(u).path in ("/host.html", "/host.css", "/favicon.ico"))]
    assert outside == []


FRAMES_SAY = """() => [...document.querySelectorAll('touti-demo')].map((el) => {
  const doc = el.querySelector('iframe')?.contentDocument;
  if (!doc) return [el.getAttribute('scenario'), 'no frame'];
  const html = doc.documentElement;
  return [el.getAttribute('scenario'), html.dataset.ready, html.dataset.phase,
          doc.getElementById('embed-status')?.textContent];
})"""


def test_the_example_host_page_loads_its_demos_lazily(page, site):
    page.goto(site + "demo.html")
    handle, frame = frame_of(page, IDS[0])
    # the demos in view start their engines at once (four on this screen), each in its
    # own worker: on a busy machine the first may take longer than one engine alone
    try:
        ready(frame, timeout=90_000)
    except PlaywrightTimeoutError:
        # what each demo says (its start's stage, a failure, a retry offered)
        raise AssertionError(f"the first demo is not ready: {page.evaluate(FRAMES_SAY)}") from None
    assert page.eval_on_selector_all("touti-demo", "els => els.map(e => e.getAttribute('scenario'))") == IDS
    framed = page.eval_on_selector_all("touti-demo", "els => els.filter(e => e.querySelector('iframe')).length")
    assert 1 <= framed < len(IDS)
    wait_fitted(handle, frame)


#: Every text the demo's status line shows, recorded from the page's first parse.
RECORD_STATUS = """document.addEventListener('readystatechange', () => {
  const el = document.getElementById('embed-status');
  if (!el || window.__said) return;
  window.__said = [el.textContent];
  new MutationObserver(() => window.__said.push(el.textContent))
    .observe(el, { childList: true, subtree: true, characterData: true });
}, { once: true });"""


def test_the_demo_says_its_start_in_words_even_before_its_texts_arrive(page, site):
    # the engine starts at once, before the texts are read: here they come late
    def late(route):
        time.sleep(1.5)
        route.continue_()

    page.route("**/messages/*.json", late)
    page.add_init_script(RECORD_STATUS)
    page.goto(site + "embed.html?scenario=overtrump")
    ready(page)
    said = [s for s in page.evaluate("window.__said") if s]
    assert said and "Loading the demo…" in said
    assert [s for s in said if s.startswith(("boot.", "embed."))] == []


@pytest.mark.fresh_browser
def test_a_demo_whose_engine_cannot_start_says_why_and_starts_again_on_retry(page, site):
    wasm = Missing()
    page.route("**/pyodide.asm.wasm", wasm)
    page.goto(site + "embed.html?scenario=overtrump")
    page.wait_for_selector("#embed-retry:visible", timeout=20_000)
    assert "pyodide.asm.wasm could not be loaded (HTTP 404)" in page.text_content("#embed-status")
    assert page.get_attribute("html", "data-phase") == "error"
    assert page.get_attribute("html", "data-ready") != "true"
    wasm.found = True
    page.click("#embed-retry")
    ready(page)
    settle(page)
    assert page.get_attribute("html", "data-phase") == "play"
    assert page.is_hidden("#embed-retry")
