"""Your bots (#bots) in Chromium: the example bot's wheel, built by the test,
is installed in the bots' sandbox (a worker of an opaque origin), seated, and
plays a whole hand; broken and hostile bots are reported with their names, or
reach nothing, while the game goes on; the browser arena gives the command
line's figures; a kept wheel loads again after a reload, offline."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from touti_core.bots import arena
from webhelpers import CATALOGUES, FAST, SETTLED_JS, act, page_constant, play_out_hand, preset, settle, wait_ready


def open_bots(page) -> None:
    page.evaluate("location.hash = '#bots'")
    page.wait_for_selector("html[data-view='bots'] #bots-load-title")


def load_file(page, wheel: Path, state: str = "loaded") -> str:
    """Loads a wheel through the file input; the status's text once it is ``state``."""
    page.set_input_files("#bots-file", str(wheel))
    page.wait_for_selector(f"#bots-status[data-state='{state}']", timeout=60_000)
    return page.text_content("#bots-status")


def back_to_game(page) -> None:
    page.evaluate("location.hash = ''")
    page.wait_for_selector("html[data-view='game']")


def play_until(page, selector: str, turns: int = 60) -> None:
    """The player's turns, by clicks, until ``selector`` is on the page."""
    for _ in range(turns):
        if page.locator(selector).count():
            return
        state = page.evaluate(SETTLED_JS)
        if state:
            act(page, state)
        else:
            page.wait_for_timeout(50)


def hand_log(page) -> str:
    """Back to the table, a hand played out (the player's turns by clicks): the game log's text."""
    back_to_game(page)
    play_out_hand(page)
    assert page.get_attribute("html", "data-phase") in ("hand_over", "game_over")
    return page.text_content("#log")


def start(page, site) -> None:
    preset(page, {**FAST, "levels": {"1": "normal", "2": "normal", "3": "normal"}})
    page.goto(site + "#game=K7")
    wait_ready(page)
    settle(page)


def test_the_example_bot_is_installed_seated_and_plays_a_whole_hand(page, site, wheels):
    start(page, site)
    open_bots(page)
    assert "example" in load_file(page, wheels["example"])
    page.wait_for_selector("#bots-loaded li[data-bot='example'][data-level='user:example']")
    assert page.locator(f"#bots-kept li[data-file='{wheels['example'].name}']").count() == 1
    for seat in ("1", "3"):
        page.select_option(f"#bots-seat-{seat}", "user:example")
    back_to_game(page)
    assert page.get_attribute("#seat-1", "data-level") == "user:example"
    assert "example" in page.text_content("#seat-1 .seat-level")
    play_out_hand(page)
    assert page.get_attribute("html", "data-phase") in ("hand_over", "game_over")
    assert "played for it" not in page.text_content("#log")
    open_bots(page)
    page.wait_for_selector("#bots-loaded li[data-bot='example']")
    item = page.locator("#bots-loaded li[data-bot='example']")
    page.wait_for_function("() => +document.querySelector(\"#bots-loaded li[data-bot='example']\")"
                           ".dataset.decisions >= 10")
    assert item.get_attribute("data-problems") == "0"
    # the settings dialog keeps the seat (the loaded bot is one of its choices)
    back_to_game(page)
    settings = page.evaluate("JSON.parse(localStorage.getItem('touti.settings.v1')).levels")
    assert settings == {"1": "user:example", "2": "normal", "3": "user:example"}


def test_broken_bots_are_reported_by_name_and_the_game_goes_on(page, site, wheels):
    start(page, site)
    open_bots(page)
    text = load_file(page, wheels["broken"], "failed")
    assert "The bot broken could not be loaded" in text and "touti_no_such_module" in text
    assert "user:broken" not in page.eval_on_selector_all("#bots-seat-1 option", "os => os.map(o => o.value)")
    load_file(page, wheels["raiser"])
    load_file(page, wheels["cheater"])
    page.select_option("#bots-seat-2", "user:raiser")
    page.select_option("#bots-seat-3", "user:cheater")
    log = hand_log(page)
    assert "raiser failed (ZeroDivisionError: the raiser divides by zero): the normal bot played for it." in log
    assert "cheater chose an action the rules refuse (" in log
    assert page.locator("#log .log-error").count() >= 10
    open_bots(page)
    page.wait_for_selector("#bots-loaded li[data-bot='cheater'] .bots-problems li[data-kind='illegal']")
    assert int(page.get_attribute("#bots-loaded li[data-bot='raiser']", "data-problems")) >= 5


def test_a_bot_whose_answer_the_engine_cannot_read_is_played_for_and_the_game_goes_on(page, site, wheels):
    """A wheel that slips an answer nested thousands deep past its sandbox's checks: the engine cannot read
    it, so the bot failed and the normal bot plays for it, as for any answer refused (the game stopped)."""
    start(page, site)
    open_bots(page)
    load_file(page, wheels["deep"])
    page.select_option("#bots-seat-1", "user:deep")
    log = hand_log(page)
    assert "deep failed (bad_request: an answer too large or nested too deep): the normal bot played for it." in log
    open_bots(page)
    assert int(page.get_attribute("#bots-loaded li[data-bot='deep']", "data-problems")) >= 5


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_the_bots_file_is_chosen_by_a_button_in_the_pages_language(page, site, wheels, lang, tmp_path):
    # the browser's own file control says "Choose File" in the browser's language: hidden, a button of
    # the page's words opens it, a finger's size, outlined when the keyboard reaches the control
    page.set_viewport_size({"width": 360, "height": 640})
    preset(page, FAST)
    page.goto(site + f"?lang={lang}#bots")
    wait_ready(page)
    page.wait_for_selector("html[data-view='bots'] #bots-file-choose")
    native = page.locator("#bots-file").bounding_box()
    assert native["width"] <= 1 and native["height"] <= 1, native
    # one label, the button; the input named by the field's words
    assert page.locator("label[for='bots-file']").count() == 1
    assert page.get_by_label(CATALOGUES[lang]["bots.load.file"], exact=True).get_attribute("id") == "bots-file"
    choose = page.locator("#bots-file-choose")
    assert choose.text_content() == CATALOGUES[lang]["bots.load.choose"] != CATALOGUES["en"]["bots.load.choose"]
    box = choose.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert choose.evaluate("(e) => getComputedStyle(e).outlineStyle") == "none"
    page.focus("#bots-file")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")                  # reached by the keyboard: the button shows it
    assert page.evaluate("document.activeElement.id") == "bots-file"
    assert choose.evaluate("(e) => getComputedStyle(e).outlineStyle") == "solid"
    # a file refused by its name leaves the input empty: the same file, mended, can be chosen again
    wrong = tmp_path / "example.zip"
    wrong.write_bytes(wheels["example"].read_bytes())
    with page.expect_file_chooser() as chosen:
        choose.click()
    chosen.value.set_files(str(wrong))
    page.wait_for_selector("#bots-status[data-state='failed']")
    assert page.eval_on_selector("#bots-file", "(e) => [e.files.length, e.value]") == [0, ""]
    with page.expect_file_chooser() as chosen:
        choose.click()
    chosen.value.set_files(str(wheels["example"]))
    page.wait_for_selector("#bots-status[data-state='loaded']", timeout=60_000)
    page.wait_for_selector("#bots-loaded li[data-bot='example']")


@pytest.mark.fresh_browser                # its own context: the test moves the page's clock
def test_a_bot_that_never_answers_is_left_and_the_game_goes_on(page, site, wheels):
    page.clock.install()                  # the page's timers, moved on by the test (time still flows)
    start(page, site)
    open_bots(page)
    load_file(page, wheels["hanger"])
    page.select_option("#bots-seat-1", "user:hanger")
    back_to_game(page)
    assert page.get_attribute("#seat-1", "data-level") == "user:hanger"
    before = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record.actions.length")
    play_until(page, "#seat-1.thinking")      # the player's turns until the hanger is asked
    assert page.locator("#seat-1.thinking").count() == 1
    hung_ms = page_constant("botbox.js", "HUNG_MS")
    page.clock.fast_forward(hung_ms - 3_000)
    page.wait_for_timeout(300)
    assert page.locator("#log .log-error").count() == 0       # still waited for
    assert page.get_attribute("#seat-1", "data-level") == "user:hanger"
    page.clock.fast_forward(4_000)      # the hanger's decision is now over its time: its sandbox is stopped
    play_out_hand(page)
    assert page.get_attribute("html", "data-phase") in ("hand_over", "game_over")
    text = ("hanger did not answer within 10 s: your bots' sandbox was stopped, "
            "and the normal bot plays their seats.")
    assert text in page.text_content("#log")
    assert page.locator("#log .log-error").count() == 1
    assert page.get_attribute("#seat-1", "data-level") == "normal"
    # nothing was lost: the saved game went on from where it was
    after = page.evaluate("JSON.parse(localStorage.getItem('touti.game.v1')).record.actions.length")
    assert after > before + 30
    open_bots(page)
    page.wait_for_selector("html[data-view='bots'] #bots-load-title")
    assert page.locator("#bots-loaded li[data-bot='hanger']").count() == 0


@pytest.mark.fresh_browser
def test_the_browser_arena_gives_the_command_lines_difference_and_interval(page, site, wheels):
    start(page, site)
    phase = page.get_attribute("html", "data-phase")
    open_bots(page)
    # a wheel of this site by its address (served here by the test); another site's is refused
    data = wheels["example"].read_bytes()
    page.context.route("**/bots/touti_example_bot-0.1.0-py3-none-any.whl",
                       lambda route: route.fulfill(status=200, body=data, content_type="application/octet-stream"))
    page.fill("#bots-url", "https://elsewhere.example/touti_example_bot-0.1.0-py3-none-any.whl")
    page.click("#bots-url-load")
    page.wait_for_selector("#bots-status[data-state='failed']")
    page.fill("#bots-url", "bots/touti_example_bot-0.1.0-py3-none-any.whl")
    page.click("#bots-url-load")
    page.wait_for_selector("#bots-status[data-state='loaded']", timeout=60_000)
    page.select_option("#bots-arena-a", "user:example")
    page.select_option("#bots-arena-b", "normal")
    page.fill("#bots-arena-deals", "3")
    page.fill("#bots-arena-seed", "9")
    page.click("#bots-arena-run")
    page.wait_for_selector("#bots-arena-result[data-state='done']", timeout=120_000)
    got = page.eval_on_selector("#bots-arena-result", "e => ({...e.dataset})")
    cli = arena.run(str(wheels["example"]), "normal", deals=3, seed=9, workers=1)
    assert got["played"] == "3"
    assert float(got["mean"]) == pytest.approx(cli["paired_difference"]["mean"])
    assert [float(got["lo"]), float(got["hi"])] == pytest.approx(cli["paired_difference"]["ci95"])
    text = page.text_content("#bots-arena-result")
    assert "95% interval" in text and "arena --a touti_example_bot-0.1.0-py3-none-any.whl --b normal --deals 3 --seed 9" in text
    assert page.eval_on_selector("#bots-arena-progress", "p => [p.value, p.max]") == [3, 3]
    back_to_game(page)
    assert page.get_attribute("html", "data-phase") == phase          # the game was not touched


# ------------------------------------------------------------------ offline
@pytest.mark.fresh_browser
def test_a_kept_wheel_loads_again_offline_in_the_sandbox_from_the_service_worker(page, own_site, wheels):
    # a wheel kept by an earlier visit, whose bot sat at seat 1
    kept = [{"filename": wheels["example"].name, "bots": ["example"], "at": 1,
             "data": base64.b64encode(wheels["example"].read_bytes()).decode()}]
    page.add_init_script("if (!sessionStorage.getItem('touti-test-kept')) {"
                         "sessionStorage.setItem('touti-test-kept', '1');"
                         f"localStorage.setItem('touti.bots.v1', {json.dumps(json.dumps(kept))});}}")
    preset(page, {**FAST, "levels": {"1": "user:example", "2": "normal", "3": "normal"}})
    page.goto(own_site.url + "#game=K7")
    wait_ready(page)
    settle(page)
    # the bot is not loaded in this visit: its seat is the normal bot's
    assert page.get_attribute("#seat-1", "data-level") == "normal"
    version = page.evaluate("JSON.parse(document.getElementById('touti-build').textContent).version")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function(f"caches.keys().then(k => k.includes('touti-{version}'))")
    # offline: the server stops and the browser is offline; the page reloads from the service worker
    own_site.stop()
    page.context.set_offline(True)
    failed: list[str] = []
    answered: list[tuple[str, bool]] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: answered.append((r.url, r.from_service_worker)))
    page.reload()
    wait_ready(page)
    settle(page)
    open_bots(page)
    page.wait_for_selector("#bots-none")
    page.click(f"#bots-kept li[data-file='{wheels['example'].name}'] .bots-kept-load")
    page.wait_for_selector("#bots-status[data-state='loaded']", timeout=60_000)
    assert [sw for u, sw in answered if u.endswith("botbox.py")] == [True]    # the sandbox's files
    # loaded again, it takes back the seat the settings kept for it
    assert page.eval_on_selector("#bots-seat-1", "s => s.value") == "user:example"
    back_to_game(page)
    assert page.get_attribute("#seat-1", "data-level") == "user:example"
    play_out_hand(page)
    assert failed == []


# ------------------------------------------------------------------ hostile wheels
CACHED_INDEX_JS = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const c = await caches.open(name);
    for (const req of await c.keys()) {
      if (req.url.endsWith('/index.html') || req.url.endsWith('/')) out.push(await (await c.match(req)).text());
    }
  }
  return out;
}"""


@pytest.mark.fresh_browser
def test_hostile_bots_reach_no_cache_storage_file_or_game_and_play_honestly(page, site, wheels):
    start(page, site)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    history = page.evaluate("localStorage.getItem('touti.history.v1')")
    open_bots(page)
    assert "see only their own seat" in page.text_content("#bots-sandbox")
    for kind in ("poisoner", "peeker"):
        load_file(page, wheels[kind])
    page.select_option("#bots-seat-1", "user:poisoner")
    page.select_option("#bots-seat-3", "user:peeker")
    back_to_game(page)
    play_out_hand(page)
    # each answered legal[0] at every turn: none found a cache, a file, a storage or a game
    assert page.locator("#log .log-error").count() == 0, page.text_content("#log")
    open_bots(page)
    for kind in ("poisoner", "peeker"):
        item = f"#bots-loaded li[data-bot='{kind}']"
        assert int(page.get_attribute(item, "data-decisions")) > 5
        assert page.get_attribute(item, "data-problems") == "0"
    cached = page.evaluate(CACHED_INDEX_JS)
    assert cached and not any("pwned" in text for text in cached)
    assert page.evaluate("localStorage.getItem('touti.history.v1')") in (history, page.evaluate(
        "localStorage.getItem('touti.history.v1')"))
    page.reload()
    wait_ready(page)
    assert page.locator("#pwned").count() == 0


@pytest.mark.fresh_browser
def test_a_bot_that_loops_at_import_or_floods_the_page_is_stopped(page, site, wheels):
    page.clock.install()
    start(page, site)
    open_bots(page)
    page.set_input_files("#bots-file", str(wheels["importloop"]))
    page.wait_for_selector("#bots-status[data-state='loading']")
    page.wait_for_timeout(3_000)                     # the sandbox has started and is importing
    load_ms = page_constant("botbox.js", "LOAD_MS")
    page.clock.fast_forward(load_ms + 1_000)
    page.wait_for_selector("#bots-status[data-state='failed']", timeout=60_000)
    assert "did not finish installing within 20 s" in page.text_content("#bots-status")
    # a new sandbox then takes the next wheel; the flooder's messages stop it
    load_file(page, wheels["flooder"])
    page.select_option("#bots-seat-2", "user:flooder")
    back_to_game(page)
    play_until(page, "#log .log-error")       # the player's turns until the flooder is asked
    assert "sent the page messages nobody asked for" in page.text_content("#log")
    assert page.get_attribute("#seat-2", "data-level") == "normal"
    play_out_hand(page)
    assert page.get_attribute("html", "data-phase") in ("hand_over", "game_over")
