"""The history screen follows the history while it is shown (web/js/history.js
tells the page after each write, and the site's other tabs on a
BroadcastChannel; web/js/views/history.js draws it again): a game recorded a
moment after the screen opened, in this tab or in another one, appears
without leaving the screen; a history cleared in another tab empties it; the
games shown ("more") stay shown, and the focus and scroll stay where they
were.  The statistics screen follows it the same way (web/js/follow.js).
The games are recorded by the page's own history module (imported in
the page), as the table does."""

from __future__ import annotations

from cspwait import csp_safe
from webhelpers import wait_ready

EMPTY = "No game yet: the games you play are kept here, on this device."

#: The page's history module (the same module the page imported), then `body(h, arg)`.
WITH_HISTORY = """async (arg) => {
  const config = JSON.parse(document.getElementById('touti-build').textContent);
  const h = await import(new URL(config.app + 'js/history.js', document.baseURI).href);
  return (%s)(h, arg);
}"""

#: Records game `id` (begun at `started`, with `hands` finished hands) as the table does.
RECORD = WITH_HISTORY % """(h, [id, started, hands]) => {
  const rules = {target: 600};
  const hand = {contract: 100, declarer: 0, trump: 1, made: true, points: [120, 42], delta: [120, 0], ghna: [false, false]};
  const view = {rules, scores: [120 * hands, 0], winner: null, history: Array(hands).fill(hand),
    record: {format: 'touti-record/1', seed: 5, rules, actions: []}};
  return h.recordGame(id, view, {kind: 'game'}, started);
}"""

CLEAR = WITH_HISTORY % "(h) => h.clearHistory()"

#: Adds `n` games (begun at 1000, 2000...) in one import.
IMPORT = WITH_HISTORY % """(h, n) => h.mergeHistory({format: h.HISTORY_FORMAT, games: Array.from({length: n}, (_, i) => ({
  id: 'old-' + i, started: 1000 * (i + 1), updated: 1000 * (i + 1), kind: 'game', practice: false,
  rules: {target: 600}, levels: null, record: {format: 'touti-record/1', seed: 1, actions: ''},
  hands: [], scores: [0, 0], winner: null}))}).then(r => r.added)"""


def shown_ids(page) -> list[str]:
    return page.eval_on_selector_all("#history-list > .history-game", "els => els.map(e => e.dataset.game)")


def open_history(page, site: str) -> None:
    page.goto(site + "#history")
    wait_ready(page)
    page.wait_for_selector("html[data-view='history'] #history-count")
    page.wait_for_function("document.getElementById('history-count').textContent !== ''")


def record(page, game_id: str, started: int, hands: int = 0) -> None:
    assert page.evaluate(RECORD, [game_id, started, hands]) is True


def test_a_game_recorded_after_the_history_opened_appears_there(page, site):
    open_history(page, site)
    assert page.text_content("#history-count") == EMPTY
    record(page, "late-1", 5_000_000)
    page.wait_for_selector("#history-list [data-game='late-1'] button[data-resume='late-1']")
    assert page.text_content("#history-count") == "1 game kept on this device."
    assert page.evaluate("document.documentElement.dataset.view") == "history"

    # a newer game goes above it; the element of the one that did not change stays, with the focus
    first = page.locator("#history-list [data-game='late-1'] .history-resume")
    first.focus()
    page.evaluate("window.__kept = document.querySelector(\"#history-list [data-game='late-1']\")")
    record(page, "late-2", 6_000_000)
    page.wait_for_function("document.querySelectorAll('#history-list > .history-game').length === 2")
    assert shown_ids(page) == ["late-2", "late-1"]
    assert page.evaluate("window.__kept === document.querySelector(\"#history-list [data-game='late-1']\")")
    assert page.evaluate("document.activeElement.dataset.resume") == "late-1"

    # a hand ends in the focused game: its line is drawn again, the focus stays on its button
    record(page, "late-1", 5_000_000, hands=1)
    page.wait_for_selector("#history-list [data-game='late-1'] .history-hand")
    assert page.evaluate("document.activeElement.dataset.resume") == "late-1"
    assert page.evaluate("document.activeElement.isConnected")


def test_the_games_shown_stay_shown_and_the_view_keeps_its_place(page, site):
    page.goto(site + "#rules")
    wait_ready(page)
    assert page.evaluate(IMPORT, 150) == 150
    page.evaluate("location.hash = '#history'")
    page.wait_for_selector("html[data-view='history'] .history-game")
    assert len(shown_ids(page)) == 100
    page.click("#history-more")
    page.wait_for_function("document.querySelectorAll('#history-list > .history-game').length === 150")
    assert page.is_hidden("#history-more")

    # a game somewhere in the middle has the focus, in view
    target = page.locator("#history-list [data-game='old-80'] .history-resume")
    target.focus()
    target.scroll_into_view_if_needed()
    before = target.bounding_box()["y"]
    scrolled = page.evaluate("scrollY")
    record(page, "new-1", 9_000_000)
    page.wait_for_function("document.querySelectorAll('#history-list > .history-game').length === 151")
    assert shown_ids(page)[0] == "new-1"
    assert page.is_hidden("#history-more")                  # all 151 shown: none was pushed under "more"
    assert page.text_content("#history-count") == "151 games kept on this device."
    assert page.evaluate("document.activeElement.dataset.resume") == "old-80"
    # the game in view did not move on the screen (the new one above it went out of sight)
    assert abs(target.bounding_box()["y"] - before) <= 1, (before, target.bounding_box()["y"], scrolled)


def test_another_tab_playing_or_clearing_updates_the_open_history(page, context, site):
    open_history(page, site)
    assert page.text_content("#history-count") == EMPTY
    # the other tab starts a game (its table records it when it begins): it is listed here
    other = csp_safe(context.new_page())
    other.goto(site)
    wait_ready(other)
    begun = other.wait_for_function("JSON.parse(localStorage.getItem('touti.game.v1'))?.gameId").json_value()
    page.wait_for_selector(f"#history-list [data-game='{begun}'] button[data-resume='{begun}']")
    assert page.text_content("#history-count") == "1 game kept on this device."

    record(other, "there-1", 7_000_000)
    page.wait_for_selector("#history-list [data-game='there-1']")
    assert page.text_content("#history-count") == "2 games kept on this device."
    record(other, "there-1", 7_000_000, hands=2)
    page.wait_for_function("document.querySelectorAll(\"#history-list [data-game='there-1'] .history-hand\").length === 2")

    other.evaluate(CLEAR)
    page.wait_for_function("document.querySelectorAll('#history-list > .history-game').length === 0")
    assert page.text_content("#history-count") == EMPTY
    other.close()



def stats_rows(page) -> list[str]:
    """The figures of the statistics' first section (all games), row by row."""
    return page.eval_on_selector_all("#screen .stats-section:first-of-type td", "tds => tds.map(td => td.textContent)")


def test_the_stats_follow_the_history_here_and_in_another_tab(page, context, site):
    page.goto(site + "#stats")
    wait_ready(page)
    page.wait_for_selector("html[data-view='stats'] #screen p.paper")
    assert page.text_content("#screen p.paper") == EMPTY
    page.evaluate("window.__head = document.querySelector('.screen-title')")

    # a game recorded here after the screen opened: its figures appear
    record(page, "s-1", 5_000_000, hands=1)
    page.wait_for_selector("#screen .stats-section")
    rows = stats_rows(page)
    assert rows[:2] == ["no game finished yet; 1 game not finished", "1 of 1 hand (100%)"], rows

    # a game played in another tab: the figures count it too
    other = csp_safe(context.new_page())
    other.goto(site + "#rules")
    wait_ready(other)
    record(other, "s-2", 6_000_000, hands=2)
    page.wait_for_function("[...document.querySelectorAll('#screen .stats-section:first-of-type td')]"
                           ".some(td => td.textContent === '3 of 3 hands (100%)')")
    assert stats_rows(page)[:2] == ["no game finished yet; 2 games not finished", "3 of 3 hands (100%)"]

    # cleared in the other tab: empty again; the screen never left, its header is the one drawn first
    other.evaluate(CLEAR)
    page.wait_for_function(f"document.querySelector('#screen p.paper')?.textContent === {EMPTY!r}")
    assert page.query_selector("#screen .stats-section") is None
    assert page.evaluate("document.documentElement.dataset.view") == "stats"
    assert page.evaluate("window.__head === document.querySelector('.screen-title')")
    other.close()
