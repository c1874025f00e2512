// "Add to Home Screen" on an iPhone or iPad: Safari there never offers the
// install prompt (no beforeinstallprompt, so the menu's Install never
// appears), and a player does not know the app can be put on the Home Screen
// from the Share sheet.  On iOS Safari only, outside the installed app
// (standalone), the page shows a short tip once the game has started: tap
// Share, then "Add to Home Screen".  Closing it keeps it closed on this
// device (touti.install.told).  It follows the page's language.
//
// A module of side effects only: imported once by main.js.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { siteStore } from "./storage.js";

export const TOLD = "touti.install.told";

/**
 * Is this Safari on an iPhone, iPad or iPod (iPadOS says it is a Mac with a
 * touch screen)?  Chrome, Firefox, Edge and Opera on iOS name themselves
 * (CriOS, FxiOS, EdgiOS, OPiOS): their share sheets differ, no tip there.
 */
export function isIosSafari(nav = globalThis.navigator) {
  const ua = String(nav?.userAgent || "");
  const ios = /\b(iPhone|iPad|iPod)\b/.test(ua) || (/\bMacintosh\b/.test(ua) && (nav?.maxTouchPoints || 0) > 1);
  return ios && /\bSafari\//.test(ua) && /\bVersion\//.test(ua) && !/\b(CriOS|FxiOS|EdgiOS|OPiOS|GSA)\//.test(ua);
}

/** Is the page running as the installed app (opened from the Home Screen)? */
export function isStandalone(win = globalThis) {
  return win.navigator?.standalone === true || !!win.matchMedia?.("(display-mode: standalone)").matches;
}

/** Should the tip be shown now? */
export function wantsTip(win = globalThis, store = siteStore) {
  return isIosSafari(win.navigator) && !isStandalone(win) && store.read(TOLD) === null;
}

function tip(close) {
  return h("aside", { class: "ios-install", id: "ios-install", "aria-labelledby": "ios-install-title" },
    h("p", { class: "ios-install-text" },
      h("strong", { id: "ios-install-title" }, t("install.ios.title")), " ",
      t("install.ios.text")),
    h("button", { type: "button", class: "act", id: "ios-install-close", onclick: close }, t("install.ios.close")));
}

function start(doc = document) {
  const root = doc.documentElement;
  let el = null;
  const close = () => {
    siteStore.write(TOLD, "1");
    el?.remove();
    el = null;
    watch.disconnect();
  };
  const draw = () => {
    if (root.dataset.ready !== "true") return;
    const next = tip(close);
    if (el) el.replaceWith(next);
    else doc.body.append(next);
    el = next;
  };
  // once the game has started (the catalogue is there), and again when the language changes
  const watch = new MutationObserver(draw);
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready", "lang"] });
  draw();
}

if (globalThis.document && wantsTip()) start();
