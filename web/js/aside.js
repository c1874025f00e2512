// Kept things that could not be read are never written over, never dropped.
//
// A history, the list of challenges, the deals of the day, the score sheets'
// index or the kept wheels whose text does not parse, or has a shape this
// version does not know (another format version), is moved aside as it was,
// under "<key>.corrupt.<time>", before anything is written in its place (the
// game save does the same with touti.game.corrupt, save.js).  When the copy
// cannot be written (a full storage), the key itself is held: nothing writes
// over it or removes it in this visit (Store.held), and the next visit tries
// again.  The rest is untouched.
//
// The player is told once (aside-notice.js: which thing, with a download of
// its text as it was); the history screen lists what is set aside, to
// download or delete later.

import { siteStore } from "./storage.js";

const ASIDE = /^(touti\..+)\.corrupt\.(\d+)$/;
const TOLD = "touti.aside.told";
const listeners = [];

/** What a key keeps, as a word of the catalogue (aside.what.<name>). */
const WHAT = {
  "touti.history.v1": "history",
  "touti.daily.v1": "daily",
  "touti.challenges.v1": "challenges",
  "touti.sheets.index": "sheets",
  "touti.bots.v1": "bots",
};

export function whatOf(key) {
  return WHAT[key] || "other";
}

/** Calls `fn(item)` for everything set aside from now on. */
export function onAside(fn) {
  listeners.push(fn);
  return () => listeners.splice(listeners.indexOf(fn), 1);
}

/**
 * Moves the damaged `text` of `key` aside: {key (where its text is now), of,
 * at, reason, ...extra}.  The copy is written first; only then is the key
 * removed.  If the copy cannot be written the key is held where it is.
 */
export function setAside(key, text, reason, extra = {}, store = siteStore) {
  const at = Date.now();
  let where = `${key}.corrupt.${at}`;
  for (let n = 1; store.read(where) !== null; n += 1) where = `${key}.corrupt.${at + n}`;
  if (store.write(where, text) && store.read(where) === text) {
    store.remove(key);
  } else {
    store.remove(where);
    store.held.add(key);
    where = key;
  }
  const item = { key: where, of: key, at, reason, ...extra };
  for (const fn of [...listeners]) fn(item);
  return item;
}

/**
 * Reads the JSON kept under `key`: `check(value)` returns the value (or a
 * cleaned copy), or null when this version does not know it.  Returns
 * undefined when nothing is kept, null when the text was damaged or of
 * another version (it is then set aside, or held: see setAside).
 */
export function readKept(key, check, store = siteStore) {
  const text = store.read(key);
  if (text === null) return undefined;
  if (store.held.has(key)) return null;       // set aside once this visit already
  let value = null;
  let reason = "unknown format";
  try {
    value = check(JSON.parse(text));
  } catch {
    reason = "not JSON";
  }
  if (value === null || value === undefined) {
    setAside(key, text, reason, {}, store);
    return null;
  }
  return value;
}

/** Everything set aside (and held): [{key, of, at}], oldest first. */
export function asideItems(store = siteStore) {
  const items = [];
  for (const key of store.keys()) {
    const m = ASIDE.exec(key);
    if (m) items.push({ key, of: m[1], at: Number(m[2]) });
  }
  for (const key of store.held) if (!items.some((i) => i.key === key)) items.push({ key, of: key, at: null });
  return items.sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || a.key.localeCompare(b.key));
}

function told(store) {
  try {
    const list = JSON.parse(store.read(TOLD) || "[]");
    return new Set(Array.isArray(list) ? list.filter((k) => typeof k === "string") : []);
  } catch {
    return new Set();
  }
}

/** What the player was not told of yet. */
export function untoldItems(store = siteStore) {
  const seen = told(store);
  return asideItems(store).filter((i) => !seen.has(i.key));
}

/** The player was told of these: they are not shown again. */
export function markTold(items, store = siteStore) {
  const keys = new Set(asideItems(store).map((i) => i.key));
  const list = [...new Set([...told(store), ...items.map((i) => i.key)])].filter((k) => keys.has(k));
  store.write(TOLD, JSON.stringify(list));
}

/** The text set aside under `key` (as it was), or null. */
export function asideText(key, store = siteStore) {
  return store.read(key);
}

/** Deletes a copy set aside (the player's choice: it cannot be read by the page). */
export function dropAside(key, store = siteStore) {
  if (ASIDE.test(key)) store.remove(key);
}
