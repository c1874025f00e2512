"""The player's hand: every card a finger target of 44×44 CSS px that is
really its own.  Ten cards in one overlapping row leave a strip of about
32 px of each on a phone held upright; there the hand lies in two rows.  At
360×640, 390×844 and 844×390, in English and Arabic, with ten cards during
the play (some legal, lifted, some not): for every card, the largest square
of the screen where a tap lands on that card (``elementFromPoint``) is at
least 44 px wide, and its centre hits that card; the whole hand is inside the
screen, the page does not scroll sideways, no control covers the hand; the
cards read in the engine's order (left to right, then the second row) and the
arrows move through them in that order.  With the larger cards too, and the
end-of-hand panel (a hand conceded: cards left in the hand) clears the hand;
the lesson's table too."""

from __future__ import annotations

import random

import pytest

from touti_core import api, bots
from touti_core.cards import display_order

from webhelpers import FAST, HAND_TARGETS_JS, assert_hand_targets, open_lesson_cards_step, open_record, preset


SIZES = [(360, 640), (390, 844), (844, 390)]
LANGS = ["en", "ar"]
LAYOUTS = [(s, lang) for lang in LANGS for s in SIZES]
IDS = [f"{lang}-{w}x{h}" for (w, h), lang in LAYOUTS]
TOUCH = 44


def positions() -> dict[str, dict]:
    """The player to play a card of a full hand (ten cards, a card already on
    the trick: some of the player's cards legal, some not), and the end of a
    hand the defenders conceded with cards still in the player's hand."""
    found: dict[str, dict] = {}
    for seed in range(1, 400):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 100})
        for _ in range(200):
            ph = s["phase"]
            if ph == "play" and s["to_act"] == 0 and "play" not in found:
                v = api.view(s, 0)
                n_legal = sum(a["type"] == "play" for a in v["legal"])
                if len(v["hand"]) == 10 and v["trick"] and 0 < n_legal < 10:
                    found["play"] = api.to_record(s)
            if ph == "hand_over":
                if "conceded" not in found and len(s["hands"][0]) >= 8:
                    found["conceded"] = api.to_record(s)
                break
            if s["to_act"] is None:
                break
            v = api.view(s, s["to_act"])
            legal = v["legal"]
            seat = s["to_act"]
            concede = {"type": "concede", "seat": seat}
            if ph == "play" and concede in legal and s["contract"]["declarer"] % 2 != seat % 2:
                action = concede                        # the defenders give up at once
            elif ph == "concession" and any(a["type"] == "accept" for a in legal):
                action = next(a for a in legal if a["type"] == "accept")
            else:
                action = bots.choose(v, legal, "normal", seed=r.randrange(1000))
            s = api.act(s, action)
        if len(found) == 2:
            return found
    raise AssertionError(f"positions not found: {sorted(found)}")


POSITIONS = positions()

def page_at(page, site, w, h, lang, settings=None):
    page.set_viewport_size({"width": w, "height": h})
    preset(page, {**FAST, **(settings or {})})
    return site + (f"?lang={lang}" if lang != "en" else "")


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_every_card_of_ten_is_a_target_of_44_px_of_its_own(page, site, layout):
    (w, h), lang = layout
    url = page_at(page, site, w, h, lang)
    assert open_record(page, url, POSITIONS["play"], "play") == "card"
    assert page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr")
    g = page.evaluate(HAND_TARGETS_JS, "#hand")
    assert_hand_targets(g, (lang, w, h))
    cards = g["cards"]
    # the engine's order: left to right along a row, the second row (if any) after the first
    v = api.view(api.from_record(POSITIONS["play"]), 0)
    assert [c["card"] for c in cards] == display_order(v["hand"], v["contract"]["trump"])
    unlifted = [c["box"] for c in cards]
    for a, b in zip(unlifted, unlifted[1:]):
        assert b[0] > a[0] or b[1] > a[1] + TOUCH / 2, ("the cards are out of order", (lang, w, h), a, b)
    assert any(c["legal"] for c in cards) and not all(c["legal"] for c in cards)
    if w > h:      # a phone held sideways has the room: one row, as on a tablet or a desktop
        assert max(c["box"][1] for c in cards) - min(c["box"][1] for c in cards) <= 12.5, cards
    # the arrows move through the cards in their order, Home and End to the ends
    names = [c["card"] for c in cards]
    page.focus(f"#hand button[data-card='{names[0]}']")
    for want in names[1:]:
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.card") == want
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.card") == names[0]
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == names[-2]


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_the_larger_cards_are_targets_too_and_the_panel_clears_the_hand(page, site, size):
    w, h = size
    url = page_at(page, site, w, h, "en", {"cards": "large"})
    assert open_record(page, url, POSITIONS["play"], "play") == "card"
    assert page.get_attribute("html", "data-cards") == "large"
    assert_hand_targets(page.evaluate(HAND_TARGETS_JS, "#hand"), ("large", w, h))
    # a hand conceded: the summary over the table, the cards left in the hand below it, none covered
    left = len(api.from_record(POSITIONS["conceded"])["hands"][0])
    assert open_record(page, url, POSITIONS["conceded"], "hand_over") == "hand_over"
    g = page.evaluate(HAND_TARGETS_JS, "#hand")
    assert any(name.startswith("panel-box") for name, _ in g["controls"]), g["controls"]
    assert_hand_targets(g, ("conceded", w, h), n=left)


@pytest.mark.parametrize("lang", LANGS)
def test_the_lessons_ten_cards_are_targets_too(page, site, lang):
    """The lesson's table at 360×640: its step "these are your ten cards" shows
    a hand whose every card is a target of its own, the coach over none."""
    url = page_at(page, site, 360, 640, lang)
    open_lesson_cards_step(page, url)
    g = page.evaluate(HAND_TARGETS_JS, "#screen .hand")
    g["controls"].append(["coach", page.evaluate("() => { const r = document.getElementById('coach')"
                                                 ".getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")])
    assert_hand_targets(g, ("lesson", lang))
