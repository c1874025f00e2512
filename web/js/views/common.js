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
