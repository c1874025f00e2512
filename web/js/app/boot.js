// Start-up: the boot overlay's progress while the engine starts (with a
// retry when it fails), then the first game: the link the page was opened
// with, or the saved game (this tab takes the game unless it opens on a
// screen), the welcome of a first visit, and the screens on hash changes.

import { $, h } from "../dom.js";
import { t } from "../i18n.js";
import { loadGame, loadPrevious } from "../save.js";
import { openDialog } from "../dialogs.js";
import { enableOffline } from "../pwa.js";
import { routeOf } from "../router.js";
import { START_WAIT_MS } from "../tabs.js";

const WELCOMED = "touti.welcomed";

/** The boot overlay's progress bar and words for the engine's start-up `stage` (engine-client.js's progress). */
export function showProgress(stage, bytes, total) {
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

/**
 * createBoot({root, client, starting, store, storage, ui, links, owner, showRoute, kept}) -> boot():
 * - `root`: the page's <html> (data-ready, data-phase "error");
 * - `client`: the engine, `starting`: its start already under way (Retry starts it again);
 * - `store`: the page's store.js; `storage`: the site's Store (storage.js);
 * - `ui`: the page's parts ({bar}); `links`: app/links.js (takeLink); `owner`: app/owner.js (playHere);
 * - `showRoute()`: app/screens.js's; `kept`: a promise, the history and the wheels opened.
 * Listens to the Retry button from its creation.
 */
export function createBoot({ root, client, starting, store, storage, ui, links, owner, showRoute, kept }) {
  const { update } = store;
  const { takeLink } = links;
  const { playHere } = owner;

  /** A first visit (nothing kept yet, no link): two doors, Learn to play and Play. */
  function welcome() {
    storage.write(WELCOMED, "1");
    openDialog("welcome", t("welcome.title"), h("p", {}, t("welcome.text")), [
      [t("welcome.play"), null, { id: "welcome-play" }],
      [t("welcome.learn"), () => { location.hash = "#learn"; }, { class: "primary", id: "welcome-learn" }],
    ]);
  }

  /** Follows the address's new hash: a link (#record=, #game=...) or a screen. */
  async function follow() {
    const next = takeLink();
    if (next) {
      if (!(await playHere({ link: next }))) showRoute();
      return;
    }
    if (routeOf(location.hash).view === "game") await playHere();
    showRoute();
  }

  async function firstGame() {
    // A link followed while the page starts (its first game, the history still
    // opening) is not lost: it is followed once the page is ready for it.
    let listening = false;
    let missed = false;
    window.addEventListener("hashchange", () => {
      if (listening) follow();
      else missed = true;
    });
    const link = takeLink();
    const first = !link && storage.read(WELCOMED) === null && loadGame().status === "none"
      && storage.read("touti.settings.v1") === null && !routeOf(location.hash).payload
      && routeOf(location.hash).view === "game";
    // a screen (the lesson, the rules...) leaves the game alone: it is taken when shown
    if (link || routeOf(location.hash).view === "game") await playHere(link && { link }, { wait: START_WAIT_MS });
    if (first) welcome();
    ui.bar.setPrevious(loadPrevious().status === "ok");
    await kept;                          // the screens read the history and the wheels
    listening = true;
    if (missed) follow();                // (its question, if any, does not hold up the rest)
    else await showRoute();
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
    showProgress("runtime");
    boot();
  });

  return boot;
}
