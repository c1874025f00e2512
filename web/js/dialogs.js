// Dialogs and panels: the end-of-hand summary and the end of the game (a
// panel on the table), the score sheet, the last trick, a damaged save.

import { h, fill } from "./dom.js";
import { t, who, seatName, suitName, teamName, listOf } from "./i18n.js";
import { trickRow } from "./trick.js";
import { signedNumber } from "./bidi.js";

let dialogEl = null;

function getDialog() {
  if (!dialogEl) {
    dialogEl = h("dialog", { class: "dialog", id: "dialog", "aria-labelledby": "dialog-title" });
    // emptied once closed (not if it was opened again meanwhile: the event comes later)
    dialogEl.addEventListener("close", () => { if (!dialogEl.open) dialogEl.replaceChildren(); });
    document.body.append(dialogEl);
  }
  return dialogEl;
}

/** Opens a modal dialog with a title, a body and buttons ([label, handler, attrs]). */
export function openDialog(name, title, body, buttons = [[t("close"), null]]) {
  const d = getDialog();
  if (d.open) d.close();
  d.dataset.dialog = name;
  d.replaceChildren(
    h("h2", { id: "dialog-title" }, title),
    h("div", { class: "dialog-body" }, ...[body].flat()),
    h("div", { class: "dialog-buttons" }, ...buttons.map(([label, fn, attrs = {}]) =>
      h("button", { type: "button", ...attrs, onclick: () => { closeDialog(); fn?.(); } }, label))));
  d.showModal();
  d.querySelector(".dialog-buttons button:last-child")?.focus({ preventScroll: true });
  d.scrollTop = 0;
  d.querySelector(".dialog-body").scrollTop = 0;
  return d;
}

export function closeDialog() {
  if (dialogEl?.open) dialogEl.close();
}

export function dialogOpen() {
  return !!dialogEl?.open;
}

// ------------------------------------------------------------------ texts
function contractLine(r) {
  return t("summary.contract", { amount: r.contract, who: seatName(r.declarer), suit: suitName(r.trump) });
}

function ghnaLine(list) {
  if (!list.length) return t("summary.no_ghna");
  return listOf(list.map((g) => `${seatName(g.seat)}: ${suitName(g.suit)} ${signedNumber(g.value)}`));
}

function resultLine(r) {
  const team = r.declarer % 2;
  return r.made ? t("summary.made", { team, amount: r.contract })
    : t("summary.failed", { team: 1 - team, amount: r.contract });
}

/** The summary of a finished hand (the engine's `last_hand` record). */
export function summaryBody(r, view) {
  if (r.cancelled) return [h("p", {}, t("summary.cancelled"))];
  return [
    h("p", { class: "summary-contract" }, contractLine(r)),
    h("table", { class: "summary-points" },
      h("caption", {}, t("summary.points")),
      h("tr", {}, h("td", {}, ""), h("th", { class: "team-0", scope: "col" }, teamName(0)),
        h("th", { class: "team-1", scope: "col" }, teamName(1))),
      h("tr", {}, h("th", {}, t("summary.ghna")), h("td", {}, ...ghnaCells(r, 0)), h("td", {}, ...ghnaCells(r, 1))),
      h("tr", {}, h("th", {}, t("bar.hand_points")), h("td", {}, String(r.points[0])), h("td", {}, String(r.points[1]))),
      h("tr", { class: "delta" }, h("th", {}, t("sheet.result")),
        h("td", {}, signedNumber(r.delta[0])), h("td", {}, signedNumber(r.delta[1])))),
    r.conceded ? h("p", {}, t("summary.conceded")) : null,
    h("p", { class: `summary-result ${r.made ? "made" : "failed"}` }, resultLine(r)),
    h("p", { class: "summary-total" }, t("summary.total", { a: view.scores[0], b: view.scores[1], target: view.rules.target })),
  ];
}

function ghnaCells(r, team) {
  const mine = r.ghna.filter((g) => g.seat % 2 === team);
  return [mine.length ? listOf(mine.map((g) => `${suitName(g.suit)} ${signedNumber(g.value)}`)) : "–"];
}

/** The panel over the trick area at the end of a hand or of the game. */
export function renderPanel(panel, st, handlers) {
  const v = st.view;
  const show = v && (v.phase === "hand_over" || v.phase === "game_over") && v.last_hand && !st.busy;
  const key = show ? JSON.stringify([v.phase, v.hand_number, v.history.length, st.settings.watch, v.action_count,
    handlers.back?.label ?? null]) : "";
  panel.hidden = !show;
  if (!show) return fill(panel, [], "");
  if (panel.dataset.key === key) return;
  const r = v.last_hand;
  const parts = [];           // the panel's body (it scrolls inside the panel), then its row of buttons
  let buttons;
  if (v.phase === "game_over") {
    if (v.winner === null || v.winner === undefined) {
      parts.push(h("h2", {}, t("gameover.deal")));
    } else {
      parts.push(h("h2", { class: `winner team-${v.winner}` }, t("gameover.title", { team: v.winner })));
      parts.push(h("p", {}, t("gameover.text", { a: v.scores[0], b: v.scores[1] })));
    }
    parts.push(h("details", {}, h("summary", {}, t("summary.title", { n: v.hand_number + 1 })), ...summaryBody(r, v)));
    buttons = h("div", { class: "panel-buttons" },
      handlers.back ? h("button", { type: "button", class: "primary", id: "panel-back", onclick: handlers.back.go },
        handlers.back.label) : null,
      // a friend's page: the host starts the next game (handlers.nextGame says so)
      handlers.newGame ? h("button", { type: "button", class: handlers.back ? "" : "primary", id: "new-game",
        onclick: handlers.newGame }, t("menu.new_game")) : h("p", { id: "panel-next-game" }, handlers.nextGame),
      h("button", { type: "button", onclick: handlers.sheet }, t("menu.scores")));
  } else {
    parts.push(h("h2", {}, t("summary.title", { n: v.hand_number + 1 })), ...summaryBody(r, v));
    const next = v.legal.find((a) => a.type === "next_hand");
    // the review is a link (it opens a screen: a new tab too), drawn and sized as the buttons beside it;
    // its short word is shown, the whole sentence is its title
    buttons = h("div", { class: "panel-buttons" },
      next && !st.settings.watch ? h("button", { type: "button", class: "primary act", dataset: { action: "next_hand" },
        onclick: () => handlers.act(next) }, t("action.next_hand")) : null,
      handlers.review && !r.cancelled ? h("a", { class: "act panel-link", id: "panel-review",
        href: handlers.review(v.history.length - 1), title: t("review.open") }, t("review.open.short")) : null,
      handlers.back ? h("button", { type: "button", id: "panel-back", onclick: handlers.back.go }, handlers.back.label) : null,
      h("button", { type: "button", onclick: handlers.sheet }, t("menu.scores")));
  }
  fill(panel, [h("div", { class: "panel-box split", role: "region", "aria-label": t("summary.title", { n: v.hand_number + 1 }) },
    h("div", { class: "panel-body", tabindex: "0" }, ...parts), buttons)], key);
  panel.querySelector("button.primary")?.focus({ preventScroll: true });
}

// ----------------------------------------------------------------- dialogs
export function showScoreSheet(view) {
  let body;
  if (!view || !view.history.length) {
    body = h("p", {}, t("sheet.empty"));
  } else {
    let a = 0, b = 0;
    const rows = view.history.map((r, i) => {
      a += r.delta[0];
      b += r.delta[1];
      const result = r.cancelled ? t("sheet.cancelled") : r.made ? t("sheet.made") : t("sheet.failed");
      return h("tr", {}, h("td", {}, String(i + 1)),
        h("td", {}, r.cancelled ? "–" : `${r.contract} ${seatName(r.declarer)} ${suitName(r.trump)}`),
        h("td", {}, r.cancelled ? "–" : `${r.points[0]} / ${r.points[1]}`),
        h("td", {}, result), h("td", { class: "team-0" }, String(a)), h("td", { class: "team-1" }, String(b)));
    });
    body = h("table", { class: "sheet" },
      h("thead", {}, h("tr", {}, h("th", {}, t("sheet.hand")), h("th", {}, t("sheet.contract")),
        h("th", {}, t("sheet.points")), h("th", {}, t("sheet.result")),
        h("th", { class: "team-0" }, teamName(0)), h("th", { class: "team-1" }, teamName(1)))),
      h("tbody", {}, ...rows));
  }
  openDialog("sheet", t("sheet.title"), body);
}

export function showLastTrick(view) {
  const last = view?.tricks?.at(-1);
  const body = last
    ? [trickRow(last), h("p", {}, t("last_trick.won", { ...who(last.winner), points: last.points }))]
    : h("p", {}, t("last_trick.none"));
  openDialog("last-trick", t("last_trick.title"), body);
}

export function showCorruptSave(reason, onNew) {
  openDialog("corrupt", t("save.corrupt.title"), h("p", {}, t("save.corrupt.text", { reason })),
    [[t("save.corrupt.new"), onNew, { class: "primary", id: "corrupt-new" }]]);
  dialogEl.addEventListener("cancel", (e) => e.preventDefault(), { once: true });
}

export function confirmNewGame(onYes) {
  openDialog("confirm", t("menu.new_game"), h("p", {}, t("confirm.new_game")),
    [[t("settings.cancel"), null], [t("menu.new_game"), onYes, { class: "primary", id: "confirm-new" }]]);
}
