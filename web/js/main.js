// The game page: starts the engine worker (with progress, a watchdog and a
// retry), builds the table, then resumes the saved game or opens the link
// the page was opened with.
//
// This module is the wiring: it makes the page's parts, each from what it is
// given, and starts them in order.  The parts (app/):
// - marks.js: the game on the table (`current`), its marks, its save and history;
// - device.js: the install prompt, offline, the storage notice;
// - links.js: saves and links: the saved game, #game= and #record= links, the
//   history's games, the previous game, asking before a game in progress is replaced;
// - screens.js: what the screens get (`app`), the router, showRoute;
// - owner.js: one tab at a time owns the game in progress (tabs.js);
// - menu.js: the bar, table and log drawn in the page's language, the menu, settings, the log drawer;
// - redraw.js: what each redraw does (the turn's sound, the phase, the panel);
// - boot.js: the boot overlay, the first game, a first visit's welcome, hash changes.
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
import { $ } from "./dom.js";
import { t, setLocale, pickLocale, configureLocales } from "./i18n.js";
import { configureRules, loadSettings, forgetUserLevels, normalize } from "./settings.js";
import { siteStore } from "./storage.js";
import { openHistory, historyMode } from "./history.js";
import { openWheels } from "./userbots.js";
import { onAside, untoldItems } from "./aside.js";
import { showAside } from "./aside-notice.js";
import { createGame } from "./game.js";
import { BotBox, HUNG_MS } from "./botbox.js";
import { play as sound, unlockOnGesture } from "./sound.js";
import { createTabs } from "./tabs.js";
import "./ios-install.js";          // iOS Safari: the "Add to Home Screen" tip (no install prompt there)
import { listenKeys } from "./speak.js";
import { createMarks } from "./app/marks.js";
import { createDevice } from "./app/device.js";
import { createLinks } from "./app/links.js";
import { createScreens } from "./app/screens.js";
import { createOwner } from "./app/owner.js";
import { createMenu } from "./app/menu.js";
import { createRedraw } from "./app/redraw.js";
import { createBoot, showProgress } from "./app/boot.js";

const root = document.documentElement;
const config = JSON.parse($("#touti-build").textContent);
configureRules(config.rules);
configureLocales(config.locales);
siteStore.probe();
/** The app folder: the catalogues, scenarios and scripts of this version. */
const appBase = new URL(config.app, document.baseURI);

// Start the engine first: it is the slow part, the page draws meanwhile.
const client = new EngineClient(config, showProgress);
const starting = client.start();
starting.catch(() => {});

const store = createStore({ root, settings: loadSettings() });
const { state, update } = store;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** The parts drawn in the page's language (rebuilt when it changes: app/menu.js buildUI). */
const ui = { bar: null, table: null, log: null };
const tabs = createTabs({ store: siteStore, onLost: () => owner.lostGame() });
const marks = createMarks({ store, storage: siteStore, tabs, ui, game: () => game });

/** The sandbox of the player's own bots (botbox.js): started when a wheel is first loaded. */
const ownBots = new BotBox(config, { onStopped: ownBotsStopped });
const game = createGame({ client, store, ui, save: marks.keep, motion: () => !reducedMotion.matches,
  // a move a bot made for the player (watching the bots play) is a hint followed: the game, and
  // a challenge's hand or the deal of the day, is marked as helped
  onEvent: (name) => (name === "watched" ? marks.markAided("hinted") : sound(name, state.settings.sound)), ownBots });

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

// the parts, each given the others it uses (the listeners they add start now,
// before the page's first await: no install prompt or tab's message is missed)
const device = createDevice({ ui, storage: siteStore });
const links = createLinks({ client, store, storage: siteStore, tabs, ui, game, marks });
const { app, router, showRoute } = createScreens({ root, config, base: appBase, client, ownBots, store,
  storage: siteStore, tabs, ui, game, marks, links });
const owner = createOwner({ root, store, tabs, ui, game, marks, links, app, router, showRoute });
const menu = createMenu({ store, base: appBase, ui, game, marks, links, device, router });

await setLocale(pickLocale(new URLSearchParams(location.search).get("lang") || state.settings.locale), appBase);
$("#boot-retry").textContent = t("boot.retry");
document.title = t("app.title");
menu.buildUI();
store.onRender(createRedraw({ root, ui, game, marks, toggleLog: menu.toggleLog }));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea, dialog")) return;
  if (event.key === "h" || event.key === "H") marks.askHint();
});
listenKeys(() => state);       // C, T, S, L: the hand, the trick, the scores, the last trick, read aloud (speak.js)
siteStore.onStatus(device.storageNotice);
// what cannot be read is set aside and the player told once (aside.js); the history and the wheels open in IndexedDB
onAside(() => showAside(untoldItems()));
showAside(untoldItems());
const keptOpen = Promise.all([openHistory(), openWheels()]).catch(() => {});
historyMode().then(device.watchKept, () => {});
const boot = createBoot({ root, client, starting, store, storage: siteStore, ui, links, owner, showRoute,
  kept: keptOpen });
unlockOnGesture();
showProgress("runtime");
update({});
boot();
window.addEventListener("error", (e) => ui.log.line(String(e.message), "error"));
