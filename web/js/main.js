// The game page: starts the engine worker (with progress, a watchdog and a
// retry), builds the table, then resumes the saved game or opens the link
// the page was opened with.
//
// Links (#game=CODE, #record=...) never replace a game in progress without
// asking: the player chooses to resume theirs or open the link, and a
// replaced game is kept as the previous game (the menu brings it back).  A
// link opened in a tab already showing the game takes effect at once.  A
// link that cannot be read is reported as a bad link, never as a damaged save.
//
// Storage that the browser blocks or that is full never stops the game: a
// quiet notice says that games are not kept.
//
// One tab at a time owns the game in progress (tabs.js): another tab shows
// where it is, and can take it over.

import { EngineClient } from "./engine-client.js";
import { createStore } from "./store.js";
import { $, h, setAttr } from "./dom.js";
import { t, setLocale, pickLocale, locale, configureLocales } from "./i18n.js";
import {
  configureRules, loadSettings, saveSettings, randomSeed, forgetUserLevels, normalize, applyLook,
} from "./settings.js";
import { siteStore } from "./storage.js";
import { loadGame, loadPrevious } from "./save.js";
import { openHistory, historyMode } from "./history.js";
import { openWheels } from "./userbots.js";
import { onAside, untoldItems } from "./aside.js";
import { showAside } from "./aside-notice.js";
import { createBar } from "./bar.js";
import { createTable } from "./table.js";
import { createLog, replayLines } from "./log.js";
import { createGame } from "./game.js";
import { BotBox, HUNG_MS } from "./botbox.js";
import {
  renderPanel, showScoreSheet, showLastTrick, confirmNewGame, closeDialog,
  openDialog,
} from "./dialogs.js";
import { openSettings } from "./settings-dialog.js";
import { enableOffline } from "./pwa.js";
import { play as sound, unlockOnGesture } from "./sound.js";
import { routeOf, screenNames } from "./router.js";
import { createTabs, START_WAIT_MS } from "./tabs.js";
import "./ios-install.js";          // iOS Safari: the "Add to Home Screen" tip (no install prompt there)
import { listenKeys } from "./speak.js";
import { createMarks } from "./app/marks.js";
import { createDevice } from "./app/device.js";
import { createLinks } from "./app/links.js";
import { createScreens } from "./app/screens.js";
import { createOwner } from "./app/owner.js";

const root = document.documentElement;
const config = JSON.parse($("#touti-build").textContent);
configureRules(config.rules);
configureLocales(config.locales);
siteStore.probe();
/** The app folder: the catalogues, scenarios and scripts of this version. */
const appBase = new URL(config.app, document.baseURI);

// Start the engine first: it is the slow part, the page draws meanwhile.
const client = new EngineClient(config, progress);
let starting = client.start();
starting.catch(() => {});

const store = createStore({ root, settings: loadSettings() });
const { state, update } = store;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** The parts drawn in the page's language (rebuilt when it changes). */
const ui = { bar: null, table: null, log: null };
const tabs = createTabs({ store: siteStore, onLost: () => owner.lostGame() });
const marks = createMarks({ store, storage: siteStore, tabs, ui, game: () => game });
const { current, keep, askHint, startNew, takeBack } = marks;

// ------------------------------------------------------------------ the UI
/** The sandbox of the player's own bots (botbox.js): started when a wheel is first loaded. */
const ownBots = new BotBox(config, { onStopped: ownBotsStopped });
const game = createGame({ client, store, ui, save: keep, motion: () => !reducedMotion.matches,
  onEvent: (name) => sound(name, state.settings.sound), ownBots });

/**
 * The sandbox of the player's bots was stopped (a decision that never came, a
 * flood of messages): its bots are gone for this visit, their seats go back to
 * the normal bot, and the game goes on (the engine was never touched).
 */
function ownBotsStopped({ why, bot, had }) {
  if (!had) return;
  const text = why === "hung" && bot ? t("bots.hung", { bot, seconds: HUNG_MS / 1000 })
    : why === "flood" ? t("bots.flood") : t("bots.stopped", { detail: why });
  forgetUserLevels();
  update({ settings: normalize(state.settings) });
  ui.log?.line(text, "error");
  update({ message: { kind: "refusal", text } });
}

/** Speaks another language at once: the page is worded again, the game goes on untouched. */
async function relabel(lang) {
  await setLocale(lang, appBase);
  buildUI();
  if (state.view) for (const line of replayLines(state.view)) ui.log.line(line);
  $("#boot-retry").textContent = t("boot.retry");
  document.title = t("app.title");
  storageNotice();
  showAside(untoldItems());
  update({ message: null });
  store.flush();
  await router.show(routeOf(location.hash));
}

function buildUI() {
  ui.bar = createBar($("#bar"), menu);
  ui.bar.setInstall(device.canInstall());
  ui.table = createTable({ table: $("#table"), controls: $("#controls"), hand: $("#hand") }, {
    onAction: (action) => game.act(action),
    onCard: (card) => game.playCard(card),
  });
  ui.log = createLog($("#log"));
}

function progress(stage, bytes, total) {
  // the bar: downloads up to 70 %, then compiling, starting Python, the engine
  const steps = { runtime: 0.02, compile: 0.72, start: 0.75, restore: 0.8, engine: 0.9, ready: 1 };
  const bar = $("#boot-progress");
  bar.max = 1;
  if (stage === "download") {
    bar.value = 0.02 + 0.68 * Math.min(1, bytes / (total || bytes));
    $("#boot-text").textContent = t("boot.download_of",
      { mb: (bytes / 1e6).toFixed(1), total: (total / 1e6).toFixed(1) });
    return;
  }
  bar.value = Math.max(bar.value, steps[stage] || 0);
  $("#boot-text").textContent = t(`boot.${stage}`);
}

function menu(name) {
  switch (name) {
    case "hint": return askHint();
    case "last": return showLastTrick(state.view);
    case "sheet": return showScoreSheet(state.view);
    case "log": return toggleLog();
    case "settings": return settingsDialog();
    case "new": return confirmNewGame(() => startNew());
    case "previous": return confirmPrevious();
    case "more": return openScreensMenu();
    case "install": return device.install();
    case "undo": return takeBack();
    default: return undefined;
  }
}

function settingsDialog() {
  const v = state.view;
  openSettings({ settings: state.settings, seed: state.seed, rules: v ? v.rules : state.settings.rules }, {
    async apply(next, { newGame, rulesChanged }) {
      const relocalize = next.locale !== locale();
      saveSettings(next);
      update({ settings: next });
      if (relocalize) await relabel(next.locale);
      if (newGame) startNew(randomSeed(), next.rules);
      else {
        if (rulesChanged) update({ message: { kind: "note", text: t("settings.rules_changed") } });
        game.kick();
      }
    },
    playCode({ seed, rules }) {
      startNew(seed, rules);
    },
  });
}

/** The whole menu (on a phone the bar keeps only Hint and this): the game's actions, then the screens. */
function openScreensMenu() {
  const game = [["last", "menu.last_trick"], ["sheet", "menu.scores"], ["log", "menu.log"],
    ["settings", "menu.settings"], ["new", "menu.new_game"]];
  if (state.settings.takeBacks) game.unshift(["undo", "menu.take_back"]);
  if (loadPrevious().status === "ok") game.push(["previous", "menu.previous_game"]);
  if (device.canInstall()) game.push(["install", "menu.install"]);
  const items = [
    ...game.map(([name, key]) => h("li", {}, h("button", { type: "button", class: "act", id: `go-${name}`,
      onclick: () => { closeDialog(); menu(name); } }, t(key)))),
    ...screenNames().map((name) => h("li", {},
      h("a", { href: `#${name}`, id: `go-${name}`, onclick: () => closeDialog() }, t(`screen.${name}`)))),
  ];
  openDialog("menu", t("menu.more"), h("nav", { "aria-label": t("menu.more") }, h("ul", { class: "screens" }, ...items)));
}

// ------------------------------------------------------------------- the log
/** The log: a column on wide screens, a drawer on small ones (Escape or a tap outside closes it). */
function toggleLog(open = !$("#app").classList.contains("show-log")) {
  $("#app").classList.toggle("show-log", open);
  document.querySelector(".log-backdrop")?.remove();
  if (open) {
    document.body.append(h("div", { class: "log-backdrop", onclick: () => toggleLog(false) }));
    $("#log").focus({ preventScroll: true });
  }
}
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && $("#app").classList.contains("show-log")) toggleLog(false);
});

// ------------------------------------- install, offline, the storage notice
const device = createDevice({ ui, storage: siteStore });
const { storageNotice } = device;

// --------------------------------------------------------- saves and links
const links = createLinks({ client, store, storage: siteStore, tabs, ui, game, marks });
const { takeLink, confirmPrevious } = links;

// ------------------------------------------ screens; one tab owns the game
const { app, router, showRoute } = createScreens({ root, config, base: appBase, client, ownBots, store,
  storage: siteStore, tabs, ui, game, marks, links });
const owner = createOwner({ root, store, tabs, ui, game, marks, links, app, router, showRoute });
const { playHere } = owner;

// -------------------------------------------------------------- start-up
/** A first visit (nothing kept yet, no link): two doors, Learn to play and Play. */
function welcome() {
  siteStore.write(WELCOMED, "1");
  openDialog("welcome", t("welcome.title"), h("p", {}, t("welcome.text")), [
    [t("welcome.play"), null, { id: "welcome-play" }],
    [t("welcome.learn"), () => { location.hash = "#learn"; }, { class: "primary", id: "welcome-learn" }],
  ]);
}

const WELCOMED = "touti.welcomed";

async function firstGame() {
  const link = takeLink();
  const first = !link && siteStore.read(WELCOMED) === null && loadGame().status === "none"
    && siteStore.read("touti.settings.v1") === null && !routeOf(location.hash).payload
    && routeOf(location.hash).view === "game";
  // a screen (the lesson, the rules...) leaves the game alone: it is taken when shown
  if (link || routeOf(location.hash).view === "game") await playHere(link && { link }, { wait: START_WAIT_MS });
  if (first) welcome();
  ui.bar.setPrevious(loadPrevious().status === "ok");
  await keptOpen;                      // the screens read the history and the wheels
  window.addEventListener("hashchange", async () => {
    const next = takeLink();
    if (next) {
      if (!(await playHere({ link: next }))) showRoute();
      return;
    }
    if (routeOf(location.hash).view === "game") await playHere();
    showRoute();
  });
  await showRoute();
}

async function boot() {
  const overlay = $("#boot");
  const retry = $("#boot-retry");
  overlay.hidden = false;
  retry.hidden = true;
  $("#boot-progress").hidden = false;
  try {
    await starting;
  } catch (err) {
    const reason = err.message === "stalled" ? t("boot.stalled") : err.message;
    $("#boot-text").textContent = t("boot.failed", { reason });
    $("#boot-progress").hidden = true;
    overlay.classList.add("failed");
    root.dataset.phase = "error";
    retry.hidden = false;
    retry.focus();
    return;
  }
  overlay.hidden = true;
  overlay.classList.remove("failed");
  update({ ready: true });
  root.dataset.ready = "true";
  await firstGame();
  enableOffline();   // once the game runs: offline play and update offers
}

$("#boot-retry").addEventListener("click", () => {
  starting = client.start();
  progress("runtime");
  boot();
});

await setLocale(pickLocale(new URLSearchParams(location.search).get("lang") || state.settings.locale), appBase);
$("#boot-retry").textContent = t("boot.retry");
document.title = t("app.title");
buildUI();
let myTurnBefore = false;
store.onRender((st) => {
  const myTurn = !!(st.view && st.view.to_act === 0 && !st.settings.watch && !st.busy && st.view.legal.length);
  if (myTurn && !myTurnBefore) sound("turn", st.settings.sound);
  myTurnBefore = myTurn;
  if (st.view && !st.busy && (st.view.phase === "hand_over" || st.view.phase === "game_over")
      && matchMedia("(max-width: 959px)").matches && $("#app").classList.contains("show-log")) toggleLog(false);
  ui.bar.render(st);
  ui.table.render(st);
  setAttr(root, "data-phase", st.view ? st.view.phase : "none");
  setAttr(root, "data-speed", st.settings.speed);      // "instant": the cards do not move (touti.css)
  applyLook(st.settings);                               // the deck and the cards' size (settings.js)
  const back = current.kind === "daily" ? "#daily" : current.kind === "challenge" ? "#challenge" : null;
  renderPanel(ui.table.panel, st, { act: game.act, newGame: () => startNew(), sheet: () => showScoreSheet(st.view),
    back: back && { label: t(`panel.back.${current.kind}`), go: () => { location.hash = back; } },
    review: (n) => `#review=history:${encodeURIComponent(current.id)}:${n}` });
});
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea, dialog")) return;
  if (event.key === "h" || event.key === "H") askHint();
});
listenKeys(() => state);       // C, T, S, L: the hand, the trick, the scores, the last trick, read aloud (speak.js)
siteStore.onStatus(storageNotice);
// what cannot be read is set aside and the player told once (aside.js); the history and the wheels open in IndexedDB
onAside(() => showAside(untoldItems()));
showAside(untoldItems());
const keptOpen = Promise.all([openHistory(), openWheels()]).catch(() => {});
historyMode().then(device.watchKept, () => {});
unlockOnGesture();
progress("runtime");
update({});
boot();
window.addEventListener("error", (e) => ui.log.line(String(e.message), "error"));
