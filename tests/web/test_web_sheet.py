"""The table score sheet (#sheet): sheets made, scored by the engine, refused
with their reason, undone, kept, exported, shared and imported, in the page."""

from __future__ import annotations

import base64
import csv
import io
import json

import pytest

from touti_core.sheet import score_sheet

from cspwait import csp_safe
from webhelpers import FAST, preset, wait_ready

PLAYERS = ["Amine", "Sara", "Omar", "Lina"]
ROWS_JS = "rows => rows.map(r => [...r.children].map(c => c.textContent))"
BLOCK_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});"""


def open_screen(page, url: str) -> None:
    """Loads the page at ``url`` afresh (not as a mere change of fragment)."""
    page.goto("about:blank")
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector("html[data-view='sheet'] #sheet-body h2")


def create(page, name: str = "Friday", dealer: int = 1, target: int = 200) -> None:
    page.click("#sheet-new")
    page.wait_for_selector("#sheet-new-form")
    page.fill("#sheet-name", name)
    for seat, player in enumerate(PLAYERS):
        page.fill(f"#sheet-player-{seat}", player)
    page.select_option("#sheet-dealer", str(dealer))
    page.select_option("#sheet-rule-target", str(target))
    page.click("#sheet-create")
    page.wait_for_selector("#sheet-entry")


def rows(page) -> list[list[str]]:
    return page.eval_on_selector_all("#sheet-table tbody tr", ROWS_JS)


def enter(page, kind: str = "played", declarer: int = 0, contract: int = 70, trump: str = "O",
          points: int | str = 70, ghna: dict | None = None) -> str | None:
    """Enters a hand: None once it is on the sheet, else the refusal shown."""
    page.check(f"#entry-kind-{kind}")
    if kind != "cancelled":
        page.select_option("#entry-declarer", str(declarer))
        page.select_option("#entry-contract", str(contract))
        page.select_option("#entry-trump", trump)
        page.fill("#entry-points", str(points))
        for suit in "OCEB":
            page.select_option(f"#entry-ghna-{suit}", str((ghna or {}).get(suit, "")))
    before = len(rows(page))
    page.click("#entry-add")
    page.wait_for_function("""n => document.querySelectorAll('#sheet-table tbody tr').length === n
        || document.getElementById('entry-error')?.textContent""", arg=before + 1)
    if len(rows(page)) == before + 1:
        return None
    return page.text_content("#entry-error")


def scores(page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#sheet-scores li", "els => els.map(e => e.dataset.score)")]


def next_deal(page) -> tuple[int, int]:
    el = page.locator("#sheet-next")
    return int(el.get_attribute("data-dealer")), int(el.get_attribute("data-forehand"))


def stored_sheets(page) -> list[dict]:
    return page.evaluate("""() => JSON.parse(localStorage.getItem('touti.sheets.index') || '[]')
        .map(id => JSON.parse(localStorage.getItem('touti.sheets.' + id)))""")


def test_a_sheet_is_scored_by_the_engine_refuses_impossible_entries_and_is_undone(page, site):
    preset(page, FAST)
    open_screen(page, site + "#sheet")
    assert page.locator("#app").is_hidden()
    create(page)
    assert next_deal(page) == (1, 2)
    assert "Sara deals, Omar is the mâle" in page.text_content("#sheet-next")
    assert page.text_content("#sheet-rules") == "Game to 200 points · Ghna cap: 2 × (contract − 70), at most 100"

    # the defence's points, live; the Ghna offered only to the declaring side, with their value
    page.select_option("#entry-declarer", "2")
    page.select_option("#entry-contract", "90")
    page.select_option("#entry-trump", "E")
    page.fill("#entry-points", "60")
    assert page.text_content("#entry-defence") == "Defence: 70"
    assert page.text_content("label[for='entry-ghna-E']") == "Ghna of swords (+40)"
    assert page.text_content("label[for='entry-ghna-C']") == "Ghna of cups (+20)"
    offered = page.eval_on_selector_all("#entry-ghna-E option", "els => els.map(e => e.value)")
    assert offered == ["", "2", "0"]
    assert "up to 40 of Ghna" in page.text_content("#entry-cap")

    # impossible entries are refused with their reason, and nothing is added
    said = enter(page, declarer=2, contract=90, trump="E", points=131)
    # in English the engine's own sentence (touti_core/sheet.py); other languages word the code
    assert said == ("The declaring side has between 0 and 130 card points (the cards' 120 and the last "
                    "trick's 10): 131 is not possible.")
    assert page.get_attribute("#entry-error", "data-code") == "sheet_points"
    said = enter(page, declarer=2, contract=90, trump="E", points=60, ghna={"C": 0, "E": 2})
    assert said == ("The Ghna of swords (+40) does not fit under the cap: at contract 90 the declaring "
                    "side may declare 40 of Ghna and has already declared 20.")
    said = enter(page, declarer=2, contract=90, trump="E", points=129)
    assert said.startswith("No hand gives a side exactly 129 card points")
    said = enter(page, declarer=2, contract=90, trump="E", points="")
    assert said == "Enter the card points of the declaring side: a whole number from 0 to 130."
    assert rows(page) == [] and scores(page) == [0, 0]

    # a made hand with a Ghna, a failed one, an all-pass, a concession
    assert enter(page, declarer=2, contract=90, trump="E", points=60, ghna={"E": 0}) is None
    assert scores(page) == [90, 0] and next_deal(page) == (2, 3)
    assert enter(page, declarer=3, contract=100, trump="O", points=80) is None
    assert scores(page) == [190, 0] and next_deal(page) == (3, 0)
    assert enter(page, kind="cancelled") is None
    assert scores(page) == [190, 0] and next_deal(page) == (0, 1)
    assert enter(page, kind="conceded", declarer=1, contract=120, trump="B", points=130) is None
    assert scores(page) == [190, 120] and next_deal(page) == (1, 2)
    table = rows(page)
    assert table[0] == ["1", "Sara", "Omar", "Omar", "90", "swords", "100", "70", "swords +40 (Amine)",
                        "made", "90", "0"]
    assert table[1] == ["2", "Omar", "Lina", "Lina", "100", "coins", "50", "80", "—", "failed", "190", "0"]
    assert table[2] == ["3", "Lina", "Amine", "—", "—", "—", "—", "—", "—", "all passed", "190", "0"]
    assert table[3] == ["4", "Amine", "Sara", "Sara", "120", "clubs", "0", "130", "—",
                        "made (abandoned)", "190", "120"]
    heads = page.eval_on_selector_all("#sheet-table thead th", "els => els.map(e => e.textContent)")
    assert all(heads) and heads[6] == "Points: Amine and Omar" and heads[11] == "Score: Sara and Lina"

    # undo: the last hand leaves the sheet and comes back to the form
    page.click("#sheet-undo")
    page.wait_for_function("document.querySelectorAll('#sheet-table tbody tr').length === 3")
    assert scores(page) == [190, 0] and next_deal(page) == (0, 1)
    assert page.is_checked("#entry-kind-conceded") and page.input_value("#entry-points") == "130"
    assert page.input_value("#entry-contract") == "120"
    page.click("#entry-add")
    page.wait_for_function("document.querySelectorAll('#sheet-table tbody tr').length === 4")

    # the winner at the target; no more hands
    assert enter(page, declarer=0, contract=70, trump="C", points=75) is None
    assert scores(page) == [260, 120]
    assert page.text_content("#sheet-winner") == "Amine and Omar win the game, 260 to 120."
    assert page.locator("#sheet-entry").count() == 0 and page.locator("#sheet-next").count() == 0

    # kept: the engine in Python scores the stored sheet the same
    [kept] = stored_sheets(page)
    assert kept["names"] == PLAYERS and kept["dealer"] == 1 and kept["rules"]["target"] == 200
    assert score_sheet(kept)["scores"] == [260, 120] and score_sheet(kept)["winner"] == 0
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#sheet-list li")
    assert page.text_content("#sheet-list li .scoresheet-item") == "Friday: 5 hands"
    page.click("#sheet-list li button:text('Open')")
    page.wait_for_selector("#sheet-winner")
    assert len(rows(page)) == 5 and scores(page) == [260, 120]


def test_export_share_import_rename_and_delete(page, site, context):
    reports: list[str] = []
    page.on("console", lambda m: reports.append(m.text) if "Content Security Policy" in m.text else None)
    preset(page, FAST)
    open_screen(page, site + "#sheet")
    create(page, name="Soirée à Fès", dealer=0, target=600)
    assert enter(page, declarer=1, contract=100, trump="C", points=95, ghna={"C": 3}) is None
    assert enter(page, kind="cancelled") is None
    assert scores(page) == [0, 100]

    with page.expect_download() as info:
        page.click("#sheet-export-json")
    dl = info.value
    assert dl.suggested_filename == "Soirée à Fès.json"
    exported = json.loads(open(dl.path(), encoding="utf-8").read())
    assert exported == stored_sheets(page)[0]
    assert exported["format"] == "touti-sheet/1" and len(exported["hands"]) == 2
    assert exported["hands"][0] == {"declarer": 1, "contract": 100, "trump": "C", "card_points": 95,
                                    "ghna": [{"seat": 3, "suit": "C"}]}

    with page.expect_download() as info:
        page.click("#sheet-export-csv")
    dl = info.value
    assert dl.suggested_filename == "Soirée à Fès.csv"
    text = open(dl.path(), encoding="utf-8-sig").read()
    table = list(csv.reader(io.StringIO(text)))
    assert table[0][:3] == ["Hand", "Dealer", "Mâle"] and table[0][-1] == "Score: Sara and Lina"
    assert table[1] == ["1", "Amine", "Sara", "Sara", "100", "cups", "35", "135", "cups +40 (Lina)", "made", "0", "100"]
    assert table[2][-3:] == ["all passed", "0", "100"]

    # the link, opened in a fresh page, imports a copy (never over the sheet it came from)
    page.click("#sheet-share")
    link = page.input_value("#sheet-link")
    assert link.startswith(site) and "#sheet=" in link
    other = csp_safe(context.new_page())
    open_screen(other, link)
    other.wait_for_selector("#sheet-title")
    assert other.text_content("#sheet-title") == "Soirée à Fès"
    assert "was added to your score sheets" in other.text_content("#sheet-notice")
    assert other.evaluate("location.hash") == "#sheet"
    assert scores(other) == [0, 100] and len(rows(other)) == 2
    assert [s["name"] for s in stored_sheets(other)] == ["Soirée à Fès", "Soirée à Fès"]

    # a tampered link is reported with the engine's reason; a damaged one as damaged
    bad = {**exported, "hands": [{**exported["hands"][0], "contract": 240}]}
    payload = base64.urlsafe_b64encode(json.dumps(bad).encode()).decode().rstrip("=")
    open_screen(other, site + "#sheet=" + payload)
    other.wait_for_selector("#sheet-list")
    assert other.text_content("#sheet-notice") == (
        "This link does not hold a score sheet that can be read (A contract is a bid, a multiple of 10 "
        "from 70 to 230: 240 is not one.).")
    open_screen(other, site + "#sheet=not-a-sheet")
    other.wait_for_selector("#sheet-list")
    assert other.text_content("#sheet-notice") == "This link does not hold a score sheet: it is damaged or incomplete."
    assert len(stored_sheets(other)) == 2
    other.close()

    # rename and delete (with a confirmation) from the list
    page.click("#sheet-all")
    page.wait_for_selector("#sheet-list")
    items = page.locator("#sheet-list li")
    assert items.count() == 2
    items.nth(0).locator("button", has_text="Rename").click()
    page.fill("#sheet-rename-input", "Copy")
    page.press("#sheet-rename-input", "Enter")
    page.wait_for_function("document.querySelector('#sheet-list li .scoresheet-item').textContent === 'Copy: 2 hands'")
    items.nth(0).locator("button", has_text="Delete").click()
    assert "will be removed from this browser" in page.text_content("#dialog")
    page.click("#sheet-delete-yes")
    page.wait_for_function("document.querySelectorAll('#sheet-list li').length === 1")
    assert [s["name"] for s in stored_sheets(page)] == ["Soirée à Fès"]
    assert reports == []            # the downloads and the link live under the site's policy


def test_blocked_storage_keeps_the_sheet_for_the_visit_at_360_px(page, site, site_dir):
    # offline: the screen is a module of the app folder, which the service worker precaches
    assert "/js/views/sheet.js" in (site_dir / "sw.js").read_text()
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(BLOCK_STORAGE)
    open_screen(page, site + "#sheet")
    create(page, target=100)
    assert "last only for this visit" in page.text_content("#sheet-storage")
    assert enter(page, declarer=0, contract=80, trump="B", points=90) is None
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("#sheet-all")
    page.wait_for_selector("#sheet-list li")
    page.click("#sheet-list li button:text('Open')")
    page.wait_for_selector("#sheet-table")
    assert scores(page) == [80, 0] and len(rows(page)) == 1


#: The geometry of the hand's entry (#sheet-entry) as a person sees it: the
#: form's box, the page's widths, and every control and label shown in it
#: (its kind, its id or text, its box; for a select or an input its content's
#: width against its own).
ENTRY_GEOMETRY_JS = """() => {
  const form = document.getElementById('sheet-entry');
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const items = [...form.querySelectorAll('input, select, button, label, legend, output, h2')].filter(shown).map((el) => ({
    tag: el.tagName.toLowerCase(), type: el.type || '', name: el.id || el.getAttribute('for') || el.textContent.slice(0, 30),
    box: box(el), scroll: el.scrollWidth, client: el.clientWidth,
    field: el.closest('.field') ? box(el.closest('.field')) : null,
  }));
  return { form: box(form), width: innerWidth, height: innerHeight,
           scroll: document.documentElement.scrollWidth, items };
}"""


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return min(w, h) if w > 0 and h > 0 else 0.0


def entry_faults(g) -> list[str]:
    """What is wrong with the entry's geometry: anything outside the form's
    box or the viewport, sideways scroll, two controls over each other, a
    touch target under 44 px, a control narrower than its content."""
    faults = []
    fl, ft, fr, fb = g["form"]
    if g["scroll"] > g["width"]:
        faults.append(f"sideways scroll: {g['scroll']} > {g['width']}")
    if fl < -0.5 or fr > g["width"] + 0.5:
        faults.append(f"form outside the viewport: {g['form']}")
    for it in g["items"]:
        l, t_, r, b = it["box"]
        what = f"{it['tag']}#{it['name']}"
        if l < fl - 0.5 or r > fr + 0.5 or t_ < ft - 0.5 or b > fb + 0.5:
            faults.append(f"{what} outside the form: {it['box']} vs {g['form']}")
        if l < -0.5 or r > g["width"] + 0.5:
            faults.append(f"{what} outside the viewport: {it['box']}")
        if it["tag"] in ("input", "select", "button", "label") and it["scroll"] > it["client"] + 1:
            faults.append(f"{what} narrower than its content: {it['scroll']} > {it['client']}")
        target = it["box"] if it["type"] not in ("radio", "checkbox") else it["field"]
        if it["tag"] in ("input", "select", "button") and (target[2] - target[0] < 44 or target[3] - target[1] < 44):
            faults.append(f"{what} touch target under 44 px: {target}")
    controls = [it for it in g["items"] if it["tag"] in ("input", "select", "button", "label", "output")]
    for i, a in enumerate(controls):
        for b in controls[i + 1:]:
            if _overlap(a["box"], b["box"]) > 1:
                faults.append(f"{a['tag']}#{a['name']} over {b['tag']}#{b['name']}")
    return faults


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_hands_entry_fits_a_360_px_phone(page, site, lang):
    page.set_viewport_size({"width": 360, "height": 640})
    preset(page, FAST)
    open_screen(page, site + (f"?lang={lang}" if lang != "en" else "") + "#sheet")
    assert page.get_attribute("html", "lang") == lang
    create(page, name="Soirée à Fès", dealer=0, target=600)
    # the longest choices: a Ghna offered to both sides, the defence's points shown
    page.select_option("#entry-declarer", "3")
    page.fill("#entry-points", "65")
    page.wait_for_function("document.getElementById('entry-defence').textContent !== ''")
    for kind in ("played", "conceded", "cancelled"):
        if page.locator(f"#entry-kind-{kind}").count():
            page.check(f"#entry-kind-{kind}")
            g = page.evaluate(ENTRY_GEOMETRY_JS)
            assert len(g["items"]) >= 6
            faults = entry_faults(g)
            assert not faults, f"{lang} {kind}: " + "; ".join(faults)
    page.check("#entry-kind-played")
    assert enter(page, declarer=1, contract=100, trump="C", points=95, ghna={"C": 3}) is None
