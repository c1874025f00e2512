"""Saves and resumes, damaged saves, settings, the bots alone, the network
boundary and a broken runtime."""

from __future__ import annotations

import time

import pytest

from touti_core import api

from webhelpers import FAST, WATCH, Missing, hand_cards, preset, record_fragment, settle, stall_seconds, wait_ready

SNAPSHOT_JS = """() => ({
  phase: document.documentElement.dataset.phase,
  hand: [...document.querySelectorAll('#hand button[data-card]')].map(e => e.dataset.card),
  legal: [...document.querySelectorAll('#hand button.legal')].map(e => e.dataset.card),
  trick: [...document.querySelectorAll('#trick .played')].map(e => e.dataset.played),
  info: document.getElementById('info').textContent,
  seats: [0, 1, 2, 3].map(s => document.querySelector(`#seat-${s}`).textContent),
  actions: [...document.querySelectorAll('#actions button[data-action]')].map(e => e.outerHTML),
  record: JSON.parse(localStorage.getItem('touti.game.v1')).record,
})"""


def play_some(page, cards: int) -> None:
    """Bids 230 (the player speaks first in game S4), names trumps, plays `cards` cards."""
    played = 0
    while played < cards:
        state = settle(page)
        if state == "act:auction":
            page.locator("#actions button[data-action='bid']").last.click()
        elif state == "act:trump":
            page.click("#actions button[data-action='trump'][data-suit='O']")
        elif state == "act:ghna":
            page.click("#actions button[data-action='no_ghna']")
        elif state in ("card", "act:play"):
            page.locator("#hand button.legal").first.click()
            played += 1
        else:
            raise AssertionError(state)
    settle(page)


def test_reload_in_the_middle_of_a_hand_resumes_it_exactly(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    play_some(page, 3)
    before = page.evaluate(SNAPSHOT_JS)
    assert before["phase"] == "play" and len(before["hand"]) == 7
    # the save is the engine's record, and it replays to the state on screen
    state = api.from_record(before["record"])
    assert state["hands"][0] and sorted(state["hands"][0]) == sorted(before["hand"])
    page.reload()
    wait_ready(page)
    settle(page)
    after = page.evaluate(SNAPSHOT_JS)
    assert after == before
    assert "Game resumed." in page.text_content("#log-list")
    assert "You bid 230." in page.text_content("#log-list")   # this hand's log is back
    # and play goes on from there
    page.locator("#hand button.legal").first.click()
    page.wait_for_function("document.querySelectorAll('#hand button[data-card]').length === 6")


def test_a_damaged_save_is_reported_and_a_new_game_offered(page, site):
    preset(page, FAST, save=None)
    page.add_init_script("localStorage.setItem('touti.game.v1', '{\"format\": \"touti-save/1\", \"rec')")
    page.goto(site)
    wait_ready(page)
    page.wait_for_selector("dialog[data-dialog='corrupt']")
    assert "could not be restored" in page.text_content("#dialog")
    assert page.evaluate("localStorage.getItem('touti.game.corrupt')").startswith('{"format"')
    page.click("#corrupt-new")
    page.wait_for_function("document.documentElement.dataset.phase === 'auction'")
    assert len(hand_cards(page)) == 10


def test_a_tampered_save_is_refused_by_the_engine(page, site):
    s = api.new_game(5)
    s = api.act(s, api.legal_actions(s)[0])
    record = api.to_record(s)
    record["actions"][0]["amount"] = 75     # not a legal bid: the replay fails
    preset(page, FAST, save={"format": "touti-save/1", "record": record})
    page.goto(site)
    wait_ready(page)
    page.wait_for_selector("dialog[data-dialog='corrupt']")
    text = page.text_content("#dialog")
    assert "cannot be replayed" in text      # the engine's own reason
    page.click("#corrupt-new")
    page.wait_for_function("document.documentElement.dataset.phase === 'auction'")
    saved = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record")
    assert saved["actions"] == [] or saved["actions"][0].get("amount") != 75


def test_settings_change_the_bots_and_the_rules(page, site):
    # record what the page asks the worker
    page.add_init_script("""
      window.__sent = [];
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (msg, ...rest) {
        if (msg && msg.type === 'call') window.__sent.push(JSON.parse(msg.request));   // sent as JSON text
        return post.call(this, msg, ...rest);
      };""")
    preset(page, FAST)
    page.goto(site)
    wait_ready(page)
    settle(page)
    page.click("#menu-settings")
    page.wait_for_selector("dialog[data-dialog='settings']")
    page.select_option("#set-level-1", "easy")
    page.select_option("#set-level-2", "strong")
    page.select_option("#set-level-3", "easy")
    page.select_option("#set-target", "300")
    page.select_option("#set-overtrump", "never")
    page.select_option("#set-ghna_cap", "none")
    page.uncheck("#set-signals")
    page.click("#settings-new")
    page.wait_for_function("document.getElementById('target').textContent.includes('300')")
    assert page.get_attribute("#seat-1", "data-level") == "easy"
    assert page.get_attribute("#seat-2", "data-level") == "strong"
    # the new game runs under the new rules (the engine's own record says so)
    settle(page)
    record = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record")
    assert record["rules"]["target"] == 300
    assert record["rules"]["overtrump"] == "never"
    assert record["rules"]["ghna_cap"] == "none"
    assert record["rules"]["signals"] is False
    assert page.locator("#actions button[data-action='announce']").count() == 0
    # the bots think at the chosen level
    sent = page.evaluate("window.__sent")
    news = [r for r in sent if r["op"] == "new"]
    assert news[-1]["rules"]["target"] == 300
    page.locator("#actions button[data-action='pass']").click()
    page.wait_for_function("window.__sent.slice(window.__sent.map(r => r.op).lastIndexOf('new'))"
                           ".filter(r => r.op === 'bot').length >= 3")
    sent = page.evaluate("window.__sent")
    last_new = max(i for i, r in enumerate(sent) if r["op"] == "new")
    levels = {r["level"] for r in sent[last_new:] if r["op"] == "bot"}
    assert levels <= {"easy", "strong"} and levels
    # the settings survive a reload; the game code carries the rules
    page.reload()
    wait_ready(page)
    settle(page)
    page.click("#menu-settings")
    assert page.input_value("#set-level-2") == "strong"
    code = page.text_content("#game-code")
    assert "-" in code          # non-default rules are part of the code
    page.fill("#set-code-input", code)
    page.click("#play-code")
    page.wait_for_function("document.documentElement.dataset.phase === 'auction'"
                           " || document.documentElement.dataset.phase === 'signal'")
    again = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record")
    assert again["seed"] == record["seed"] and again["rules"] == record["rules"]


def test_a_bot_only_game_reaches_a_winner(page, site):
    preset(page, {"speed": "instant", "watch": True, "rules": {"target": 100}})
    page.goto(site)
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.phase === 'game_over'", timeout=180_000)
    page.wait_for_selector("#panel h2.winner")
    title = page.text_content("#panel h2.winner")
    assert title in ("We win!", "They win!")
    record = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record")
    final = api.from_record(record)
    assert final["phase"] == "game_over" and final["winner"] is not None
    assert max(final["scores"]) >= 100
    assert title == ("We win!" if final["winner"] == 0 else "They win!")
    # a bot played the player's seat: the game is marked as helped, in its save and the history
    assert page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).hinted") is True
    page.goto(site + "#history")
    page.wait_for_selector(".history-game [data-mark='hinted']")


def test_watching_marks_the_game_helped_only_once_a_bot_moves_for_the_player(page, site):
    """Opened with watching on, a game whose last move was the player's own is not marked helped (the move was
    theirs); the first move a bot makes for the player's seat marks it."""
    s = api.new_game(31)
    while s["to_act"] != 0:
        s = api.act(s, {"type": "pass", "seat": s["to_act"]})
    s = api.act(s, api.legal_actions(s)[0])               # the player's own bid, the last move of the record
    n = len(s["actions"])
    preset(page, {"speed": "slow", "watch": True})
    page.goto(site + record_fragment(api.to_record(s)))
    page.wait_for_function(f"(JSON.parse(localStorage.getItem('touti.game.v1')) || {{record: {{actions: []}}}})"
                           f".record.actions.length === {n}")
    assert page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).hinted") is False
    page.wait_for_function("JSON.parse(localStorage.getItem('touti.game.v1')).hinted === true", timeout=60_000)
    record = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record")
    assert any(a["seat"] == 0 for a in record["actions"][n:]), record["actions"][n:]


def test_no_request_leaves_the_origin(page, site):
    urls: list[str] = []
    page.context.on("request", lambda r: urls.append(r.url))
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    play_some(page, 1)
    page.click("#menu-hint")
    page.reload()
    wait_ready(page)
    settle(page)
    assert any(u.endswith("pyodide.asm.wasm") for u in urls)      # the worker's requests are seen
    assert any(u.endswith(".whl") for u in urls)
    outside = [u for u in urls if not (u.startswith(site) or u.startswith("data:"))]
    assert outside == []


@pytest.mark.fresh_browser
def test_a_broken_runtime_file_shows_the_error_and_retry(page, site):
    wasm = Missing()
    page.route("**/pyodide.asm.wasm", wasm)
    t0 = time.monotonic()
    page.goto(site)
    page.wait_for_selector("#boot-retry:visible", timeout=20_000)
    assert time.monotonic() - t0 < 20
    assert "could not start" in page.text_content("#boot-text")
    assert page.get_attribute("html", "data-ready") != "true"
    wasm.found = True
    page.click("#boot-retry")
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.phase === 'auction'")


@pytest.mark.fresh_browser
def test_a_hanging_runtime_file_gives_up_when_nothing_progresses_for_15_seconds(page, site):
    held = []
    page.add_init_script(WATCH)
    page.clock.install()                 # the page's timers, moved on by the test (time still flows)
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))   # never answered
    page.goto(site)
    deadline = time.monotonic() + 30
    said = -1
    while time.monotonic() < deadline:   # until the start has said all it can without the file
        page.wait_for_timeout(1000)
        now = page.evaluate("window.__start.progress.length")
        if held and now == said:
            break
        said = now
    assert held and said > 0
    quiet = page.evaluate("performance.now() - window.__start.progress.at(-1)[0]")   # ms since the last word
    page.clock.fast_forward(round(stall_seconds() * 1000 - quiet - 2_000))
    page.wait_for_timeout(300)
    assert page.is_hidden("#boot-retry")  # 13 s without progress is not yet a hang
    assert page.evaluate("window.__start.progress.length") == said
    page.clock.fast_forward(3_000)
    page.wait_for_selector("#boot-retry:visible", timeout=10_000)
    assert "takes too long" in page.text_content("#boot-text")
    assert len(held) == 1


@pytest.mark.fresh_browser
def test_a_corrupt_runtime_file_shows_the_error(page, site):
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(
        status=200, body=b"\0asm garbage" * 100, headers={"content-type": "application/wasm"}))
    t0 = time.monotonic()
    page.goto(site)
    page.wait_for_selector("#boot-retry:visible", timeout=20_000)
    assert time.monotonic() - t0 < 20
    assert "could not start" in page.text_content("#boot-text")


@pytest.mark.fresh_browser
def test_a_missing_engine_wheel_shows_the_error(page, site):
    page.route("**/*.whl", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site)
    page.wait_for_selector("#boot-retry:visible", timeout=20_000)
    assert ".whl" in page.text_content("#boot-text")


@pytest.mark.fresh_browser
def test_an_engine_wheel_that_fails_its_integrity_check_is_refused(page, site):
    def tampered(route):
        body = route.fetch().body()
        route.fulfill(status=200, body=body[:-1] + bytes([body[-1] ^ 1]),
                      headers={"content-type": "application/zip"})

    page.route("**/*.whl", tampered)
    page.goto(site)
    page.wait_for_selector("#boot-retry:visible", timeout=20_000)
    assert page.get_attribute("html", "data-ready") != "true"
