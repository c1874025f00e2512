"""The table's behaviour (issue 39): a tap while the engine is busy is queued,
never lost (a card shown chosen and played when the turn comes, a refused one
explained, a hint answered when the engine is free); "Propose to abandon" is
offered only where a player would consider it; the partner bot proposes once a
hand, and what was said ends with the hand.  Positions are opened by link."""

from __future__ import annotations

import json
import random

import pytest

from touti_core import api, bots

from webhelpers import CATALOGUES, FAST, hand_cards, open_record, preset, record_fragment, settle, wait_ready

SUIT = -1   # the suit letter of a card name ("12E" -> "E")


def scripted(stop, seeds=range(1, 300)) -> dict:
    """The first state of a seed's game played by normal bots where ``stop(s)`` holds."""
    for seed in seeds:
        r = random.Random(seed)
        s = api.new_game(seed)
        for _ in range(300):
            if stop(s):
                return s
            if s["phase"] in ("hand_over", "game_over"):
                break
            v = api.view(s, s["to_act"])
            a = bots.choose(v, v["legal"], "normal", seed=r.randrange(1000))
            if a["type"] == "concede":
                a = next(x for x in v["legal"] if x["type"] == "play")
            s = api.act(s, a)
    raise AssertionError("no such position")


def one_card_to_follow(s) -> bool:
    """Seat 1 has led, seats 2 and 3 (bots) play next, and the player holds one card
    only of the suit led: whatever the bots play, that card is the player's only one."""
    if s["phase"] != "play" or len(s["trick"]) != 1 or s["trick"][0]["seat"] != 1:
        return False
    led = s["trick"][0]["card"][SUIT]
    same = [c for c in s["hands"][0] if c[SUIT] == led]
    return len(same) == 1 and len(s["hands"][0]) >= 3


#: Taps ``window.__tap.target`` (a selector) from the page itself, while the engine is
#: busy with the bots' turns before the player's: the first moment the position is drawn
#: so (seat 3's card, the bots' last, not drawn yet), or with ``window.__tap.last`` the
#: moment seat 3's card is drawn, still flying.  A tap from the test could land after
#: that spell on a loaded machine (a poll, then a click that waits for its target to be
#: still and uncovered).  ``window.__tapped`` says whether the target was there and
#: uncovered at its middle then, as Playwright's click would have checked.  From the tap
#: on, it records what a test would otherwise read too late (the page may be done in
#: less than one of its round trips): ``window.__said``, the message's states in order,
#: and ``window.__queued``, the label of ``window.__tap.card`` and the engine's state
#: the first time it is drawn chosen.
TAP_WHILE_BOTS_PLAY = """
new MutationObserver(() => {
  const html = document.documentElement, want = window.__tap;
  if (window.__tapped === undefined) {
    if (html.dataset.phase !== 'play' || html.dataset.busy !== 'true') return;
    const lastDrawn = !!document.querySelector("[data-seat='3'] [data-played]");
    if (lastDrawn !== !!want.last) return;
    const target = document.querySelector(want.target);
    window.__said = [];
    if (!target) {
      window.__tapped = 'no such target';
      return;
    }
    // where a finger would touch it (its middle), the target is what is there: not covered
    const box = target.getBoundingClientRect();
    const there = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    window.__tapped = there && target.contains(there) ? 'while busy' : `covered by ${there?.outerHTML.slice(0, 120)}`;
    target.click();
  }
  const m = document.getElementById('message'), last = window.__said.at(-1);
  if (m && (!last || last[0] !== m.className || last[1] !== m.textContent)) window.__said.push([m.className, m.textContent]);
  const b = want.card && document.querySelector(`#hand button[data-card='${want.card}'].queued`);
  if (b && window.__queued === undefined) {
    window.__queued = {label: b.querySelector('.card-name').textContent, busy: html.dataset.busy};
  }
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def open_and_tap(page, site, s, target: str, card: str | None = None, speed="slow", lang="en",
                 last: bool = False) -> None:
    """Opens the position ``s`` by link with the bots playing at ``speed``, and taps
    ``target`` while the engine is busy with the bots' turns before the player's (with
    ``last``, as the bots' last card is drawn): TAP_WHILE_BOTS_PLAY, watching how
    ``card`` of the hand is drawn."""
    preset(page, {"speed": speed})
    want = {"target": target, "card": card, "last": last}
    page.add_init_script(f"window.__tap = {json.dumps(want)};" + TAP_WHILE_BOTS_PLAY)
    page.goto(site + f"?lang={lang}" + record_fragment(api.to_record(s)))
    wait_ready(page)
    page.wait_for_function("window.__tapped !== undefined")      # (times out if that moment never came)
    assert page.evaluate("window.__tapped") == "while busy"          # a finger could touch it then


def queued(page) -> dict:
    """The card drawn chosen after the tap: its label and whether the engine was still busy."""
    return page.wait_for_function("window.__queued").json_value()


@pytest.mark.parametrize("lang", ["en", "fr", "es", "ar"])
def test_a_card_tapped_while_the_bots_play_is_queued_then_played(page, site, lang):
    s = scripted(one_card_to_follow)
    led = s["trick"][0]["card"][SUIT]
    card = next(c for c in s["hands"][0] if c[SUIT] == led)
    open_and_tap(page, site, s, f"#hand button[data-card='{card}']", card, lang=lang)   # one tap, while the bots play
    # shown chosen at once (not lost), and said so to a screen reader
    shown = queued(page)
    said = CATALOGUES[lang]["card.queued"].split("{card}")[1]
    assert shown["label"].endswith(said)
    assert shown["busy"] == "true"
    # played as soon as the bots are done, with no second tap
    page.wait_for_function(f"!document.querySelector(\"#hand button[data-card='{card}']\")", timeout=20_000)
    assert len(hand_cards(page)) == len(s["hands"][0]) - 1
    assert page.locator("#message.refusal").count() == 0
    assert page.locator("#hand .card.queued").count() == 0


def test_a_card_tapped_as_the_turn_starts_is_played(page, site):
    # the tap lands right after the bots' last card (the card still flying, the
    # engine not yet free): the moment the old page dropped every tap
    s = scripted(one_card_to_follow)
    led = s["trick"][0]["card"][SUIT]
    card = next(c for c in s["hands"][0] if c[SUIT] == led)
    open_and_tap(page, site, s, f"#hand button[data-card='{card}']", card, speed="normal", last=True)
    page.wait_for_function(f"!document.querySelector(\"#hand button[data-card='{card}']\")", timeout=20_000)
    assert page.locator("#message.refusal").count() == 0


def test_a_queued_card_that_is_not_legal_is_refused_as_any_tap(page, site):
    s = scripted(one_card_to_follow)
    led = s["trick"][0]["card"][SUIT]
    other = next(c for c in s["hands"][0] if c[SUIT] != led)
    open_and_tap(page, site, s, f"#hand button[data-card='{other}']", other)
    assert queued(page)["busy"] == "true"
    page.wait_for_selector("#message.refusal", timeout=20_000)
    assert other in hand_cards(page)
    assert page.locator("#hand .card.queued").count() == 0
    assert settle(page) == "card"                            # the player's turn, as after any refusal


@pytest.mark.parametrize("lang", ["en", "fr", "es", "ar"])
def test_hint_asked_while_the_bots_play_says_it_works_then_answers(page, site, lang):
    cat = CATALOGUES[lang]
    s = scripted(one_card_to_follow)
    led = s["trick"][0]["card"][SUIT]
    card = next(c for c in s["hands"][0] if c[SUIT] == led)
    open_and_tap(page, site, s, "#menu-hint", lang=lang)     # one tap, while the bots play
    page.wait_for_selector("#message.hint", timeout=30_000)
    said = page.evaluate("window.__said")
    waiting = [n for n, (cls, text) in enumerate(said) if "note" in cls.split() and text == cat["hint.waiting"]]
    hinted = [n for n, (cls, text) in enumerate(said) if text.startswith(cat["hint.title"])]
    assert waiting and hinted and waiting[0] < hinted[0], said    # first it works on it, then the hint
    assert page.text_content("#message").startswith(cat["hint.title"])
    assert page.get_attribute("#hand button.hinted", "data-card") == card


# ------------------------------------------------------------ the concession

def defender_to_play(made: bool):
    """The player (seat 0) defends and is to play, and the declarers have (``made``)
    or are far from (not ``made``) their contract."""
    def stop(s):
        if s["phase"] != "play" or s["to_act"] != 0 or s["contract"] is None:
            return False
        d = s["contract"]["declarer"]
        if d % 2 == 0 or not any(a["type"] == "concede" for a in api.legal_actions(s)):
            return False
        have = s["points"][d % 2]
        if made:
            return have >= s["contract"]["amount"] and len(s["tricks"]) <= 7
        return have + 30 < s["contract"]["amount"] and len(s["tricks"]) <= 4
    return stop


def partner_proposes(s) -> bool:
    """The player's partner (seat 2) defends, is to play, and the hand is already lost."""
    if s["phase"] != "play" or s["to_act"] != 2 or s["contract"] is None:
        return False
    d = s["contract"]["declarer"]
    return (d % 2 == 1 and s["points"][1] >= s["contract"]["amount"] and len(s["tricks"]) <= 6
            and any(a["type"] == "concede" for a in api.legal_actions(s)))


def test_abandon_is_offered_only_when_the_hand_is_decided(page, site):
    preset(page, FAST)
    # early in the hand, the declarers far from their contract: cards only
    assert open_record(page, site, api.to_record(scripted(defender_to_play(False))), "play") == "card"
    assert page.locator("#actions button[data-action='concede']").count() == 0
    # the declarers already hold their contract: offered
    assert open_record(page, site, api.to_record(scripted(defender_to_play(True))), "play") == "act:play"
    assert page.locator("#actions button[data-action='concede']").count() == 1


def test_a_refusal_stands_for_the_hand_and_the_bubble_ends_with_it(page, site):
    preset(page, {**FAST, "levels": [None, "normal", "normal", "normal"]})
    page.goto(site + record_fragment(api.to_record(scripted(partner_proposes))))
    wait_ready(page)
    assert settle(page) == "act:concession"                   # the partner bot proposes
    assert page.is_visible("#seat-2 .bubble")
    page.click("#actions button[data-action='refuse']")
    asked = 0
    for _ in range(40):
        state = settle(page)
        if state in ("hand_over", "game_over"):
            break
        if state == "act:concession":
            asked += 1
            page.click("#actions button[data-action='refuse']")
        elif state == "act:play":
            assert page.locator("#actions button[data-action='concede']").count() == 0   # refused: not offered
            page.locator("#hand button.legal").first.click()
        else:
            page.locator("#hand button.legal").first.click()
    assert asked == 0
    assert page.locator(".seat .bubble:not([hidden])").count() == 0


def test_an_accepted_abandon_leaves_no_bubble_after_the_hand(page, site):
    preset(page, {**FAST, "levels": [None, "normal", "normal", "normal"]})
    page.goto(site + record_fragment(api.to_record(scripted(partner_proposes))))
    wait_ready(page)
    assert settle(page) == "act:concession"
    page.click("#actions button[data-action='accept']")
    assert settle(page) in ("hand_over", "game_over")
    assert page.locator(".seat .bubble:not([hidden])").count() == 0


def test_hint_while_watching_the_bots_says_at_once_there_is_nothing_to_do(page, site):
    # watching, the bots play every seat and the engine is busy all along: a hint
    # asked then must not wait for a turn that never comes
    preset(page, {"speed": "slow", "watch": True})
    page.goto(site + record_fragment(api.to_record(scripted(one_card_to_follow))))
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.phase === 'play'"
                           " && document.documentElement.dataset.busy === 'true'")
    page.click("#menu-hint")
    page.wait_for_selector("#message.note", timeout=5_000)
    assert page.text_content("#message") == "Nothing to do now: it is not your turn."
