"""The rules page (#rules): every section, the tables from the engine's facts,
and a live demo for each rule that has one."""

from __future__ import annotations

import json
from pathlib import Path

from touti_core.facts import facts

from cspwait import csp_safe
from webhelpers import FAST, preset, wait_ready

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = {e["id"] for e in json.loads((ROOT / "web" / "scenarios" / "index.json").read_text())}


def test_the_rules_page_shows_every_rule_and_links_each_to_its_demo(page, site):
    preset(page, FAST)
    page.goto(site + "#rules")
    wait_ready(page)
    page.wait_for_selector("html[data-view='rules'] #rules-ghna")
    assert page.locator("#app").is_hidden()
    # the card table comes from the engine: the Ace 11, the Triss 10, ... 130 a hand
    f = facts()
    cells = page.eval_on_selector_all("#rules-cards tbody td", "els => els.map(e => e.textContent)")
    assert cells == [str(f["points"][str(r)]) for r in f["strength"]]
    assert "130" in page.text_content("#rules-cards caption")
    caps = page.eval_on_selector_all("#rules-ghna tbody td", "els => els.map(e => e.textContent)")
    assert caps[:6] == ["0", "20", "40", "60", "80", "100"]
    # every demo link names a scenario that exists, and every scenario is linked
    linked = page.eval_on_selector_all("a.rules-demo-link", "els => els.map(e => e.dataset.scenario)")
    assert set(linked) == SCENARIOS and len(linked) == len(SCENARIOS)
    hrefs = page.eval_on_selector_all("a.rules-demo-link", "els => els.map(e => e.getAttribute('href'))")
    assert all(h.startswith("embed.html?scenario=") and "lang=en" in h for h in hrefs)
    # a demo opens in the page and is a live table
    page.click("button.rules-try[data-scenario='overtrump']")
    frame = page.frame_locator("#rules-trumping iframe")
    frame.locator("html[data-ready='true']").wait_for(timeout=30_000)
    frame.locator("#hand button[data-card='1O']").click()
    frame.locator("html[data-step='1']").wait_for(timeout=30_000)
    # the house rules are said where they apply, and back to the game
    assert "House rule" in page.text_content("#rules-trumping")
    page.click("#screen-back")
    page.wait_for_selector("html[data-view='game']")
    assert page.locator("#app").is_visible()


def test_the_ghna_cap_table_follows_the_variant_in_the_settings(page, site):
    preset(page, {**FAST, "rules": {"ghna_cap": "contract_minus_50"}})
    page.goto(site + "#rules")
    wait_ready(page)
    page.wait_for_selector("#rules-ghna")
    caps = page.eval_on_selector_all("#rules-ghna tbody td", "els => els.map(e => e.textContent)")
    assert caps[:3] == ["20", "30", "40"]


def test_the_rules_and_the_bots_screen_say_the_bots_see_only_their_seat(browser, site):
    """The rules and #bots say plainly, in every language, that the game's bots see only
    what their seat may see (tests/test_bots_fair.py checks that they do), and #bots that
    the strong bot remembers the earlier hands of the game (tests/test_bots_table_memory.py)."""
    messages = ROOT / "web" / "messages"
    for lang in ("en", "fr", "ar", "es"):
        catalogue = json.loads((messages / f"{lang}.json").read_text(encoding="utf-8"))
        ctx = browser.new_context(viewport={"width": 390, "height": 844})    # a phone
        page = csp_safe(ctx.new_page())
        preset(page, {**FAST, "locale": lang})
        page.goto(site + "#rules")
        wait_ready(page)
        page.wait_for_selector("html[data-view='rules'] #rules-fair")
        assert page.text_content("#rules-fair").strip() == catalogue["rulebook.fair"], lang
        assert page.locator("#rules-fair").is_visible()
        page.goto(site + "#bots")
        page.wait_for_selector("html[data-view='bots'] #bots-fair")
        assert page.text_content("#bots-fair").strip() == catalogue["bots.fair"], lang
        assert page.locator("#bots-fair").is_visible()
        # and that the strong bot remembers the earlier hands, as a player does
        assert page.text_content("#bots-memory").strip() == catalogue["bots.memory"], lang
        assert page.locator("#bots-memory").is_visible()
        ctx.close()
