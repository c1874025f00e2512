// Bots of the player's own, on the page's side (docs/bot-api.md): a wheel
// sent to the bots' sandbox (botbox.js: installed and imported there, the bot
// lives there for this visit), the wheels kept on this device
// so that a later visit loads them again in one click (offline too), and the
// words of a decision the engine's own bot took instead.
//
// The kept wheels live in IndexedDB (keptdb.js, store "wheels": openWheels()
// reads them at start-up, copying in those of localStorage's touti.bots.v1
// first, and this visit's copy answers keptWheels()); when the browser does
// not let the site use IndexedDB they stay in localStorage as before.  A kept
// list that cannot be read is set aside (aside.js), never written over.

import { t } from "./i18n.js";
import { siteStore } from "./storage.js";
import { addUserLevel } from "./settings.js";
import { readKept } from "./aside.js";
import { keptDB, forgetDB } from "./keptdb.js";
import { request, transact } from "./idb.js";

const KEY = "touti.bots.v1";
/** The largest wheel the page sends (the sandbox takes 4 MB) and the largest it keeps. */
export const MAX_WHEEL = 4_000_000;
export const MAX_KEPT_BYTES = 512 * 1024;
/** How many wheels are kept (the most recent ones). */
export const MAX_KEPT = 6;
const WHEEL_NAME = /^[A-Za-z0-9_.+!-]{1,200}\.whl$/;

/** Bytes as base64 (in chunks: a wheel may be large). */
export function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

const isWheel = (w) => !!w && typeof w === "object" && typeof w.filename === "string" && WHEEL_NAME.test(w.filename)
  && typeof w.data === "string" && Array.isArray(w.bots);
const newestFirst = (a, b) => (b.at || 0) - (a.at || 0);
const checkList = (list) => (Array.isArray(list) ? list.filter(isWheel) : null);

/** The database of the kept wheels and this visit's copy of them, once openWheels() has read them (else localStorage). */
let wheelDB = null;
let inDB = null;
/** Counts this visit's changes of the list (kept, forgotten): a read begun before one is out of date. */
let changes = 0;
const usesDB = (store) => inDB !== null && store === siteStore;

/**
 * Reads the kept wheels from IndexedDB, after copying in those kept in
 * localStorage (which are removed once copied and checked); call it once at
 * start-up.  Resolves "idb", or "local" when they stay in localStorage.
 */
export async function openWheels(store = siteStore, db = () => keptDB()) {
  const conn = await db();
  if (!conn) return "local";
  try {
    const old = readKept(KEY, checkList, store) || [];
    if (old.length) {
      await transact(conn, "wheels", "readwrite", async ({ wheels }) => {
        for (const w of old) {
          const have = await request(wheels.get(w.filename));
          if (!isWheel(have) || (w.at || 0) > (have.at || 0)) wheels.put(w);
        }
      });
    }
    const all = (await transact(conn, "wheels", "readonly", ({ wheels }) => request(wheels.getAll())))
      .filter(isWheel).sort(newestFirst);
    if (!old.every((w) => all.some((x) => x.filename === w.filename))) return "local";
    if (store.read(KEY) !== null) store.remove(KEY);
    wheelDB = conn;
    inDB = all.slice(0, MAX_KEPT);
    return "idb";
  } catch {
    return "local";                 // the localStorage list stays as it is
  }
}

/**
 * Reads the kept wheels from the database again: this visit's copy may be out
 * of date (another tab kept or forgot a wheel, or deleted the database: the
 * browser clearing the site's data).  Resolves true when the list changed;
 * false, and the list as it was, when they live in localStorage or the
 * database cannot be read (a newer version of the site upgraded it).
 */
export async function refreshWheels() {
  if (inDB === null) return false;
  const before = changes;
  try {
    const all = (await wheelsTx("readonly", ({ wheels }) => request(wheels.getAll())))
      .filter(isWheel).sort(newestFirst).slice(0, MAX_KEPT);
    if (changes !== before) return false;      // kept or forgotten here meanwhile: that list is newer
    const was = inDB;
    inDB = all;
    return all.length !== was.length || all.some((w, i) => w.filename !== was[i].filename || w.at !== was[i].at);
  } catch {
    return false;
  }
}

/** The wheels kept on this device: [{filename, data (base64), bots: [names], at}], the newest first. */
export function keptWheels(store = siteStore) {
  if (usesDB(store)) return inDB.map((w) => ({ ...w }));
  return readKept(KEY, checkList, store) || [];
}

/**
 * `fn(stores)` in a transaction over the kept wheels; when the connection was
 * closed under the page (another tab deleted or upgraded the database, the
 * browser cleared the site's data), once more on the database opened again.
 */
async function wheelsTx(mode, fn) {
  try {
    return await transact(wheelDB, "wheels", mode, fn);
  } catch (err) {
    if (err?.name !== "InvalidStateError") throw err;
    forgetDB(wheelDB);
    const conn = await keptDB();
    if (!conn) throw err;
    wheelDB = conn;
    return transact(conn, "wheels", mode, fn);
  }
}

/** Keeps a wheel (replacing one of the same file name); resolves false when it could not be kept. */
async function keepWheel(entry, store) {
  if (entry.data.length > (MAX_KEPT_BYTES * 4) / 3 + 4) return false;
  if (usesDB(store)) {
    changes += 1;
    try {
      inDB = await wheelsTx("readwrite", async ({ wheels }) => {
        const others = (await request(wheels.getAll())).filter((w) => isWheel(w) && w.filename !== entry.filename)
          .sort(newestFirst);
        wheels.put(entry);
        for (const w of others.slice(MAX_KEPT - 1)) wheels.delete(w.filename);
        return [entry, ...others.slice(0, MAX_KEPT - 1)];
      });
      return true;
    } catch {
      return false;
    }
  }
  const list = [entry, ...keptWheels(store).filter((w) => w.filename !== entry.filename)].slice(0, MAX_KEPT);
  return store.write(KEY, JSON.stringify(list));
}

export function forgetWheel(filename, store = siteStore) {
  if (usesDB(store)) {
    changes += 1;
    inDB = inDB.filter((w) => w.filename !== filename);
    wheelsTx("readwrite", ({ wheels }) => request(wheels.delete(filename))).catch(() => {});
    return;
  }
  store.write(KEY, JSON.stringify(keptWheels(store).filter((w) => w.filename !== filename)));
}

/**
 * Sends a wheel to the bots' sandbox (botbox.js), which installs it and imports
 * its bots; their levels are then accepted by the settings.  Resolves with the
 * sandbox's answer ({ok, bots} or {ok: false, error}) and, when loaded,
 * `kept`: whether the wheel is kept on this device.
 */
export async function loadWheel(botbox, filename, data, store = siteStore) {
  const base64 = typeof data === "string" ? data : toBase64(data);
  const ans = await botbox.load(filename, base64);
  if (!ans.ok) return ans;
  for (const bot of ans.bots) addUserLevel(bot.level);
  const kept = await keepWheel({ filename, data: base64, bots: ans.bots.map((b) => b.name), at: Date.now() }, store);
  return { ...ans, kept };
}

/** Tells the settings which bots the sandbox has loaded. */
export function acceptLoaded(loaded) {
  for (const bot of loaded) addUserLevel(bot.level);
}

/** The file name of a wheel URL, or null when it is not a wheel of this site. */
export function wheelOfUrl(text, base = document.baseURI, origin = location.origin) {
  let url;
  try {
    url = new URL(String(text).trim(), base);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const name = decodeURIComponent(url.pathname.split("/").pop() || "");
  return WHEEL_NAME.test(name) ? { url: url.href, filename: name } : null;
}

/** A wheel's file name the engine takes. */
export function isWheelName(name) {
  return WHEEL_NAME.test(name);
}

/** The sentence of a loaded bot's decision that the engine's bot took instead. */
export function fallbackText(f) {
  const params = { bot: f.bot, detail: f.detail, seconds: (f.ms / 1000).toFixed(1), cap: f.cap_ms / 1000 };
  return t(`bots.fallback.${["illegal", "error", "slow", "hung"].includes(f.kind) ? f.kind : "error"}`, params);
}

/** The sentence of a bridge error of this feature (a bot that could not be loaded...). */
export function botErrorText(error) {
  const p = error.params || {};
  if (error.code === "bot_load_failed") return t("bots.error.load", { bot: p.bot, detail: p.detail });
  if (error.code === "bot_load_hung") return t("bots.error.load_hung", { bot: p.bot, seconds: p.seconds });
  if (error.code === "sandbox_failed") return t("bots.error.sandbox", { detail: p.detail });
  if (error.code === "bot_not_loaded") return t("bots.error.not_loaded", { bot: p.bot });
  return t("bots.error.other", { detail: error.params?.detail || error.message });
}
