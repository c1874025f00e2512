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

/** The open database, or null (IndexedDB unavailable); opened once. */
export function keptDB(factory = () => globalThis.indexedDB) {
  opening ??= openDB(DB_NAME, DB_VERSION, upgrade, factory).then((db) => {
    const forget = () => { opening = null; };
    db.addEventListener("close", forget);              // closed by the browser
    db.onversionchange = () => {                       // a newer page in another tab: it goes on
      db.close();
      forget();
    };
    return db;
  }, () => null);
  return opening;
}
