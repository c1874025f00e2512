// The game in progress, saved after every action as the engine's compact
// record (seed or deal, rules, actions).  The engine checks a record by
// replaying it, so a damaged save is detected, never half-used.
//
// A second slot keeps the previous game: a game replaced by a link (a
// shared game code, a record, a challenge) is moved there, never lost, and
// can be brought back.

import { siteStore } from "./storage.js";

const KEY = "touti.game.v1";
const PREVIOUS_KEY = "touti.game.previous";
const CORRUPT_KEY = "touti.game.corrupt";
export const SAVE_FORMAT = "touti-save/1";

/** Saves a record (and its meta data); false when it could not be kept (see the store's status). */
export function saveGame(record, meta = {}, store = siteStore) {
  return store.write(KEY, JSON.stringify({ format: SAVE_FORMAT, record, ...meta }));
}

function parse(text) {
  if (text === null) return { status: "none" };
  let save;
  try {
    save = JSON.parse(text);
  } catch {
    return { status: "corrupt", reason: "not JSON" };
  }
  if (!save || typeof save !== "object" || save.format !== SAVE_FORMAT ||
      !save.record || typeof save.record !== "object") {
    return { status: "corrupt", reason: "unknown format" };
  }
  return { status: "ok", save };
}

/**
 * {status: "none"} when nothing is saved, {status: "ok", save} for a save
 * that looks right (the engine still checks its record), or
 * {status: "corrupt", reason} for anything else.
 */
export function loadGame(store = siteStore) {
  return parse(store.read(KEY));
}

/** The previous game (same shapes as loadGame). */
export function loadPrevious(store = siteStore) {
  return parse(store.read(PREVIOUS_KEY));
}

/** Moves the current save into the previous-game slot (when there is one). */
export function keepAsPrevious(store = siteStore) {
  const text = store.read(KEY);
  if (text === null) return true;
  return store.write(PREVIOUS_KEY, text);
}

/**
 * Swaps the current game and the previous one; false, both left as they were,
 * when the browser does not keep the swap (storage full or blocked).
 */
export function swapWithPrevious(store = siteStore) {
  const current = store.read(KEY);
  const previous = store.read(PREVIOUS_KEY);
  if (previous === null) return false;
  if (!store.write(KEY, previous)) return false;
  if (current === null) {
    store.remove(PREVIOUS_KEY);
  } else if (!store.write(PREVIOUS_KEY, current)) {
    store.write(KEY, current);           // the current game is not lost: it stays the current one
    return false;
  }
  return true;
}

/** Moves a damaged save aside (kept for a bug report) and clears the slot. */
export function quarantineGame(store = siteStore) {
  const text = store.read(KEY);
  if (text !== null) store.write(CORRUPT_KEY, text);
  store.remove(KEY);
}

export function clearGame(store = siteStore) {
  store.remove(KEY);
}
