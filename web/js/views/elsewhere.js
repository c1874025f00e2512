// The game in progress is open in another tab (tabs.js): shown in the game's
// place in a tab that does not own it, with "Play here" to take it over (the
// other tab stops, and shows this screen in turn).  It has no route of its
// own; the other screens stay open from here.
//
// Test hooks: <html data-view="elsewhere"> (and data-tab="elsewhere"), the button #tab-take.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { screenNames } from "../router.js";

export function mount(container, app) {
  const take = h("button", { type: "button", class: "act primary", id: "tab-take", onclick: async () => {
    take.disabled = true;
    try {
      await app.takeOver();
    } finally {
      take.disabled = false;
    }
  } }, t("tab.take"));
  container.replaceChildren(
    h("header", { class: "screen-head" }, h("h1", { class: "screen-title", tabindex: "-1" }, t("tab.title"))),
    h("section", { class: "paper elsewhere", id: "elsewhere" },
      h("p", {}, t("tab.text")),
      h("p", {}, take),
      h("p", { class: "elsewhere-help" }, t("tab.take_help"))),
    h("nav", { class: "paper", "aria-label": t("menu.more") },
      h("ul", { class: "screens" }, ...screenNames().map((name) => h("li", {},
        h("a", { href: `#${name}`, id: `elsewhere-${name}` }, t(`screen.${name}`)))))));
  return {};
}
