// The page: builds the table, starts the engine worker (with progress, a
// watchdog and a retry), then resumes the saved game or starts a new one.
//
// URL fragments: #game=CODE starts the game of a shared code; #record=...
// (base64url JSON of an engine record) opens that exact position.

import { EngineClient } from "./engine-client.js";
import { state, update, onRender } from "./state.js";
import { $ } from "./dom.js";
import { t, setLocale } from "./i18n.js";
import { loadSettings, saveSettings, decodeCode, randomSeed } from "./settings.js";
import { loadGame, quarantineGame } from "./save.js";
import { buildTable, buildBar, renderTable } from "./table.js";
import { buildHand, renderHand } from "./hand.js";
import { buildTrick, renderTrick } from "./trick.js";
import { buildControls, renderControls } from "./controls.js";
import { buildLog, logLine } from "./log.js";
import {
  renderPanel, showScoreSheet, showLastTrick, showCorruptSave, confirmNewGame, closeDialog,
} from "./dialogs.js";
import { openSettings } from "./settings-dialog.js";
import * as game from "./game.js";
import { enableOffline } from "./pwa.js";

const root = document.documentElement;
const config = JSON.parse($("#touti-build").textContent);
// Start the engine first: it is the slow part, the page draws meanwhile.
state.config = config;
state.settings = loadSettings();
const client = new EngineClient(config, progress);
let starting = client.start();

const ui = {};

function progress(stage, bytes) {
  const steps = { runtime: 1, engine: 2, ready: 3 };
  if (stage === "download") {
    $("#boot-text").textContent = t("boot.download", { mb: (bytes / 1e6).toFixed(1) });
    return;
  }
  $("#boot-progress").value = steps[stage] || 0;
  $("#boot-text").textContent = t(`boot.${stage}`);
}

function buildUI() {
  buildBar($("#bar"), menu);
  const { seats } = buildTable($("#table"));
  ui.seats = seats;
  ui.info = $("#info");
  ui.panel = $("#panel");
  buildTrick($("#trick"));
  buildControls($("#controls"), (action) => game.act(action));
  ui.actions = $("#actions");
  ui.turnLine = $("#turn-line");
  ui.notes = $("#notes");
  ui.message = $("#message");
  buildHand($("#hand"), (card) => game.playCard(card));
  buildLog($("#log"));
  onRender((st) => {
    renderTable(ui, st);
    renderTrick(st.shownTrick);
    renderHand($("#hand"), st);
    renderControls(ui, st);
    renderPanel(ui.panel, st, { act: game.act, newGame: () => startNew(), sheet: () => showScoreSheet(st.view) });
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea, dialog")) return;
    if (event.key === "h" || event.key === "H") game.askHint();
  });
}

function menu(name) {
  switch (name) {
    case "hint": return game.askHint();
    case "last": return showLastTrick(state.view);
    case "sheet": return showScoreSheet(state.view);
    case "log": return $("#app").classList.toggle("show-log");
    case "settings": return settingsDialog();
    case "new": return confirmNewGame(() => startNew());
    default: return undefined;
  }
}

function startNew(seed = randomSeed(), rules = state.settings.rules) {
  closeDialog();
  return game.newGame(seed, rules);
}

function settingsDialog() {
  const v = state.view;
  openSettings({ settings: state.settings, seed: state.seed, rules: v ? v.rules : state.settings.rules }, {
    apply(next, { newGame, rulesChanged }) {
      const relocalize = next.locale !== state.settings.locale;
      saveSettings(next);
      if (relocalize) {
        location.reload();
        return;
      }
      update({ settings: next });
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

// -------------------------------------------------------------- start-up
function fragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  return { code: params.get("game"), record: params.get("record") };
}

function decodeRecord(text) {
  try {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    return JSON.parse(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)));
  } catch {
    return null;
  }
}

async function firstGame() {
  const { code, record } = fragment();
  if (record) {
    const parsed = decodeRecord(record);
    const r = parsed ? await game.resume({ record: parsed }) : { ok: false, reason: "unreadable" };
    if (r.ok) return;
    showCorruptSave(r.reason, () => startNew());
    return;
  }
  if (code) {
    const parsed = decodeCode(code);
    if (parsed) return startNew(parsed.seed, parsed.rules);
  }
  const saved = loadGame();
  if (saved.status === "ok") {
    const r = await game.resume(saved.save);
    if (r.ok) return;
    quarantineGame();
    showCorruptSave(r.reason, () => startNew());
    return;
  }
  if (saved.status === "corrupt") {
    quarantineGame();
    showCorruptSave(saved.reason, () => startNew());
    return;
  }
  await startNew();
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
  game.attach(client);
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
$("#boot-retry").textContent = t("boot.retry");

await setLocale(state.settings.locale);
buildUI();
progress("runtime");
update({});
boot();
window.addEventListener("error", (e) => logLine(String(e.message), "error"));
