"""Play with friends (#friends, #join=, #reply=): four pages over two Chromium
processes, connected by WebRTC data channels through the real invitation and
reply links, play a hand with the host's engine as referee.

The browsers run with ``--disable-features=WebRtcHideLocalIpsWithMdns``: their
candidates are this machine's own addresses and no mDNS multicast query is
sent, so every packet stays on this machine (docs/multiplayer.md)."""

from __future__ import annotations

import base64
import json
import re
import time

import pytest

from cspwait import csp_safe
from friendshelpers import CAN_ACT, FRIENDS_ARGS, TABLE_GEOMETRY_JS, new_page, play_until, seat_friend, take_turn
from webhelpers import FAST, HAND_TARGETS_JS, assert_hand_targets, deflated, inflated, inside, overlap, preset, two_frames

from touti_core import api


@pytest.fixture(scope="module")
def browsers(playwright, browser_type_launch_args):
    args = {**browser_type_launch_args, "args": browser_type_launch_args["args"] + FRIENDS_ARGS}
    two = [playwright.chromium.launch(**args), playwright.chromium.launch(**args)]
    yield two
    for b in two:
        b.close()


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
    # a quick reaction of a friend shows on its seat on every screen (a friend whose turn to bid it
    # is not: on a phone the bids take the reactions' place during that turn)
    bravo = ".friends-table .reactions [data-react=bravo]"
    seat = next(s for s in (1, 3, 2) if guests[s].is_visible(bravo))
    guests[seat].click(bravo)
    where = {0: "south", 1: "east", 2: "north", 3: "west"}      # seat s as the page of seat p shows it: (s - p) % 4
    for p, page in ((0, host), *guests.items()):
        page.wait_for_function("p => document.querySelector(`.friends-table .seat-${p} .bubble`)?.textContent"
                               ".includes('Well played!')", arg=where[(seat - p) % 4], timeout=10_000)

    def over():
        return host.query_selector(".friends-table .panel:not([hidden]) button[data-action=next_hand]") is not None

    # everyone bids the lowest bid while they can: a contract is played out
    play_until(pages, over)
    assert over(), "the hand did not end"
    # each friend may review the hand (played to its last card) from its own history
    review = guests[2].wait_for_selector(".friends-table .panel a#panel-review", timeout=20_000).get_attribute("href")
    assert review.startswith("#review=history:")
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
            if m.get("t") == "hand":
                # a finished hand, whole: sent only when every card of it was played for all to see
                rec = m["record"]
                assert {c for h in rec["deal"]["hands"] for c in h} == {
                    a["card"] for a in rec["actions"] if a["type"] == "play"}
                continue
            assert "record" not in json.dumps(m)            # the game's record holds every deal
            if m.get("t") != "view":
                # a refusal may name the card this friend itself tried (its own input, said back)
                assert not hidden_cards({k: v for k, v in m.items() if k != "error"}), m
                continue
            v = m["view"]
            assert v["seat"] == seat
            dealt = hands_dealt(record, v["hand_number"])
            assert hidden_cards(m) <= set(dealt[seat]), (seat, hidden_cards(m) - set(dealt[seat]))
            assert set(v["hand"]) <= set(dealt[seat])
    guests[2].evaluate("h => { location.hash = h; }", review)
    guests[2].wait_for_selector("#review-summary", timeout=120_000)
    for p in pages:
        assert not p.errors, p.errors
        # no STUN server by default, nothing else: no request leaves the site
        assert all(u.startswith((site, "data:", "blob:")) for u in p.requests), \
            [u for u in p.requests if not u.startswith((site, "data:", "blob:"))]


def seated_table(browsers, site, seats, settings=None, names=None, host=None, guest_settings=None):
    """A host in the first browser and friends in the second at `seats` (the rest are bots), the game started;
    every page with `settings` (new_page's), a friend's with `guest_settings[seat]` over them, each friend
    named `names[seat]` (else "Friend<seat>"). `host`: the host's page, made ready by the test (by default a
    new one)."""
    b1, b2 = browsers
    host = host or new_page(b1, site, settings=settings)
    host.evaluate("location.hash = '#friends'")
    host.wait_for_selector("[data-friends-seat='1']")
    guests = {}
    for seat in seats:
        mine = {**(settings or {}), **(guest_settings or {}).get(seat, {})} or None
        guests[seat] = new_page(b2, site, capture=True, settings=mine)
        seat_friend(host, guests[seat], seat, (names or {}).get(seat, f"Friend{seat}"))
    host.click("[data-friends=start]")
    for g in guests.values():
        g.wait_for_selector(".friends-table .hand button[data-card]", timeout=30_000)
    return host, guests


def received(page, t):
    return [m for m in (json.loads(x) for x in page.evaluate("window.__rx")) if m.get("t") == t]


def test_a_hostile_friend_is_refused_and_the_game_goes_on(browsers, site):
    host, guests = seated_table(browsers, site, [2])
    g = guests[2]
    before = len(received(g, "view"))
    hostile = [
        json.dumps({"v": 1, "t": "act", "action": {"type": "pass", "seat": 1}}),     # another seat
        json.dumps({"v": 1, "t": "act", "action": {"type": "play", "seat": 2, "card": "1O"}}),  # not now
        "garbage", "x" * 200_000, json.dumps({"t": "act", "action": {"type": "play", "seat": 2,
                                                                      "hands": [["1O"]]}}),
    ]
    for text in hostile:
        g.evaluate("t => window.__dc.send(t)", text)
    g.evaluate("() => { for (let i = 0; i < 300; i++) window.__dc.send('{\"t\":\"pong\"}'); }")   # a flood
    g.wait_for_function("() => window.__rx.filter(m => m.includes('\"refused\"')).length >= 5", timeout=20_000)
    codes = [m["error"]["code"] for m in received(g, "refused")]
    assert codes[0] == "not_your_seat"
    assert codes.count("malformed") == 3                      # garbage, 200 kB, a stray field
    # the card: the engine's own reason (or not its turn), answered once the engine was asked
    assert len(set(codes) & {"wrong_phase", "not_your_turn", "card_not_in_hand"}) == 1, codes
    # a second hello cannot rename the friend (to the host's name, say): its name is the one it sat with
    g.wait_for_timeout(1500)                 # (past the flood, whose messages beyond the rate are dropped)
    g.evaluate("t => window.__dc.send(t)", json.dumps({"v": 1, "t": "hello", "name": "Host", "token": "x"}))
    g.evaluate("t => window.__dc.send(t)", json.dumps({"v": 1, "t": "react", "r": "bravo"}))
    host.wait_for_function("() => document.querySelector('.friends-table .seat-north .bubble')"
                           ".textContent.includes('Well played!')", timeout=10_000)   # read after the hello
    assert "Friend2" in host.inner_text(".friends-table .seat-north .seat-name")
    # with what the friend's page words it with: who must act, or the phase and the action
    for r in received(g, "refused"):
        params = r["error"]["params"]
        if r["error"]["code"] == "not_your_turn":
            assert params["to_act"] in (0, 1, 3), r
        elif r["error"]["code"] == "wrong_phase":
            assert params["phase"] and params["action"] == "play", r
    # the refusal is worded in the friend's page, and the game goes on: the hand is played to its end
    pages = [host, g]

    def over():
        return host.query_selector(".friends-table .panel:not([hidden]) button[data-action=next_hand]") is not None

    play_until(pages, over)
    assert over()
    assert len(received(g, "view")) > before + 20
    assert not host.errors and not g.errors, (host.errors, g.errors)


def seat_count(host, pos):
    text = host.eval_on_selector(f".friends-table .seat-{pos} .seat-count", "e => e.textContent")
    return int(re.search(r"\d+", text).group())


def test_a_friend_who_leaves_mid_trick_is_replaced_then_rejoins_where_the_hand_is(browsers, site):
    host, guests = seated_table(browsers, site, [1])
    g = guests[1]
    ctx = g.context
    pages = [host, g]
    # on to the play, a card or two on the table
    play_until(pages, lambda: host.query_selector(".friends-table .trick img") is not None)
    g.close()                                         # the friend's phone closes the page mid-trick
    host.wait_for_selector("[data-friends-seat='1'][data-kind='gone']", state="attached", timeout=20_000)
    assert "Friend1" in host.inner_text("#friends-status")
    # a bot plays the seat: the hand goes on (the host plays its turns)
    start = seat_count(host, "east")
    play_until([host], lambda: seat_count(host, "east") < start)
    assert seat_count(host, "east") < start
    # the friend comes back with a new invitation, on the same device (its seat token)
    host.click("[data-friends=seats]")
    g2 = csp_safe(ctx.new_page())
    g2.errors = []
    g2.on("pageerror", lambda e: g2.errors.append(str(e)))
    g2.goto(site)
    g2.wait_for_selector("html[data-ready='true']", timeout=60_000)
    host.click("[data-friends-seat='1'] [data-friends=invite]")
    link = host.wait_for_selector("#friends-link-1", timeout=20_000).input_value()
    g2.goto(link)
    assert g2.input_value("#join-name") == "Friend1"            # the name kept on the device
    g2.click("#join-go")
    reply = g2.wait_for_selector("#join-reply-link", timeout=20_000).input_value()
    host.fill("#friends-reply", reply)
    host.click("#friends-reply-add")
    host.wait_for_selector("[data-friends-seat='1'][data-kind='friend']", timeout=20_000)
    assert "back" in host.inner_text("#friends-status")
    g2.wait_for_selector(".friends-table .hand button[data-card]", timeout=20_000)
    host.click("[data-friends=start]")                         # back to the table
    # the friend sees the position as it is: its hand has as many cards as the host shows for its
    # seat; a failure says what each side shows (a friend dropped for silence reads "left")
    deadline = time.monotonic() + 20
    while True:
        shown = {"host": seat_count(host, "east"),
                 "friend": len(g2.query_selector_all(".friends-table .hand button[data-card]"))}
        if shown["host"] == shown["friend"]:
            break
        assert time.monotonic() < deadline, {
            **shown, "seat": host.evaluate("document.querySelector(\"[data-friends-seat='1']\")?.dataset.kind"),
            "status": host.evaluate("document.getElementById('friends-status')?.textContent"),
            "friend errors": g2.errors}
        g2.wait_for_timeout(100)
    assert not host.errors, host.errors
    assert not g2.errors, g2.errors


def test_the_host_reloads_the_game_resumes_and_the_friends_join_again(browsers, site):
    host, guests = seated_table(browsers, site, [2])
    g = guests[2]
    pages = [host, g]
    n = len(received(g, "view"))
    play_until(pages, lambda: len(received(g, "view")) >= n + 6)          # a few actions of the auction
    kept = json.loads(host.evaluate("localStorage.getItem('touti.friends.table.v1')"))
    hand = sorted(g.eval_on_selector_all(".friends-table .hand button[data-card]", "els => els.map(e => e.dataset.card)"))
    host.reload()
    host.wait_for_selector("[data-friends-seat='2'][data-kind='gone']", state="attached", timeout=60_000)
    g.wait_for_selector("#join-status[data-state='lost']", timeout=30_000)
    # said whole on a phone (what to do next is in it), not cut to the table's one line of news
    assert g.eval_on_selector("#join-status", "e => e.scrollWidth <= e.clientWidth && e.clientHeight > 30"), \
        g.eval_on_selector("#join-status", "e => [e.scrollWidth, e.clientWidth, e.clientHeight, e.textContent]")
    host.click("[data-friends-seat='2'] [data-friends=invite]")
    link = host.wait_for_selector("#friends-link-2", timeout=20_000).input_value()
    g.goto(link)
    g.click("#join-go")
    reply = g.wait_for_selector("#join-reply-link", timeout=20_000).input_value()
    host.fill("#friends-reply", reply)
    host.click("#friends-reply-add")
    host.wait_for_selector("[data-friends-seat='2'][data-kind='friend']", timeout=20_000)
    host.click("[data-friends=start]")                  # "Resume the table's game"
    g.wait_for_selector(".friends-table .hand button[data-card]", timeout=30_000)
    again = sorted(g.eval_on_selector_all(".friends-table .hand button[data-card]", "els => els.map(e => e.dataset.card)"))
    assert again == hand
    now = json.loads(host.evaluate("localStorage.getItem('touti.friends.table.v1')"))
    assert now["record"]["actions"][:len(kept["record"]["actions"])] == kept["record"]["actions"]
    assert now["id"] == kept["id"]
    assert not host.errors and not g.errors, (host.errors, g.errors)


#: A friend's game-over panel, scrolled to its line on who begins the next game: the line's box, whether its
#: text is cut, how far the page scrolls sideways, and the panel's buttons under 44x44 px.
PANEL_LINE_JS = """() => { const e = document.getElementById('panel-next-game');
  e.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = e.getBoundingClientRect();
  const small = [...e.closest('.panel').querySelectorAll('button')].map((b) => [b.id || b.textContent, b.getBoundingClientRect()])
    .filter(([, q]) => q.width && (q.width < 44 || q.height < 44)).map(([n, q]) => [n, q.width, q.height]);
  return {line: [r.left, r.top, r.right, r.bottom], cut: e.scrollWidth > e.clientWidth + 1,
    wide: document.scrollingElement.scrollWidth - innerWidth, small}; }"""


def test_after_a_game_over_the_hosts_new_game_reaches_every_friend_at_once(browsers, site):
    """A game to 10 points ends with its first hand; the host begins a new one, and each friend's page shows
    it at once, before anybody moves: any seat may act first, a friend's too, and it must see its turn."""
    host, guests = seated_table(browsers, site, [1, 2, 3], settings={**FAST, "rules": {"target": 10}},
                                guest_settings={2: {"locale": "ar"}})
    pages = [host, *guests.values()]
    over = ".friends-table .panel:not([hidden]) #new-game"
    play_until(pages, lambda: host.query_selector(over) is not None, turns=600)
    for seat, g in guests.items():
        # a friend's page says who begins the next game, with no button that would do nothing
        g.wait_for_selector(".friends-table .panel:not([hidden]) #panel-next-game", timeout=20_000)
        assert g.query_selector(".friends-table #new-game") is None
        assert "Host" in g.inner_text("#panel-next-game")
        # said whole on a phone upright and sideways, in English and in Arabic, beside the panel's buttons
        assert g.get_attribute("html", "dir") == ("rtl" if seat == 2 else "ltr")
        for w, h in ((360, 640), (390, 844), (844, 390)):
            g.set_viewport_size({"width": w, "height": h})
            two_frames(g)
            geo = g.evaluate(PANEL_LINE_JS)
            assert not geo["cut"] and geo["wide"] <= 0 and geo["small"] == [], (seat, w, h, geo)
            assert inside(geo["line"], [0, 0, w, h]), (seat, w, h, geo)
    counts = {s: len(received(g, "view")) for s, g in guests.items()}
    host.click(over)
    for g in guests.values():
        g.wait_for_function("""() => document.querySelector('.friends-table .panel').hidden
          && document.querySelectorAll('.friends-table .hand button[data-card]').length === 10""", timeout=20_000)
    # and the new game goes round the table
    play_until(pages, lambda: all(len(received(g, "view")) >= counts[s] + 6 for s, g in guests.items()))
    assert not host.errors and not any(g.errors for g in guests.values())


def test_the_hosts_own_bot_plays_its_seat_at_the_friends_table(browsers, site, wheels):
    """A bot of the host's own seated in the settings plays its seat at the friends' table too, in the host's
    sandbox, as at the host's own table (it was asked of the engine as a built-in bot, which stopped the game)."""
    host = new_page(browsers[0], site)
    host.evaluate("location.hash = '#bots'")
    host.set_input_files("#bots-file", str(wheels["example"]))
    host.wait_for_selector("#bots-status[data-state='loaded']", timeout=60_000)
    host.select_option("#bots-seat-1", "user:example")
    host, guests = seated_table(browsers, site, [2], host=host)
    g = guests[2]
    seats = received(g, "seats")[-1]["seats"]
    assert seats[1] == {"name": None, "person": False, "level": "user:example"}
    play_until([host, g], lambda: host.query_selector(".friends-table .panel:not([hidden])") is not None, turns=600)
    assert host.query_selector(".friends-table .message.refusal") is None
    host.evaluate("location.hash = '#bots'")
    host.wait_for_function("() => +document.querySelector(\"#bots-loaded li[data-bot='example']\")?.dataset.decisions >= 10")
    assert host.get_attribute("#bots-loaded li[data-bot='example']", "data-problems") == "0"
    assert not host.errors and not g.errors, (host.errors, g.errors)


#: On the host's page: every request to the engine is noted (window.__ops); the move of a seat named in
#: window.__hold is held back until window.__release() sends it on, as a slow engine would.
HOLD = """
window.__ops = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (msg, ...rest) {
  const r = msg && msg.type === "call" ? JSON.parse(msg.request) : null;     // a request goes as JSON text
  if (r) window.__ops.push(r.op);
  if (r && r.op === "act" && window.__hold !== undefined && r.action && r.action.seat === window.__hold) {
    window.__hold = undefined;
    window.__held = r.action;
    window.__release = () => post.call(this, msg, ...rest);
    return;
  }
  return post.call(this, msg, ...rest);
};
"""


def test_a_friend_given_to_a_bot_while_its_move_is_judged_keeps_that_move(browsers, site):
    """The host gives a friend's seat to a bot while the engine is judging that friend's card: the card the
    friend played is the seat's move, and the bot plays the seat from the next turn on (a bot asked to play
    the same turn first had the friend's card refused, and the host's table went on from a stale view)."""
    host = new_page(browsers[0], site)
    host.context.add_init_script(HOLD)
    host.reload()
    host.wait_for_selector("html[data-ready='true']", timeout=60_000)
    host, guests = seated_table(browsers, site, [2], host=host)
    g = guests[2]
    play_until([host, g], lambda: g.evaluate(CAN_ACT) == "card")
    host.evaluate("window.__hold = 2")
    g.locator(".friends-table .hand.my-turn button.legal").first.click()
    host.wait_for_function("() => window.__held !== undefined", timeout=10_000)
    card = host.evaluate("window.__held.card")
    host.click("[data-friends=seats]")
    host.click("[data-friends-seat='2'] [data-friends=bot]")
    host.wait_for_selector("[data-friends-seat='2'][data-kind='bot']", state="attached")
    host.wait_for_timeout(1500)
    asked = host.evaluate("window.__ops.slice(window.__ops.lastIndexOf('act'))")
    assert "bot" not in asked, asked                     # no bot was asked for that turn meanwhile
    host.evaluate("window.__release()")
    host.wait_for_function("""card => {
      const t = JSON.parse(localStorage.getItem('touti.friends.table.v1'));
      return t.record.actions.some((a) => a.type === 'play' && a.seat === 2 && a.card === card);
    }""", arg=card, timeout=20_000)
    host.click("[data-friends=start]")                  # back to the table: the hand goes on, seat 2 a bot's
    n = host.evaluate("window.__ops.filter((op) => op === 'bot').length")
    play_until([host], lambda: host.evaluate("window.__ops.filter((op) => op === 'bot').length") > n + 3)
    assert not host.errors, host.errors


def test_a_friend_who_leaves_the_waiting_screen_and_comes_back_finds_its_reply_and_sits(browsers, site):
    """A friend who answered an invitation, left the screen while the host had not yet taken the reply and came
    back (Back, then Forward) finds the same reply, and sits once the host takes it (a new join form came up,
    and the table the host then connected played in a page nobody saw)."""
    b1, b2 = browsers
    host = new_page(b1, site)
    host.evaluate("location.hash = '#friends'")
    host.click("[data-friends-seat='2'] [data-friends=invite]")
    link = host.wait_for_selector("#friends-link-2", timeout=20_000).input_value()
    g = new_page(b2, site, capture=True)
    g.goto(link)
    g.fill("#join-name", "Friend2")
    g.click("#join-go")
    reply = g.wait_for_selector("#join-reply-link", timeout=20_000).input_value()
    g.evaluate("location.hash = '#rules'")
    g.wait_for_selector("html[data-view='rules']")
    g.go_back()
    g.wait_for_selector("html[data-view='join']")
    assert g.input_value("#join-reply-link") == reply
    assert g.get_attribute("#join-status", "data-state") == "waiting"
    host.fill("#friends-reply", reply)
    host.click("#friends-reply-add")
    host.wait_for_selector("[data-friends-seat='2'][data-kind='friend']", timeout=20_000)
    g.wait_for_selector("#join-status[data-state='playing']", timeout=20_000)
    host.click("[data-friends=start]")
    g.wait_for_selector(".friends-table .hand button[data-card]", timeout=30_000)
    assert not host.errors and not g.errors, (host.errors, g.errors)


def test_a_reply_opened_in_a_tab_is_taken_by_the_hosting_tab_whatever_other_tabs_say(browsers, site):
    """The camera opens a friend's reply in a new tab, which hands it to the tab hosting the table. Another
    tab that hosted the table before this one took it over says nothing any more; one of an older page that
    hosts another table answers "another table", and faster: the reply's tab says what the hosting tab did."""
    host = new_page(browsers[0], site)
    other = csp_safe(host.context.new_page())
    other.goto(site + "#friends")
    other.wait_for_selector("[data-friends-seat='1']", timeout=60_000)
    g = new_page(browsers[1], site, capture=True)
    host.evaluate("location.hash = '#friends'")
    host.click("#friends-here", timeout=20_000)
    host.wait_for_selector("[data-friends-seat='1']")
    other.wait_for_selector("[data-friends=elsewhere]", timeout=20_000)
    # the other tab now answers as a tab of an older page hosting another table would: at once
    other.evaluate("""() => { window.__older = new BroadcastChannel('touti-friends');
      window.__older.onmessage = (e) => { if (e.data?.t === 'reply')
        window.__older.postMessage({t: 'reply-taken', ok: false, why: 'other_table'}); }; }""")
    seat_friend(host, g, 1, "Friend1", via_tab=True)
    assert host.get_attribute("[data-friends-seat='1']", "data-kind") == "friend"
    assert not host.errors and not g.errors, (host.errors, g.errors)


GEOMETRY_JS = """() => {
  const out = {wide: document.scrollingElement.scrollWidth - innerWidth, small: []};
  for (const b of document.querySelectorAll('#screen button, #screen input, #screen a')) {
    if (b.closest('[hidden]') || b.type === 'checkbox') continue;
    const r = b.getBoundingClientRect();
    if (r.width && (r.height < 44 || r.width < 44)) out.small.push([b.id || b.dataset.friends || b.textContent, r.width, r.height]);
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "fr", "ar", "es"])
def test_the_friends_screens_speak_the_language_fit_a_phone_and_pass_axe(browsers, site, lang):
    from test_web_languages import VISIBLE_TEXT_JS, audit, english_in

    ctx = browsers[0].new_context(viewport={"width": 360, "height": 640}, bypass_csp=True)
    try:
        host = csp_safe(ctx.new_page())
        preset(host, {"speed": "instant", "locale": lang})
        host.goto(site + "#friends")
        host.wait_for_selector("[data-friends-seat='1']")
        host.click("[data-friends-seat='1'] [data-friends=invite]")
        link = host.wait_for_selector("#friends-link-1", timeout=20_000).input_value()
        guest = csp_safe(ctx.new_page())
        guest.goto(link)
        guest.wait_for_selector("#join-go")
        screens = [("friends", host), ("join", guest)]
        guest.click("#join-go")
        reply = guest.wait_for_selector("#join-reply-link", timeout=20_000).input_value()
        screens.append(("join", guest))
        tab = csp_safe(ctx.new_page())
        tab.goto(reply)
        tab.wait_for_selector("#reply-status[data-state='taken']", timeout=20_000)
        screens.append(("reply", tab))
        host.wait_for_selector("[data-friends-seat='1'][data-kind='friend']", timeout=20_000)
        second = csp_safe(ctx.new_page())           # the table is hosted in another tab: said, and offered here
        second.goto(site + "#friends")
        second.wait_for_selector("[data-friends=elsewhere] #friends-here", timeout=20_000)
        screens.append(("friends", second))
        for view, page in screens:
            assert page.get_attribute("html", "data-view") == view
            assert page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr")
            if lang != "en":
                found = english_in(page.evaluate(VISIBLE_TEXT_JS), lang)
                assert found == [], (view, found[:5])
            geo = page.evaluate(GEOMETRY_JS)
            assert geo["wide"] <= 0 and geo["small"] == [], (view, geo)
            assert audit(page) == [], (lang, view)
        # the screen of a table hosted in another tab, on a phone upright and sideways: its words and its
        # button inside the screen, nothing cut, no sideways scroll, the button 44x44 at least
        for w, h in ((360, 640), (390, 844), (844, 390)):
            second.set_viewport_size({"width": w, "height": h})
            two_frames(second)
            geo = second.evaluate(ELSEWHERE_JS)
            assert geo["wide"] <= 0 and geo["cut"] == [] and geo["small"] == [], (lang, w, h, geo)
            assert len(geo["boxes"]) >= 2, (lang, w, h, geo)     # the button and a line of text at least
            for box in geo["boxes"]:
                assert inside(box, [0, 0, w, h]), (lang, w, h, geo)
            for box in geo["partly"]:                            # a line scrolled half out: not sideways
                assert inside([box[0], 0, box[2], 0], [0, 0, w, h]), (lang, w, h, geo)
    finally:
        ctx.close()


#: The screen of a table hosted in another tab, its button scrolled into view: the boxes of its lines and of
#: its button wholly in view, those of lines only partly in view (above or below), the elements whose text is
#: cut (every element that has a width of its own, so an inline line is measured through its block), how far
#: the page scrolls sideways, and its targets under 44x44 px.
ELSEWHERE_JS = """() => { const here = document.getElementById('friends-here');
  here.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const all = [...document.querySelectorAll('[data-friends=elsewhere], [data-friends=elsewhere] *')]
    .filter((e) => e.getClientRects().length);
  const parts = all.filter((e) => !e.children.length && e !== here);
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const boxes = parts.map(box);
  return {boxes: [box(here), ...boxes.filter((b) => b[1] >= 0 && b[3] <= innerHeight)],
    partly: boxes.filter((b) => b[3] > 0 && b[1] < innerHeight && (b[1] < 0 || b[3] > innerHeight)),
    cut: all.filter((e) => e.clientWidth && e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent.slice(0, 30)),
    wide: document.scrollingElement.scrollWidth - innerWidth,
    small: [here].map(box).filter((b) => b[2] - b[0] < 44 || b[3] - b[1] < 44)}; }"""


def host_inviting(browser, site, seat=3):
    """A host's page at #friends that invited `seat`: (page, its invitation's link, the invitation read)."""
    host = new_page(browser, site)
    host.evaluate("location.hash = '#friends'")
    host.wait_for_selector(f"[data-friends-seat='{seat}']")
    host.click(f"[data-friends-seat='{seat}'] [data-friends=invite]")
    link = host.wait_for_selector(f"#friends-link-{seat}", timeout=20_000).input_value()
    return host, link, inflated(link.split("#join=")[1])


def unreachable_reply(table, seat=3, name="Far", **more):
    """A reply (link text) to table `table`'s seat from a friend no network path reaches: no candidate at all."""
    fingerprint = base64.b64encode(bytes(range(32))).decode()
    return deflated({"v": 1, "k": "r", "h": table, "s": seat, "n": name, **more,
                     "o": {"u": "abcd", "p": "abcdefghijklmnopqrstuvwx", "f": fingerprint, "s": "active", "c": []}})


def test_a_connection_that_cannot_be_made_is_said_and_the_seat_stays_with_a_bot(browsers, site):
    host, _, invite = host_inviting(browsers[0], site)
    # a reply from a friend no network path reaches: an answer with no candidate at all
    host.fill("#friends-reply", unreachable_reply(invite["h"]))
    host.click("#friends-reply-add")
    host.wait_for_selector("[data-friends-seat='3'][data-kind='bot']", state="attached", timeout=40_000)
    status = host.inner_text("#friends-status")
    assert "could not be made" in status, status
    host.click("[data-friends=start]")                   # the table never hangs: the bot plays the seat
    host.wait_for_selector(".friends-table .hand button[data-card]", timeout=30_000)
    assert not host.errors, host.errors


def test_a_reply_to_an_earlier_invitation_of_the_seat_is_told_apart(browsers, site):
    """A seat invited again: the reply to its first invitation is refused with a reason that says so, not tried
    (its connection could never be made). A reply of a page that does not repeat the invitation's token is
    still tried; the join page's replies, which repeat it, are taken in every other test here."""
    host, link, first = host_inviting(browsers[0], site)
    host.click("[data-friends-seat='3'] [data-friends=invite]")
    host.wait_for_function("(v) => { const e = document.getElementById('friends-link-3'); "
                           "return e && e.value && e.value !== v; }", arg=link, timeout=20_000)
    second = inflated(host.input_value("#friends-link-3").split("#join=")[1])
    assert first["x"] and second["x"] and first["x"] != second["x"] and first["h"] == second["h"]

    def reply(**x):
        host.fill("#friends-reply", unreachable_reply(first["h"], name="Late", **x))
        host.click("#friends-reply-add")
    reply(x=first["x"])
    host.wait_for_function("document.getElementById('friends-status').textContent.includes('earlier invitation')")
    assert host.get_attribute("[data-friends-seat='3']", "data-kind") == "invited"
    reply()
    host.wait_for_function("document.getElementById('friends-status').textContent.includes('Reply taken')")
    assert host.get_attribute("[data-friends-seat='3']", "data-kind") == "invited"
    assert not host.errors, host.errors


def test_one_tab_hosts_the_friends_table_and_another_may_take_it_over(browsers, site):
    """A second tab of the host's browser that opens #friends does not host a second copy of the table (the kept
    table and a reply opened in a new tab would have two hosts): it says where the table is and offers to host it
    there. Taken over, the first tab stops its table and says so; and it may take the table back."""
    host, _, _ = host_inviting(browsers[0], site)
    other = csp_safe(host.context.new_page())
    other.goto(site + "#friends")
    other.wait_for_selector("[data-friends=elsewhere] #friends-here", timeout=20_000)
    assert other.query_selector("[data-friends-seat]") is None
    assert "another tab" in other.inner_text("[data-friends=elsewhere]")
    assert host.query_selector("[data-friends=elsewhere]") is None
    other.click("#friends-here")
    other.wait_for_selector("[data-friends-seat='3']", timeout=20_000)
    host.wait_for_selector("[data-friends=elsewhere] #friends-here", timeout=20_000)
    assert host.query_selector("[data-friends-seat]") is None
    # a reply handed over from a new tab reaches the one host: this one, with no invitation out
    reply_tab = csp_safe(host.context.new_page())
    reply_tab.goto(site + "#reply=" + unreachable_reply("some-table"))
    reply_tab.wait_for_selector("#reply-status[data-state='refused']", timeout=20_000)
    assert "another table" in reply_tab.inner_text("#reply-status")
    # a screen shown while this tab waited for the table (a second at most) is not drawn over
    host.evaluate("location.hash = '#rules'")
    host.wait_for_selector("html[data-view='rules']")
    host.evaluate("location.hash = '#friends'; setTimeout(() => { location.hash = '#rules'; }, 50)")
    host.wait_for_timeout(1500)
    assert host.get_attribute("html", "data-view") == "rules"
    assert host.query_selector("[data-friends]") is None
    host.evaluate("location.hash = '#friends'")
    # and the table comes back to the first tab
    host.click("#friends-here")
    host.wait_for_selector("[data-friends-seat='3']", timeout=20_000)
    other.wait_for_selector("[data-friends=elsewhere]", timeout=20_000)
    assert not host.errors, host.errors


def assert_table_fits(g, who):
    """The friends' table in play, measured: nothing off the screen or under another part, every target 44x44."""
    view = [0, 0, g["w"], g["h"]]
    where = (who, g["w"], g["h"], g["dir"])
    assert g["scrollWidth"] <= g["w"], ("the page scrolls sideways", where, g["scrollWidth"])
    assert g["hand"] and len(g["trick"]) == 4 and len(g["names"]) == 4 and len(g["reactions"]) >= 3, (where, g)
    parts = [("hand", c, b) for c, b in g["hand"]] + [("trick", i, b) for i, b in enumerate(g["trick"])] \
        + [("name", s, b) for s, b in g["names"]] + [("badge", s, b) for s, b in g["badges"]] \
        + [("reaction", r, b) for r, b in g["reactions"]]
    for part in parts:
        assert inside(part[2], view), ("out of the screen", where, part)
    # no two parts over each other, but the hand's cards among themselves (they fan) and a seat's own name and badges
    for i, (k1, n1, b1) in enumerate(parts):
        for k2, n2, b2 in parts[i + 1:]:
            if (k1 == k2 == "hand") or (k1 == k2 == "trick") or ({k1, k2} == {"name", "badge"} and n1 == n2):
                continue
            assert not overlap(b1, b2), ("parts over each other", where, (k1, n1, b1), (k2, n2, b2))
    cards = [b for _, b in g["hand"]]
    for a, b in zip(cards, cards[1:]):                     # each card of the hand shows some of itself
        assert abs(b[0] - a[0]) >= 8 or abs(b[1] - a[1]) >= 8, ("a card hidden under the next", where, a, b)
    small = [(n, round(b[2] - b[0], 1), round(b[3] - b[1], 1)) for n, b in g["touch"]
             if b[2] - b[0] < 43.5 or b[3] - b[1] < 43.5]
    assert not small, ("smaller than 44x44", where, small)


#: Each seat's name on the friends' table: [seat, the name's box, its seat's box, whether it is cut short].
SEAT_NAMES_JS = """() => [...document.querySelectorAll('.friends-table .seat .seat-name')].map((e) => {
  const box = (x) => { const r = x.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const seat = e.closest('.seat');
  return [seat.dataset.seat, box(e), box(seat), e.scrollWidth > e.clientWidth + 1];
})"""

LONG_NAMES = {"en": "Aicha Bent Mohammed El Fassi Benjellounn", "ar": "عائشة بنت محمد بن عبد الله الفاسي بنجلون"}


@pytest.mark.parametrize("lang, seat, name", [("en", 2, "Aicha"), ("en", 1, LONG_NAMES["en"]), ("ar", 3, LONG_NAMES["ar"])],
                         ids=["en", "en-long-name", "ar-long-name"])
def test_the_friends_table_in_play_fits_a_phone_upright_and_sideways_by_geometry(browsers, site, lang, seat, name):
    """During the card play, the host's page and a friend's (the other two seats bots), at 360x640, 390x844 and 844x390:
    the table fits, and every card of the hand is a target of 44x44 px of its own; a friend's name of
    forty letters (the most the name field takes), on a side seat of the host's table, in the status line
    and the contract, changes nothing: it ends in an ellipsis within its seat."""
    assert len(name) == 40 or name == "Aicha"
    host, guests = seated_table(browsers, site, [seat], {"speed": "instant", "locale": lang}, {seat: name})
    friend = guests[seat]
    pages = [host, friend]

    def playing():             # a card or more on the table, and the host or the friend to play
        return bool(host.query_selector(".friends-table .trick .played")) \
            and any(p.evaluate(CAN_ACT) == "card" for p in pages)

    play_until(pages, playing)
    for who, page in (("friend", friend), ("host", host)):
        assert page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr")
        page.wait_for_selector(".friends-table .trick .played")
        for w, h in ((360, 640), (390, 844), (844, 390)):
            page.set_viewport_size({"width": w, "height": h})
            two_frames(page)
            assert_table_fits(page.evaluate(TABLE_GEOMETRY_JS), who)
            for s, name_box, seat_box, cut in page.evaluate(SEAT_NAMES_JS):
                assert inside(name_box, seat_box), ("a name out of its seat", who, w, h, s, name_box, seat_box)
                if who == "host" and name != "Aicha" and s == str(seat):
                    assert cut, ("a name of forty letters not cut short", w, h, s, name_box)
            # each card of the hand (nine or ten) a finger's target of its own
            g = page.evaluate(HAND_TARGETS_JS, ".friends-table .hand")
            assert len(g["cards"]) >= 9, (who, w, h, len(g["cards"]))
            assert_hand_targets(g, (who, w, h, lang), n=len(g["cards"]))
    assert not host.errors and not friend.errors, (host.errors, friend.errors)


#: The buttons of this page's turn in the auction (bids, pass, announcements): each [action, box].
AUCTION_BUTTONS_JS = """() => [...document.querySelectorAll('.friends-table .controls .actions button[data-action]')]
  .map((e) => { const r = e.getBoundingClientRect();
    return [e.dataset.action + ':' + e.textContent.trim(), [r.left, r.top, r.right, r.bottom]]; })"""


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_turn_to_bid_at_the_friends_table_shows_the_bids_and_the_whole_hand_by_geometry(browsers, site, lang):
    """This player's turn in the auction, on the host's page or a friend's, at 360x640, 390x844 and
    844x390: every bid, "Pass" and announcement and every card of the hand in the screen at once
    (no scrolling to see the hand one bids on), each button 44x44 px, the bids over nothing else."""
    host, guests = seated_table(browsers, site, [2], {"speed": "instant", "locale": lang})
    friend = guests[2]
    pages = {"host": host, "friend": friend}

    def bid_turn():              # a person's turn with a bid to make (a hand over with none: the next one)
        for p in pages.values():
            if p.evaluate(CAN_ACT) == "next":
                take_turn(p, "next")
        return any(p.evaluate(CAN_ACT) == "act:bid" for p in pages.values())

    play_until(list(pages.values()), bid_turn)
    who, page = next((w, p) for w, p in pages.items() if p.evaluate(CAN_ACT) == "act:bid")
    # the bids open where the reactions were: for 0.4 s a tap there reaches no bid, then it does (the
    # guard's run is long over by now: the stylesheet's is started again, as when the bids appear, and held)
    page.set_viewport_size({"width": 360, "height": 640})
    armed = page.evaluate("""() => {
      const group = document.querySelector('.friends-table .controls .bid-group');
      const bid = group.querySelector('button[data-action=bid]');
      group.style.animation = 'none';
      void group.offsetWidth;
      group.style.animation = '';
      const anim = group.getAnimations().find((a) => a.animationName === 'touti-armed');
      if (!anim) return 'no guard';
      anim.pause();
      const r = bid.getBoundingClientRect();
      const at = () => document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      anim.currentTime = 100;
      const early = at() === bid;
      anim.currentTime = 390;
      const late = at() === bid;
      anim.finish();
      return [anim.effect.getTiming().duration, early, late, at() === bid];
    }""")
    assert armed == [400, False, False, True], armed
    for w, h in ((360, 640), (390, 844), (844, 390)):
        page.set_viewport_size({"width": w, "height": h})
        two_frames(page)
        where = (who, w, h, lang)
        view = [0, 0, w, h]
        g = page.evaluate(TABLE_GEOMETRY_JS)
        buttons = page.evaluate(AUCTION_BUTTONS_JS)
        assert g["scrollWidth"] <= w, ("the page scrolls sideways", where, g["scrollWidth"])
        assert len(g["hand"]) == 10 and len(g["names"]) == 4, (where, g)
        assert any(a.startswith("bid:") for a, _ in buttons) and any(a.startswith("pass:") for a, _ in buttons), buttons
        for part in [("hand", c, b) for c, b in g["hand"]] + [("name", s, b) for s, b in g["names"]] \
                + [("button", a, b) for a, b in buttons]:
            assert inside(part[2], view), ("out of the screen", where, part)
        for a, b in buttons:
            assert b[2] - b[0] >= 43.5 and b[3] - b[1] >= 43.5, ("smaller than 44x44", where, a, b)
            for c, cb in g["hand"]:
                assert not overlap(b, cb), ("a button over the hand", where, a, c)
            for s, nb in g["names"]:
                assert not overlap(b, nb), ("a button over a seat's name", where, a, s)
        # the bids take the reactions' place during the turn; they come back once it has bid
        assert not page.is_visible(".friends-table .reactions"), where
    page.click(".friends-table .actions button[data-action=pass]")
    page.wait_for_selector(".friends-table .reactions [data-react=bravo]", state="visible")
    assert not host.errors and not friend.errors, (host.errors, friend.errors)
