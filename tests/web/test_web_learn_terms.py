"""The lesson's words (issue 39): the coach speaks of each word of the other
seats as its bubble shows it (no "+10" bubble while the coach says "Nora
announced AS"), and a term of the game ("mâle", the Ghna cap...) is a button
that opens its glossary entry, in the four languages; axe finds nothing with
the entry open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cspwait import csp_safe
from webhelpers import CATALOGUES, FAST, preset, wait_ready

ROOT = Path(__file__).resolve().parents[2]
LESSON = json.loads((ROOT / "web" / "learn" / "lesson.json").read_text())
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGS = ["en", "fr", "es", "ar"]

#: the coach waits: for Next ('next'), for the learner's move ('do'), or the end
COACH_JS = """() => {
  if (document.documentElement.dataset.busy === 'true') return false;
  const c = document.getElementById('coach');
  if (!c || !c.dataset.mode) return false;
  if (c.dataset.mode === 'next') return document.getElementById('coach-next') ? 'next' : false;
  if (c.dataset.mode === 'end') return 'end';
  return document.querySelector('#screen [data-coach-target]') ? 'do' : false;
}"""

#: the words in the seats' bubbles: {seat: text}
BUBBLES_JS = """() => Object.fromEntries(['south', 'east', 'north', 'west'].map((place, i) => {
  const b = document.querySelector(`#screen .seat-${place} .bubble`);
  return [i, b && !b.hidden ? b.textContent : null];
}))"""


def open_lesson(page, site, lang="en"):
    preset(page, FAST)
    page.goto(site + f"?lang={lang}#learn")
    wait_ready(page)
    page.wait_for_selector("html[data-view='learn'] #coach")


def next_step(page) -> tuple[str, dict]:
    """Waits for the coach; (how it waits, the step shown)."""
    mode = page.wait_for_function(COACH_JS, timeout=30_000).json_value()
    return mode, LESSON["steps"][int(page.get_attribute("#coach", "data-step"))]


def go_on(page, mode: str) -> None:
    step = page.get_attribute("#coach", "data-step")
    page.click("#coach-next" if mode == "next" else "#screen [data-coach-target]")
    page.wait_for_function(f"document.getElementById('coach').dataset.step !== '{step}'")


def test_each_word_in_a_bubble_is_the_one_the_coach_speaks_of(page, site):
    open_lesson(page, site)
    said = {}            # seat -> the words the coach spoke of, so far
    for _ in range(40):
        mode, step = next_step(page)
        if step.get("signal") and step.get("point", "").startswith("seat-"):
            said.setdefault(int(step["point"][5:]), []).append(step["signal"])
            # the step's seat shows that very word
            seat = int(step["point"][5:])
            assert (page.evaluate(BUBBLES_JS)[str(seat)] or "").endswith((f" {step['signal']}", f" {step['signal']}!")), step
        # every word another seat shows in a bubble (an announcement, a signal) was spoken of
        for seat, text in page.evaluate(BUBBLES_JS).items():
            word = (text or "").split(": ", 1)[-1].rstrip("!")      # "Nora: AS!" -> "AS"
            if int(seat) != 0 and word in ("AS", "COMPTE", "+10", "PASS"):
                assert word in said.get(int(seat), []), (step["say"], seat, text, said)
        if step["say"] == "learn.trump":
            break
        go_on(page, mode)
    else:
        raise AssertionError("the auction was not coached to its end")
    assert said.get(1) and said.get(2), said


def walk_to(page, say: str) -> None:
    for _ in range(40):
        mode, step = next_step(page)
        if step["say"] == say:
            return
        go_on(page, mode)
    raise AssertionError(f"no step {say}")


@pytest.fixture
def axe_page(browser):
    """A page whose policy lets axe's script in (the audit only)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    yield csp_safe(ctx.new_page())
    ctx.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_term_of_the_game_opens_its_glossary_entry(axe_page, site, lang):
    page = axe_page
    cat = CATALOGUES[lang]
    open_lesson(page, site, lang)
    walk_to(page, "learn.order")                 # the mâle first appears here
    term = page.locator("#coach .coach-text button.term[data-term='male']")
    assert term.count() == 1
    assert term.text_content() in cat["glossary.male.match"].split("|")
    # a finger's target: 44 px tall around the word (the text is not moved)
    reach = term.evaluate("""t => { const r = t.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      return [-22, 21].map(d => document.elementFromPoint(x, y + d) === t); }""")
    assert reach == [True, True], reach
    term.click()
    page.wait_for_selector("dialog[data-dialog='glossary'][open]")
    assert page.text_content("dialog[open] h2") == cat["glossary.male.term"]
    assert page.text_content("dialog[open] .glossary-text") == cat["glossary.male.text"]
    box = page.locator("dialog[open]").bounding_box()
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= vw and box["y"] + box["height"] <= vh
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>
        [v.id, v.impact, v.nodes.map(n => n.target.join(' ')).slice(0, 3)]))""")
    assert violations == [], violations
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    assert page.evaluate("document.activeElement.dataset.term") == "male"      # back where the player was


def test_the_ghna_cap_in_the_lessons_bar_is_explained(page, site):
    page.set_viewport_size({"width": 1100, "height": 820})
    open_lesson(page, site)
    walk_to(page, "learn.play.first_lead")       # the contract is known: the bar shows its Ghna cap
    cap = page.locator("#screen .info .cap button.term[data-term='cap']")
    assert cap.count() == 1 and cap.text_content() == "Ghna cap"
    cap.click()
    page.wait_for_selector("dialog[data-dialog='glossary'][open]")
    assert page.text_content("dialog[open] .glossary-text") == CATALOGUES["en"]["glossary.cap.text"]
