// The history (#history): every game kept on this device, newest first (a
// page of them at a time), with its date, rules, bots and each hand's
// contract and result; each hand opens its review.  Export (every game) and
// import as a JSON file: an import says what it added, what was already
// there, what it refused and what it could not keep.  Clear with a
// confirmation.  What was set aside because it could not be read (aside.js)
// is listed here, to download or delete.
//
// While it is shown, the screen follows the history: after a change (a game
// recorded a moment after it opened, a game played, imported or cleared in
// another tab: history.js's notices) it draws it again, a moment later, once
// for a burst of changes.  The games shown stay shown (with the newer ones
// above them), a game that did not change keeps its elements, and the focus
// and scroll stay where they were.  A history that cannot be read (as the
// screen opens or draws again) is said, with "Try again" (common.js).

import { h } from "../dom.js";
import { t, seatName, suitName } from "../i18n.js";
import { openDialog } from "../dialogs.js";
import { loadHistory, clearHistory, mergeHistory } from "../history.js";
import { followHistory } from "../follow.js";
import { asideItems, dropAside } from "../aside.js";
import { asideLabel, downloadAside } from "../aside-notice.js";
import { levelName } from "../settings.js";
import { screenHeader, unreadableHistory } from "./common.js";
import { isolate, bidiNodes } from "../bidi.js";

/** How many games are drawn at a time. */
export const PAGE = 100;
export { REDRAW_MS } from "../follow.js";

function date(ms) {
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang || "en", { dateStyle: "medium", timeStyle: "short" })
      .format(new Date(ms));
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
  }
}

/** One hand's line: contract, who, trumps, result. */
function handLine(game, hand) {
  const r = hand.result;
  const text = r.cancelled ? t("history.cancelled")
    : t("history.hand", { amount: r.contract, who: seatName(r.declarer), suit: suitName(r.trump),
      made: r.made ? "true" : "false", us: r.points[0], them: r.points[1] });
  const lost = hand.review ? t("history.lost", { points: hand.review.lost_auction + hand.review.lost_play }) : "";
  return h("li", { class: "history-hand", dataset: { hand: hand.n } },
    h("span", {}, t("history.hand_n", { n: hand.n + 1 }), " · ", text, lost ? ` · ${lost}` : ""), " ",
    r.cancelled ? null : h("a", { href: `#review=history:${encodeURIComponent(game.id)}:${hand.n}`, class: "history-review" },
      t("history.review")));
}

function rulesText(rules) {
  return rules ? t("history.rules", { target: rules.target }) : "";
}

function levelsText(levels) {
  if (!levels) return "";
  return [1, 2, 3].map((s) => `${seatName(s)}: ${isolate(levelName(levels[s]))}`).join(", ");   // a loaded bot's own name
}

function gameItem(game) {
  const won = game.winner !== null && game.winner !== undefined;
  const dealt = !won && game.kind !== "game" && game.hands.length > 0;     // a one-hand game ends with its hand
  const result = won ? t("history.result", { team: game.winner, a: game.scores[0], b: game.scores[1] })
    : t(dealt ? "history.hand_over" : "history.in_progress", { a: game.scores?.[0] ?? 0, b: game.scores?.[1] ?? 0 });
  // a game in progress can be resumed (the screen asks the page: the "history-resume" event)
  // a table with friends is resumed from #friends (its friends join again), never as a solo game
  const resume = won || dealt || game.kind === "friends" ? null : h("button", { type: "button", class: "act history-resume",
    dataset: { resume: game.id }, "aria-label": t("history.resume_named", { date: date(game.started) }),
    onclick: (e) => e.currentTarget.dispatchEvent(new CustomEvent("history-resume", { bubbles: true, detail: game })) },
  t("history.resume"));
  return h("li", { class: "paper history-game", dataset: { game: game.id, kind: game.kind } },
    h("h2", {}, date(game.started), game.practice ? h("span", { class: "badge practice" }, t("bar.practice")) : null,
      game.hinted ? h("span", { class: "badge aided", dataset: { mark: "hinted" } }, t("history.mark.hinted")) : null,
      game.ownBot ? h("span", { class: "badge aided", dataset: { mark: "ownBot" } }, t("history.mark.own_bot")) : null,
      game.kind !== "game" ? h("span", { class: "badge" }, t(`history.kind.${game.kind}`)) : null),
    h("p", { class: "history-meta" }, bidiNodes([result, rulesText(game.rules), levelsText(game.levels)].filter(Boolean).join(" · ")),
      resume ? " " : null, resume),
    h("ol", { class: "history-hands" }, ...game.hands.map((hand) => handLine(game, hand))));
}

/** An import's report in words. */
export function importText(r) {
  if (!r) return t("history.import.bad");
  const parts = [t("history.import.done", { n: r.added })];
  if (r.already) parts.push(t("history.import.already", { n: r.already }));
  if (r.refused) parts.push(t("history.import.refused", { n: r.refused }));
  if (r.over) parts.push(t(r.failed ? "history.import.full" : "history.import.over", { n: r.over, max: r.max }));
  return parts.join(" ");
}

export async function mount(container, app) {
  const list = h("ol", { class: "history-list", id: "history-list" });
  const count = h("p", { class: "history-count", id: "history-count" });
  const status = h("p", { class: "history-status", role: "status" });
  list.addEventListener("history-resume", async (e) => {
    status.textContent = "";
    const r = await app.resumeGame(e.detail);
    if (!r.ok && !r.kept) status.textContent = t("history.resume_bad", { reason: r.reason || "?" });
  });
  const more = h("button", { type: "button", class: "act", id: "history-more", hidden: true });
  const aside = h("section", { class: "paper history-aside", id: "history-aside", hidden: true });
  const file = h("input", { type: "file", accept: "application/json,.json", id: "history-file", class: "sr-only" });
  let games = [];                // newest first
  let shown = 0;                 // how many of them are drawn
  const drawn = new Map();       // game id -> {text: its entry as drawn (JSON), node}

  /** Game `game`'s element: the one drawn when its entry has not changed. */
  function itemOf(game) {
    const text = JSON.stringify(game);
    const had = drawn.get(game.id);
    if (had?.text === text) return had.node;
    const node = gameItem(game);
    drawn.set(game.id, { text, node });
    return node;
  }

  /**
   * Draws the first `shown` games: the elements of those that did not change
   * stay where they are (never taken out and put back: their focus stays); one
   * that changed is drawn anew, and the focus inside it goes to the same place
   * in the new one (without scrolling).
   */
  function show() {
    const focused = list.contains(document.activeElement) ? document.activeElement : null;
    const focusGame = focused?.closest(".history-game");
    const path = [];
    for (let el = focused; el && el !== focusGame; el = el.parentElement) {
      path.unshift([...el.parentElement.children].indexOf(el));
    }
    const want = games.slice(0, shown).map(itemOf);
    const keep = new Set(want);
    for (const node of [...list.children]) if (!keep.has(node)) node.remove();
    for (const [id, item] of drawn) if (!keep.has(item.node)) drawn.delete(id);
    let at = list.firstElementChild;
    for (const node of want) {
      if (node === at) at = at.nextElementSibling;
      else list.insertBefore(node, at);
    }
    if (focused && !focused.isConnected && focusGame) {
      let el = drawn.get(focusGame.dataset.game)?.node;
      for (const i of path) el = el?.children[i];
      el?.focus?.({ preventScroll: true });
    }
    const left = games.length - shown;
    more.hidden = left <= 0;
    more.textContent = t("history.more", { n: Math.min(PAGE, left) });
    count.textContent = games.length ? t("history.count", { n: games.length }) : t("history.empty");
  }

  function page() {
    shown = Math.min(games.length, shown + PAGE);
    show();
  }

  /** Draws the history from its first page. */
  async function draw() {
    games = [...(await loadHistory()).games].reverse();
    shown = 0;
    page();
    drawAside();
    trouble.hide();
  }

  /** Draws the history again as it is now: the games shown stay shown, and the newer ones above them. */
  async function redraw() {
    const next = [...(await loadHistory()).games].reverse();
    if (!follow.alive()) return;
    const last = games[shown - 1];      // read now: "more" may have been pressed meanwhile
    const at = last ? next.findIndex((g) => g.id === last.id) : -1;
    games = next;
    shown = Math.min(games.length, Math.max(PAGE, at >= 0 ? at + 1 : shown));
    show();
    drawAside();
    trouble.hide();
  }

  // the history that cannot be read (now): said, with "Try again", which draws it again as it is then
  const trouble = unreadableHistory(() => attempt(redraw));
  // the draws run one after the other; while shown, the history's changes draw it again (follow.js);
  // a draw that cannot read the history says so (the games drawn before stay)
  const follow = followHistory({ shown: () => list.isConnected, redraw, failed: (err) => {
    console.warn("The history could not be read", err);
    trouble.show();
  } });
  const { attempt, stop } = follow;

  function drawAside() {
    const items = asideItems(app.storage);
    aside.hidden = !items.length;
    aside.replaceChildren(...(items.length ? [
      h("h2", {}, t("aside.heading")),
      h("p", {}, t("aside.text")),
      h("ul", { class: "aside-items" }, ...items.map((item) => h("li", { dataset: { key: item.key } },
        h("span", {}, item.at ? t("aside.item", { what: asideLabel(item), date: date(item.at) }) : asideLabel(item)), " ",
        h("button", { type: "button", class: "act quiet aside-download",
          "aria-label": t("aside.download_named", { what: asideLabel(item) }),
          onclick: () => downloadAside(item, app.storage) }, t("aside.download")),
        item.key !== item.of ? h("button", { type: "button", class: "act quiet aside-delete",
          "aria-label": t("aside.delete_named", { what: asideLabel(item) }),
          onclick: () => openDialog("aside-delete", t("aside.delete"), h("p", {}, t("aside.delete.confirm")), [
            [t("settings.cancel"), null],
            [t("aside.delete"), () => { dropAside(item.key, app.storage); drawAside(); },
              { class: "primary danger", id: "aside-delete-yes" }],
          ]) }, t("aside.delete")) : null))),
    ] : []));
  }

  // export, import and clear read or write the history: one that cannot be read
  // says so (the unreadable line, with "Try again"), never a file of nothing
  // or "not a history file" for a file that was one
  function exportFile() {
    return attempt(async () => {
      const data = JSON.stringify(await loadHistory(), null, 1);
      const a = h("a", { href: URL.createObjectURL(new Blob([data], { type: "application/json" })),
        download: `touti-history-${new Date().toISOString().slice(0, 10)}.json` });
      document.body.append(a);
      a.click();
      a.remove();
    });
  }

  file.addEventListener("change", async () => {
    const f = file.files?.[0];
    if (!f) return;
    let data = null;
    try {
      data = JSON.parse(await f.text());
    } catch { /* not JSON: said as a file that is not a history */ }
    file.value = "";
    status.textContent = "";
    await attempt(async () => {
      status.textContent = importText(await mergeHistory(data));
      await draw();
    });
  });

  more.addEventListener("click", page);

  container.replaceChildren(
    screenHeader(t("screen.history"),
      h("a", { href: "#stats", class: "act quiet", id: "history-stats" }, t("screen.stats"))),
    h("div", { class: "history-tools" },
      h("button", { type: "button", class: "act", id: "history-export", onclick: exportFile }, t("history.export")),
      file, h("label", { class: "act file-choose", for: "history-file", id: "history-import" }, t("history.import")),
      h("button", { type: "button", class: "act quiet", id: "history-clear", onclick: () => openDialog("clear",
        t("history.clear"), h("p", {}, t("history.clear.confirm")), [
          [t("settings.cancel"), null],
          [t("history.clear"), () => {
            status.textContent = "";
            return attempt(async () => {
              await clearHistory();
              status.textContent = t("history.cleared");
              await draw();
            });
          }, { class: "primary", id: "history-clear-yes" }],
        ]) }, t("history.clear"))),
    status, trouble.node, count, list, more, aside);
  await attempt(draw);
  return { unmount: stop };
}
