// A small promise wrapper over IndexedDB (no library).  The page keeps the
// player's history and kept wheels there: far more room than localStorage's
// few MB, and one record a game, written in its own transaction, so that two
// tabs never write over each other's games.
//
// openDB() rejects when the browser does not let the site use IndexedDB
// (some private modes, blocked storage, a database of a newer version).

/** A request's result as a promise. */
export function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * Opens database `name` at `version`; `upgrade(db, oldVersion, tx)` creates
 * its stores.  A connection closes itself when another tab opens a newer
 * version (that tab then goes on).
 */
export function openDB(name, version, upgrade, factory = () => globalThis.indexedDB) {
  return new Promise((resolve, reject) => {
    let req;
    try {
      const idb = factory();
      if (!idb) throw new Error("no IndexedDB");
      req = idb.open(name, version);
    } catch (err) {
      reject(err);
      return;
    }
    req.onupgradeneeded = (event) => {
      try {
        upgrade(req.result, event.oldVersion, req.transaction);
      } catch (err) {
        req.transaction.abort();
        reject(err);
      }
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(req.error || new Error("IndexedDB refused"));
  });
}

/**
 * Runs `fn(stores, tx)` in one transaction over the object stores `names`
 * ("readonly" or "readwrite"); `stores` maps each name to its object store.
 * `fn` may await the requests it makes (their results come back while the
 * transaction is active).  Resolves with `fn`'s result once the transaction
 * is committed; rejects (the transaction aborted) when `fn` throws or a
 * request fails.
 */
export function transact(db, names, mode, fn) {
  return new Promise((resolve, reject) => {
    let tx;
    try {
      tx = db.transaction(names, mode);
    } catch (err) {
      reject(err);
      return;
    }
    const stores = Object.fromEntries([names].flat().map((n) => [n, tx.objectStore(n)]));
    let failed = null;
    let started;
    try {
      started = Promise.resolve(fn(stores, tx));
    } catch (err) {
      started = Promise.reject(err);
    }
    const done = started.catch((err) => {
      failed = err;
      try {
        tx.abort();
      } catch { /* already over */ }
    });
    tx.oncomplete = () => done.then((result) => (failed ? reject(failed) : resolve(result)));
    tx.onabort = () => done.then(() => reject(failed || tx.error || new Error("transaction aborted")));
    tx.onerror = () => {};    // onabort follows
  });
}

/** Calls `fn(cursor)` for each record a cursor request visits (stops when fn returns false). */
export function eachCursor(req, fn) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor || fn(cursor) === false) resolve();
      else cursor.continue();
    };
    req.onerror = () => reject(req.error);
  });
}
