"""Phones: at 360×640, 390×844 and 844×390 the player's hand lies inside the
screen in every phase (auction, signal window, trumps, play, Ghna question,
concession, summary); no two controls overlap and none covers the hand; the
log is a drawer that Escape or a tap outside closes."""

from __future__ import annotations

import random

import pytest

from touti_core import api, bots

from webhelpers import FAST, open_record, preset, record_fragment, settle, wait_ready

SIZES = [(360, 640), (390, 844), (844, 390)]
PHASES = ["auction", "signal", "trump", "play", "ghna", "concession", "hand_over"]


def positions() -> dict[str, dict]:
    """A record for each phase where the player (seat 0) is to act (or the hand is over)."""
    found: dict[str, dict] = {}
    for seed in range(1, 400):
        r = random.Random(seed)
        s = api.new_game(seed, {"target": 100})
        for _ in range(200):
            ph = s["phase"]
            if (s["to_act"] == 0 or ph == "hand_over") and ph not in found:
                found[ph] = api.to_record(s)
            if ph in ("hand_over", "game_over") or len(found) == len(PHASES):
                break
            v = api.view(s, s["to_act"])
            legal = v["legal"]
            if s["to_act"] in (1, 3) and ph == "play" and {"type": "concede", "seat": s["to_act"]} in legal \
                    and s["contract"]["declarer"] % 2 == 0 and r.random() < 0.5:
                action = {"type": "concede", "seat": s["to_act"]}     # an opponent proposes: no
            elif s["to_act"] == 2 and ph == "play" and {"type": "concede", "seat": 2} in legal and r.random() < 0.7:
                action = {"type": "concede", "seat": 2}              # the partner proposes: the player answers
            elif ph == "auction" and s["to_act"] == 0 and r.random() < 0.5:
                action = next((a for a in legal if a["type"] == "bid"), legal[0])
            else:
                action = bots.choose(v, legal, "normal", seed=r.randrange(1000))
            s = api.act(s, action)
        if len(found) == len(PHASES):
            return found
    raise AssertionError(f"phases not found: {set(PHASES) - set(found)}")


POSITIONS = positions()

GEOMETRY_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[hidden]'); };
  const cards = [...document.querySelectorAll('#hand button[data-card]')].filter(shown).map(box);
  const controls = [...document.querySelectorAll('#actions button, .bar button, #panel button, #notes p, #message')]
    .filter(shown).map((e) => [e.id || e.dataset.action || e.className, box(e)]);
  return {w: innerWidth, h: innerHeight, cards, controls,
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]};
}"""


def overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hand_is_in_view_and_nothing_overlaps_in_every_phase(page, site, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    preset(page, FAST)
    for phase in PHASES:
        state = open_record(page, site, POSITIONS[phase], phase)
        assert state.startswith("act:") or state in ("card", "hand_over"), (phase, state)
        assert page.get_attribute("html", "data-phase") == phase
        g = page.evaluate(GEOMETRY_JS)
        assert len(g["cards"]) == len(api.from_record(POSITIONS[phase])["hands"][0]), phase
        for c in g["cards"]:                       # every card wholly in view
            assert c[0] >= -0.5 and c[2] <= g["w"] + 0.5 and c[1] >= -0.5 and c[3] <= g["h"] + 0.5, (phase, c, g["w"], g["h"])
        controls = g["controls"]
        for i, (name, a) in enumerate(controls):
            assert a[0] >= -0.5 and a[2] <= g["w"] + 0.5, (phase, name, a)
            for c in g["cards"]:
                assert not overlap(a, c), (phase, name, "covers the hand")
            for other, b in controls[i + 1:]:
                assert not overlap(a, b), (phase, name, other)
        assert g["scroll"][0] <= g["w"] + 1, (phase, "wider than the screen")


def test_the_log_is_a_drawer_closed_by_escape_and_a_tap_outside(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    page.click("#menu-more")
    page.click("#go-log")
    page.wait_for_selector("#log:visible")
    assert page.evaluate("document.activeElement.id") == "log"
    page.keyboard.press("Escape")
    closed = "!document.getElementById('app').classList.contains('show-log')" \
        " && document.getElementById('log').getBoundingClientRect().width <= 1"
    page.wait_for_function(closed)
    page.click("#menu-more")
    page.click("#go-log")
    page.wait_for_selector(".log-backdrop")
    page.mouse.click(20, 400)                      # outside the drawer
    page.wait_for_function(closed)
    # closed, the log is still there for a screen reader (out of sight, not display: none)
    assert page.evaluate("getComputedStyle(document.getElementById('log')).display") != "none"
    # numbers of the list are never clipped
    page.click("#menu-more")
    page.click("#go-log")
    pad = page.evaluate("parseFloat(getComputedStyle(document.getElementById('log-list')).paddingInlineStart)")
    assert pad >= 28


def test_touch_has_no_sticky_lift_and_illegal_cards_never_sit_above_legal_ones(browser, site):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        from cspwait import csp_safe
        page = csp_safe(ctx.new_page())
        preset(page, FAST)
        page.goto(site + record_fragment(POSITIONS["play"]))
        wait_ready(page)
        settle(page)
        # [legal, top on the screen, top in the layout (the row: the hand may lie in two, hand.js)]
        tops = page.evaluate("""() => [...document.querySelectorAll('#hand button[data-card]')].map(e =>
            [e.classList.contains('legal'), e.getBoundingClientRect().top, e.offsetTop])""")
        assert any(ok for ok, _, _ in tops)
        for row in {r for _, _, r in tops}:           # in each row, the legal cards above the others
            legal = [t for ok, t, r in tops if ok and r == row]
            illegal = [t for ok, t, r in tops if not ok and r == row]
            assert not legal or not illegal or min(illegal) > max(legal), (row, tops)
        hover = page.evaluate("matchMedia('(hover: hover) and (pointer: fine)').matches")
        assert hover is False
    finally:
        ctx.close()


def test_reduced_motion_stops_the_card_flights(page, site):
    page.emulate_media(reduced_motion="reduce")
    preset(page, {"speed": "normal"})
    page.goto(site + record_fragment(POSITIONS["play"]))
    wait_ready(page)
    settle(page)
    page.evaluate("""() => { window.__flights = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...a) { window.__flights += 1; return animate.apply(this, a); }; }""")
    page.locator("#hand button.legal").first.click()
    page.wait_for_function("document.documentElement.dataset.busy === 'false'", timeout=30_000)
    assert page.evaluate("window.__flights") == 0



@pytest.mark.parametrize("speed, moves", [("instant", False), ("normal", True)])
def test_the_speed_instant_moves_no_card(page, site, speed, moves):
    """At the speed "instant" the hand's cards do not slide (no CSS transition:
    a legal card is lifted at once); at any other speed they do."""
    preset(page, {"speed": speed})
    page.goto(site + record_fragment(POSITIONS["play"]))
    wait_ready(page)
    settle(page)
    assert page.get_attribute("html", "data-speed") == speed
    durations = page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => getComputedStyle(e).transitionDuration)")
    assert durations and all((d != "0s") == moves for d in durations), durations

SOUND_SPY = """
window.__sounds = []; window.__vibrations = [];
navigator.vibrate = (ms) => { window.__vibrations.push(ms); return true; };
window.__contexts = 0;
class FakeAudio {
  constructor() { window.__contexts += 1; this.state = 'running'; this.currentTime = 0; this.sampleRate = 8000; this.destination = {}; }
  resume() { return Promise.resolve(); }
  node() { const n = { connect: () => n, start: () => window.__sounds.push('start'), stop() {},
    frequency: { setValueAtTime() {} }, gain: { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} } }; return n; }
  createOscillator() { return this.node(); } createGain() { return this.node(); } createBufferSource() { return this.node(); }
  createBuffer(c, n) { return { getChannelData: () => new Float32Array(n) }; }
}
window.AudioContext = FakeAudio;
"""


def test_sounds_play_unless_muted_and_a_refused_card_vibrates(page, site):
    page.add_init_script(SOUND_SPY)
    preset(page, FAST)
    page.goto(site + record_fragment(POSITIONS["play"]))
    wait_ready(page)
    settle(page)
    # before any gesture no audio is made (the browser would keep it silent): "your turn" is not heard
    assert page.evaluate("[window.__contexts, window.__sounds.length]") == [0, 0]
    page.mouse.click(5, 5)                       # a first gesture unlocks the audio
    assert page.evaluate("window.__contexts") == 1
    illegal = page.query_selector("#hand button.illegal")
    if illegal:
        illegal.click()
        page.wait_for_selector("#message.refusal")
        assert page.evaluate("window.__vibrations") == [80]
    before = page.evaluate("window.__sounds.length")
    page.locator("#hand button.legal").first.click()
    page.wait_for_function(f"window.__sounds.length > {before}")
    # muted: the setting is kept and nothing more sounds
    page.click("#menu-settings")
    page.uncheck("#set-sound")
    page.click("#settings-save")
    assert page.evaluate("JSON.parse(localStorage.getItem('touti.settings.v1')).sound") is False
    settle(page)
    count = page.evaluate("window.__sounds.length")
    page.locator("#hand button.legal").first.click() if page.query_selector("#hand button.legal") else None
    page.wait_for_timeout(600)
    assert page.evaluate("window.__sounds.length") == count


def test_install_button_and_offline_badge(page, site):
    preset(page, FAST)
    page.goto(site)
    wait_ready(page)
    settle(page)
    assert page.locator("#menu-install").is_hidden()
    page.evaluate("""() => { const e = new Event('beforeinstallprompt');
      e.prompt = () => { window.__prompted = true; }; e.userChoice = Promise.resolve({outcome: 'accepted'});
      window.dispatchEvent(e); }""")
    page.wait_for_selector("#menu-install:visible")
    page.click("#menu-install")
    page.wait_for_function("window.__prompted === true")
    assert page.locator("#offline").is_hidden()
    page.context.set_offline(True)
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    page.wait_for_selector("#offline:visible")
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#offline", state="hidden")
