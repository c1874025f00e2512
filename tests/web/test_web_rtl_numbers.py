"""Signed and negative numbers read right in Arabic (right to left).

In a right-to-left line the Unicode bidi algorithm moves a number's sign
("+20", "-80", "−100.00") to the right of its digits ("20+"), unless the
number is held left to right (bidi.js: numberText, signedNumber; the Arabic
catalogue's own signs between LRI and PDI).  Measured in the rendered page at
360x640, 390x844 and 844x390 (English at 390x844): the sign's glyph lies on the left of the first digit of its number,
touching it, in the #bots arena's result, a negative score of the deal of the
day and of a challenge, a challenge's differences, the end-of-hand panel and
the hand's log, the score sheet's Ghna and a negative number typed in it; in English the same
places are unchanged (no isolate in their text, the signs where they were).
"""

from __future__ import annotations

import json
import random

import pytest

from touti_core import api, bots

from webhelpers import FAST, open_record, preset, wait_ready

PHONE = {"width": 390, "height": 844}
#: the sizes the Arabic checks are measured at: phones held upright and sideways
SIZES = [{"width": 360, "height": 640}, PHONE, {"width": 844, "height": 390}]
BY_SIZE = pytest.mark.parametrize("size", SIZES, ids=[f"{s['width']}x{s['height']}" for s in SIZES])

#: Each sign of the elements of a selector that starts a number (a "+", "-",
#: "−" or "±" directly before a digit, isolate controls between them aside; not
#: one after a digit, as in a date): the left and right of the sign's glyph
#: and the left of the digit after it (Ranges over one character each).
SIGNS_JS = r"""(sel) => {
  const controls = /[\u2066-\u2069\u200e\u200f]/;
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (!el.getClientRects().length) continue;
    const chars = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.data.length; i++) chars.push([n, i, n.data[i]]);
    }
    const box = ([n, i]) => {
      const r = document.createRange();
      r.setStart(n, i);
      r.setEnd(n, i + 1);
      return r.getBoundingClientRect();
    };
    for (let k = 0; k < chars.length; k++) {
      if (!"+-\u2212\u00b1".includes(chars[k][2])) continue;
      let j = k + 1;
      while (j < chars.length && (controls.test(chars[j][2]) || (chars[k][2] === "\u00b1" && chars[j][2] === " "))) j++;
      if (j >= chars.length || !/[0-9]/.test(chars[j][2])) continue;
      let p = k - 1;
      while (p >= 0 && controls.test(chars[p][2])) p--;
      if (p >= 0 && /[0-9]/.test(chars[p][2])) continue;
      const s = box(chars[k]);
      const d = box(chars[j]);
      let end = j;
      while (end + 1 < chars.length && /[0-9.,]/.test(chars[end + 1][2])) end++;
      out.push({ number: chars.slice(k, end + 1).map((c) => c[2]).join("").replace(/[\u2066-\u2069\u200e\u200f]/g, "").replace(/[.,]+$/, ""),
        sign_left: s.left, sign_right: s.right, digit_left: d.left, end_right: box(chars[end]).right,
        width: document.documentElement.clientWidth, text: el.textContent });
    }
  }
  return out;
}"""


def signs(page, selector: str) -> list[dict]:
    return page.evaluate(SIGNS_JS, selector)


def assert_signs_on_the_left(found: list[dict], at_least: int = 1) -> None:
    """Each sign lies on the left of its number's first digit, next to it, in the page's width."""
    assert len(found) >= at_least, found
    for f in found:
        gap = f["digit_left"] - f["sign_right"]
        assert f["sign_left"] < f["digit_left"] and -1 <= gap <= 12, f
        # and the whole number is in the page's width (not cut by its left or right edge)
        assert f["sign_left"] >= 0 and f["end_right"] <= f["width"] + 0.5, f


def no_isolates(page, selector: str) -> None:
    """English keeps its text as it was: no isolate control in it."""
    for text in page.eval_on_selector_all(selector, "els => els.map((e) => e.textContent)"):
        assert not any(c in text for c in "\u2066\u2067\u2068\u2069"), text


def open_at(page, site: str, lang: str, route: str, size: dict = PHONE) -> None:
    page.set_viewport_size(size)
    preset(page, FAST)
    page.goto(site + f"?lang={lang}{route}")
    wait_ready(page)


def today(page) -> str:
    return page.evaluate("() => { const d = new Date(); const p = (n) => String(n).padStart(2, '0');"
                         " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; }")


# ------------------------------------------------------------ the bots' arena
def run_arena(page) -> dict:
    """A 1-deal arena, easy against normal, seed 2: easy loses (a negative difference)."""
    page.wait_for_selector("html[data-view='bots'] #bots-arena-run")
    page.select_option("#bots-arena-a", "easy")
    page.select_option("#bots-arena-b", "normal")
    page.fill("#bots-arena-deals", "1")
    page.fill("#bots-arena-seed", "2")
    page.click("#bots-arena-run")
    page.wait_for_selector("#bots-arena-result[data-state='done']", timeout=120_000)
    return page.eval_on_selector("#bots-arena-result", "e => ({...e.dataset})")


@BY_SIZE
def test_the_arenas_difference_keeps_its_sign_on_the_left_in_arabic(page, site, size):
    open_at(page, site, "ar", "#bots", size)
    got = run_arena(page)
    assert float(got["mean"]) < 0, got            # a minus sign to place
    found = signs(page, "#bots-arena-result .bots-arena-diff")
    assert_signs_on_the_left(found)
    assert found[0]["number"] == f"\u2212{abs(float(got['mean'])):.2f}", found


def test_the_arenas_difference_in_english_is_unchanged(page, site):
    open_at(page, site, "en", "#bots")
    got = run_arena(page)
    text = page.text_content("#bots-arena-result .bots-arena-diff")
    assert text.startswith(f"easy minus normal: \u2212{abs(float(got['mean'])):.2f} points per hand"), text
    no_isolates(page, "#bots-arena-result p")
    assert_signs_on_the_left(signs(page, "#bots-arena-result .bots-arena-diff"))


# ------------------------------------------------- negative scores: the day, a challenge
def day_played(day: str) -> str:
    """The deal of the day played: the other team's contract of 80 made (score -80)."""
    result = {"cancelled": False, "contract": 80, "declarer": 1, "made": True, "trump": "C",
              "points": [50, 110], "delta": [0, 80], "ghna": []}
    return json.dumps({"days": {day: {"result": result, "score": -80, "points": 50, "record": {}, "gameId": "d1"}}})


def result(delta: list[int]) -> dict:
    return {"cancelled": False, "contract": max(delta), "declarer": 0 if delta[0] else 1, "made": True,
            "trump": "O", "points": [70, 60], "delta": delta, "ghna": []}


def challenge_kept() -> str:
    """A challenge of 4 deals, two played by the player (-90, +80) and by Badr (+100, -90)."""
    mine = [{"actions": "", "result": result([0, 90]), "aids": 0}, {"actions": "", "result": result([80, 0]), "aids": 0},
            None, None]
    badr = [{"actions": "", "result": result([100, 0]), "aids": 0}, {"actions": "", "result": result([0, 90]), "aids": 0},
            None, None]
    c = {"id": "7-4-test", "seed": 7, "n": 4, "rules": {"target": 200}, "levels": {"1": "normal", "2": "normal", "3": "normal"},
         "created": 1_764_000_000_000, "mine": mine, "others": [{"name": "Badr", "plays": badr, "at": 1_764_000_000_000}]}
    return json.dumps({"list": [c]})


def open_negatives(page, site: str, lang: str, size: dict = PHONE) -> None:
    """The deal of the day and a challenge kept with negative scores, then the day's screen."""
    open_at(page, site, lang, "#rules", size)
    page.evaluate("([d, c]) => { localStorage.setItem('touti.daily.v1', d); localStorage.setItem('touti.challenges.v1', c); }",
                  [day_played(today(page)), challenge_kept()])
    page.evaluate("location.hash = '#daily'")
    page.wait_for_selector("html[data-view='daily'] #daily-result")


def open_kept_challenge(page) -> None:
    page.evaluate("location.hash = '#challenge'")
    page.click("button[data-challenge='7-4-test']")
    page.wait_for_selector("#challenge-table td.diff")


@BY_SIZE
def test_negative_scores_and_differences_keep_their_sign_on_the_left_in_arabic(page, site, size):
    open_negatives(page, site, "ar", size)
    found = signs(page, "#daily-result, #daily-best li, #daily-share-text")
    assert_signs_on_the_left(found, at_least=3)
    assert {f["number"] for f in found} == {"-80"}, found

    open_kept_challenge(page)
    found = signs(page, "#challenge-table td")
    # mine -90 (total -10), Badr's -90 (total +10 shown as 10), the differences -190 and +170
    assert sorted(f["number"] for f in found) == ["+170", "-10", "-190", "-90", "-90"], found
    assert_signs_on_the_left(found, at_least=5)


def test_negative_scores_in_english_are_unchanged(page, site):
    open_negatives(page, site, "en")
    assert page.text_content("#daily-result") == ("Your result: the other team's contract of 80 made; "
                                                  "your team 50 points, score -80.")
    no_isolates(page, "#daily-result, #daily-best li, #daily-share-text")
    open_kept_challenge(page)
    diffs = page.eval_on_selector_all("#challenge-table tbody td.diff", "els => els.map(e => e.textContent)")
    assert diffs == ["-190", "+170", "–", "–"]
    no_isolates(page, "#challenge-table td")
    assert_signs_on_the_left(signs(page, "#challenge-table td"), at_least=5)


# ------------------------------------------------------- the end-of-hand panel
def hand_over_with_ghna() -> dict:
    """The end of a hand in which a Ghna was declared (the panel shows "+20" or "+40")."""
    for seed in range(1, 300):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 1000})
        for _ in range(400):
            if s["phase"] == "hand_over":
                if api.view(s, 0)["last_hand"]["ghna"]:
                    return api.to_record(s)
                break
            v = api.view(s, s["to_act"])
            s = api.act(s, bots.choose(v, v["legal"], "normal", seed=r.randrange(1000)))
    raise AssertionError("no hand with a Ghna")


@BY_SIZE
def test_the_end_of_hand_panel_keeps_its_signs_on_the_left_in_arabic(page, site, size):
    page.set_viewport_size(size)
    preset(page, {**FAST, "locale": "ar"})
    assert open_record(page, site, hand_over_with_ghna(), "hand_over") == "hand_over"
    page.wait_for_selector("#panel .summary-points")
    found = signs(page, "#panel .summary-points td")
    # each team's result (+0 and the contract) and at least one Ghna
    assert_signs_on_the_left(found, at_least=3)
    assert "+0" in {f["number"] for f in found}, found
    # the hand's log: its Ghna "(+20)" (the catalogue's own sign), its signals "+10" (an argument)
    found = signs(page, "#log-list li")
    assert {"+10", "+20"} <= {f["number"] for f in found}, found
    assert_signs_on_the_left(found, at_least=2)


# ------------------------------------------------------------ the score sheet
@BY_SIZE
def test_the_sheets_ghna_and_a_negative_number_typed_keep_their_sign_on_the_left_in_arabic(page, site, size):
    open_at(page, site, "ar", "#sheet", size)
    page.wait_for_selector("html[data-view='sheet'] #sheet-new")
    page.click("#sheet-new")
    for seat, player in enumerate(["Amine", "Sara", "Omar", "Lina"]):
        page.fill(f"#sheet-player-{seat}", player)
    page.click("#sheet-create")
    page.wait_for_selector("#sheet-entry")
    page.check("#entry-kind-played")
    page.select_option("#entry-declarer", "2")
    page.select_option("#entry-contract", "90")
    page.select_option("#entry-trump", "E")
    page.fill("#entry-points", "60")
    # the form's Ghna, offered with its value
    assert_signs_on_the_left(signs(page, "label[for='entry-ghna-E'], label[for='entry-ghna-C']"), at_least=2)
    # a negative number typed is refused, and said as typed
    page.fill("#entry-points", "-5")
    page.click("#entry-add")
    page.wait_for_function("document.getElementById('entry-error')?.textContent")
    assert page.get_attribute("#entry-error", "data-code") == "sheet_points"
    found = signs(page, "#entry-error")
    assert [f["number"] for f in found] == ["-5"], found
    assert_signs_on_the_left(found)
    page.fill("#entry-points", "60")
    page.select_option("#entry-ghna-E", "0")
    page.click("#entry-add")
    page.wait_for_selector("#sheet-table tbody tr")
    # the table scrolls sideways within its box on a phone: its Ghna's cell brought into view, as a player does
    page.evaluate("[...document.querySelectorAll('#sheet-table tbody td')].find((td) => /[+]\\d/.test(td.textContent))"
                  ".scrollIntoView({block: 'nearest', inline: 'nearest'})")
    found = signs(page, "#sheet-table tbody td")
    assert [f["number"] for f in found] == ["+40"], found
    assert_signs_on_the_left(found)
