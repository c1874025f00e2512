"""What the page keeps on the device is never lost: a kept text that cannot be
read (a history cut short, another format version, a damaged index) is set
aside as it was and the player told once, with the rest intact; the history
moves to IndexedDB without losing a game (a failed copy leaves the old one as
it was); an import never drops the player's games and says what it did; a
browser without IndexedDB keeps the history as before and says storage is
limited."""

from __future__ import annotations

import json
import re

import pytest

from webhelpers import CATALOGUES, FAST, preset, record_fragment, settle, stored_games, two_frames, wait_ready

HISTORY = "touti.history.v1"


def keep_once(page, items: dict[str, str]) -> None:
    """Stores ``items`` in localStorage before the page's scripts run, on the first load only."""
    script = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in items.items())
    page.add_init_script("if (!sessionStorage.getItem('touti-test-kept')) {"
                         "sessionStorage.setItem('touti-test-kept', '1');" + script + "}")


def game(gid: str, started: int) -> dict:
    """A game entry of the history (with no hand), as history.js writes it."""
    return {"id": gid, "started": started, "updated": started, "kind": "game", "practice": False,
            "rules": {"target": 600}, "levels": {"1": "normal", "2": "normal", "3": "normal"},
            "record": {"format": "touti-record/1", "seed": started, "rules": {"target": 600}, "actions": ""},
            "hands": [], "scores": [0, 0], "winner": None}


def history_text(games: list[dict]) -> str:
    return json.dumps({"format": "touti-history/1", "games": games}, separators=(",", ":"))


def made_contract() -> dict:
    sc = json.loads(open("web/scenarios/made-contract.json").read())
    return {"format": "touti-record/1", "deal": sc["deal"], "rules": sc["rules"], "actions": sc["actions"]}


def aside_keys(page) -> dict[str, str]:
    """The copies set aside in localStorage: {key: text}."""
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => /\\.corrupt\\.\\d+$/.test(k) && k !== 'touti.game.corrupt').map(k => [k, localStorage.getItem(k)]))""")


def download_text(page, selector: str, tmp_path) -> str:
    with page.expect_download() as dl:
        page.click(selector)
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    return path.read_text()


def test_a_damaged_history_is_set_aside_the_player_told_and_no_game_lost(page, site, tmp_path):
    six = [game(f"old{i}", 1_700_000_000_000 + i * 60_000) for i in range(6)]
    damaged = history_text(six)[:-1]                  # one character cut
    keep_once(page, {HISTORY: damaged})
    preset(page, FAST)
    page.goto(site + record_fragment(made_contract()))
    wait_ready(page)
    settle(page)
    # the player is told, in words, with the text as it was to download
    notice = page.locator("#aside-notice")
    notice.wait_for()
    assert "could not be read" in notice.text_content()
    item = notice.locator("li[data-what='history']")
    assert "Your history of games" in item.text_content() and "6 games were read back" in item.text_content()
    assert download_text(page, "#aside-notice li[data-what='history'] .aside-download", tmp_path) == damaged
    # the next finished game is added to the six, and the text stays aside
    page.click("#hand button[data-card='1O']")
    assert settle(page) in ("hand_over", "game_over")
    games = stored_games(page, "g => g.length === 7 && g[6].hands.length === 1")
    assert games[:6] == six
    assert list(aside_keys(page).values()) == [damaged]
    assert page.evaluate(f"localStorage.getItem('{HISTORY}')") is None
    # told once: closed, it is not shown again; the history screen still lists it
    page.click("#aside-close")
    assert notice.count() == 0
    page.reload()
    wait_ready(page)
    settle(page)
    assert page.locator("#aside-notice").count() == 0
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector("html[data-view='history'] .history-game")
    assert page.text_content("#history-count") == "7 games kept on this device."
    assert page.locator(".history-game").count() == 7
    assert download_text(page, "#history-aside .aside-download", tmp_path) == damaged
    page.click("#history-aside .aside-delete")
    page.click("#aside-delete-yes")
    page.wait_for_function("document.getElementById('history-aside').hidden")
    assert aside_keys(page) == {}


def test_the_history_moves_to_indexeddb_and_loses_nothing(page, site):
    kept = [game(f"g{i:03}", 1_600_000_000_000 + i * 1000) for i in range(250)]
    wheels = [{"filename": f"owl{i}-1.0-py3-none-any.whl", "data": "UEsDBA==", "bots": ["owl"], "at": i} for i in range(2)]
    keep_once(page, {HISTORY: history_text(kept), "touti.bots.v1": json.dumps(wheels)})
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    games = stored_games(page, "g => g.length === 251")     # and the game on the table
    assert games[:250] == kept
    assert page.evaluate(f"localStorage.getItem('{HISTORY}')") is None
    # the kept wheels too
    in_db = page.evaluate("""() => new Promise((resolve) => {
      indexedDB.open('touti').onsuccess = (e) => {
        const all = e.target.result.transaction('wheels').objectStore('wheels').getAll();
        all.onsuccess = () => { e.target.result.close(); resolve(all.result); };
      };
    })""")
    assert sorted(in_db, key=lambda w: w["at"]) == wheels
    assert page.evaluate("localStorage.getItem('touti.bots.v1')") is None
    assert page.locator("#notice").is_hidden()


def test_a_failed_copy_to_indexeddb_leaves_the_old_history_as_it_was(page, site):
    kept = [game(f"g{i}", 1_600_000_000_000 + i) for i in range(3)]
    keep_once(page, {HISTORY: history_text(kept)})
    # the first visit's database refuses to write the games
    page.add_init_script("""if (!sessionStorage.getItem('touti-test-put')) {
      sessionStorage.setItem('touti-test-put', '1');
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (...args) {
        if (this.name === 'games') throw new DOMException('full', 'QuotaExceededError');
        return put.apply(this, args);
      };
    }""")
    preset(page, FAST)
    page.goto(site + "#game=S4")
    wait_ready(page)
    settle(page)
    # the old history is there, as it was, and this visit adds its game to it
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{HISTORY}')).games.length === 4")
    local = json.loads(page.evaluate(f"localStorage.getItem('{HISTORY}')"))["games"]
    assert local[:3] == kept
    assert stored_games(page) == []
    # the next start copies it all
    page.reload()
    wait_ready(page)
    settle(page)
    games = stored_games(page, "g => g.length === 4")
    assert games == local[:3] + [games[3]] and games[3]["id"] == local[3]["id"]
    assert page.evaluate(f"localStorage.getItem('{HISTORY}')") is None


def test_an_import_never_drops_the_players_games_and_says_what_it_did(page, site, tmp_path):
    own = [game(f"own{i:03}", 1_700_000_000_000 + i * 1000) for i in range(150)]
    keep_once(page, {HISTORY: history_text(own)})
    preset(page, FAST)
    page.goto(site + "#history")
    wait_ready(page)
    page.wait_for_selector("html[data-view='history'] .history-game")
    page.wait_for_function("/^\\d+ games kept/.test(document.getElementById('history-count').textContent)")
    base = int(re.match(r"\d+", page.text_content("#history-count")).group())
    mine = {g["id"] for g in stored_games(page)}
    assert len(mine) == base and base in (150, 151)      # and the game the page started

    def import_file(name: str, games: list) -> str:
        path = tmp_path / name
        path.write_text(json.dumps({"format": "touti-history/1", "games": games}))
        page.evaluate("document.querySelector('.history-status').textContent = ''")
        page.set_input_files("#history-file", str(path))
        return page.wait_for_function("document.querySelector('.history-status').textContent").json_value()

    def shows(n: int) -> None:
        page.wait_for_function(f"document.getElementById('history-count').textContent === '{n} games kept on this device.'")
    # 2,000 older games: all kept
    older = [game(f"older{i:04}", 1_500_000_000_000 + i * 1000) for i in range(2000)]
    assert import_file("older.json", older) == "2000 games added."
    shows(base + 2000)
    # 300 newer games, 5 already there, 2 that are not games: the player's games all stay
    newer = [game(f"newer{i:03}", 1_800_000_000_000 + i * 1000) for i in range(300)]
    text = import_file("newer.json", newer + own[:5] + [{"id": 7}, "x"])
    assert text == "300 games added. 5 were already there. 2 were refused: they are not Touti games."
    shows(base + 2300)
    # past the cap of 5,000 the newest are added and the message says what was not kept
    oldest = [game(f"oldest{i:04}", 1_400_000_000_000 + i * 1000) for i in range(3000)]
    room = 5000 - (base + 2300)
    assert import_file("oldest.json", oldest) == \
        f"{room} games added. {3000 - room} older games were not kept: the history keeps at most 5000 games."
    shows(5000)
    ids = {g["id"] for g in stored_games(page, "g => g.length === 5000")}
    assert mine <= ids and {g["id"] for g in newer + older} <= ids
    assert {f"oldest{i:04}" for i in range(3000 - room, 3000)} <= ids      # the newest of them
    # a page of games at a time; the export has them all
    assert page.locator(".history-game").count() == 100
    page.click("#history-more")
    page.wait_for_function("document.querySelectorAll('.history-game').length === 200")
    with page.expect_download() as dl:
        page.click("#history-export")
    path = tmp_path / "export.json"
    dl.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["format"] == "touti-history/1" and {g["id"] for g in exported["games"]} == ids


def test_other_kept_things_that_cannot_be_read_are_set_aside_and_the_rest_kept(page, site):
    sheet = {"format": "touti-sheet/1", "name": "Soirée", "names": ["Amina", "Badr", "Chama", "Driss"],
             "dealer": 0, "rules": {}, "hands": []}
    damaged = {
        "touti.daily.v1": '{"days": {"2026-01-02": {"score": 1',                  # cut short
        "touti.challenges.v1": '{"format": "touti-challenges/2", "items": []}',     # another version
        "touti.sheets.index": '["sabc", "sdef"',                                    # cut short
        "touti.bots.v1": '[{"filename": "owl-1.0-py3-none-any.whl", "da',           # cut short
    }
    keep_once(page, {**damaged, "touti.sheets.sabc": json.dumps(sheet),
                     "touti.sheets.sdef": json.dumps({**sheet, "name": "Dimanche"})})
    preset(page, FAST)
    page.goto(site + "#sheet")
    wait_ready(page)
    # the sheets are listed again from what is kept, and the index written again
    page.wait_for_selector("#sheet-list li[data-id='sdef']")
    assert sorted(page.eval_on_selector_all("#sheet-list li", "els => els.map(e => e.dataset.id)")) == ["sabc", "sdef"]
    assert sorted(json.loads(page.evaluate("localStorage.getItem('touti.sheets.index')"))) == ["sabc", "sdef"]
    for screen in ("daily", "challenge", "bots"):
        page.evaluate(f"location.hash = '#{screen}'")
        page.wait_for_selector(f"html[data-view='{screen}'] #screen h1")
    page.wait_for_function("document.querySelectorAll('#aside-notice li').length === 4")
    whats = page.eval_on_selector_all("#aside-notice li", "els => els.map(e => e.dataset.what)")
    assert sorted(whats) == ["bots", "challenges", "daily", "sheets"]
    # each text is kept as it was, under its own key
    kept = aside_keys(page)
    assert sorted(kept.values()) == sorted(damaged.values())
    for key, text in kept.items():
        assert damaged[key.rsplit(".corrupt.", 1)[0]] == text
    assert page.evaluate("localStorage.getItem('touti.daily.v1')") is None


def test_without_indexeddb_the_history_stays_in_local_storage_and_storage_is_said_limited(page, site):
    page.add_init_script("""Object.defineProperty(window, 'indexedDB', {
      configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });""")
    preset(page, FAST)
    page.goto(site + record_fragment(made_contract()))
    wait_ready(page)
    settle(page)
    page.wait_for_function("document.getElementById('notice').dataset.storage === 'limited'")
    assert "only your last 200 games are kept" in page.text_content("#notice")
    page.click("#hand button[data-card='1O']")
    settle(page)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{HISTORY}') || 'null')?.games[0]?.hands.length === 1")


def in_another_tab(page, site, request: str) -> None:
    """Another tab of the site runs ``request`` (a JS expression: an IndexedDB request on
    the database) and waits for it, failing if this page's connection blocks it."""
    other = page.context.new_page()
    try:
        other.goto(site + "build.json")
        other.evaluate(f"""() => new Promise((done, failed) => {{
          const r = {request};
          r.onsuccess = () => {{ r.result?.close?.(); done(); }};
          r.onerror = () => failed(r.error);
          r.onblocked = () => failed(new Error('blocked: the page kept its connection'));
        }})""")
    finally:
        other.close()


def kept_then_another_tab(page, site, request: str, lang: str = "en") -> dict:
    """A game on the table (in ``lang``), kept in the history's database; then another
    tab runs ``request`` (``in_another_tab``).  Returns the game kept."""
    preset(page, FAST)
    page.goto(site + ("" if lang == "en" else f"?lang={lang}") + "#game=S4")
    wait_ready(page)
    settle(page)
    first = stored_games(page, "g => g.length === 1")[0]
    in_another_tab(page, site, request)
    return first


def start_new_game(page) -> None:
    """A new game from the menu (asked, and confirmed)."""
    page.click("#menu-more")
    page.click("#go-new")
    page.click("#confirm-new")
    settle(page)


def test_the_history_goes_on_after_its_database_connection_is_closed(page, site):
    """Another tab deletes or upgrades the database (a newer version of the site,
    the browser clearing the site's data): this tab's connection is closed under
    it.  The history opens the database again at its next use: the games
    recorded after that are kept and the history screen lists them."""
    first = kept_then_another_tab(page, site, "indexedDB.deleteDatabase('touti')")
    start_new_game(page)
    games = stored_games(page, "g => g.length === 1")
    assert games[0]["id"] != first["id"]
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector(f"#history-list [data-game='{games[0]['id']}']")
    assert page.locator("#history-list .history-game").count() == 1

    # a connection closed with no event said yet (the browser's "close" comes later):
    # the next write finds it closed, opens the database again and is kept
    page.evaluate("""() => {
      const transaction = IDBDatabase.prototype.transaction;
      IDBDatabase.prototype.transaction = function (...args) {
        IDBDatabase.prototype.transaction = transaction;
        this.close();
        return transaction.apply(this, args);
      };
    }""")
    page.evaluate("location.hash = ''")
    start_new_game(page)
    again = stored_games(page, "g => g.length === 2")
    assert again[0]["id"] == games[0]["id"] and again[1]["id"] not in (first["id"], games[0]["id"])
    assert page.evaluate("IDBDatabase.prototype.transaction.name") == "transaction"


#: Where the notice must fit: phone upright (two), phone sideways.
SIZES = [(360, 640), (390, 844), (844, 390)]

NOTICE_JS = """() => {
  const n = document.getElementById('notice'); const r = n.getBoundingClientRect();
  return {left: r.left, right: r.right, w: innerWidth, scrollWidth: document.scrollingElement.scrollWidth,
          cut: n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1};
}"""


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_newer_version_in_another_tab_never_hides_the_history_kept(page, site, lang):
    """Another tab opens the database at a newer version (a newer site): this tab can no
    longer open it.  Its history is not taken for empty nor written elsewhere: the
    notice says a newer version took it over and a reload mends it, the history
    screen says it cannot be read, and the games kept stay in the database."""
    first = kept_then_another_tab(page, site, "indexedDB.open('touti', 2)", lang)
    start_new_game(page)
    # the new game's entry cannot be written: the page says why, and that a reload mends it
    # (not that the storage is full: the game itself is saved as before)
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert notice.get_attribute("data-storage") == "newer"
    assert notice.inner_text() == CATALOGUES[lang]["storage.newer"]
    assert page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1') || 'null')") is not None
    for w, h in SIZES:          # whole, inside the screen, no sideways scroll
        page.set_viewport_size({"width": w, "height": h})
        g = page.evaluate(NOTICE_JS)
        assert not g["cut"] and g["left"] >= 0 and g["right"] <= g["w"], (lang, w, h, g)
        assert g["scrollWidth"] <= g["w"], (lang, w, h, g)
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector("#history-unreadable:visible")
    assert page.locator("#history-list .history-game").count() == 0
    assert page.evaluate("localStorage.getItem('touti.history.v1')") is None
    kept = page.evaluate("""() => new Promise((done) => {
      indexedDB.open('touti').onsuccess = (e) => {
        const db = e.target.result;
        const all = db.transaction('games').objectStore('games').getAll();
        all.onsuccess = () => { db.close(); done(all.result.map(g => g.id)); };
      };
    })""")
    assert kept == [first["id"]]


GHOST_WHEEL = {"filename": "ghost_bot-0.1.0-py3-none-any.whl", "data": "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==",
               "bots": ["ghost"], "at": 1}


def wheel_kept_then_bots(page, site, wheel: dict) -> None:
    """``wheel`` kept in the database (as an earlier visit kept it); the page opened
    again and on #bots, which lists it."""
    preset(page, FAST)
    page.goto(site)
    wait_ready(page)
    page.evaluate("""(w) => new Promise((done, failed) => {
      const r = indexedDB.open('touti');
      r.onsuccess = () => {
        const tx = r.result.transaction('wheels', 'readwrite');
        tx.objectStore('wheels').put(w);
        tx.oncomplete = () => { r.result.close(); done(); };
        tx.onerror = () => failed(tx.error);
      };
      r.onerror = () => failed(r.error);
    })""", wheel)
    page.reload()
    wait_ready(page)
    page.evaluate("location.hash = '#bots'")
    page.wait_for_selector(f"#bots-kept li[data-file='{wheel['filename']}']")


def lists_no_wheel(page) -> None:
    """#bots lists no kept wheel, and says so."""
    assert page.locator("#bots-kept li").count() == 0
    assert page.locator("#bots-kept-list p").inner_text() == CATALOGUES["en"]["bots.kept.none"]


def test_the_wheels_kept_follow_the_database_when_another_tab_clears_it(page, site):
    """The page lists the wheels kept from its own copy, read at start-up.  Another tab
    deletes the database (the browser clearing the site's data): on #bots the page
    reads the database again and no longer lists a wheel that is no longer kept."""
    wheel_kept_then_bots(page, site, GHOST_WHEEL)
    in_another_tab(page, site, "indexedDB.deleteDatabase('touti')")
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector("html[data-view='history']")
    page.evaluate("location.hash = '#bots'")
    page.wait_for_selector("#bots-kept-list p")
    lists_no_wheel(page)


#: Holds the answers of the wheels' getAll() once ``window.__hold`` is set: their
#: success events wait (``window.__held`` counts them) until ``window.__release()``.
HOLD_WHEEL_READS_JS = """() => {
  const getAll = IDBObjectStore.prototype.getAll;
  const waiting = [];
  window.__held = 0;
  IDBObjectStore.prototype.getAll = function (...args) {
    const req = getAll.apply(this, args);
    if (this.name !== 'wheels' || !window.__hold) return req;
    let handler = null;
    Object.defineProperty(req, 'onsuccess', { configurable: true, get: () => handler, set: (fn) => { handler = fn; } });
    req.addEventListener('success', (e) => { window.__held += 1; waiting.push(() => handler && handler.call(req, e)); });
    return req;
  };
  window.__release = () => { window.__hold = false; for (const answer of waiting.splice(0)) answer(); };
}"""


def test_a_read_of_the_wheels_begun_before_a_forget_does_not_bring_it_back(page, site):
    """#bots reads the wheels kept again when it is shown.  The player forgets a wheel
    while that read is on its way: the read began before the forget, so its list is
    out of date and the forgotten wheel stays forgotten on the screen (and the forget
    reaches the database)."""
    wheel_kept_then_bots(page, site, GHOST_WHEEL)
    page.evaluate(HOLD_WHEEL_READS_JS)
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector("html[data-view='history']")
    page.evaluate("window.__hold = true; location.hash = '#bots'")
    page.wait_for_function("window.__held === 1")          # the screen's read, answered and held
    page.click(f"#bots-kept li[data-file='{GHOST_WHEEL['filename']}'] .bots-kept-forget")
    page.wait_for_selector("#bots-kept-list p")
    page.evaluate("window.__release()")                       # the old list (with the wheel) arrives
    page.wait_for_function("""() => new Promise((done) => {
      const r = indexedDB.open('touti');
      r.onsuccess = () => {
        const all = r.result.transaction('wheels').objectStore('wheels').getAll();
        all.onsuccess = () => { r.result.close(); done(all.result.length === 0); };
      };
      r.onerror = r.onblocked = () => done(false);
    })""")
    two_frames(page)
    lists_no_wheel(page)
    # shown again, #bots reads the database afresh (its answer waited for): still forgotten
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector("html[data-view='history']")
    page.evaluate("window.__hold = true; location.hash = '#bots'")
    page.wait_for_function("window.__held === 2")
    page.evaluate("window.__release()")
    two_frames(page)
    lists_no_wheel(page)


def test_an_imported_game_nested_thousands_deep_is_refused_and_the_rest_added(page, site, tmp_path):
    """A hostile history file: a game whose record nests 20,000 deep (the browser's copy to the database, or
    the engine's reader, would overflow on it). It is refused like any entry that is not a game; the other
    game is added, the history still shows and opens."""
    preset(page, FAST)
    page.goto(site + "#history")
    wait_ready(page)
    page.wait_for_selector("html[data-view='history'] #history-file", state="attached")
    good = game("fine0001", 1_700_000_000_000)
    deep = json.dumps(game("deep0001", 1_700_000_001_000)).replace(
        '"rules": {"target": 600}, "actions"', '"rules": ' + '{"a":' * 20_000 + '1' + '}' * 20_000 + ', "actions"')
    path = tmp_path / "hostile.json"
    path.write_text('{"format": "touti-history/1", "games": [' + json.dumps(good) + ", " + deep + "]}")
    page.set_input_files("#history-file", str(path))
    said = page.wait_for_function("document.querySelector('.history-status').textContent").json_value()
    assert said == "1 game added. 1 was refused: it is not a Touti game.", said
    ids = {g["id"] for g in stored_games(page)}
    assert "fine0001" in ids and "deep0001" not in ids
    page.wait_for_selector(".history-game[data-game='fine0001']", state="attached")
