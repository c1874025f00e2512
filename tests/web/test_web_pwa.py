"""Offline play and updates (the service worker), installability, and the
site's Content-Security-Policy in the browser.

These tests serve their own copy of the site (its server can be stopped, its
content replaced by a new version) with the headers of netlify.toml.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import build
from cspwait import csp_safe
from webhelpers import FAST, play_out_hand, preset, record_fragment, settle, wait_ready

#: service workers, offline and installs: every test begins as a first visit
pytestmark = pytest.mark.fresh_browser

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "web" / "scenarios"


def version_of(page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('touti-build').textContent).version")


def wait_offline_ready(page) -> None:
    """The service worker controls the page (its precache is complete) and the
    engine worker has kept its start-up snapshot."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    v = version_of(page)
    page.wait_for_function(f"caches.keys().then(k => k.includes('touti-{v}') && k.includes('touti-snapshot-{v}'))")


def watch_csp(page) -> list[str]:
    """Collects every Content-Security-Policy report of the page and its workers."""
    seen: list[str] = []
    page.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                         "console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))")
    page.on("console", lambda m: seen.append(m.text) if "Content Security Policy" in m.text
            or "CSP violation" in m.text else None)
    return seen


def test_offline_reload_starts_and_plays_a_whole_hand(page, own_site):
    reports = watch_csp(page)
    preset(page, {**FAST, "levels": {"1": "easy", "2": "easy", "3": "easy"}})
    page.goto(own_site.url + "#game=K7")
    wait_ready(page)
    settle(page)
    wait_offline_ready(page)
    # the network goes away: the server stops and the browser is offline
    own_site.stop()
    page.context.set_offline(True)
    failed: list[str] = []
    answered: list[tuple[str, bool]] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: answered.append((r.url, r.from_service_worker)))
    page.reload()
    wait_ready(page)
    # (navigator.onLine is not the proof: Chromium versions disagree on it after
    # set_offline; what was served is, below)
    play_out_hand(page, bid=True)
    assert page.get_attribute("html", "data-phase") == "hand_over"
    assert "Hand 1 is over" in page.text_content("#panel")
    # everything came from the service worker's cache: the page, its modules, the runtime
    assert failed == []
    urls = {u for u, _ in answered}
    assert own_site.url in urls and any(u.endswith("pyodide.asm.wasm") for u in urls)
    assert all(from_sw for _, from_sw in answered), [u for u, sw in answered if not sw]
    # and a new hand starts, still offline
    page.click("#panel button[data-action='next_hand']")
    page.wait_for_function("document.documentElement.dataset.phase === 'auction'"
                           " || document.documentElement.dataset.phase === 'signal'")
    assert reports == []


def test_a_new_version_waits_for_the_end_of_the_hand_and_keeps_the_game(page, own_site, tmp_path):
    sc = json.loads((SCENARIOS / "made-contract.json").read_text())   # the last trick, the player to play
    record = {"format": "touti-record/1", "deal": sc["deal"], "rules": sc["rules"], "actions": sc["actions"]}
    preset(page, FAST)
    page.goto(own_site.url + record_fragment(record))
    wait_ready(page)
    settle(page)
    wait_offline_ready(page)
    old = version_of(page)

    # a new version is published: the same site, another version
    new = build.build(tmp_path / "next", stamp="update test")["version"]
    own_site.root.rename(tmp_path / "old")
    (tmp_path / "next").rename(own_site.root)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")

    # in the middle of a hand it is only announced, and a reload keeps the old version
    page.wait_for_selector("#update[data-update='after-hand']", timeout=60_000)
    assert page.query_selector("#update-reload") is None
    page.reload()
    wait_ready(page)
    settle(page)
    assert version_of(page) == old
    page.wait_for_selector("#update[data-update='after-hand']")
    assert page.get_attribute("html", "data-phase") == "play"

    # the hand ends: now the reload is offered
    page.click("#hand button[data-card='1O']")
    page.wait_for_selector("#update[data-update='ready'] #update-reload", timeout=30_000)
    assert page.get_attribute("html", "data-phase") == "hand_over"
    saved = page.evaluate("localStorage.getItem('touti.game.v1')")
    page.click("#update-reload")
    page.wait_for_function(f"document.getElementById('touti-build') && "
                           f"document.getElementById('touti-build').textContent.includes('{new}')")
    wait_ready(page)
    settle(page)
    # the new version runs the same saved game, at the end of its hand
    assert version_of(page) == new
    assert page.get_attribute("html", "data-phase") == "hand_over"
    assert json.loads(page.evaluate("localStorage.getItem('touti.game.v1')"))["record"] == json.loads(saved)["record"]
    assert "Made: we score 100." in page.text_content("#panel")
    # the old version's caches are gone, the new one's in place
    page.wait_for_function(f"caches.keys().then(k => JSON.stringify(k.sort()) === "
                           f"JSON.stringify(['touti-{new}', 'touti-snapshot-{new}']))", timeout=30_000)
    assert page.query_selector("#update") is None


def test_the_app_is_installable(browser_type, browser_type_launch_args, site, tmp_path):
    # installability is not computed in incognito contexts: use a profile on disk
    ctx = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    try:
        page = csp_safe(ctx.pages[0] if ctx.pages else ctx.new_page())
        page.goto(site)
        wait_ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        cdp = ctx.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["url"] == site + "manifest.webmanifest"
    finally:
        ctx.close()


def test_the_game_runs_under_the_sites_policy(page, site):
    reports = watch_csp(page)
    documents = []
    page.on("response", lambda r: documents.append(r) if r.request.resource_type == "document"
            or r.url.endswith("/worker.js") else None)
    preset(page, FAST)
    page.goto(site)
    wait_ready(page)
    settle(page)
    page.goto(site + "embed.html?scenario=overtrump")
    page.wait_for_selector("html[data-ready='true']", timeout=30_000)
    assert reports == []
    assert len(documents) >= 3
    for r in documents:
        policy = r.headers["content-security-policy"]
        # (the game page also allows blob: scripts, for its bots' sandbox: tests/test_deploy.py)
        assert ("script-src 'self' 'wasm-unsafe-eval';" in policy
                or "script-src 'self' 'wasm-unsafe-eval' blob:;" in policy) and "unsafe-inline" not in policy
