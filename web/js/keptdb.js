// The site's IndexedDB database ("touti"): the player's history, one record
// a game (store "games", by id, with an index on when it started), and the
// kept wheels of the player's bots (store "wheels", by file name).
//
// keptDB() resolves with the open database, or with null when the browser
// does not let the site use IndexedDB: the history and the wheels then stay
// in localStorage as before (history.js, userbots.js), and the page says
// that storage is limited.

import { openDB } from "./idb.js";

export const DB_NAME = "touti";
export const DB_VERSION = 1;

function upgrade(db, oldVersion) {
  if (oldVersion < 1) {
    const games = db.createObjectStore("games", { keyPath: "id" });
    games.createIndex("started", "started");
    db.createObjectStore("wheels", { keyPath: "filename" });
  }
}

let opening = null;
/** The connection `opening` resolved with (null until then, or when there is none). */
let held = null;

/** Whether a connection was open in this visit (then the history and wheels live in the database). */
let heldOnce = false;

/**
 * The open database, or null (IndexedDB unavailable); opened once, and again
 * after the connection was closed under the page (another tab deleting or
 * upgrading the database, the browser clearing the site's data).  Once a
 * connection was open in this visit, a failed reopen (a newer version of the
 * site upgraded the database in another tab) rejects instead, and the next
 * call tries again: what the database holds is never taken for nothing, and
 * writes are never sent elsewhere without a word.
 */
export function keptDB(factory = () => globalThis.indexedDB) {
  opening ??= openDB(DB_NAME, DB_VERSION, upgrade, factory).then((db) => {
    const forget = () => forgetDB(db);
    db.addEventListener("close", forget);              // closed by the browser
    db.onversionchange = () => {                       // another tab deletes it or opens a newer version: it goes on
      db.close();
      forget();
    };
    held = db;
    heldOnce = true;
    return db;
  }, (err) => {
    if (!heldOnce) return null;
    opening = null;
    throw err;
  });
  return opening;
}

/**
 * Connection `db` can no longer be used (closed, though its "close" event may
 * not have come yet): it is closed, and the next keptDB() opens the database again.
 */
export function forgetDB(db) {
  if (db && held === db) {
    held = null;
    opening = null;
    try {
      db.close();
    } catch { /* already closed */ }
  }
}
