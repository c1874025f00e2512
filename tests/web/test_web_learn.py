"""Learn to play (#learn): the guided first hand, completed by following only
what the coachmarks say; a wrong move shows the engine's reason."""

from __future__ import annotations

import json
from pathlib import Path

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
    # the hand ended as written, the summary on the table
    assert "Made" in page.text_content("#screen .panel")
    # and a real game follows
    page.click("#coach-play")
    page.wait_for_selector("html[data-view='game']")
    page.wait_for_function("document.querySelectorAll('#hand button[data-card]').length === 10")


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
