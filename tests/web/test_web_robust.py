"""The page never loses a player's game: blocked or full storage, links opened
over a game in progress, bad links, hostile settings, and records made by the
command line."""

from __future__ import annotations

import base64
import json
import subprocess
import sys

import pytest

from touti_core import api

from webhelpers import FAST, preset, record_fragment, settle, wait_ready

BLOCK_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});"""


def saved_record(page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record")


def play_one_card(page) -> None:
    """Acts until a card of the player has been played (any legal choice)."""
    for _ in range(40):
        state = settle(page)
        if state == "act:auction":
            page.locator("#actions button[data-action='bid']").last.click()
        elif state == "act:signal":
            page.click("#actions button[data-action='no_signal']")
        elif state == "act:trump":
            page.locator("#actions button[data-action='trump']").first.click()
        elif state == "act:ghna":
            page.click("#actions button[data-action='no_ghna']")
        elif state in ("card", "act:play"):
            page.locator("#hand button.legal").first.click()
            page.wait_for_function("document.documentElement.dataset.busy === 'false'")
            return
        else:
            raise AssertionError(state)
    raise AssertionError("no card played")


# --------------------------------------------------------------- storage
def test_blocked_storage_still_starts_and_plays(page, site):
    page.add_init_script(BLOCK_STORAGE)
    page.emulate_media(reduced_motion="reduce")   # no settings can be kept: the bots play at once this way
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    notice = page.locator("#notice")
    assert notice.is_visible() and "will not be kept" in notice.text_content()
    assert page.get_attribute("#notice", "data-storage") == "blocked"
    play_one_card(page)
    assert page.locator("#hand button[data-card]").count() == 9


def test_full_storage_is_said_and_our_stale_copy_freed(page, site):
    # the browser refuses to grow the storage while our stale copy is there;
    # once it is freed the game is saved again
    page.add_init_script("""
      if (!sessionStorage.getItem('touti-full')) {
        sessionStorage.setItem('touti-full', '1');
        localStorage.setItem('touti.game.corrupt', 'x'.repeat(1000));
      }
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'touti.game.v1' && (this.getItem('touti.game.corrupt') !== null || window.__full)) {
          throw new DOMException('full', 'QuotaExceededError');
        }
        return set.call(this, k, v);
      };""")
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    assert page.evaluate("localStorage.getItem('touti.game.corrupt')") is None
    assert saved_record(page)["seed"] == 1012
    assert page.locator("#notice").is_hidden()
    # now nothing can be freed: the player is told, the game goes on
    page.evaluate("window.__full = true")
    before = saved_record(page)
    play_one_card(page)
    notice = page.locator("#notice")
    assert notice.is_visible() and "not being saved" in notice.text_content()
    assert saved_record(page) == before
    # room again: the next save clears the notice
    page.evaluate("window.__full = false")
    play_one_card(page)
    page.wait_for_function("document.getElementById('notice').hidden")
    assert len(saved_record(page)["actions"]) > len(before["actions"])


# ------------------------------------------------------------------ links
def test_a_link_over_a_game_in_progress_asks_and_keeps_the_game(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    play_one_card(page)
    mine = saved_record(page)
    # a shared game opened in the same tab: asked at once (hashchange)
    page.evaluate("location.hash = '#game=K7'")
    page.wait_for_selector("dialog[data-dialog='link']")
    page.click("#link-keep")
    settle(page)
    assert saved_record(page) == mine
    # opened again, and this time the link is followed
    page.evaluate("location.hash = '#game=K7'")
    page.wait_for_selector("dialog[data-dialog='link']")
    page.click("#link-open")
    page.wait_for_function("JSON.parse(localStorage.getItem('touti.game.v1')).record.seed === parseInt('K7', 36)")
    previous = json.loads(page.evaluate("localStorage.getItem('touti.game.previous')"))
    assert previous["record"] == mine
    # the previous game comes back from the menu, and the link's game becomes the previous one
    page.wait_for_selector("#menu-previous:visible")
    page.click("#menu-previous")
    page.click("#previous-switch")
    page.wait_for_function("JSON.parse(localStorage.getItem('touti.game.v1')).record.seed === 1012")
    settle(page)
    assert saved_record(page) == mine
    assert page.locator("#hand button[data-card]").count() == 9
    assert json.loads(page.evaluate("localStorage.getItem('touti.game.previous')"))["record"]["seed"] == int("K7", 36)


def test_a_link_followed_with_storage_full_never_saves_over_the_game_it_replaces(page, site):
    # the browser refuses the previous-game slot: the game in progress is not lost
    # under the link's game, the player is told, and with room again both are kept
    page.add_init_script("""
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'touti.game.previous' && window.__full) throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, k, v);
      };""")
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    play_one_card(page)
    mine = saved_record(page)
    page.evaluate("window.__full = true")
    page.evaluate("location.hash = '#game=K7'")
    page.wait_for_selector("dialog[data-dialog='link']")
    page.click("#link-open")
    page.wait_for_function("!document.getElementById('notice').hidden")
    assert "not being saved" in page.locator("#notice").text_content()
    settle(page)
    play_one_card(page)
    assert saved_record(page) == mine
    assert page.evaluate("localStorage.getItem('touti.game.previous')") is None
    assert page.locator("#menu-previous").is_hidden()
    # room again: the next action keeps the replaced game as the previous one, then saves this one
    page.evaluate("window.__full = false")
    play_one_card(page)
    page.wait_for_function("JSON.parse(localStorage.getItem('touti.game.v1')).record.seed === parseInt('K7', 36)")
    assert json.loads(page.evaluate("localStorage.getItem('touti.game.previous')"))["record"] == mine
    page.wait_for_function("document.getElementById('notice').hidden")


def test_a_link_opened_in_a_new_page_asks_before_replacing_the_save(page, site):
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    play_one_card(page)
    mine = saved_record(page)
    s = api.new_game(77)
    page.goto("about:blank")      # leave, then come back through a link
    page.goto(site + record_fragment(api.to_record(s)))
    wait_ready(page)
    page.wait_for_selector("dialog[data-dialog='link']")
    assert saved_record(page) == mine     # nothing replaced before the answer
    page.click("#link-open")
    page.wait_for_function("JSON.parse(localStorage.getItem('touti.game.v1')).record.seed === 77")
    assert json.loads(page.evaluate("localStorage.getItem('touti.game.previous')"))["record"] == mine


@pytest.mark.parametrize("fragment", ["#record=not-base64!", "#record=WzEsMl0", "#game=%3F%3F",
                                      "#record=" + "eyJmb3JtYXQiOiAidG91dGktcmVjb3JkLzEiLCAic2VlZCI6IDEsICJhY3Rpb25zIjogWzFdfQ"])
def test_a_bad_link_is_a_bad_link_and_the_save_is_untouched(page, site, fragment):
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    play_one_card(page)
    mine = saved_record(page)
    page.goto("about:blank")
    page.goto(site + fragment)
    wait_ready(page)
    page.wait_for_selector("dialog[data-dialog='bad-link']")
    assert "does not open a game" in page.text_content("#dialog")
    assert page.query_selector("dialog[data-dialog='corrupt']") is None
    assert page.evaluate("localStorage.getItem('touti.game.corrupt')") is None
    page.click("#bad-link-close")
    settle(page)
    assert saved_record(page) == mine
    assert page.locator("#hand button[data-card]").count() == 9


def test_a_link_nested_5000_deep_is_a_bad_link_and_the_page_keeps_working(page, site):
    # 5,000 nested brackets (a 13 KB link): refused by the links' guard before it is
    # parsed or posted to the engine (the browser's copy of it overflowed its stack,
    # and the page was left with an empty table and no navigation)
    deep = '{"format": "touti-record/1", "seed": 1, "actions": [], "x": ' + "[" * 5000 + "]" * 5000 + "}"
    payload = base64.urlsafe_b64encode(deep.encode()).decode().rstrip("=")
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    play_one_card(page)
    mine = saved_record(page)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)) if page.url.startswith(site) else None)
    page.goto("about:blank")
    page.goto(site + "#record=" + payload)
    wait_ready(page)
    page.wait_for_selector("dialog[data-dialog='bad-link']")
    assert "does not open a game" in page.text_content("#dialog")
    page.click("#bad-link-close")
    settle(page)
    assert saved_record(page) == mine and page.locator("#hand button[data-card]").count() == 9
    # the menu still navigates, there and back
    page.click("#menu-more")
    page.click("#go-history")
    page.wait_for_selector("html[data-view='history'] #history-list")
    page.click("#screen-back")
    page.wait_for_selector("html[data-view='game']")

    # the same data as a shared score sheet, opened afresh: the sheet's bad link, nothing kept
    page.goto("about:blank")
    page.goto(site + "#sheet=" + payload)
    wait_ready(page)
    page.wait_for_function("document.getElementById('sheet-notice')?.dataset.kind === 'error'")
    assert page.text_content("#sheet-notice") == "This link does not hold a score sheet: it is damaged or incomplete."
    assert page.evaluate("localStorage.getItem('touti.sheets.index')") is None
    page.click("#screen-back")
    page.wait_for_selector("html[data-view='game']")
    settle(page)
    assert saved_record(page) == mine and page.locator("#hand button[data-card]").count() == 9
    page.click("#menu-more")
    page.click("#go-daily")
    page.wait_for_selector("html[data-view='daily'] #daily-date")
    assert errors == []


def test_a_link_with_no_game_in_progress_opens_at_once(page, site):
    preset(page, FAST)
    page.goto(site + "#game=K7")
    wait_ready(page)
    settle(page)
    assert page.query_selector("dialog[data-dialog='link']") is None
    assert saved_record(page)["seed"] == int("K7", 36)


#: The page's IndexedDB opens (the history, the kept wheels) succeed only once
#: window.__openIdb() is called: the page is held after its first game is on the
#: table and before its history is open, the moment a slow phone lingers in.
HOLD_THE_HISTORY = """
(() => {
  let release;
  const gate = new Promise((r) => { release = r; });
  window.__openIdb = release;
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...args) {
    const req = open.apply(this, args);
    let handler = null;
    Object.defineProperty(req, 'onsuccess', { configurable: true, get: () => handler, set: (f) => { handler = f; } });
    req.addEventListener('success', (e) => gate.then(() => {
      window.__idbOpened = (window.__idbOpened || 0) + 1;
      if (handler) handler.call(req, e);
    }));
    return req;
  };
})();"""


def test_a_link_followed_while_the_history_opens_is_followed_once_it_is_open(page, site):
    """A link followed in the page's first moments (its game on the table, its
    history still opening) used to be lost: the page listened for links only
    once its history was open."""
    preset(page, FAST)
    page.add_init_script(HOLD_THE_HISTORY)
    page.goto(site + "#game=K7")
    wait_ready(page)
    settle(page)
    assert page.evaluate("typeof window.__openIdb") == "function"
    assert page.evaluate("window.__idbOpened || 0") == 0            # the history is not open yet
    page.evaluate(f"location.hash = {json.dumps('#game=K8')}")
    page.evaluate("window.__openIdb()")
    page.wait_for_function("!location.hash.includes('game=')")   # the link was taken
    assert page.evaluate("window.__idbOpened") >= 1
    settle(page)
    assert saved_record(page)["seed"] == int("K8", 36)


# --------------------------------------------------------------- settings
@pytest.mark.parametrize("bad", ["constructor", "toString", "__proto__"])
def test_inherited_names_in_settings_fall_back_to_the_defaults(page, site, bad):
    preset(page, {"speed": bad, "levels": {"1": bad, "2": bad, "3": bad}, "locale": bad,
                  "rules": {"target": bad, "ghna_cap": bad}})
    page.goto(site + "#game=S4")
    wait_ready(page)
    assert settle(page) == "act:auction"          # not frozen: the player can act
    assert page.get_attribute("html", "data-busy") == "false"
    assert page.get_attribute("#seat-1", "data-level") == "normal"
    # the bots answer a bid at the default pace (650 ms a word), then the player acts again
    page.locator("#actions button[data-action='bid']").first.click()
    assert settle(page) in ("act:auction", "act:signal", "act:trump")
    assert page.locator("#log li").count() >= 2


@pytest.mark.parametrize("bad", ["constructor", "toString", "__proto__"])
def test_the_rules_demo_takes_no_inherited_speed(page, site, bad):
    page.goto(site + f"embed.html?scenario=overtrump&speed={bad}")
    page.wait_for_selector("html[data-ready='true']", timeout=30_000)
    page.wait_for_function("document.documentElement.dataset.busy === 'false'")
    page.locator("#hand button.legal").first.click()
    page.wait_for_function("document.documentElement.dataset.step !== '0'"
                           " && document.documentElement.dataset.busy === 'false'", timeout=30_000)


# ----------------------------------------------------------------- seeds
def test_a_record_made_by_the_command_line_opens_in_the_page(page, site, tmp_path):
    # a seed JavaScript cannot hold exactly is refused where the record would be made
    r = subprocess.run([sys.executable, "-m", "touti_core", "play", "--seed", str(2 ** 53)],
                       input="q\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "2**53 - 1" in r.stderr
    out = tmp_path / "game.json"
    moves = "\n".join(["pass"] * 3 + ["q"]) + "\n"
    r = subprocess.run([sys.executable, "-m", "touti_core", "play", "--seed", str(2 ** 53 - 1),
                        "--level", "easy", "--save", str(out)],
                       input=moves, capture_output=True, text=True, timeout=120)
    assert out.exists(), r.stdout[-2000:] + r.stderr[-2000:]
    record = json.loads(out.read_text())
    assert record["seed"] == 2 ** 53 - 1
    preset(page, FAST)
    page.goto(site + record_fragment(record))
    wait_ready(page)
    settle(page)
    assert saved_record(page) == record
