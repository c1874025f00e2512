"""Comfort and access (issue 39): the statistics count finished games and
say the unfinished apart, with the plural forms of each language; the deal
of the day says whose contract it was; the screens touched fit the phones
(no sideways scroll), in English and Arabic, and axe finds nothing on them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cspwait import csp_safe
from webhelpers import CATALOGUES, FAST, overlap, wait_ready

ROOT = Path(__file__).resolve().parents[2]
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
    plain = [first, page.text_content("#bots-load-title"), page.text_content("#bots-file-text"),
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


def play_position() -> dict:
    """The player to play, a card of the trick already on the table, a trick already taken."""
    import random

    from touti_core import api, bots
    for seed in range(1, 200):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 600})
        for _ in range(200):
            if s["phase"] == "play" and s["to_act"] == 0 and len(s["tricks"]) >= 1 and s["trick"]:
                return api.to_record(s)
            if s["to_act"] is None or s["phase"] in ("hand_over", "game_over"):
                break
            v = api.view(s, s["to_act"])
            legal = [a for a in v["legal"] if a["type"] != "concede"] or v["legal"]
            s = api.act(s, bots.choose(v, legal, "normal", seed=r.randrange(1000)))
    raise AssertionError("no position found")


#: the hand's cards: their boxes, pictures and widths
HAND_JS = """() => [...document.querySelectorAll('#hand button[data-card]')].map((b) => {
  const r = b.getBoundingClientRect(); const img = b.querySelector('img');
  return {card: b.dataset.card, box: [r.left, r.top, r.right, r.bottom], src: img.getAttribute('src')}; })"""


#: the trick's cards on the table, the box of their place (.center) and the seats' boxes
TRICK_JS = """() => { const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {cards: [...document.querySelectorAll('.trick .slot .played')].map(box),
          place: box(document.querySelector('.center')), seats: [...document.querySelectorAll('.seat')].map(box)}; }"""


def assert_trick_fits(t, w: int) -> None:
    """The trick's cards inside their place and the viewport, over no other card and no seat."""
    assert t["cards"], t
    for i, c in enumerate(t["cards"]):
        p = t["place"]
        assert c[0] >= p[0] - 0.5 and c[2] <= p[2] + 0.5 and c[1] >= p[1] - 0.5 and c[3] <= p[3] + 0.5, ("out", c, p)
        assert c[0] >= -0.5 and c[2] <= w + 0.5, ("outside the viewport", c)
        assert not any(overlap(c, d, by=0.5) for d in t["cards"][i + 1:]), ("cards over each other", t["cards"])
        assert not any(overlap(c, s, by=0.5) for s in t["seats"]), ("a card over a seat", c, t["seats"])


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_the_colour_blind_deck_and_larger_cards_are_settings_that_stay(axe_page, site, layout):
    from webhelpers import open_record
    (w, h), lang = layout
    page = axe_page
    page.set_viewport_size({"width": w, "height": h})
    keep_once(page, {"touti.settings.v1": json.dumps({**FAST, "locale": lang})})
    assert open_record(page, site, play_position(), "play") in ("card", "act:play")
    before = page.evaluate(HAND_JS)
    assert before and all("/cards/clear-" not in c["src"] for c in before)
    trick_before = page.evaluate(TRICK_JS)
    assert_trick_fits(trick_before, w)
    # the settings: the deck, the size, and the keys said
    if page.locator("#menu-settings").is_visible():
        page.click("#menu-settings")
    else:                                   # a phone's bar: Hint and the whole menu
        page.click("#menu-more")
        page.click("#go-settings")
    page.wait_for_selector("dialog[data-dialog='settings'][open]")
    cat = CATALOGUES[lang]
    assert page.text_content("#set-keys-help") == cat["settings.keys"]
    assert audit(page) == []
    page.select_option("#set-deck", "clear")
    page.check("#set-large")
    page.click("#settings-save")
    page.wait_for_function("document.documentElement.dataset.cards === 'large'")
    kept = json.loads(page.evaluate("localStorage.getItem('touti.settings.v1')"))
    assert kept["deck"] == "clear" and kept["cards"] == "large" and kept["speed"] == "instant"
    page.wait_for_function("""() => [...document.querySelectorAll('#hand img')].every(
        (i) => i.getAttribute('src').includes('/cards/clear-') && i.complete && i.naturalWidth > 0)""")
    after = page.evaluate(HAND_JS)
    width = lambda c: c["box"][2] - c["box"][0]          # noqa: E731
    assert width(after[0]) >= width(before[0]) * 1.12, (width(before[0]), width(after[0]))
    # the larger hand stays whole on the screen, the page no wider than it
    for c in after:
        assert c["box"][0] >= -0.5 and c["box"][2] <= w + 0.5 and c["box"][3] <= h + 0.5, ("a card is cut", c, w, h)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= w
    # the trick's cards grow too, and still fit their place, over nothing
    trick = page.evaluate(TRICK_JS)
    assert len(trick["cards"]) == len(trick_before["cards"])
    assert_trick_fits(trick, w)
    grown = [width(dict(box=a)) / width(dict(box=b)) for a, b in zip(trick["cards"], trick_before["cards"])]
    # by a fifth; by a tenth where the hand lies in two rows (a phone held upright: hand.js),
    # its second row taking 58 px of the table's height
    two_rows = page.evaluate("document.getElementById('hand').classList.contains('two-rows')")
    assert min(grown) >= (1.1 if two_rows else 1.2), (grown, two_rows)
    # the clear deck's picture marks the suit in its four corners
    svg = page.evaluate("(src) => fetch(src).then((r) => r.text())", after[0]["src"])
    assert svg.count(f'data-mark="{after[0]["card"][-1]}"') == 4
    assert audit(page) == []
    # kept: after a reload the same deck and size
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#hand button[data-card] img")
    assert page.get_attribute("html", "data-deck") == "clear" and page.get_attribute("html", "data-cards") == "large"
    assert all("/cards/clear-" in c["src"] for c in page.evaluate(HAND_JS))


def spoken_text(page, key: str) -> str:
    page.keyboard.press(key)
    page.wait_for_function("document.getElementById('speak') && document.getElementById('speak').textContent !== ''")
    return page.text_content("#speak")


@pytest.mark.parametrize("lang", LANGS)
def test_keys_read_the_hand_the_trick_the_score_and_the_last_trick_aloud(page, site, lang):
    from webhelpers import open_record
    keep_once(page, {"touti.settings.v1": json.dumps({**FAST, "locale": lang})})
    assert open_record(page, site, play_position(), "play") in ("card", "act:play")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    cat = CATALOGUES[lang]
    assert page.get_attribute("#speak", "aria-live") == "polite" and page.get_attribute("#speak", "role") == "status"
    # C: every card of the hand, by the names the hand gives them
    names = page.eval_on_selector_all("#hand button[data-card] .card-name", "els => els.map(e => e.textContent)")
    said = spoken_text(page, "c")
    assert said.startswith(cat["speak.hand"].split(",")[0].split("،")[0]), said
    for name in names:
        base = name.split(",")[0].split("،")[0]
        assert base in said, (base, said)
    # T: each card on the table with who played it, as the trick's own labels say them
    played = page.eval_on_selector_all("#trick .played", "els => els.map(e => e.getAttribute('aria-label'))")
    said = spoken_text(page, "t")
    assert played and all(p in said for p in played), (played, said)
    # S: the scores, the contract and the hand's points
    said = spoken_text(page, "s")
    scores = page.text_content("#hand-points")
    assert cat["team.0"] in said and cat["team.1"] in said and cat["bar.contract"].split()[0] in said, said
    assert all(n in said for n in re.findall(r"\d+", scores)), (scores, said)
    # L: the last trick, as the Last trick window says it
    said = spoken_text(page, "l")
    page.keyboard.press("Escape")
    page.evaluate("document.getElementById('menu-last').click()")    # in the bar, or behind More on a phone
    page.wait_for_selector("dialog[data-dialog='last-trick'][open]")
    won = page.text_content("dialog[data-dialog='last-trick'] p")
    assert said.endswith(won), (said, won)
    page.keyboard.press("Escape")
    if lang == "ar":
        for key in "ctsl":
            assert not re.search(r"[A-Za-z]", spoken_text(page, key)), key
