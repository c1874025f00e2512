// Your bots (#bots): a bot of the player's own, a Python package with
// choose(view, legal) (docs/bot-api.md), loaded as a wheel — a file the player
// picks, or a URL of this site — into the bots' sandbox (botbox.js: a worker
// of an opaque origin, never the engine's); then seated at any of the three
// bot seats, and measured in a duplicate arena against a built-in level.
//
// - A loaded bot lives in the sandbox for this visit.  Its wheel is kept on
//   this device (userbots.js) and listed here, so that after a reload (its
//   seats are then played by the normal bot again) one click loads it again,
//   offline too, and gives it back the seats the settings kept for it.
// - The engine checks each of its decisions: an illegal answer, an exception
//   or a decision over the time cap is played by the normal bot instead and
//   said on the table (game.js) and here, with the bot's name.
// - The arena (bots-arena.js) plays one deal a request, so the game in
//   progress is untouched and stays responsive: built-in levels in the
//   engine's own session ("arena"), a loaded bot in its sandbox (where the
//   bot is); the figures are touti_core.bots.arena.summarize's, as the
//   command line prints them.
// - Forgetting a kept wheel gives its bots' seats back to the normal bot, in
//   the stored settings too.
//
// The screen (createScreen: its elements and state) and its parts, each a
// function of the screen: loading a wheel (load, loadFile, loadUrl), the
// seats (drawSeats, setSeat, reseat), the loaded and kept bots (botItem,
// keptItem, forget), and the page's sections (layout).

import { h, fill } from "../dom.js";
import { t, seatName } from "../i18n.js";
import { saveSettings, loadSettings, seatLevels, levelName, dropUserLevels, normalize } from "../settings.js";
import {
  keptWheels, refreshWheels, forgetWheel, loadWheel, acceptLoaded, wheelOfUrl, isWheelName, botErrorText,
  MAX_WHEEL,
} from "../userbots.js";
import { createArena } from "../bots-arena.js";
import { screenHeader } from "./common.js";

export function mount(container, app) {
  const screen = createScreen(app);
  container.replaceChildren(screenHeader(t("screen.bots")), ...layout(screen));
  draw(screen);
  refresh(screen);
  // the wheels kept, as the database holds them now (another tab may have changed them)
  refreshWheels().then((changed) => {
    if (changed && screen.alive) draw(screen);
  });
  return { unmount() { screen.alive = false; screen.arena.stop(); } };
}

/** The screen's elements, the bots loaded (`loaded`), whether a wheel is loading (`busy`), whether the screen is shown (`alive`). */
function createScreen(app) {
  const screen = {
    app,
    status: h("p", { class: "bots-status", id: "bots-status", role: "status", dataset: { state: "idle" } }),
    // the browser's own file control speaks the browser's language, not the page's: it is
    // hidden, and a button in the page's words opens it (as the history's import does)
    file: h("input", { type: "file", id: "bots-file", accept: ".whl", class: "sr-only", "aria-labelledby": "bots-file-text" }),
    url: h("input", { type: "text", id: "bots-url", dir: "ltr", autocomplete: "off", spellcheck: "false",
      placeholder: "bots/my_bot-0.1.0-py3-none-any.whl" }),
    seats: h("div", { id: "bots-seats" }),
    loadedList: h("div", { id: "bots-loaded-list" }),
    keptList: h("div", { id: "bots-kept-list" }),
    loaded: [],
    busy: false,
    alive: true,
  };
  screen.arena = createArena(app, () => screen.loaded);
  screen.file.addEventListener("change", () => loadFile(screen));
  return screen;
}

/** The screen's sections: loading a bot, the seats, the bots loaded, the wheels kept, the arena. */
function layout(screen) {
  const { file, url, status, seats, loadedList, keptList } = screen;
  return [
    h("section", { class: "paper", "aria-labelledby": "bots-load-title" },
      h("h2", { id: "bots-load-title" }, t("bots.load.title")),
      h("p", {}, t("bots.load.help")),
      h("p", { id: "bots-sandbox" }, t("bots.sandbox")),
      h("p", { id: "bots-fair" }, t("bots.fair")),
      h("p", { id: "bots-memory" }, t("bots.memory")),
      // named by its words (one label, the button); the input before the button, which shows its focus
      h("div", { class: "field" }, h("span", { id: "bots-file-text" }, t("bots.load.file")),
        file, h("label", { class: "act file-choose", for: "bots-file", id: "bots-file-choose" }, t("bots.load.choose"))),
      h("form", { class: "field", id: "bots-url-form", onsubmit: (event) => loadUrl(screen, event) },
        h("label", { for: "bots-url" }, t("bots.load.url")), url,
        h("button", { type: "submit", class: "act", id: "bots-url-load" }, t("bots.load.url_button"))),
      status,
      // what a player understands first (above); the developer's words after, and where the guide is
      h("details", { class: "bots-guide", id: "bots-guide" }, h("summary", {}, t("bots.guide.title")),
        h("p", {}, t("bots.guide.text")))),
    h("section", { class: "paper", "aria-labelledby": "bots-seats-title" },
      h("h2", { id: "bots-seats-title" }, t("bots.seats.title")),
      h("p", {}, t("bots.seats.help")), seats),
    h("section", { class: "paper", "aria-labelledby": "bots-loaded-title" },
      h("h2", { id: "bots-loaded-title" }, t("bots.loaded.title")),
      h("p", {}, t("bots.loaded.help")), loadedList),
    h("section", { class: "paper", "aria-labelledby": "bots-kept-title" },
      h("h2", { id: "bots-kept-title" }, t("bots.kept.title")),
      h("p", {}, t("bots.kept.help")), keptList),
    screen.arena.element,
  ];
}

function say(screen, state, text) {
  screen.status.dataset.state = state;
  screen.status.textContent = text;
}

function refresh(screen) {
  screen.loaded = screen.app.ownBots.loaded();
  acceptLoaded(screen.loaded);
  draw(screen);
}

function draw(screen) {
  const { app, loaded } = screen;
  drawSeats(screen);
  fill(screen.loadedList, loaded.length ? [h("ul", { id: "bots-loaded" }, ...loaded.map(botItem))]
    : [h("p", { id: "bots-none" }, t("bots.loaded.none"))]);
  const kept = keptWheels(app.storage);
  fill(screen.keptList, kept.length ? [h("ul", { id: "bots-kept" }, ...kept.map((w) => keptItem(screen, w)))]
    : [h("p", {}, t("bots.kept.none"))]);
  screen.arena.draw();
}

// ------------------------------------------------------------ loading a wheel
/** Loads a wheel into the sandbox (one at a time), keeps it, and gives its bots back their seats. */
async function load(screen, filename, data) {
  if (screen.busy) return;
  const { app } = screen;
  screen.busy = true;
  say(screen, "loading", t("bots.load.loading", { file: filename }));
  let ans;
  try {
    ans = await loadWheel(app.ownBots, filename, data, app.storage);
  } catch (err) {
    ans = { ok: false, error: { code: "internal", message: String(err.message || err) } };
  }
  screen.busy = false;
  if (!screen.alive) return;
  if (!ans.ok) {
    say(screen, "failed", botErrorText(ans.error));
    return;
  }
  screen.loaded = app.ownBots.loaded();
  reseat(app, ans.bots.map((b) => b.level));
  const names = ans.bots.map((b) => b.name).join(", ");
  say(screen, "loaded", `${t("bots.load.done", { names, n: ans.bots.length })} ${ans.kept ? t("bots.load.kept") : t("bots.load.not_kept")}`);
  draw(screen);
}

/** The wheel the player picked. */
async function loadFile(screen) {
  const { file } = screen;
  const f = file.files[0];
  if (!f) return;
  try {
    if (!isWheelName(f.name)) return say(screen, "failed", t("bots.error.name", { file: f.name }));
    if (f.size > MAX_WHEEL) return say(screen, "failed", t("bots.error.size", { file: f.name }));
    await load(screen, f.name, new Uint8Array(await f.arrayBuffer()));
  } finally {
    file.value = "";          // the same file chosen again (a wheel rebuilt) loads again
  }
}

/** A wheel at a URL of this site. */
async function loadUrl(screen, event) {
  event.preventDefault();
  const wheel = wheelOfUrl(screen.url.value);
  if (!wheel) return say(screen, "failed", t("bots.error.url"));
  let bytes;
  try {
    const res = await fetch(wheel.url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    return say(screen, "failed", t("bots.error.fetch", { file: wheel.filename, detail: String(err.message || err) }));
  }
  if (bytes.length > MAX_WHEEL) return say(screen, "failed", t("bots.error.size", { file: wheel.filename }));
  await load(screen, wheel.filename, bytes);
}

// ------------------------------------------------------------------ the seats
/**
 * The seats (1, 2, 3) a bot loaded again takes back: those the stored
 * settings give to one of its `levels` and the settings in use do not.
 */
export function seatsBack(levels, stored, current) {
  return [1, 2, 3].filter((seat) => levels.includes(stored[seat]) && current[seat] !== stored[seat]);
}

/** A bot loaded again takes back the seats the stored settings give it (a reload had given them to the normal bot). */
function reseat(app, levels) {
  const stored = loadSettings(app.storage).levels;
  const settings = app.store.state.settings;
  const back = seatsBack(levels, stored, settings.levels);
  if (back.length) {
    app.store.update({ settings: { ...settings, levels: { ...settings.levels,
      ...Object.fromEntries(back.map((seat) => [seat, stored[seat]])) } } });
  }
}

function setSeat(app, seat, level) {
  const settings = app.store.state.settings;
  const next = { ...settings, levels: { ...settings.levels, [seat]: level } };
  saveSettings(next);
  app.store.update({ settings: next });
}

function drawSeats(screen) {
  const { app } = screen;
  const levels = app.store.state.settings.levels;
  fill(screen.seats, [1, 2, 3].map((seat) => {
    const id = `bots-seat-${seat}`;
    const select = h("select", { id, onchange: () => setSeat(app, seat, select.value) },
      ...seatLevels().map((l) => h("option", { value: l, selected: l === levels[seat] }, levelName(l))));
    return h("div", { class: "field" }, h("label", { for: id }, t("settings.level_for", { who: seatName(seat) })), select);
  }));
}

// ------------------------------------------------------- the bots and wheels
function botItem(bot) {
  const fell = bot.problems.illegal + bot.problems.error + bot.problems.slow + bot.problems.hung;
  return h("li", { class: "bots-bot", dataset: { bot: bot.name, level: bot.level, decisions: bot.decisions, problems: fell } },
    h("strong", {}, bot.name), " ",
    h("span", { class: "bots-source" }, t("bots.loaded.source", { source: bot.source, version: bot.version || "?" })), " · ",
    t("bots.loaded.decisions", { n: bot.decisions, fell }),
    bot.recent.length ? h("ul", { class: "bots-problems" }, ...bot.recent.slice(-5).map((p) =>
      h("li", { dataset: { kind: p.kind } }, t(`bots.problem.${p.kind}`, { detail: p.detail, seconds: (p.ms / 1000).toFixed(1) })))) : null);
}

function keptItem(screen, w) {
  return h("li", { class: "bots-kept", dataset: { file: w.filename } },
    h("span", {}, w.filename, " ", t("bots.kept.bots", { names: w.bots.join(", ") })), " ",
    h("button", { type: "button", class: "act bots-kept-load", onclick: () => { if (!screen.busy) load(screen, w.filename, w.data); } },
      t("bots.kept.load")), " ",
    h("button", { type: "button", class: "act quiet bots-kept-forget", onclick: () => forget(screen, w) },
      t("bots.kept.forget")));
}

/** Forgets a kept wheel: its bots' seats go back to the normal bot, stored settings too. */
async function forget(screen, w) {
  const { app } = screen;
  await forgetWheel(w.filename, app.storage);
  dropUserLevels(w.bots.map((name) => `user:${name}`), app.storage);
  app.store.update({ settings: normalize(app.store.state.settings) });
  if (screen.alive) draw(screen);
}
