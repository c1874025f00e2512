// What every screen shares: its header (title, the way back to the game).

import { h } from "../dom.js";
import { t } from "../i18n.js";

/** A screen's header: its title (focusable, for screen readers) and "Back to the game". */
export function screenHeader(title, ...extra) {
  return h("header", { class: "screen-head" },
    h("a", { class: "screen-back", id: "screen-back", href: "#" }, t("screen.back")),
    h("h1", { class: "screen-title", tabindex: "-1" }, title),
    ...extra);
}

/**
 * What a screen that reads the history (#history, #stats) shows when it
 * cannot: a status line saying so, with "Try again" (`again()`: the screen
 * draws again).  {node: the line's place (#history-unreadable, empty while
 * the history reads), show(), hide()}; the button stays the same element
 * while the line is shown (a failed try keeps its focus), and the focus goes
 * to the screen's title when the line goes.
 */
export function unreadableHistory(again) {
  const box = h("div", { class: "history-unreadable", id: "history-unreadable", role: "status" });
  const retry = h("button", { type: "button", class: "act", id: "history-retry", onclick: () => again() },
    t("history.unreadable.retry"));
  const line = h("p", { class: "paper" }, t("history.unreadable"), " ", retry);
  return {
    node: box,
    show() {
      if (!line.isConnected) box.replaceChildren(line);
    },
    hide() {
      if (!line.isConnected) return;
      const focused = document.activeElement === retry;
      box.replaceChildren();
      if (focused) box.closest(".screen")?.querySelector(".screen-title")?.focus?.({ preventScroll: true });
    },
  };
}
