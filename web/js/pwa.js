// Offline play and updates.
//
// Names the web app manifest (installable) and registers the service worker
// (sw.js, written by the build with this version's file list), which makes
// the game work offline after this visit.
// When a new version has been installed in the background, a banner says so:
// between hands (or before a game, or after an error) it offers to reload now;
// during a hand it only announces the update for the end of the hand, so a
// version never changes under a hand in progress.  Reloading asks the waiting
// worker to take over, then reloads the page; the saved game (localStorage)
// resumes exactly, as after any reload.
//
// Test hooks: <div id="update" data-update="ready|after-hand">, the button
// #update-reload.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The engine phases of a hand in progress. */
const IN_HAND = new Set(["auction", "signal", "trump", "play", "ghna", "concession"]);

let banner = null;
let pending = null;        // the installed worker waiting to take over (null: already active)
let offered = false;
let dismissed = false;
let requested = false;

function midHand() {
  return IN_HAND.has(document.documentElement.dataset.phase);
}

function reloadNow() {
  requested = true;
  if (pending && pending.state === "installed") {
    pending.postMessage({ type: "skip-waiting" });
    // "controllerchange" reloads; should it never come, reload anyway.
    setTimeout(() => location.reload(), 4000);
  } else {
    location.reload();
  }
}

function render() {
  if (!offered || dismissed) {
    banner?.remove();
    banner = null;
    return;
  }
  const during = midHand();
  const kind = during ? "after-hand" : "ready";
  if (banner && banner.dataset.update === kind) return;
  const content = during
    ? [h("p", {}, t("update.after_hand"))]
    : [h("p", {}, t("update.ready")),
      h("button", { type: "button", class: "primary", id: "update-reload", onclick: reloadNow }, t("update.reload")),
      h("button", { type: "button", id: "update-later", onclick: () => { dismissed = true; render(); } }, t("update.later"))];
  const next = h("div", { class: "update", id: "update", role: "status", dataset: { update: kind } }, ...content);
  if (banner) banner.replaceWith(next);
  else document.body.append(next);
  banner = next;
}

function offer(worker) {
  pending = worker;
  offered = true;
  render();
}

/**
 * Registers the service worker and watches for new versions; call once the
 * game is running (the first visit's downloads then fill the worker's cache
 * from the HTTP cache).  Resolves with the registration, or null.
 */
export async function enableOffline() {
  // The web app manifest is named now, not in the page's head: browsers fetch
  // its icons (0.3 MB) as soon as they see it, which a first visit on a slow
  // line does not need before the game runs.
  if (!document.querySelector("link[rel='manifest']")) {
    document.head.append(h("link", { rel: "manifest", href: "manifest.webmanifest" }));
  }
  if (!("serviceWorker" in navigator)) return null;
  const sw = navigator.serviceWorker;
  let controlled = !!sw.controller;
  // (listened to before registering: another tab's update may take control meanwhile)
  sw.addEventListener("controllerchange", () => {
    // Our own request: reload into the new version.  Another tab took the
    // update: this page still runs the old one, offer the reload.  (The first
    // install taking control of this page changes nothing.)
    if (requested) location.reload();
    else if (controlled) offer(null);
    controlled = true;
  });
  let reg;
  try {
    reg = await sw.register(new URL("sw.js", document.baseURI),
      { scope: "./", updateViaCache: "none" });
  } catch (err) {
    console.warn("offline play is not available:", err);
    return null;
  }
  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      // "installed" with a controller: an update (the first install has none).
      if (worker.state === "installed" && sw.controller) offer(worker);
    };
    worker.addEventListener("statechange", check);
    check();
  };
  watch(reg.waiting);
  watch(reg.installing);
  reg.addEventListener("updatefound", () => watch(reg.installing));
  new MutationObserver(render).observe(document.documentElement,
    { attributes: true, attributeFilter: ["data-phase"] });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reg.update().catch(() => {});
  });
  return reg;
}
