// The rules page (#rules): short sections in the player's language, the card
// and Ghna-cap tables drawn from the engine's own facts (the build writes
// touti_core/facts.py into the page's configuration), the house rules
// (settings) where they apply, and for each rule its live demo: the rule
// scenario of web/scenarios/ opened in embed.html, in the page.  The demo's
// frame takes the height of its content, as touti-demo.js does on another
// site: the demo tells it ({ns: "touti-demo", frame, type: "size", height}),
// so its hand is never cut off, whatever the screen.

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
  // a table wider than a phone scrolls sideways: focusable, so a keyboard scrolls it too
  return h("table", { class: "rules-table", tabindex: 0 },
    h("caption", {}, t("rulebook.cards.total", { cards: f.card_points, last: f.last_trick, total: f.hand_points })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rulebook.cards.rank")),
      ...f.strength.map((r) => h("th", { scope: "col" }, t(`rank.${r}`))))),
    h("tbody", {}, h("tr", {}, h("th", { scope: "row" }, t("rulebook.cards.points")),
      ...f.strength.map((r) => h("td", {}, String(f.points[r]))))));
}

function capTable(f, cap) {
  const bids = Object.keys(f.caps[cap]).map(Number).filter((b) => b <= 130);
  const value = (b) => (cap === "none" ? t("rulebook.ghna.no_cap") : String(f.caps[cap][b]));
  return h("table", { class: "rules-table", tabindex: 0, "aria-label": t("rulebook.ghna.cap") },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rulebook.ghna.cap")),
      ...bids.map((b) => h("th", { scope: "col" }, String(b))))),
    h("tbody", {}, h("tr", {}, h("th", { scope: "row" }, t("rulebook.ghna.cap_value")),
      ...bids.map((b) => h("td", {}, value(b))))));
}

const NS = "touti-demo";
/** The demos' frames shown: their number (the demo's `frame` parameter) -> the iframe. */
const frames = new Map();
let framesShown = 0;

/** A demo's height, sent by its page (embed.js): its frame takes it. */
function onDemoMessage(event) {
  const msg = event.data;
  if (event.origin !== location.origin || !msg || typeof msg !== "object" || msg.ns !== NS) return;
  const frame = frames.get(String(msg.frame));
  if (!frame || event.source !== frame.contentWindow || msg.type !== "size" || !Number.isFinite(msg.height)) return;
  frame.style.height = `${Math.max(120, Math.min(4000, Math.ceil(msg.height)))}px`;
}

function demo(id, titles) {
  const title = scenarioText(id, "title", titles[id] || id);
  const slot = h("div", { class: "rules-demo-frame" });
  const button = h("button", { type: "button", class: "act quiet rules-try", dataset: { scenario: id },
    "aria-expanded": "false" }, t("rulebook.try"));
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") === "true";
    if (open) {
      for (const [n, f] of frames) if (slot.contains(f)) frames.delete(n);
      slot.replaceChildren();
    } else {
      const n = String(++framesShown);
      const src = `embed.html?scenario=${encodeURIComponent(id)}&lang=${locale()}&frame=${n}`;
      const frame = h("iframe", { src, title: t("rulebook.demo", { title }), loading: "lazy", class: "rules-frame" });
      frames.set(n, frame);
      slot.replaceChildren(frame);
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
    h("p", { class: "rules-fair", id: "rules-fair" }, t("rulebook.fair")),
    h("p", {}, h("a", { href: "#learn", id: "rules-learn", class: "act primary" }, t("rulebook.learn"))),
    ...sections);
  frames.clear();
  window.addEventListener("message", onDemoMessage);
  return { unmount() { window.removeEventListener("message", onDemoMessage); frames.clear(); } };
}
