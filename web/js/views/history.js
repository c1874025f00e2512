// The history (#history): every game kept on this device, newest first, with
// its date, rules, bots and each hand's contract and result; each hand opens
// its review.  Export and import as a JSON file; clear with a confirmation.

import { h, fill } from "../dom.js";
import { t, seatName, suitName } from "../i18n.js";
import { openDialog } from "../dialogs.js";
import { loadHistory, clearHistory, mergeHistory } from "../history.js";
import { levelName } from "../settings.js";
import { screenHeader } from "./common.js";
import { isolate, bidiNodes } from "../bidi.js";

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
  const resume = won || dealt ? null : h("button", { type: "button", class: "act history-resume",
    dataset: { resume: game.id }, "aria-label": t("history.resume_named", { date: date(game.started) }),
    onclick: (e) => e.currentTarget.dispatchEvent(new CustomEvent("history-resume", { bubbles: true, detail: game })) },
  t("history.resume"));
  return h("li", { class: "paper history-game", dataset: { game: game.id, kind: game.kind } },
    h("h2", {}, date(game.started), game.practice ? h("span", { class: "badge practice" }, t("bar.practice")) : null,
      game.kind !== "game" ? h("span", { class: "badge" }, t(`history.kind.${game.kind}`)) : null),
    h("p", { class: "history-meta" }, bidiNodes([result, rulesText(game.rules), levelsText(game.levels)].filter(Boolean).join(" · ")),
      resume ? " " : null, resume),
    h("ol", { class: "history-hands" }, ...game.hands.map((hand) => handLine(game, hand))));
}

export function mount(container, app) {
  const list = h("ol", { class: "history-list", id: "history-list" });
  const status = h("p", { class: "history-status", role: "status" });
  list.addEventListener("history-resume", async (e) => {
    status.textContent = "";
    const r = await app.resumeGame(e.detail);
    if (!r.ok && !r.kept) status.textContent = t("history.resume_bad", { reason: r.reason || "?" });
  });
  const file = h("input", { type: "file", accept: "application/json,.json", id: "history-file", class: "sr-only" });

  function draw() {
    const games = [...loadHistory(app.storage).games].reverse();
    fill(list, games.map(gameItem));
    if (!games.length) status.textContent = t("history.empty");
  }

  function exportFile() {
    const data = JSON.stringify(loadHistory(app.storage), null, 1);
    const a = h("a", { href: URL.createObjectURL(new Blob([data], { type: "application/json" })),
      download: `touti-history-${new Date().toISOString().slice(0, 10)}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  file.addEventListener("change", async () => {
    const f = file.files?.[0];
    if (!f) return;
    let added = -1;
    try {
      added = mergeHistory(JSON.parse(await f.text()), app.storage);
    } catch { /* not JSON: said below */ }
    status.textContent = added < 0 ? t("history.import.bad") : t("history.import.done", { n: added });
    file.value = "";
    draw();
  });

  container.replaceChildren(
    screenHeader(t("screen.history"),
      h("a", { href: "#stats", class: "act quiet", id: "history-stats" }, t("screen.stats"))),
    h("div", { class: "history-tools" },
      h("button", { type: "button", class: "act", id: "history-export", onclick: exportFile }, t("history.export")),
      h("label", { class: "act", for: "history-file", id: "history-import" }, t("history.import")), file,
      h("button", { type: "button", class: "act quiet", id: "history-clear", onclick: () => openDialog("clear",
        t("history.clear"), h("p", {}, t("history.clear.confirm")), [
          [t("settings.cancel"), null],
          [t("history.clear"), () => { clearHistory(app.storage); draw(); status.textContent = t("history.cleared"); },
            { class: "primary", id: "history-clear-yes" }],
        ]) }, t("history.clear"))),
    status, list);
  draw();
  return {};
}
