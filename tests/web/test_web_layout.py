"""The table's layouts and right to left (issue 39), by geometry, at the three
phone sizes and a desktop, in English and Arabic: the header is two rows at
most on a phone and its menu buttons are a finger's size; the trick's cards
fill their place (no numbered dot over an empty one); in landscape the table
takes the width once the auction is over; the end-of-hand and game-over panels
fit (or scroll inside themselves) with real buttons; in Arabic the panels read
right to left (labels right of their values, the full stop at the left end)
and no Latin word is left on any screen; the lesson's "these are your ten
cards" shows them; `dev.py shots` writes its pictures."""

from __future__ import annotations

import json
import random
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from touti_core import api, bots

from cspwait import csp_safe
from test_web_phone import POSITIONS as PHONE_POSITIONS
from webhelpers import (
    FAST, inside, open_lesson_cards_step, open_record, overlap, play_out_hand, preset, settle, wait_ready,
)

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = [(360, 640), (390, 844), (844, 390), (1280, 800)]
#: English and Arabic at every size; French and Spanish (the longest words) at the narrowest
LAYOUTS = [(size, lang) for lang in ("en", "ar") for size in SIZES] + [((360, 640), "fr"), ((360, 640), "es")]
IDS = [f"{lang}-{w}x{h}" for (w, h), lang in LAYOUTS]
TOUCH = 44


def positions() -> dict[str, dict]:
    """A trick half played with the player to play (a trick already won before
    it), the end of a hand, the last hand of a game at the player's first card,
    and the end of that game (target 100: one or two hands)."""
    found: dict[str, dict] = {}
    for seed in range(1, 300):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 100})
        first_card = None
        for _ in range(2000):
            ph = s["phase"]
            if ph == "play" and s["to_act"] == 0:
                v = api.view(s, 0)
                if "play" not in found and len(v["trick"]) >= 2 and len(v["tricks"]) >= 1:
                    found["play"] = api.to_record(s)
                if not v["tricks"] and not v["trick"]:
                    first_card = api.to_record(s)
            if ph == "hand_over" and "hand_over" not in found:
                found["hand_over"] = api.to_record(s)
            if ph == "game_over":
                if first_card and "game_over" not in found:
                    found["last_hand"], found["game_over"] = first_card, api.to_record(s)
                break
            if s["to_act"] is None:
                break
            v = api.view(s, s["to_act"])
            s = api.act(s, bots.choose(v, v["legal"], "normal", seed=r.randrange(1000)))
        if len(found) == 4 + ("last_hand" in found):
            break
    assert {"play", "hand_over", "last_hand", "game_over"} <= set(found), sorted(found)
    return found


POSITIONS = positions()

#: The header's parts, the trick, the seats, the table and the page's width.
TABLE_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && !e.closest('[hidden]'); };
  const bar = document.getElementById('bar');
  const parts = [...bar.querySelectorAll('.brand, .info-block, .menu')].filter(shown)
    .map((e) => [e.className, box(e)]);
  const inner = [...bar.querySelectorAll('.team-chip, .suit-badge, .info-label, #contract, #target, .menu-btn')]
    .filter(shown).map((e) => [e.id || e.className, box(e)]);
  const menu = [...bar.querySelectorAll('.menu-btn')].filter(shown).map((e) => [e.id, box(e)]);
  const trick = document.getElementById('trick');
  const cards = [...trick.querySelectorAll('.slot')].filter((s) => s.querySelector('.played'))
    .map((s) => [s.dataset.seat, box(s.querySelector('.played'))]);
  const orders = [...trick.querySelectorAll('.order')].filter(shown).map((o) => o.dataset.seat);
  const seat = (n) => box(document.getElementById('seat-' + n));
  return {w: innerWidth, h: innerHeight, scrollWidth: document.scrollingElement.scrollWidth,
          bar: box(bar), parts, inner, menu, trick: box(trick), cards, orders,
          table: box(document.getElementById('table')), west: seat(3), east: seat(1)};
}"""

#: The panel over the table (end of a hand, end of the game): its box, its
#: body's scrolling, every control a finger uses, and its direction.
PANEL_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !e.closest('[hidden]'); };
  const panel = document.querySelector('#panel .panel-box');
  if (!panel || !shown(panel)) return null;
  const body = panel.querySelector('.panel-body') || panel;
  const controls = [...panel.querySelectorAll('button, a[href], select, summary')].filter(shown)
    .map((e) => [e.id || e.dataset.action || e.textContent.trim(), e.tagName, box(e)]);
  return {box: box(panel), body: box(body), scroll: body.scrollHeight, client: body.clientHeight,
          overflow: getComputedStyle(body).overflowY, controls, dir: getComputedStyle(panel).direction,
          w: innerWidth, h: innerHeight, scrollWidth: document.scrollingElement.scrollWidth};
}"""

#: Right to left in the end-of-hand summary: each row's label and values, and
#: where the result's last character (its full stop) is drawn.
ORDER_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const rows = [...document.querySelectorAll('#panel .summary-points tr')].filter((tr) => tr.querySelector('th[scope]') === null)
    .map((tr) => [box(tr.querySelector('th')), [...tr.querySelectorAll('td')].map(box)]);
  const p = document.querySelector('#panel .summary-result');
  const text = p.firstChild;
  const range = document.createRange();
  const at = (i) => { range.setStart(text, i); range.setEnd(text, i + 1); return box(range); };
  const s = text.textContent;
  return {rows, text: s, last: at(s.length - 1), first: at(0), para: box(p)};
}"""


def rows_of(boxes) -> int:
    """How many rows boxes make: boxes that share some height are one row."""
    rows: list[list[float]] = []
    for b in sorted(boxes, key=lambda b: b[1]):
        for r in rows:
            if min(r[1], b[3]) - max(r[0], b[1]) > 2:
                r[0], r[1] = min(r[0], b[1]), max(r[1], b[3])
                break
        else:
            rows.append([b[1], b[3]])
    return len(rows)


def check_panel(page, view) -> dict:
    """The panel inside the screen, its body scrolling inside it when long,
    every action a button at least 44 px and reachable inside the panel."""
    p = page.evaluate(PANEL_JS)
    assert p and inside(p["box"], view), ("the panel is out of the screen", p and p["box"], view)
    assert p["scroll"] <= p["client"] + 1 or p["overflow"] in ("auto", "scroll"), p
    assert p["scrollWidth"] <= p["w"], ("the page scrolls sideways", p["scrollWidth"], p["w"])
    actions = [c for c in p["controls"] if c[1] != "SUMMARY"]    # (the game over's summary opens a hand's details)
    assert actions, p["controls"]
    for name, tag, b in actions:
        assert tag == "BUTTON" or name == "panel-review", ("an action that is not a button", name, tag)
    for name, tag, b in p["controls"]:
        assert b[2] - b[0] >= TOUCH - 0.5 and b[3] - b[1] >= TOUCH - 0.5, ("smaller than 44×44", name, tag, b)
    for i in range(len(p["controls"])):
        page.evaluate("""(i) => [...document.querySelectorAll('#panel .panel-box :is(button, a[href], select, summary)')]
          .filter((e) => e.getBoundingClientRect().width > 0)[i].scrollIntoView({block: 'nearest'})""", i)
        again = page.evaluate(PANEL_JS)
        name, _, b = again["controls"][i]
        assert inside(b, again["box"]) and inside(b, view), ("an action cut off", name, b, again["box"])
    return p


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_header_trick_table_and_panels_by_geometry(page, site, layout):
    (w, h), lang = layout
    page.set_viewport_size({"width": w, "height": h})
    preset(page, FAST)
    url = site + (f"?lang={lang}" if lang != "en" else "")
    view = [0, 0, w, h]

    assert open_record(page, url, POSITIONS["play"], "play") in ("card", "act:play")
    assert page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr")
    g = page.evaluate(TABLE_JS)
    assert g["scrollWidth"] <= w, ("the page scrolls sideways", g["scrollWidth"], w)
    # the header: two rows at most, nothing out of the screen or over another part, buttons a finger's size
    assert rows_of([b for _, b in g["parts"]]) <= 2, ("the header takes more than two rows", g["parts"])
    for name, b in g["parts"] + g["inner"]:
        assert inside(b, view), ("a part of the header is out of the screen", name, b)
    for boxes in (g["parts"], g["inner"]):        # the blocks, and what they hold (text may overflow its block)
        for i, (a, ba) in enumerate(boxes):
            for c, bc in boxes[i + 1:]:
                assert not overlap(ba, bc), ("parts of the header overlap", a, ba, c, bc)
    assert g["menu"], g
    for name, b in g["menu"]:
        assert b[2] - b[0] >= TOUCH - 0.5 and b[3] - b[1] >= TOUCH - 0.5, ("a menu button under 44×44", name, b)
    # the trick: its cards fill the place (the cross of four spans most of it), a dot only on a card played
    assert len(g["cards"]) >= 2, g["cards"]
    t = g["trick"]
    cw, ch = g["cards"][0][1][2] - g["cards"][0][1][0], g["cards"][0][1][3] - g["cards"][0][1][1]
    fill = max(2 * ch / (t[3] - t[1]), 3 * cw / (t[2] - t[0]))
    assert fill >= 0.8 or cw >= 100, ("the trick's cards are small in their place", cw, ch, t)
    assert set(g["orders"]) == {seat for seat, _ in g["cards"]}, ("an order of play over an empty place", g)
    for _, b in g["cards"]:
        assert inside(b, view)
    if h < 500 < w:       # landscape: once the auction is over the table takes the width
        assert g["table"][2] - g["table"][0] >= 0.95 * w, ("the table leaves the width empty", g["table"], w)
        assert g["west"][0] <= 0.2 * w and g["east"][2] >= 0.8 * w, ("the seats huddle", g["west"], g["east"])

    # the end of a hand: the panel fits; in Arabic it reads right to left
    assert open_record(page, url, POSITIONS["hand_over"], "hand_over") == "hand_over"
    p = check_panel(page, view)
    o = page.evaluate(ORDER_JS)
    assert o["rows"], o
    if lang == "ar":
        assert p["dir"] == "rtl", p["dir"]
        for label, values in o["rows"]:
            assert all(label[0] >= v[2] - 1 for v in values), ("a label is not right of its values", label, values)
        assert o["text"].endswith("."), o["text"]
        assert o["last"][0] <= o["first"][0], ("the full stop is not at the sentence's left end", o)
    else:
        assert p["dir"] == "ltr"
        for label, values in o["rows"]:
            assert all(label[2] <= v[0] + 1 for v in values), ("a label is not left of its values", label, values)

    # the end of the game: the panel fits; its first action (a new game) on the side the language starts
    assert open_record(page, url, POSITIONS["game_over"], "game_over") == "game_over"
    check_panel(page, view)
    row = page.eval_on_selector_all("#panel .panel-buttons > *", "els => els.map((e) => e.getBoundingClientRect().left)")
    assert len(row) >= 2, row
    if row[0] != row[1]:                          # side by side (not stacked)
        assert (row[0] > row[1]) == (lang == "ar"), ("the panel's buttons are not in the language's order", row)


def test_a_game_played_to_its_end_shows_the_game_over_panel_with_buttons(page, site):
    """The last hand of a game (target 100) played by taps, at the smallest landscape."""
    page.set_viewport_size({"width": 844, "height": 390})
    preset(page, FAST)
    assert open_record(page, site + "?lang=ar", POSITIONS["last_hand"], "play") in ("card", "act:play")
    play_out_hand(page)
    assert settle(page) == "game_over"
    p = check_panel(page, [0, 0, 844, 390])
    names = [c[0] for c in p["controls"]]
    assert "new-game" in names, names
    page.click("#new-game")
    assert page.wait_for_function("document.documentElement.dataset.phase === 'auction'")


#: Every Latin word shown (text, labels, titles, placeholders), but in code and
#: in what a browser without scripts would show; each with where it is.
LATIN_JS = """() => {
  const out = [];
  const words = (s, where) => (s.match(/[A-Za-z]+/g) || []).forEach((w) => out.push([w, where]));
  const where = (el) => el.id || el.className || el.tagName;
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('noscript, script, style, code, pre, kbd, samp, [hidden], [aria-hidden="true"]')) continue;
    if (getComputedStyle(el).display === 'none') continue;
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(attr)) words(el.getAttribute(attr), where(el));
    for (const c of el.childNodes) if (c.nodeType === 3) words(c.textContent, where(el));
  }
  words(document.title, 'title');
  return out;
}"""

#: What stays Latin in Arabic, and why.  Everywhere: the names of file formats
#: as a device shows them (a score sheet exported as JSON or CSV, a bot's file
#: ending in .whl).  Where it is: the language menu names each language in
#: itself (a French reader looks for "Français"); a game code is letters and
#: digits typed on another device as they are; the bots' page for developers
#: quotes code (the function a bot defines and its arguments, the command that
#: builds it, the guide's file name, a file's address on the site); the
#: keyboard's keys are named by the letters on them.
LATIN_ALLOWED = {"JSON", "CSV", "whl"}
LATIN_ALLOWED_IN = {
    "OPTION": None,                       # only the language menu's options have Latin (checked below)
    "game-code": None, "set-code-input": None, "code": None,
    "bots-url": None, "set-keys-help": None,
    "bots": {"choose", "view", "legal", "pip", "wheel", "docs", "bot", "api", "md", "py"},
}


def latin(page, place: str) -> list:
    out = []
    for w, where in page.evaluate(LATIN_JS):
        if w in LATIN_ALLOWED:
            continue
        if where in LATIN_ALLOWED_IN and LATIN_ALLOWED_IN[where] is None:
            continue
        if place in LATIN_ALLOWED_IN and w in LATIN_ALLOWED_IN[place]:
            continue
        out.append((w, where, place))
    if place == "settings":   # the Latin options are the languages' own names
        names = {json.loads((ROOT / "web" / "messages" / f"{c}.json").read_text())["meta.name"] for c in ("en", "fr", "es")}
        shown = page.eval_on_selector_all("#set-locale option", "els => els.map((e) => e.textContent)")
        assert names <= set(shown), shown
    return out


def auction_with_signals() -> dict:
    """The player's turn in an auction where another seat announced or signalled."""
    for seed in range(1, 400):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 600})
        while s["phase"] in ("auction", "signal"):
            if s["phase"] == "auction" and s["to_act"] == 0 and any(a["type"] in ("announce", "signal") for a in api.view(s, 0)["hand_actions"]):
                return api.to_record(s)
            v = api.view(s, s["to_act"])
            s = api.act(s, bots.choose(v, v["legal"], "normal", seed=r.randrange(1000)))
    raise AssertionError("no auction with a signal")


def test_no_latin_word_is_left_on_any_screen_in_arabic(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    preset(page, {**FAST, "locale": "ar"})
    found = []
    assert open_record(page, site, auction_with_signals(), "auction") in ("act:auction", "act:signal")
    assert page.eval_on_selector_all("#table .bubble:not([hidden])", "els => els.length") >= 1
    found += latin(page, "auction")
    for phase in ("signal", "trump", "ghna", "concession"):       # each phase's controls
        open_record(page, site, PHONE_POSITIONS[phase], phase)
        found += latin(page, phase)
    assert open_record(page, site, POSITIONS["play"], "play") in ("card", "act:play")
    found += latin(page, "play")
    for button, dialog in (("#menu-last", "last-trick"), ("#menu-settings", "settings"), ("#menu-more", "menu")):
        page.evaluate("(b) => document.querySelector(b).click()", button)    # the menu may hide it on a phone
        page.wait_for_selector(f"dialog[data-dialog='{dialog}'][open]")
        found += latin(page, dialog)
        page.keyboard.press("Escape")
    assert open_record(page, site, POSITIONS["game_over"], "game_over") == "game_over"
    found += latin(page, "game_over")
    page.evaluate("document.getElementById('menu-sheet').click()")
    page.wait_for_selector("dialog[data-dialog='sheet'][open]")
    found += latin(page, "score sheet")
    page.keyboard.press("Escape")
    assert open_record(page, site, POSITIONS["hand_over"], "hand_over") == "hand_over"
    found += latin(page, "hand_over")
    page.click("#panel-review")
    page.wait_for_selector("html[data-view='review'] #review-board .mini-card", timeout=60_000)
    found += latin(page, "review")
    for screen in ("learn", "rules", "history", "stats", "daily", "challenge", "sheet", "bots"):
        page.evaluate(f"location.hash = '#{screen}'")
        page.wait_for_selector(f"html[data-view='{screen}'] .screen-title")
        page.wait_for_timeout(400)
        found += latin(page, screen)
    assert not found, "\n".join(f"{w} in {where} ({place})" for w, where, place in sorted(set(found)))


#: The controls inside `root` that a finger uses, smaller than 44x44 px: buttons, links that are not words inside
#: a sentence, fields, the button-labels of hidden file inputs, a checkbox's label (the label is the target: the
#: box itself is not measured).
SMALL_TARGETS_JS = """(root) => {
  const controls = [...document.querySelector(root).querySelectorAll(`button, a, summary, select, textarea,
    input:not([type=checkbox]):not([type=radio]):not(.sr-only), label.act, label.check, .field.check label`)]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  const inSentence = (e) => e.tagName === 'A' && getComputedStyle(e).display === 'inline'
    && [...e.parentElement.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  return controls.filter((e) => !inSentence(e)).map((e) => { const r = e.getBoundingClientRect();
    return [e.id || `${e.tagName}.${e.className}`, Math.round(r.width), Math.round(r.height)]; })
    .filter(([, w, h]) => w < 43.5 || h < 43.5); }"""

#: An open dialog: how far its content scrolls sideways, and the controls that reach past its sides.
DIALOG_FIT_JS = """(root) => { const d = document.querySelector(root); const r = d.getBoundingClientRect();
  const out = [...d.querySelectorAll('button, a, select, input:not(.sr-only), label, legend')]
    .filter((e) => e.getClientRects().length).map((e) => [e.id || e.tagName, e.getBoundingClientRect()])
    .filter(([, b]) => b.left < r.left - 0.5 || b.right > r.right + 0.5).map(([n, b]) => [n, Math.round(b.left), Math.round(b.right)]);
  return {wide: d.scrollWidth - d.clientWidth, out, inside: r.left >= -0.5 && r.right <= innerWidth + 0.5}; }"""


PHONES = [(360, 640), (390, 844), (844, 390)]


def open_on_phone(page, site, size, lang) -> None:
    """The page at a phone's ``size`` in ``lang``, ready."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    preset(page, {**FAST, "locale": lang})
    page.goto(site)
    wait_ready(page)


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screens_controls_are_a_fingers_size(page, site, size, lang):
    # the fields too: a bot's address, #bots's seats and arena numbers, a challenge's size, the rules' demos
    open_on_phone(page, site, size, lang)
    small = {}
    for screen in ("learn", "rules", "history", "stats", "daily", "challenge", "sheet", "bots", "friends"):
        page.evaluate(f"location.hash = '#{screen}'")
        page.wait_for_selector(f"html[data-view='{screen}'] .screen-title")
        page.wait_for_timeout(400)
        found = page.evaluate(SMALL_TARGETS_JS, "#screen")
        if found:
            small[screen] = found
    assert small == {}, small


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_dialogs_fit_a_phone_and_their_controls_are_a_fingers_size(page, site, size, lang):
    # the settings, the menu, the scores and the last trick: nothing pushed out sideways (the decks' long
    # option once widened the settings past a phone's screen), every control 44x44 at least
    open_on_phone(page, site, size, lang)
    settle(page)
    bad = {}
    for button, dialog in (("#menu-settings", "settings"), ("#menu-more", "menu"), ("#menu-sheet", "sheet"),
                           ("#menu-last", "last-trick")):
        page.evaluate("(b) => document.querySelector(b).click()", button)    # the menu may hide it on a phone
        root = f"dialog[data-dialog='{dialog}'][open]"
        page.wait_for_selector(root)
        fit = page.evaluate(DIALOG_FIT_JS, root)
        small = page.evaluate(SMALL_TARGETS_JS, root)
        if fit["wide"] > 0 or fit["out"] or not fit["inside"] or small:
            bad[dialog] = {**fit, "small": small}
        page.keyboard.press("Escape")
        page.wait_for_selector(root, state="detached")
    assert bad == {}, bad


def test_the_lessons_ten_cards_are_in_view_at_360(page, site):
    page.set_viewport_size({"width": 360, "height": 640})
    preset(page, FAST)
    open_lesson_cards_step(page, site)
    g = page.evaluate("""() => { const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
      return {cards: [...document.querySelectorAll('#screen .hand button[data-card]')].map(box),
              coach: box(document.getElementById('coach')), h: innerHeight, w: innerWidth}; }""")
    assert len(g["cards"]) == 10
    for b in g["cards"]:
        assert b[1] >= 0 and b[3] <= g["h"] + 0.5, ("a card of the hand is out of view", b, g["h"])
    assert g["coach"][1] >= 0 and g["coach"][3] <= g["h"] + 0.5, ("the coach is out of view", g["coach"])


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_axe_finds_nothing_on_the_screens_laid_out_for_phones(browser, site, lang):
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, bypass_csp=True)
    try:
        page = csp_safe(ctx.new_page())
        preset(page, {**FAST, "locale": lang})

        def audit(place):
            page.add_script_tag(path=str(AXE))
            found = page.evaluate("""axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>
                [v.id, v.impact, v.nodes.map(n => n.target.join(' ')).slice(0, 3)]))""")
            assert found == [], (lang, place, found)

        for phase in ("play", "hand_over", "game_over"):
            open_record(page, site, POSITIONS[phase], phase)
            audit(phase)
        page.set_viewport_size({"width": 844, "height": 390})
        audit("landscape")
        page.evaluate("location.hash = '#learn'")
        page.wait_for_selector("#coach[data-mode='next'] #coach-next")
        audit("learn")
    finally:
        ctx.close()


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_dev_shots_writes_the_table_panel_and_review_pictures(site_dir, tmp_path):
    out = tmp_path / "shots"
    r = subprocess.run([sys.executable, str(ROOT / "dev.py"), "shots", "--site", str(site_dir), "--out", str(out),
                        "--size", "360x640", "--lang", "ar"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    printed = [Path(line) for line in r.stdout.splitlines() if line.endswith(".png")]
    assert sorted(p.name for p in printed) == ["panel-ar-360x640.png", "review-ar-360x640.png", "table-ar-360x640.png"]
    for p in printed:
        assert p.parent == out and png_size(p) == (360, 640)
