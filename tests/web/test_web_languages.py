"""Every language of the app: a French, Arabic or Spanish player meets no
English from the first screen to the end of a hand; axe-core finds no
accessibility violation in any language; Arabic is laid out right to left
with nothing overlapping or clipped; the language changes at once, the game
untouched."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cspwait import csp_safe
from test_web_phone import POSITIONS
from webhelpers import CATALOGUES, open_record, preset, settle, wait_ready

ROOT = Path(__file__).resolve().parents[2]
EN = CATALOGUES["en"]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
OTHERS = sorted(c for c in CATALOGUES if c != "en")

VISIBLE_TEXT_JS = """() => {
  const out = [];
  const walk = (node) => {
    for (const el of node.querySelectorAll('*')) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden' || el.closest('[hidden]') || el.closest('[aria-hidden="true"]')) continue;
      for (const attr of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(attr)) out.push(el.getAttribute(attr));
      for (const c of el.childNodes) if (c.nodeType === 3 && c.textContent.trim()) out.push(c.textContent.trim());
    }
  };
  walk(document.body);
  out.push(document.title);
  return out;
}"""


def english_strings(lang: str) -> tuple[set[str], list[str]]:
    """English texts of the catalogue that the language words otherwise: whole ones (no
    argument) and long phrases (three words or more) that must not appear anywhere."""
    whole, phrases = set(), []
    theirs = {v.strip() for v in CATALOGUES[lang].values()}
    for key, text in EN.items():
        if key.startswith(("meta.", "app.")) or "{" in text or text.strip() in theirs:
            continue
        if not re.search(r"[A-Za-z]{3}", text):
            continue
        whole.add(text.strip())
        if len(text.split()) >= 3:
            phrases.append(text.strip())
    return whole, phrases


def english_in(texts: list[str], lang: str) -> list[str]:
    whole, phrases = english_strings(lang)
    found = [t for t in texts if t.strip() in whole]
    joined = "\n".join(texts)
    found += [p for p in phrases if p in joined]
    return found


def open_position(page, site, phase: str) -> str:
    return open_record(page, site, POSITIONS[phase], phase)


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_is_left_in_a_whole_hand(page, site, lang):
    preset(page, {"speed": "instant", "locale": lang})
    seen: list[str] = []
    for phase in ("auction", "signal", "trump", "play", "ghna", "concession", "hand_over"):
        open_position(page, site, phase)
        assert page.get_attribute("html", "lang") == lang
        seen += page.evaluate(VISIBLE_TEXT_JS)
        if phase == "play":
            # a refused card, the hint, the last trick, the score sheet, the settings
            illegal = page.query_selector("#hand button.illegal")
            if illegal:
                illegal.click()
                page.wait_for_selector("#message.refusal")
                seen += page.evaluate(VISIBLE_TEXT_JS)
            page.click("#menu-hint")
            page.wait_for_selector("#message.hint")
            seen += page.evaluate(VISIBLE_TEXT_JS)
            for button, dialog in (("#menu-last", "last-trick"), ("#menu-sheet", "sheet"), ("#menu-settings", "settings")):
                page.click(button)
                page.wait_for_selector(f"dialog[data-dialog='{dialog}'][open]")
                seen += page.evaluate(VISIBLE_TEXT_JS)
                page.keyboard.press("Escape")
        if phase == "hand_over":
            page.click("#menu-sheet")
            page.wait_for_selector("dialog[data-dialog='sheet'][open]")
            seen += page.evaluate(VISIBLE_TEXT_JS)
            page.keyboard.press("Escape")
    for screen in ("rules", "learn", "history", "stats", "daily", "challenge", "sheet", "bots"):
        page.goto(site + f"#{screen}")
        page.wait_for_selector(f"html[data-view='{screen}'] .screen-title")
        page.wait_for_timeout(300)
        seen += page.evaluate(VISIBLE_TEXT_JS)
    found = english_in(seen, lang)
    assert found == [], found[:10]


def audit(page) -> list:
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>
        [v.id, v.impact, v.nodes.map(n => n.target.join(' ')).slice(0, 3)]))""")


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_axe_finds_no_violation(browser, site, lang):
    # the audit's script is injected: the page's policy is bypassed for the audit only
    ctx = browser.new_context(viewport={"width": 1100, "height": 820}, bypass_csp=True)
    try:
        page = csp_safe(ctx.new_page())
        preset(page, {"speed": "instant", "locale": lang})
        for phase in ("auction", "play", "hand_over"):
            open_position(page, site, phase)
            assert audit(page) == [], (lang, phase)
        page.click("#menu-settings")
        page.wait_for_selector("dialog[data-dialog='settings'][open]")
        assert audit(page) == [], (lang, "settings")
        page.keyboard.press("Escape")
        for screen in ("rules", "history", "sheet", "challenge"):
            page.goto(site + f"#{screen}")
            page.wait_for_selector(f"html[data-view='{screen}'] .screen-title")
            assert audit(page) == [], (lang, screen)
    finally:
        ctx.close()


CLIPPED_JS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('button, .seat-name, .info-value, .turn-line, .help, .bubble, h1, h2, p')) {
    const s = getComputedStyle(el);
    if (s.display === 'none' || el.closest('[hidden]') || !el.getClientRects().length) continue;
    if (el.scrollWidth > el.clientWidth + 1 && s.overflowX !== 'auto' && s.overflowX !== 'scroll'
        && !el.closest('.log, .hand, .mini-card')) bad.push(el.outerHTML.slice(0, 80));
  }
  return bad;
}"""


def test_arabic_is_right_to_left_at_390_wide_with_nothing_clipped(page, site, tmp_path):
    from test_web_phone import GEOMETRY_JS, overlap
    page.set_viewport_size({"width": 390, "height": 844})
    preset(page, {"speed": "instant", "locale": "ar"})
    for phase in ("auction", "signal", "trump", "play", "ghna", "concession", "hand_over"):
        open_position(page, site, phase)
        assert page.get_attribute("html", "dir") == "rtl"
        page.screenshot(path=str(tmp_path / f"ar-{phase}.png"))
        assert page.evaluate(CLIPPED_JS) == [], phase
        g = page.evaluate(GEOMETRY_JS)
        for i, (name, a) in enumerate(g["controls"]):
            for other, b in g["controls"][i + 1:]:
                assert not overlap(a, b), (phase, name, other)
        # the seats keep their places: the next player (Karim) on the right
        right = page.evaluate("document.getElementById('seat-1').getBoundingClientRect().left")
        left = page.evaluate("document.getElementById('seat-3').getBoundingClientRect().left")
        assert right > left


def test_the_language_changes_at_once_and_the_game_goes_on(page, site):
    preset(page, {"speed": "instant"})
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    page.locator("#actions button[data-action='bid']").first.click()
    settle(page)
    page.evaluate("window.__same_page = true")
    record = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record")
    page.click("#menu-settings")
    options = page.eval_on_selector_all("#set-locale option", "els => els.map(e => e.textContent)")
    assert options == ["English", "Español", "Français", "العربية"] or sorted(options) == sorted(
        ["English", "Español", "Français", "العربية"])
    page.select_option("#set-locale", "ar")
    page.click("#settings-save")
    page.wait_for_function("document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl'")
    assert page.evaluate("window.__same_page") is True              # no reload
    assert page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record") == record
    assert page.text_content("#menu-hint") == CATALOGUES["ar"]["menu.hint"]
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "ar"


@pytest.mark.parametrize("lang", OTHERS)
def test_lang_in_the_address_and_the_browsers_languages(browser, site, lang):
    ctx = browser.new_context(locale={"fr": "fr-FR", "ar": "ar-MA", "es": "es-ES"}[lang])
    try:
        page = csp_safe(ctx.new_page())
        page.goto(site)                                       # the browser's language
        wait_ready(page)
        assert page.get_attribute("html", "lang") == lang
        page.goto(site + "embed.html?scenario=overtrump&lang=en")  # the address wins
        page.wait_for_selector("html[data-ready='true']", timeout=30_000)
        assert page.get_attribute("html", "lang") == "en"
        page.goto(site + f"embed.html?scenario=overtrump&lang={lang}")
        page.wait_for_selector("html[data-ready='true']", timeout=30_000)
        caption = page.text_content("#embed-caption")
        assert caption == CATALOGUES[lang]["scenario.overtrump.caption"]
        page.goto(site + f"demo.html?lang={lang}")
        page.wait_for_function(f"document.querySelector('h1').textContent === {json.dumps(CATALOGUES[lang]['demo.title'])}")
        assert page.get_attribute("touti-demo", "lang") == lang
    finally:
        ctx.close()
