"""A history that cannot be read is said (web/js/views/common.js's
unreadableHistory, on #history and #stats): when the page's IndexedDB refuses
its transactions as the screen opens, or as it draws again after a change,
the screen says the history could not be read, in the page's language, with
"Try again"; once the history reads again, "Try again" draws the games (and
the line goes).  The history is made unreadable in the page by
IDBDatabase.prototype.transaction throwing while `window.__unreadable` is set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cspwait import csp_safe
from test_web_history_live import record
from webhelpers import CATALOGUES, wait_ready


#: From now on, while window.__unreadable is true, every IndexedDB transaction of the page throws.
UNREADABLE = """() => {
  window.__unreadable = true;
  if (window.__patched) return;
  window.__patched = true;
  const real = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    if (window.__unreadable) {
      window.__refused = (window.__refused || 0) + 1;
      throw new DOMException("unreadable, for the test", "UnknownError");
    }
    return real.apply(this, args);
  };
}"""
READABLE = "() => { window.__unreadable = false; }"

LINE = "#history-unreadable"
RETRY = "#history-unreadable #history-retry"


def games_shown(page) -> list[str]:
    return page.eval_on_selector_all("#history-list > .history-game", "els => els.map(e => e.dataset.game)")


def test_the_history_screen_says_it_cannot_read_the_history_and_tries_again(page, context, site):
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site + "#rules")
    wait_ready(page)
    assert page.evaluate("""async () => {
      const config = JSON.parse(document.getElementById('touti-build').textContent);
      const h = await import(new URL(config.app + 'js/history.js', document.baseURI).href);
      return h.historyMode();
    }""") == "idb"
    record(page, "u-1", 5_000_000)
    record(page, "u-2", 6_000_000)

    # opened while the history cannot be read: said, with "Try again"; no game drawn
    page.evaluate(UNREADABLE)
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector(RETRY)
    assert page.evaluate("document.documentElement.dataset.view") == "history"
    line = page.text_content(LINE)
    assert CATALOGUES["en"]["history.unreadable"] in line and "Try again" in line, line
    assert page.get_attribute(LINE, "role") == "status"
    assert games_shown(page) == []
    box = page.locator(RETRY).bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box           # a finger's target
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")   # no sideways scroll

    # tried again while it still cannot be read: still said, the same button (its focus kept)
    page.focus(RETRY)
    page.evaluate("window.__retry = document.getElementById('history-retry')")
    refused = page.evaluate("window.__refused")
    page.click(RETRY)
    page.wait_for_function(f"window.__refused > {refused}")          # it did read again
    page.wait_for_timeout(300)
    assert page.is_visible(RETRY)
    assert page.evaluate("document.activeElement === window.__retry")

    # readable again: "Try again" draws the games, the line goes
    page.evaluate(READABLE)
    page.click(RETRY)
    page.wait_for_function("document.querySelectorAll('#history-list > .history-game').length === 2")
    assert games_shown(page) == ["u-2", "u-1"]
    assert page.text_content(LINE) == ""
    assert page.text_content("#history-count") == "2 games kept on this device."
    assert page.evaluate("document.activeElement.classList.contains('screen-title')")

    # a redraw after a change (a game played in another tab) that cannot read: said, the games stay
    page.evaluate(UNREADABLE)
    other = csp_safe(context.new_page())
    other.goto(site + "#rules")
    wait_ready(other)
    record(other, "u-3", 7_000_000)
    page.wait_for_selector(RETRY)
    assert games_shown(page) == ["u-2", "u-1"]
    page.evaluate(READABLE)
    page.click(RETRY)
    page.wait_for_function("document.querySelectorAll('#history-list > .history-game').length === 3")
    assert games_shown(page) == ["u-3", "u-2", "u-1"]
    assert page.text_content(LINE) == ""
    other.close()


def test_the_stats_say_in_arabic_they_cannot_read_the_history_and_try_again(page, site):
    page.set_viewport_size({"width": 844, "height": 390})
    page.goto(site + "?lang=ar#rules")
    wait_ready(page)
    record(page, "s-1", 5_000_000, hands=1)
    page.evaluate(UNREADABLE)
    page.evaluate("location.hash = '#stats'")
    page.wait_for_selector(RETRY)
    assert page.evaluate("document.documentElement.dataset.view") == "stats"
    cat = CATALOGUES["ar"]
    line = page.text_content(LINE)
    assert cat["history.unreadable"] in line and cat["history.unreadable.retry"] in line, line
    assert page.query_selector(".stats-section") is None
    box = page.locator(RETRY).bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 844, box
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")

    page.evaluate(READABLE)
    page.click(RETRY)
    page.wait_for_selector(".stats-section")
    assert page.text_content(LINE) == ""
    assert cat["stats.all"] in page.text_content(".stats-section")



HISTORY_JS = """async () => {
  const config = JSON.parse(document.getElementById('touti-build').textContent);
  const h = await import(new URL(config.app + 'js/history.js', document.baseURI).href);
  return h.loadHistory();
}"""


def test_export_import_and_clear_say_the_history_cannot_be_read_and_lose_nothing(page, site, tmp_path):
    """Export, import and "clear" on a history that cannot be read (now): each says so (the unreadable
    line, with "Try again"), with no file of nothing downloaded, no "not a history file" said of a file
    that is one, no "cleared" said; once the history reads again, every game is still there, and the
    same file imports."""
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    page.goto(site + "#rules")
    wait_ready(page)
    record(page, "x-1", 5_000_000, hands=1)
    kept = page.evaluate(HISTORY_JS)
    other = {**kept["games"][0], "id": "x-2", "started": 6_000_000}
    path = tmp_path / "history.json"
    path.write_text(json.dumps({**kept, "games": [other]}), encoding="utf-8")
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector("#history-list [data-game='x-1']")
    cat = CATALOGUES["en"]

    page.evaluate(UNREADABLE)
    page.click("#history-export")
    page.wait_for_selector(RETRY)
    page.wait_for_timeout(500)
    assert downloads == []

    page.evaluate("document.getElementById('history-unreadable').replaceChildren()")
    page.set_input_files("#history-file", str(path))
    page.wait_for_selector(RETRY)
    status = page.text_content(".history-status")
    assert cat["history.import.bad"] not in status and status == "", status

    page.evaluate("document.getElementById('history-unreadable').replaceChildren()")
    page.click("#history-clear")
    page.click("#history-clear-yes")
    page.wait_for_selector(RETRY)
    assert page.text_content(".history-status") == ""
    assert games_shown(page) == ["x-1"]            # what was drawn stays

    page.evaluate(READABLE)
    page.click(RETRY)
    page.wait_for_function("document.getElementById('history-unreadable').textContent === ''")
    assert games_shown(page) == ["x-1"]            # nothing was lost, nothing half-imported
    page.set_input_files("#history-file", str(path))
    page.wait_for_selector("#history-list [data-game='x-2']")
    assert page.text_content(".history-status") == "1 game added."
    assert games_shown(page) == ["x-2", "x-1"]
    with page.expect_download() as dl:
        page.click("#history-export")
    exported = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
    assert sorted(g["id"] for g in exported["games"]) == ["x-1", "x-2"]
    assert errors == []


SIZES = [(360, 640), (390, 844), (844, 390)]


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_unreadable_line_fits_every_phone_in_both_directions(page, site, lang, size):
    """The line and its "Try again" at each phone size, in English and in Arabic: inside
    the page's width, its text not cut, the button a finger's target, no sideways scroll."""
    w, h = size
    page.set_viewport_size({"width": w, "height": h})
    page.goto(site + f"?lang={lang}#rules")
    wait_ready(page)
    page.evaluate(UNREADABLE)
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector(RETRY)
    assert CATALOGUES[lang]["history.unreadable"] in page.text_content(LINE)
    line = page.locator(LINE).bounding_box()
    assert line["x"] >= 0 and line["x"] + line["width"] <= w + 0.5, line
    assert page.eval_on_selector(LINE, "e => e.scrollWidth <= e.clientWidth + 1")      # nothing cut
    box = page.locator(RETRY).bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= w + 0.5, box
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
