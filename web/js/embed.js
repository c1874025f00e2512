// The embeddable rules demo: embed.html?scenario=<id>.
//
// A scenario (web/scenarios/<id>.json, format touti-scenario/1) is a fixed
// position: a deal, the rules, the actions so far, the visitor's seat, a
// caption, and a note for the moves worth trying.  The page shows it on a
// compact table (the game's own table, hand, trick and controls) and the
// visitor acts.  The engine decides: a legal move is played, its note shown,
// and the bots play on (in the engine worker) until the visitor's next
// decision or the end of the hand; a refused move shows the engine's reason,
// which is the lesson.  The tempting wrong moves a scenario lists (a bid in
// the signal window, a Ghna not held) are offered as buttons too.  Nothing is
// saved: the player's game in progress is never touched.
//
// URL parameters: scenario, speed (slow | normal | fast | instant; the
// default follows prefers-reduced-motion), lang, frame (set by
// touti-demo.js).  Without a known scenario the page lists them all.
//
// In a frame, the page tells its host (touti-demo.js) its height and title
// with namespaced messages: {ns: "touti-demo", frame, type: "size", height}
// and {ns: "touti-demo", frame, type: "ready", title}.  Test hooks as in the
// game (data-card, data-action..., html data-phase, data-ready, data-busy),
// plus html data-step: the moves played since the scenario's position.

import { EngineClient } from "./engine-client.js";
import { createStore } from "./store.js";
import { $, h, fill } from "./dom.js";
import { t, setLocale, suitName, pickLocale, configureLocales, scenarioText } from "./i18n.js";
import { configureRules, defaults, loadSettings, speedOf, applyLook } from "./settings.js";
import { createTable } from "./table.js";
import { renderInfo } from "./bar.js";
import { dataOf } from "./controls.js";
import { createLog } from "./log.js";
import { createGame } from "./game.js";
import { summaryBody } from "./dialogs.js";

const NS = "touti-demo";
const SCENARIO_FORMAT = "touti-scenario/1";
const root = document.documentElement;
const config = JSON.parse($("#touti-build").textContent);
const params = new URLSearchParams(location.search);
const id = params.get("scenario") || "";
const frame = params.get("frame");
const framed = window.parent !== window && frame !== null;
const known = /^[a-z0-9-]{1,64}$/.test(id);

function pickSpeed() {
  return speedOf(params.get("speed"))
    ?? (matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "normal");
}

configureRules(config.rules);
configureLocales(config.locales);
// The engine first: it is the slow part.
const client = new EngineClient(config, progress);
let starting = known ? client.start() : null;
starting?.catch(() => {});

const store = createStore({ root, settings: { ...defaults(), speed: pickSpeed() } });
applyLook(loadSettings());    // the player's deck (the colour-blind friendly one) and cards' size, on this site
const { state, update } = store;
let table = null;
let game = null;
let scenario = null;
let record = null;
let start = 0;             // the number of actions of the scenario's position
let built = false;

// ------------------------------------------------------------------ host
function post(type, data = {}) {
  if (framed) window.parent.postMessage({ ns: NS, frame, type, ...data }, "*");
}

function watchSize() {
  if (!framed) return;
  const el = $("#embed");
  let last = -1;
  const send = () => {
    const height = Math.ceil(el.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      post("size", { height });
    }
  };
  new ResizeObserver(send).observe(el);
  send();
}

// ------------------------------------------------------------------ texts
function status(...content) {
  const el = $("#embed-status");
  el.hidden = content.length === 0;
  fill(el, content);
}

// The engine starts before the texts are read (main): its progress says nothing
// until they are, rather than the keys of its messages.
let worded = false;

function progress(stage, bytes) {
  if (!worded || (built && root.dataset.ready === "true")) return;
  status(stage === "download" ? t("boot.download", { mb: (bytes / 1e6).toFixed(1) }) : t(`boot.${stage}`));
}

/** The key of an action in a scenario's notes: "play 12E", "signal AS", "accept". */
export function label(a) {
  for (const k of ["card", "amount", "signal", "suit"]) {
    if (a[k] !== undefined) return `${a.type} ${a[k]}`;
  }
  return a.type;
}

function tryLabel(a) {
  switch (a.type) {
    case "bid": return t("action.bid.label", { amount: a.amount });
    case "announce": return t("action.announce", { signal: a.signal });
    case "signal": return t(`signal.${a.signal}`);
    case "no_signal": return t("action.no_signal");
    case "trump": return t(`suit.title.${a.suit}`);
    case "ghna": return t("embed.try.ghna", { suit: suitName(a.suit) });
    default: return t(`action.${a.type}`);
  }
}

function footer() {
  const here = new URL(`embed.html?scenario=${encodeURIComponent(id)}`, document.baseURI).href;
  const external = framed ? { target: "_blank", rel: "noopener" } : {};
  fill($("#embed-foot"), [
    scenario ? h("button", { type: "button", class: "act quiet", id: "embed-restart", onclick: restart },
      t("embed.restart")) : null,
    scenario && framed ? h("a", { href: here, id: "embed-open", ...external }, t("embed.open")) : null,
    h("a", { href: new URL("./", document.baseURI).href, id: "embed-play", ...external }, t("embed.play")),
  ]);
}

// --------------------------------------------------------------- scenarios
async function fetchJSON(path) {
  const res = await fetch(new URL(config.app + path, document.baseURI));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

async function showIndex(intro) {
  let index = [];
  try {
    index = await fetchJSON("scenarios/index.json");
  } catch {
    /* the list is a help only */
  }
  const list = h("ul", { class: "embed-list", id: "embed-list" }, ...index.map((e) => h("li", {},
    h("a", { href: `embed.html?scenario=${encodeURIComponent(e.id)}`, dataset: { scenario: e.id } },
      scenarioText(e.id, "title", e.title)),
    h("span", { class: "embed-area" }, ` · ${scenarioText(e.id, "area", e.rule_area)}`))));
  status(...(intro ? [h("p", { class: "embed-error" }, intro)] : []), h("p", {}, t("embed.choose")), list);
  root.dataset.phase = intro ? "error" : "index";
}

// -------------------------------------------------------------------- table
function buildUI() {
  table = createTable({ table: $("#table"), controls: $("#controls"), hand: $("#hand") }, {
    onAction: (action) => visitorAct(action),
    onCard: (card) => visitorAct({ type: "play", seat: scenario.seat, card }),
  });
  game = createGame({ client, store, ui: { table, log: createLog(null) } });
  store.onRender((st) => {
    renderInfo($("#info"), st);
    table.render(st);
    root.dataset.phase = st.view ? st.view.phase : "none";
    renderTry($("#try"), st);
    renderEnd(table.panel, st);
    root.dataset.step = st.view ? String(st.view.action_count - start) : "";
  });
  built = true;
}

/** The scenario's tempting wrong moves (cards are in the hand already), at its position only. */
function renderTry(el, st) {
  const v = st.view;
  const here = v && v.action_count === start && v.to_act === scenario.seat && !st.busy;
  const extras = here ? scenario.expect.refused.map((r) => r.action).filter((a) => a.type !== "play") : [];
  fill(el, extras.length ? [h("span", { class: "group-title" }, t("embed.try")),
    ...extras.map((a) => h("button", { type: "button", class: "act try", dataset: dataOf(a),
      onclick: () => visitorAct(a) }, tryLabel(a)))] : [], JSON.stringify(extras));
  el.hidden = extras.length === 0;
}

/** The end of the hand: the game's own summary, then "start again". */
function renderEnd(panel, st) {
  const v = st.view;
  const show = !!(v && (v.phase === "hand_over" || v.phase === "game_over") && v.last_hand && !st.busy);
  panel.hidden = !show;
  if (!show) {
    fill(panel, [], "");
    return;
  }
  const title = t("summary.title", { n: v.hand_number + 1 });
  fill(panel, [h("div", { class: "panel-box", role: "region", "aria-label": title },
    h("h2", {}, title), ...summaryBody(v.last_hand, v),
    h("p", { class: "embed-done" }, t("embed.done")),
    h("div", { class: "panel-buttons" }, h("button", { type: "button", class: "primary", id: "embed-again",
      onclick: restart }, t("embed.restart"))))], `end:${v.action_count}`);
}

// ------------------------------------------------------------------ moves
async function visitorAct(action) {
  const v = state.view;
  if (!v || state.busy) return;
  const atStart = v.action_count === start;
  await game.act(action);
  const now = state.view;
  if (atStart && now && now.action_count > start) {
    const key = Object.hasOwn(scenario.notes, label(action)) ? label(action) : "*";
    const note = scenario.notes[key];
    if (note) update({ message: { kind: "lesson", text: scenarioText(scenario.id, "note", note, key) } });
  }
}

function restart() {
  return game.resume({ record });
}

// ------------------------------------------------------------------ start
async function loadScenario() {
  const sc = await fetchJSON(`scenarios/${id}.json`);
  if (!sc || sc.format !== SCENARIO_FORMAT || sc.id !== id) throw new Error("not a scenario");
  return sc;
}

async function engine() {
  for (;;) {
    try {
      await starting;
      return;
    } catch (err) {
      const reason = err.message === "stalled" ? t("boot.stalled") : err.message;
      root.dataset.phase = "error";
      await new Promise((resolve) => {
        status(t("embed.failed", { reason }), " ", h("button", { type: "button", class: "primary", id: "embed-retry",
          onclick: () => { starting = client.start(); status(t("boot.runtime")); resolve(); } }, t("boot.retry")));
      });
    }
  }
}

async function main() {
  // the language asked for, else the player's (if this frame may read the site's storage)
  await setLocale(pickLocale(params.get("lang") || loadSettings().locale),
    new URL(config.app, document.baseURI));
  worded = true;
  document.title = t("embed.title");
  $("#embed-title").textContent = t("embed.title");
  status(t("embed.loading"));
  watchSize();
  footer();
  if (!known) {
    await showIndex(id ? t("embed.unknown", { id }) : null);
    post("ready", { title: document.title });
    return;
  }
  try {
    scenario = await loadScenario();
  } catch {
    client.stop();
    await showIndex(t("embed.unknown", { id }));
    post("ready", { title: document.title });
    return;
  }
  const title = scenarioText(scenario.id, "title", scenario.title);
  document.title = t("embed.page_title", { title });
  $("#embed-title").textContent = title;
  $("#embed-caption").textContent = scenarioText(scenario.id, "caption", scenario.caption);
  root.dataset.scenario = scenario.id;
  footer();
  if (scenario.seat !== 0) {
    client.stop();
    status(t("embed.bad_seat", { seat: scenario.seat }));
    root.dataset.phase = "error";
    return;
  }
  record = { format: "touti-record/1", deal: scenario.deal, rules: scenario.rules, actions: scenario.actions };
  start = scenario.actions.length;
  await engine();
  buildUI();
  const r = await game.resume({ record });
  if (!r.ok) {
    status(t("embed.failed", { reason: r.reason }));
    root.dataset.phase = "error";
    return;
  }
  status();
  $("#embed-game").hidden = false;
  update({ ready: true });
  root.dataset.ready = "true";
  post("ready", { title: document.title });
}

main();
