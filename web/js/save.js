// The game in progress, saved after every action in localStorage as the
// engine's compact record (seed or deal, rules, actions).  The engine checks a
// record by replaying it, so a damaged save is detected, never half-used.

const KEY = "touti.game.v1";
const CORRUPT_KEY = "touti.game.corrupt";
export const SAVE_FORMAT = "touti-save/1";

export function saveGame(record, meta = {}, storage = globalThis.localStorage) {
  try {
    storage.setItem(KEY, JSON.stringify({ format: SAVE_FORMAT, record, ...meta }));
    return true;
  } catch {
    return false;
  }
}

/**
 * {status: "none"} when nothing is saved, {status: "ok", save} for a save
 * that looks right (the engine still checks its record), or
 * {status: "corrupt", reason} for anything else.
 */
export function loadGame(storage = globalThis.localStorage) {
  let text;
  try {
    text = storage.getItem(KEY);
  } catch {
    return { status: "none" };
  }
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

/** Moves a damaged save aside (kept for a bug report) and clears the slot. */
export function quarantineGame(storage = globalThis.localStorage) {
  try {
    const text = storage.getItem(KEY);
    if (text !== null) storage.setItem(CORRUPT_KEY, text);
    storage.removeItem(KEY);
  } catch {
    /* nothing more to do */
  }
}

export function clearGame(storage = globalThis.localStorage) {
  try {
    storage.removeItem(KEY);
  } catch {
    /* nothing more to do */
  }
}
