"""Play with friends (#friends, #join=, #reply=): four pages over two Chromium
processes, connected by WebRTC data channels through the real invitation and
reply links, play a hand with the host's engine as referee.

The browsers run with ``--disable-features=WebRtcHideLocalIpsWithMdns``: their
candidates are this machine's own addresses and no mDNS multicast query is
sent, so every packet stays on this machine (docs/multiplayer.md)."""

from __future__ import annotations

import json
import re

import pytest

from playwright.sync_api import Error as PlaywrightError

from cspwait import csp_safe
from webhelpers import FAST, preset

from touti_core import api

FRIENDS_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]

#: Every message a friend's page receives on its data channel, kept in
#: window.__rx; the channel itself in window.__dc (to send hostile messages).
CAPTURE = """
window.__rx = [];
const add = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, fn, opts) {
  if (type === "message") {
    window.__dc = this;
    const f = fn;
    fn = function (e) { window.__rx.push(e.data); return f.call(this, e); };
  }
  return add.call(this, type, fn, opts);
};
"""

#: What a friends' table lets this page do now: "act:<phase>", "card", "next", or false.
CAN_ACT = """() => {
  const t = document.querySelector('.friends-table');
  if (!t || t.closest('[hidden]')) return false;
  const next = t.querySelector('.panel:not([hidden]) button[data-action=next_hand]');
  if (next) return 'next';
  const a = t.querySelector('.actions button[data-action]');
  if (a) return 'act:' + a.dataset.action;
  if (t.querySelector('.hand.my-turn button.legal')) return 'card';
  return false;
}"""


@pytest.fixture(scope="module")
def browsers(playwright, browser_type_launch_args):
    args = {**browser_type_launch_args, "args": browser_type_launch_args["args"] + FRIENDS_ARGS}
    two = [playwright.chromium.launch(**args), playwright.chromium.launch(**args)]
    yield two
    for b in two:
        b.close()


def new_page(browser, site, capture=False):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    if capture:
        ctx.add_init_script(CAPTURE)
    page = csp_safe(ctx.new_page())
    page.requests = []
    ctx.on("request", lambda r: page.requests.append(r.url))
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    preset(page, FAST)
    page.goto(site)                 # the site visited once: it works offline from then on
    page.wait_for_selector("html[data-ready='true']", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")     # offline from now on too
    return page


def seat_friend(host, guest, seat, name, via_tab=False):
    """Invites `seat` from the host's page and seats `guest` there through the links."""
    host.click(f"[data-friends-seat='{seat}'] [data-friends=invite]")
    link = host.wait_for_selector(f"#friends-link-{seat}", timeout=20_000).input_value()
    assert "#join=" in link and len(link) < 1500
    guest.goto(link)
    guest.fill("#join-name", name)
    guest.click("#join-go")
    reply = guest.wait_for_selector("#join-reply-link", timeout=20_000).input_value()
    assert "#reply=" in reply
    assert guest.query_selector("#join-reply-link ~ * svg.qr, .share-box svg.qr")
    if via_tab:                   # the camera opens the reply in another tab of the host's browser
        tab = csp_safe(host.context.new_page())
        tab.goto(reply)
        tab.wait_for_selector("#reply-status[data-state='taken']", timeout=20_000)
        tab.close()
    else:
        host.fill("#friends-reply", reply)
        host.click("#friends-reply-add")
    host.wait_for_selector(f"[data-friends-seat='{seat}'][data-kind='friend']", timeout=20_000)
    guest.wait_for_selector("#join-status[data-state='playing']", timeout=20_000)


def take_turn(page, what):
    """Clicks the turn `what` (CAN_ACT's answer); False when it went away meanwhile."""
    try:
        _take_turn(page, what)
        return True
    except PlaywrightError:
        return False


def _take_turn(page, what):
    t = ".friends-table "
    if what == "next":
        page.click(t + ".panel button[data-action=next_hand]")
    elif what.startswith("act:"):
        kind = what[4:]
        order = ["bid", "pass", "no_signal", "trump", "no_ghna", "refuse", "accept"]
        for k in order:
            b = page.query_selector(t + f".actions button[data-action='{k}']")
            if b:
                b.click(timeout=3000)
                return
        page.locator(t + ".actions button[data-action]").first.click(timeout=3000)
    else:
        page.locator(t + ".hand.my-turn button.legal").first.click(timeout=3000)


def play_until(pages, done, turns=400):
    """Clicks each page's turn until `done()`."""
    for _ in range(turns):
        if done():
            return
        acted = False
        for p in pages:
            what = p.evaluate(CAN_ACT)
            if what and what != "next":
                take_turn(p, what)
                acted = True
                break
        if not acted:
            pages[0].wait_for_timeout(50)
    raise AssertionError("the table did not get there")


CARD = re.compile(r'"(\d+[OCEB])"')
PUBLIC = ("trick", "tricks", "hand_actions", "action")


def hidden_cards(msg) -> set[str]:
    """The cards a message names outside what was played for all to see."""
    if isinstance(msg, dict):
        return set().union(*[hidden_cards(v) for k, v in msg.items() if k not in PUBLIC]) if msg else set()
    if isinstance(msg, list):
        return set().union(*[hidden_cards(v) for v in msg]) if msg else set()
    return {msg} if isinstance(msg, str) and re.fullmatch(r"\d+[OCEB]", msg) else set()


def hands_dealt(record, hand_number):
    """The four hands of hand `hand_number` of the host's game record."""
    actions = record["actions"]
    cut = [i for i, a in enumerate(actions) if a["type"] == "next_hand"]
    upto = 0 if hand_number == 0 else cut[hand_number - 1] + 1
    return api.from_record({**record, "actions": actions[:upto]})["hands"]


def test_four_phones_play_a_hand_and_the_next_one_asking_no_other_origin(browsers, site):
    b1, b2 = browsers
    host = new_page(b1, site)
    guests = {1: new_page(b1, site, capture=True), 2: new_page(b2, site, capture=True),
              3: new_page(b2, site, capture=True)}
    host.evaluate("location.hash = '#friends'")
    host.wait_for_selector("[data-friends-seat='1']")
    assert host.get_attribute("html", "data-view") == "friends"
    host.fill("#friends-name", "Samira")
    for seat, name in ((1, "Youssef"), (2, "Aicha"), (3, "Omar")):
        seat_friend(host, guests[seat], seat, name, via_tab=seat == 1)
    host.click("[data-friends=start]")
    pages = [host, guests[1], guests[2], guests[3]]
    # every page sees the names of the others on their seats, from its own seat
    host.wait_for_selector(".friends-table .seat-south")
    names = host.eval_on_selector_all(".friends-table .seat-name", "els => els.map(e => e.textContent)")
    assert {"Youssef", "Aicha", "Omar"} <= set(names)
    g2 = guests[2].eval_on_selector(".friends-table .seat-north .seat-name", "e => e.textContent")
    assert g2 == "Samira"                    # the partner faces you: Aicha sees the host across
    for seat, g in guests.items():
        g.wait_for_selector(".friends-table .hand button[data-card]", timeout=20_000)
        assert len(g.query_selector_all(".friends-table .hand button[data-card]")) == 10

    def over():
        return host.query_selector(".friends-table .panel:not([hidden]) button[data-action=next_hand]") is not None

    # everyone bids the lowest bid while they can: a contract is played out
    for turn in range(400):
        if over():
            break
        acted = False
        for p in pages:
            what = p.evaluate(CAN_ACT)
            if what and what != "next":
                take_turn(p, what)
                acted = True
                break
        if not acted:
            host.wait_for_timeout(50)
    assert over(), "the hand did not end"
    record = json.loads(host.evaluate("localStorage.getItem('touti.friends.table.v1')"))["record"]
    # the next hand, started by a friend's click
    guests[3].click(".friends-table .panel button[data-action=next_hand]")
    for g in guests.values():
        g.wait_for_function("() => document.querySelectorAll('.friends-table .hand button[data-card]').length === 10"
                            " && !document.querySelector('.friends-table .panel:not([hidden])')", timeout=20_000)
    record = json.loads(host.evaluate("localStorage.getItem('touti.friends.table.v1')"))["record"]
    # no message to a friend ever held another seat's hidden card
    for seat, g in guests.items():
        rx = [json.loads(m) for m in g.evaluate("window.__rx")]
        views = [m["view"] for m in rx if m.get("t") == "view"]
        assert len(views) > 40
        for m in rx:
            assert "record" not in json.dumps(m)
            if m.get("t") != "view":
                assert not hidden_cards(m), m
                continue
            v = m["view"]
            assert v["seat"] == seat
            dealt = hands_dealt(record, v["hand_number"])
            assert hidden_cards(m) <= set(dealt[seat]), (seat, hidden_cards(m) - set(dealt[seat]))
            assert set(v["hand"]) <= set(dealt[seat])
    for p in pages:
        assert not p.errors, p.errors
        # no STUN server by default, nothing else: no request leaves the site
        assert all(u.startswith((site, "data:", "blob:")) for u in p.requests), \
            [u for u in p.requests if not u.startswith((site, "data:", "blob:"))]
