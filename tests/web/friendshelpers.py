"""Helpers of the friends' table tests and benchmark: pages seated at a host's
table through the real invitation and reply links, and turns taken by clicks."""

from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError

from cspwait import csp_safe
from webhelpers import FAST, preset

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


def new_page(browser, site, capture=False, settings=None):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    if capture:
        ctx.add_init_script(CAPTURE)
    page = csp_safe(ctx.new_page())
    page.requests = []
    ctx.on("request", lambda r: page.requests.append(r.url))
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    preset(page, settings or FAST)
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
        # whatever the phase: the first of these the table offers
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
    """Clicks each page's turn until `done()`. `done()` is asked again just before each click: a
    page's turn can come between the first ask and the look at that page, and a click then would
    go past the state waited for."""
    for _ in range(turns):
        if done():
            return
        acted = False
        for p in pages:
            what = p.evaluate(CAN_ACT)
            if what and what != "next":
                if done():
                    return
                acted = take_turn(p, what)
                break
        if not acted:
            pages[0].wait_for_timeout(50)
    raise AssertionError("the table did not get there")


#: The boxes of the friends' table in play as a finger and an eye meet them:
#: the hand's cards, the trick's cards, each seat's name and badges, the
#: reactions, every control that can be tapped, and the page's width.
TABLE_GEOMETRY_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && !e.closest('[hidden]'); };
  const t = document.querySelector('.friends-table');
  const all = (sel) => [...t.querySelectorAll(sel)].filter(shown);
  const name = (e) => e.dataset.card || e.dataset.react || e.dataset.action || e.id || e.textContent.trim();
  return {w: innerWidth, h: innerHeight, scrollWidth: document.documentElement.scrollWidth,
    dir: document.documentElement.dir,
    hand: all('.hand button[data-card]').map((e) => [e.dataset.card, box(e)]),
    trick: all('.trick .slot').map(box),      // each seat's place on the trick, a card there or not
    names: all('.seat .seat-name').map((e) => [e.closest('.seat').dataset.seat, box(e)]),
    badges: all('.seat .badge').map((e) => [e.closest('.seat').dataset.seat, box(e)]),
    reactions: all('.reactions button').map((e) => [e.dataset.react, box(e)]),
    touch: [...document.querySelectorAll('#screen :is(button, a[href], select, input)')]
      .filter((e) => shown(e) && !e.disabled && e.type !== 'checkbox').map((e) => [name(e), box(e)])};
}"""
