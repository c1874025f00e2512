"""Learn to play (#learn): the guided first hand, completed by following only
what the coachmarks say; a wrong move shows the engine's reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webhelpers import FAST, preset, wait_ready

ROOT = Path(__file__).resolve().parents[2]
LESSON = json.loads((ROOT / "web" / "learn" / "lesson.json").read_text())

NEXT_JS = """() => {
  if (document.documentElement.dataset.busy === 'true') return false;
  const c = document.getElementById('coach');
  if (!c || !c.dataset.mode) return false;
  if (c.dataset.mode === 'next') return document.getElementById('coach-next') ? 'next' : false;
  if (c.dataset.mode === 'end') return 'end';
  return document.querySelector('#screen [data-coach-target]') ? 'do' : false;
}"""


#: The coach's button (Next, or the last step's "Play a real game"): inside the
#: viewport, and the element at its own centre (nothing covers it).
COACH_BUTTON_JS = """() => {
  const b = document.querySelector('#coach-next, #coach-play');
  if (!b) return null;
  const r = b.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {id: b.id, inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
          onTop: !!hit && (hit === b || b.contains(hit)), hit: hit ? hit.outerHTML.slice(0, 60) : null};
}"""
LAST_TRICK = next(i for i, s in enumerate(LESSON["steps"]) if s["say"] == "learn.last_trick")


def coach_button_is_free(page, step: str) -> None:
    g = page.evaluate(COACH_BUTTON_JS)
    assert g and g["inside"] and g["onTop"], (step, g)


def test_the_guided_hand_is_completed_by_following_the_coachmarks(page, site):
    preset(page, FAST)
    page.goto(site + "#learn")
    wait_ready(page)
    page.wait_for_selector("html[data-view='learn'] #coach")
    seen_steps = set()
    refusals = []
    for _ in range(200):
        what = page.wait_for_function(NEXT_JS, timeout=30_000).json_value()
        seen_steps.add(page.get_attribute("#coach", "data-step"))
        if what in ("next", "end"):
            coach_button_is_free(page, page.get_attribute("#coach", "data-step"))
        if what == "end":
            break
        if what == "next":
            step = page.get_attribute("#coach", "data-step")
            page.click("#coach-next")
            page.wait_for_function(f"document.getElementById('coach').dataset.step !== '{step}'")
            continue
        # a rule lesson names a card to try first: the engine refuses it and says why
        tryit = page.query_selector("#coach .coach-try")
        if tryit and len(refusals) < 3:
            step = LESSON["steps"][int(page.get_attribute("#coach", "data-step"))]
            page.click(f"#screen .hand button[data-card='{step['tryit']}']")
            page.wait_for_function("document.querySelector('#screen .message.refusal')")
            refusals.append(page.text_content("#screen .message"))
        step = page.get_attribute("#coach", "data-step")
        page.click("#screen [data-coach-target]")
        page.wait_for_function(f"document.getElementById('coach').dataset.step !== '{step}'")
    else:
        raise AssertionError("the lesson did not end")
    assert len(seen_steps) == len(LESSON["steps"])
    # the engine's own reasons for the three rule lessons
    assert any("must play higher" in r for r in refusals), refusals
    assert any("must overtrump" in r for r in refusals), refusals
    assert any("must trump" in r for r in refusals), refusals
    # the hand ended as written (played out, not conceded), its summary in the table's place
    assert "Made" in page.text_content("#learn-end")
    assert "conceded" not in page.text_content("#learn-end")
    assert page.is_hidden("#screen .table")
    # and a real game follows
    page.click("#coach-play")
    page.wait_for_selector("html[data-view='game']")
    page.wait_for_function("document.querySelectorAll('#hand button[data-card]').length === 10")


@pytest.mark.parametrize("width,height,lang", [(360, 640, "fr"), (390, 844, "ar"), (844, 390, "fr")])
def test_the_lesson_is_finished_by_clicks_on_a_phone(page, site, width, height, lang):
    """On a phone, portrait or landscape, in French and in Arabic: at every step
    the coach's button is on the screen and nothing covers it (the hand's summary
    never does), the last trick is explained while it is played, and the last
    step is reached."""
    page.set_viewport_size({"width": width, "height": height})
    preset(page, {**FAST, "locale": lang})
    page.goto(site + "#learn")
    wait_ready(page)
    page.wait_for_selector("html[data-view='learn'] #coach")
    step = None
    for _ in range(200):
        what = page.wait_for_function(NEXT_JS, timeout=30_000).json_value()
        step = page.get_attribute("#coach", "data-step")
        if step == str(LAST_TRICK):        # told as the last trick begins, the hand not over
            assert page.is_visible("#screen .table") and page.is_hidden("#learn-end")
            assert page.eval_on_selector_all("#screen .hand button[data-card]", "els => els.length") == 1
        if what in ("next", "end"):
            coach_button_is_free(page, step)
        if what == "end":
            break
        page.click("#coach-next" if what == "next" else "#screen [data-coach-target]")
        page.wait_for_function(f"document.getElementById('coach').dataset.step !== '{step}'")
    assert step == str(len(LESSON["steps"]) - 1)
    assert page.is_visible("#learn-end")
    page.click("#coach-play")
    page.wait_for_selector("html[data-view='game']")


def test_a_legal_move_that_is_not_the_lessons_is_answered_not_played(page, site):
    preset(page, FAST)
    page.goto(site + "#learn")
    wait_ready(page)
    page.wait_for_selector("#coach")
    while page.wait_for_function(NEXT_JS, timeout=30_000).json_value() == "next":
        page.click("#coach-next")
    # the first move asks for a bid of 90: pass instead (legal, not the lesson's)
    page.click("#screen .actions button[data-action='pass']")
    page.wait_for_function("document.querySelector('#screen .message.note')")
    assert "for this lesson" in page.text_content("#screen .message")
    assert page.query_selector("#screen [data-coach-target][data-action='bid'][data-amount='90']")


def test_the_first_visit_offers_two_doors(page, site):
    page.goto(site)
    wait_ready(page)
    page.wait_for_selector("dialog[data-dialog='welcome']")
    page.click("#welcome-learn")
    page.wait_for_selector("html[data-view='learn'] #coach")
    # a second visit goes straight to the game
    page.goto(site)
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.view === 'game'"
                           " && document.documentElement.dataset.ready === 'true'")
    page.wait_for_timeout(300)
    assert page.query_selector("dialog[data-dialog='welcome'][open]") is None
