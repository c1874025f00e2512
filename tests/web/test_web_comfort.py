"""Comfort and access (issue 39): the statistics count finished games and
say the unfinished apart, with the plural forms of each language; the deal
of the day says whose contract it was; the screens touched fit the phones
(no sideways scroll), in English and Arabic, and axe finds nothing on them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cspwait import csp_safe
from webhelpers import FAST, wait_ready

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "web" / "messages").glob("*.json")}
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = [(360, 640), (390, 844), (844, 390)]
LANGS = ["en", "ar"]
LAYOUTS = [(s, lang) for lang in LANGS for s in SIZES]
IDS = [f"{lang}-{w}x{h}" for (w, h), lang in LAYOUTS]


def keep_once(page, items: dict[str, str]) -> None:
    """Stores ``items`` in localStorage before the page's scripts run, on the first load only."""
    script = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in items.items())
    page.add_init_script("if (!sessionStorage.getItem('touti-test-kept')) {"
                         "sessionStorage.setItem('touti-test-kept', '1');" + script + "}")


def hand(declarer: int, made: bool, at: int) -> dict:
    return {"n": 0, "at": at, "result": {"cancelled": False, "contract": 80, "declarer": declarer, "made": made,
                                         "trump": "C", "points": [50, 110], "delta": [0, 80], "ghna": []}}


def game(gid: str, started: int, winner: int | None, kind: str = "game") -> dict:
    """A game of the history with one hand, as history.js writes it."""
    return {"id": gid, "started": started, "updated": started, "kind": kind, "practice": False,
            "rules": {"target": 600}, "levels": {"1": "normal", "2": "normal", "3": "normal"},
            "record": {"format": "touti-record/1", "seed": started, "rules": {"target": 600}, "actions": ""},
            "hands": [hand(1, True, started)], "scores": [50, 80], "winner": winner}


#: one game in progress, nothing finished: the issue's "Games won 0 of 1"
ONE_OPEN = {"touti.history.v1": json.dumps({"format": "touti-history/1",
                                            "games": [game("g1", 1_764_000_000_000, None)]}),
            "touti.settings.v1": json.dumps(FAST)}


def day_kept(day: str) -> str:
    """The deal of the day played: the other team's contract of 80, made."""
    r = hand(1, True, 1)["result"]
    return json.dumps({"days": {day: {"result": r, "score": -80, "points": 50, "record": {}, "gameId": "d1"}}})


def layout_of(page) -> dict:
    return page.evaluate("""() => ({w: innerWidth, scroll: document.scrollingElement.scrollWidth,
      cut: [...document.querySelectorAll('#screen td, #screen th, #screen p, #screen h1, #screen h2')]
        .filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent.slice(0, 40))})""")


def audit(page) -> list:
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>
        [v.id, v.impact, v.nodes.map(n => n.target.join(' ')).slice(0, 3)]))""")


@pytest.fixture
def axe_page(browser):
    """A page whose policy lets axe's script in (the audit only)."""
    ctx = browser.new_context(viewport={"width": 1100, "height": 820}, bypass_csp=True)
    yield csp_safe(ctx.new_page())
    ctx.close()


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_statistics_count_finished_games_and_the_deal_of_the_day_says_whose_contract(axe_page, site, layout):
    (w, h), lang = layout
    page = axe_page
    page.set_viewport_size({"width": w, "height": h})
    day = page.evaluate("() => { const d = new Date(); const p = (n) => String(n).padStart(2, '0');"
                        " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; }")
    keep_once(page, {**ONE_OPEN, "touti.daily.v1": day_kept(day)})
    page.goto(site + f"?lang={lang}#stats")
    wait_ready(page)
    page.wait_for_selector("html[data-view='stats'] .stats-table")
    cat = CATALOGUES[lang]
    games_row = page.locator(".stats-section").first.locator("tr").first.locator("td").text_content()
    if lang == "en":
        assert games_row == "no game finished yet; 1 game not finished"
        assert page.locator(".stats-section").first.locator("tr").nth(1).locator("td").text_content() == "0 of 1 hand (0%)"
    else:
        assert "1" not in games_row.split("؛")[0] and "مباراة واحدة" in games_row, games_row
    assert cat["stats.games"] in page.text_content(".stats-table")
    g = layout_of(page)
    assert g["scroll"] <= g["w"] and g["cut"] == [], g
    assert audit(page) == []

    page.evaluate("location.hash = '#daily'")
    page.wait_for_selector("html[data-view='daily'] #daily-result")
    text = page.text_content("#daily-result")
    if lang == "en":
        assert text == "Your result: the other team's contract of 80 made; your team 50 points, score -80."
    else:
        assert "الفريق الخصم" in text and "80" in text, text
    g = layout_of(page)
    assert g["scroll"] <= g["w"] and g["cut"] == [], g
    assert audit(page) == []


#: the developer's words a player should not meet before the plain ones
JARGON = ("wheel", "seed", "graine", "semilla", "بذرة", "choose(", "sandbox", "bac à sable", "aislado", "معزولة")


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_your_bots_speaks_to_a_player_first_and_to_developers_after(axe_page, site, layout):
    (w, h), lang = layout
    page = axe_page
    page.set_viewport_size({"width": w, "height": h})
    keep_once(page, {"touti.settings.v1": json.dumps(FAST)})
    page.goto(site + f"?lang={lang}#bots")
    wait_ready(page)
    page.wait_for_selector("html[data-view='bots'] #bots-load-title")
    cat = CATALOGUES[lang]
    first = page.locator("#bots-load-title + p").text_content()
    assert first == cat["bots.load.help"] and ("Python" in first or "بايثون" in first), first
    plain = [first, page.text_content("#bots-load-title"), page.text_content("label[for='bots-file']"),
             page.text_content("label[for='bots-arena-seed']")]
    for text in plain:
        assert not any(word in text.lower() for word in JARGON), text
    # the developer's words come after, behind "For developers", with where the guide is
    guide = page.locator("#bots-guide")
    assert guide.evaluate("(d) => d.tagName") == "DETAILS" and not guide.evaluate("(d) => d.open")
    assert page.evaluate("""() => document.querySelector('#bots-file').compareDocumentPosition(
        document.querySelector('#bots-guide')) & Node.DOCUMENT_POSITION_FOLLOWING""")
    page.click("#bots-guide summary")
    assert "docs/bot-api.md" in guide.text_content() and "choose(view, legal)" in guide.text_content()
    box = page.locator("#bots-guide summary").bounding_box()
    assert box["height"] >= 44, box
    g = layout_of(page)
    assert g["scroll"] <= g["w"], g
    assert audit(page) == []


IPHONE_SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
IPHONE_CHROME = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1")
ANDROID_CHROME = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                  "Chrome/126.0.0.0 Mobile Safari/537.36")


def phone_page(browser, ua: str, size: tuple[int, int], standalone: bool = False):
    ctx = browser.new_context(user_agent=ua, viewport={"width": size[0], "height": size[1]},
                              is_mobile=True, has_touch=True, bypass_csp=True)
    if standalone:     # opened from the Home Screen: Safari says navigator.standalone
        ctx.add_init_script("Object.defineProperty(Navigator.prototype, 'standalone', {get: () => true})")
    return ctx, csp_safe(ctx.new_page())


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_an_iphone_is_told_how_to_add_the_game_to_its_home_screen(browser, site, layout):
    (w, h), lang = layout
    ctx, page = phone_page(browser, IPHONE_SAFARI, (w, h))
    try:
        keep_once(page, {"touti.settings.v1": json.dumps(FAST)})
        page.goto(site + f"?lang={lang}")
        wait_ready(page)
        page.wait_for_selector("#ios-install")
        cat = CATALOGUES[lang]
        text = page.text_content("#ios-install")
        assert cat["install.ios.title"] in text and cat["install.ios.text"] in text
        box = page.locator("#ios-install").bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= w and box["y"] + box["height"] <= h, box
        close = page.locator("#ios-install-close").bounding_box()
        assert close["width"] >= 44 and close["height"] >= 44, close
        assert page.evaluate("document.scrollingElement.scrollWidth") <= w
        assert audit(page) == []
        page.click("#ios-install-close")
        assert page.locator("#ios-install").count() == 0
        page.reload()
        wait_ready(page)
        page.wait_for_timeout(300)
        assert page.locator("#ios-install").count() == 0        # closed for good on this device
    finally:
        ctx.close()


@pytest.mark.parametrize("ua, standalone", [(IPHONE_SAFARI, True), (IPHONE_CHROME, False), (ANDROID_CHROME, False)],
                         ids=["iphone-home-screen", "iphone-chrome", "android-chrome"])
def test_no_home_screen_tip_where_it_does_not_apply(browser, site, ua, standalone):
    ctx, page = phone_page(browser, ua, (390, 844), standalone)
    try:
        keep_once(page, {"touti.settings.v1": json.dumps(FAST)})
        page.goto(site)
        wait_ready(page)
        page.wait_for_timeout(300)
        assert page.locator("#ios-install").count() == 0
    finally:
        ctx.close()


def test_no_home_screen_tip_on_a_desktop(page, site):
    keep_once(page, {"touti.settings.v1": json.dumps(FAST)})
    page.goto(site)
    wait_ready(page)
    page.wait_for_timeout(300)
    assert page.locator("#ios-install").count() == 0


#: the demo's frame against its content: the frame's box, the content's height, the
#: hand's and the last card's boxes in the frame, the frame's document's width
FRAME_JS = """(frame) => {
  const doc = frame.contentDocument; const r = frame.getBoundingClientRect();
  const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const cards = [...doc.querySelectorAll('#hand button[data-card]')];
  return {frame: [r.width, r.height], content: doc.getElementById('embed').getBoundingClientRect().height,
          scroll: doc.scrollingElement.scrollHeight, client: doc.scrollingElement.clientHeight,
          wide: doc.scrollingElement.scrollWidth, inner: doc.scrollingElement.clientWidth,
          hand: box(doc.getElementById('hand')), cards: cards.map(box)};
}"""


@pytest.mark.parametrize("layout", LAYOUTS + [((1280, 800), "en")], ids=IDS + ["en-1280x800"])
def test_a_rules_demo_frame_fits_its_content_whole_hand_shown(axe_page, site, layout):
    (w, h), lang = layout
    page = axe_page
    page.set_viewport_size({"width": w, "height": h})
    keep_once(page, {"touti.settings.v1": json.dumps(FAST)})
    page.goto(site + f"?lang={lang}#rules")
    wait_ready(page)
    page.wait_for_selector("html[data-view='rules'] #rules-play")
    button = page.locator("button.rules-try[data-scenario='play-higher']")
    b = button.bounding_box()
    assert b["height"] >= 44 and b["width"] >= 44, b
    button.click()
    frame_el = page.locator("#rules-play iframe")
    frame = page.frame_locator("#rules-play iframe")
    frame.locator("html[data-ready='true']").wait_for(timeout=60_000)
    frame.locator("#hand button[data-card]").first.wait_for()
    # the frame grows to its content (the demo tells it), then nothing inside it is cut
    page.wait_for_function("""() => { const f = document.querySelector('#rules-play iframe');
      const d = f.contentDocument; return d && Math.abs(f.getBoundingClientRect().height
        - d.getElementById('embed').getBoundingClientRect().height) <= 2; }""", timeout=10_000)
    g = frame_el.evaluate(FRAME_JS)
    assert g["scroll"] <= g["client"] + 1, ("the demo scrolls inside its frame", g)
    assert g["wide"] <= g["inner"], ("the demo is wider than its frame", g)
    assert g["cards"], g
    for c in g["cards"]:
        assert c[1] >= 0 and c[3] <= g["frame"][1] + 0.5 and c[0] >= -0.5 and c[2] <= g["frame"][0] + 0.5, \
            ("a card is cut off", c, g["frame"])
    assert page.evaluate("document.scrollingElement.scrollWidth") <= w
    assert audit(page) == []
