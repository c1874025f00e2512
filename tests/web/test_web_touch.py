"""Touch targets and the table's layout on phones and a desktop (issue 39):
every control a finger uses during the auction and at the end of a hand is at
least 44×44 CSS px; the end-of-hand panel fits in the screen (or scrolls
inside itself) and its actions are buttons; the speech bubbles never widen
the page; the dealer's badge lies inside its seat.  In English and in Arabic
(right to left), one page per size and language, positions opened by link."""

from __future__ import annotations

import random

import pytest

from touti_core import api, bots

from webhelpers import CATALOGUES, FAST, inside, open_record, preset

SIZES = [(360, 640), (390, 844), (844, 390)]
DESKTOP = (1280, 800)
LANGS = ["en", "ar"]
TOUCH = 44          # the smallest box a finger is given, CSS px


def positions() -> dict[str, dict]:
    """The player's bid with the three others' words in their bubbles (an
    early announcement among them when one is found), and the end of a hand."""
    auction = hand_over = None
    announced = False
    for seed in range(1, 300):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 100})
        for _ in range(200):
            ph = s["phase"]
            if ph == "auction" and s["to_act"] == 0:
                v = api.view(s, 0)
                said = v["hand_actions"]
                if len({a["seat"] for a in said}) >= 2 and any(a["type"] == "bid" for a in v["legal"]) \
                        and s["dealer"] in (1, 3) and (auction is None or any(a["type"] == "announce" for a in said)):
                    auction, announced = api.to_record(s), any(a["type"] == "announce" for a in said)
            if auction and announced and hand_over:
                break
            if ph == "hand_over":
                hand_over = hand_over or api.to_record(s)
                break
            if s["to_act"] is None:
                break
            v = api.view(s, s["to_act"])
            s = api.act(s, bots.choose(v, v["legal"], "normal", seed=r.randrange(1000)))
        if auction and hand_over and announced:
            break
    assert auction and hand_over
    return {"auction": auction, "hand_over": hand_over}


POSITIONS = positions()

#: The boxes of what a finger touches in the controls and the panel, the
#: bubbles and badges of the seats, and the page's width.
GEOMETRY_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[hidden]'); };
  const name = (e) => e.id || [e.dataset.action, e.dataset.amount].filter(Boolean).join(':') || e.textContent.trim();
  const touch = [...document.querySelectorAll(
      '#controls button, #controls select, #controls a[href], #panel button, #panel select, #panel a[href]')]
    .filter((e) => shown(e) && !e.disabled).map((e) => [name(e), e.tagName, box(e)]);
  const seats = [...document.querySelectorAll('#table .seat')].map((s) => ({
    seat: s.dataset.seat, box: box(s),
    bubbles: [...s.querySelectorAll('.bubble')].filter(shown).map(box),
    dealer: [...s.querySelectorAll('.badge.dealer')].filter(shown).map(box),
    badges: [...s.querySelectorAll('.badge')].filter(shown).map(box)}));
  const panel = document.querySelector('#panel .panel-box');
  const body = panel && (panel.querySelector('.panel-body') || panel);
  return {w: innerWidth, h: innerHeight, touch, seats,
          scrollWidth: document.scrollingElement.scrollWidth,
          panel: panel && shown(panel) ? {box: box(panel), body: box(body), scroll: body.scrollHeight,
            client: body.clientHeight, overflow: getComputedStyle(body).overflowY} : null};
}"""


#: Every seat says the longest word a bubble can hold (a concession proposed),
#: as the table draws it: the seat's name for a screen reader, then the word.
LONGEST_BUBBLES_JS = """(word) => { for (const b of document.querySelectorAll('#table .seat .bubble')) {
  b.hidden = false; const w = b.querySelector('.word');
  if (w) w.textContent = word; else b.append(Object.assign(document.createElement('span'), {className: 'word', textContent: word}));
} }"""


def small_targets(g) -> list:
    return [(name, round(b[2] - b[0], 1), round(b[3] - b[1], 1)) for name, _, b in g["touch"]
            if b[2] - b[0] < TOUCH - 0.5 or b[3] - b[1] < TOUCH - 0.5]


def assert_badges_inside(g, view) -> None:
    """Every badge inside its seat and the screen; the dealer's whole (an 18 px disc)."""
    for s in g["seats"]:
        for d in s["dealer"]:
            assert d[2] - d[0] >= 17.5 and d[3] - d[1] >= 17.5, ("the dealer's badge is cut", s["seat"], d)
        for badge in s["badges"]:
            assert inside(badge, s["box"]) and inside(badge, view), ("a badge is clipped", s["seat"], badge, s["box"])


#: the phones in both languages, and a desktop
LAYOUTS = [(s, lang) for lang in LANGS for s in SIZES] + [(DESKTOP, "en")]


@pytest.mark.parametrize("layout", LAYOUTS, ids=[f"{lang}-{w}x{h}" for (w, h), lang in LAYOUTS])
def test_touch_targets_bubbles_badges_and_the_end_of_hand_panel(page, site, layout):
    (w, h), lang = layout
    page.set_viewport_size({"width": w, "height": h})
    preset(page, FAST)
    url = site + (f"?lang={lang}" if lang != "en" else "")
    view = [0, 0, w, h]

    # the auction: the bids, the pass, the bubbles of the three others, the dealer's badge
    assert open_record(page, url, POSITIONS["auction"], "auction") == "act:auction"
    assert page.get_attribute("html", "lang") == lang
    g = page.evaluate(GEOMETRY_JS)
    assert any(name.startswith("bid:") for name, _, _ in g["touch"]), g["touch"]
    assert not small_targets(g), ("smaller than 44×44", small_targets(g))
    assert g["scrollWidth"] <= g["w"], ("the page scrolls sideways", g["scrollWidth"], g["w"])
    bubbles = [b for s in g["seats"] for b in s["bubbles"]]
    assert len(bubbles) >= 2, g["seats"]
    for b in bubbles:
        assert inside(b, view), ("a bubble out of the screen", b, view)
    assert sum(len(s["dealer"]) for s in g["seats"]) == 1, g["seats"]
    assert_badges_inside(g, view)
    # the longest word in every bubble: still on the screen, and the page does not scroll sideways
    page.evaluate(LONGEST_BUBBLES_JS, CATALOGUES[lang]["action.concede"])
    g = page.evaluate(GEOMETRY_JS)
    assert g["scrollWidth"] <= g["w"], ("a bubble widens the page", g["scrollWidth"], g["w"])
    bubbles = [b for s in g["seats"] for b in s["bubbles"]]
    assert len(bubbles) == 4
    for b in bubbles:
        assert inside(b, view), ("a bubble out of the screen", b, view)

    # the end of the hand: the panel fits, or scrolls inside itself; its actions are buttons
    assert open_record(page, url, POSITIONS["hand_over"], "hand_over") == "hand_over"
    g = page.evaluate(GEOMETRY_JS)
    assert_badges_inside(g, view)                  # the dealer's and the declarer's
    p = g["panel"]
    assert p and inside(p["box"], view), ("the panel is out of the screen", p, view)
    # its summary scrolls inside it when it is longer than the room, and always shows a good part of itself
    assert p["scroll"] <= p["client"] + 1 or p["overflow"] in ("auto", "scroll"), p
    assert p["client"] >= min(p["scroll"], 90), ("the summary is hidden", p)
    boxes = {name: b for name, _, b in g["touch"]}
    assert inside(boxes["next_hand"], p["box"]) and inside(boxes["next_hand"], view), \
        ("the next hand's button is not in view", boxes["next_hand"], p["box"])
    tags = {name: tag for name, tag, _ in g["touch"]}
    assert tags.get("next_hand") == "BUTTON" and "panel-review" in tags, tags
    assert all(tag == "BUTTON" for name, tag in tags.items() if name != "panel-review"), tags
    assert not small_targets(g), ("smaller than 44×44", small_targets(g))
    for name, _, b in g["touch"]:                 # each action reachable: in view once scrolled to
        page.evaluate("""(n) => { const e = document.getElementById(n) || document.querySelector(`#panel [data-action='${n}']`)
          || [...document.querySelectorAll('#panel button')].find((b) => b.textContent.trim() === n);
          e.scrollIntoView({block: 'nearest'}); }""", name)
        again = {n: box for n, _, box in page.evaluate(GEOMETRY_JS)["touch"]}[name]
        assert inside(again, p["box"]) and inside(again, view), ("an action cut off", name, again, p["box"])
    # the review is a link that looks and sizes like a button
    look = page.evaluate("""() => { const s = getComputedStyle(document.getElementById('panel-review'));
      return [s.textDecorationLine, s.display]; }""")
    assert look[0] == "none" and look[1] in ("inline-flex", "flex", "inline-block", "block"), look
    assert page.evaluate("document.scrollingElement.scrollWidth") <= w
