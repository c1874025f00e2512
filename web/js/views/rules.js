// The rules page (#rules): short sections in the player's language, the card
// and Ghna-cap tables drawn from the engine's own facts (the build writes
// touti_core/facts.py into the page's configuration), the house rules
// (settings) where they apply, and for each rule its live demo: the rule
// scenario of web/scenarios/ opened in embed.html, in the page.

import { h } from "../dom.js";
import { t, locale, scenarioText } from "../i18n.js";
import { screenHeader } from "./common.js";

/** Each section: its key, the scenarios that show it, whether a house rule changes it. */
const SECTIONS = [
  { key: "cards", table: "cards" },
  { key: "seats" },
  { key: "auction" },
  { key: "signals", demos: ["early-announcement", "signal-window"], variant: true },
  { key: "trump" },
  { key: "play", demos: ["play-higher", "cannot-beat", "trumped-trick"] },
  { key: "trumping", demos: ["must-trump", "overtrump", "trick-winner"], variant: true },
  { key: "ghna", demos: ["ghna-cap-90", "one-ghna-per-trick"], table: "caps", variant: true },
  { key: "concession", demos: ["concession"], variant: true },
  { key: "scoring", demos: ["made-contract", "failed-contract"] },
  { key: "game", variant: true },
];

/** The scenarios each section links to (the tests check they exist). */
export function demoIds() {
  return SECTIONS.flatMap((s) => s.demos || []);
}

function cardTable(f) {
  return h("table", { class: "rules-table" },
    h("caption", {}, t("rulebook.cards.total", { cards: f.card_points, last: f.last_trick, total: f.hand_points })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rulebook.cards.rank")),
      ...f.strength.map((r) => h("th", { scope: "col" }, t(`rank.${r}`))))),
    h("tbody", {}, h("tr", {}, h("th", { scope: "row" }, t("rulebook.cards.points")),
      ...f.strength.map((r) => h("td", {}, String(f.points[r]))))));
}

function capTable(f, cap) {
  const bids = Object.keys(f.caps[cap]).map(Number).filter((b) => b <= 130);
  const value = (b) => (cap === "none" ? t("rulebook.ghna.no_cap") : String(f.caps[cap][b]));
  return h("table", { class: "rules-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rulebook.ghna.cap")),
      ...bids.map((b) => h("th", { scope: "col" }, String(b))))),
    h("tbody", {}, h("tr", {}, h("th", { scope: "row" }, t("rulebook.ghna.cap_value")),
      ...bids.map((b) => h("td", {}, value(b))))));
}

function demo(id, titles) {
  const title = scenarioText(id, "title", titles[id] || id);
  const slot = h("div", { class: "rules-demo-frame" });
  const button = h("button", { type: "button", class: "act quiet rules-try", dataset: { scenario: id },
    "aria-expanded": "false" }, t("rulebook.try"));
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") === "true";
    if (open) {
      slot.replaceChildren();
    } else {
      const src = `embed.html?scenario=${encodeURIComponent(id)}&lang=${locale()}`;
      slot.replaceChildren(h("iframe", { src, title: t("rulebook.demo", { title }), loading: "lazy",
        class: "rules-frame" }));
    }
    button.setAttribute("aria-expanded", String(!open));
    button.textContent = open ? t("rulebook.try") : t("rulebook.hide");
  });
  return h("li", { class: "rules-demo" }, h("a", { href: `embed.html?scenario=${encodeURIComponent(id)}&lang=${locale()}`,
    class: "rules-demo-link", dataset: { scenario: id } }, title), " ", button, slot);
}

export async function mount(container, app) {
  const f = app.config.facts;
  const rules = app.store.state.settings.rules;
  let titles = {};
  try {
    const index = await (await fetch(new URL("scenarios/index.json", app.base))).json();
    titles = Object.fromEntries(index.map((e) => [e.id, e.title]));
  } catch { /* the titles from the catalogue only */ }
  const params = {
    target: f.target, min: f.bids.min, max: f.bids.max, trump: f.ghna.trump, other: f.ghna.other,
    last: f.last_trick,
  };
  const sections = SECTIONS.map((s) => h("section", { class: "paper rules-section", id: `rules-${s.key}` },
    h("h2", {}, t(`rulebook.${s.key}.title`)),
    h("p", {}, t(`rulebook.${s.key}.text`, params)),
    s.table === "cards" ? cardTable(f) : null,
    s.table === "caps" ? capTable(f, rules.ghna_cap) : null,
    s.variant ? h("p", { class: "rules-variant" }, t("rulebook.variant", { text: t(`rulebook.${s.key}.variant`) })) : null,
    s.demos ? h("ul", { class: "rules-demos" }, ...s.demos.map((id) => demo(id, titles))) : null));
  container.replaceChildren(
    screenHeader(t("screen.rules")),
    h("p", { class: "rules-intro" }, t("rulebook.intro", params)),
    h("p", {}, h("a", { href: "#learn", id: "rules-learn", class: "act primary" }, t("rulebook.learn"))),
    ...sections);
  return {};
}
