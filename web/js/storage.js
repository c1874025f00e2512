// The site's storage (localStorage), made safe: blocked storage (private
// modes, some embedded frames: reading localStorage throws SecurityError)
// and a full one (QuotaExceededError) never stop the page.
//
// A Store reports its status — "ok", "blocked" (nothing is kept after this
// visit), "full" (the last write failed even after freeing the site's own
// stale copies) or "newer" (the history's database was upgraded by a newer
// version of the site in another tab: the history is not written until this
// page is reloaded) — to its listeners, so that the page can say so quietly.
// Writes that fail are never silent: write() returns false and the status
// tells why.

/** Our keys that may be dropped to make room (stale copies of our own). */
export const STALE_KEYS = ["touti.game.corrupt"];

function isQuota(err) {
  return !!err && (err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED"
    || err.code === 22 || err.code === 1014);
}

export class Store {
  /** `backend()` returns the Storage object (it may throw, as localStorage does when blocked). */
  constructor(backend = () => globalThis.localStorage) {
    this.backend = backend;
    this.status = "ok";
    this.listeners = [];
    /** Keys holding a damaged value that could not be copied aside: never written over in this visit (aside.js). */
    this.held = new Set();
  }

  onStatus(fn) {
    this.listeners.push(fn);
    fn(this.status);
  }

  setStatus(status) {
    if (status === this.status) return;
    this.status = status;
    for (const fn of this.listeners) fn(status);
  }

  /** The Storage object, or null when the browser blocks it. */
  storage() {
    try {
      const s = this.backend();
      if (!s) throw new Error("no storage");
      return s;
    } catch {
      this.setStatus("blocked");
      return null;
    }
  }

  /** Checks, once, that this browser lets the site keep anything at all. */
  probe() {
    const s = this.storage();
    if (!s) return this.status;
    try {
      s.getItem("touti.probe");
    } catch {
      this.setStatus("blocked");
    }
    return this.status;
  }

  read(key) {
    const s = this.storage();
    if (!s) return null;
    try {
      return s.getItem(key);
    } catch {
      this.setStatus("blocked");
      return null;
    }
  }

  /** The keys kept (none when the storage is blocked). */
  keys() {
    const s = this.storage();
    const out = [];
    if (!s) return out;
    try {
      for (let i = 0; i < s.length; i += 1) {
        const key = s.key(i);
        if (key !== null) out.push(key);
      }
    } catch { /* what could be read */ }
    return out;
  }

  /** Writes `text`; on a full storage frees our stale copies and tries again. */
  write(key, text) {
    if (this.held.has(key)) {            // its damaged value is kept where it is (aside.js)
      this.setStatus("full");
      return false;
    }
    const s = this.storage();
    if (!s) return false;
    try {
      s.setItem(key, text);
    } catch (err) {
      if (!isQuota(err)) {
        this.setStatus("blocked");
        return false;
      }
      let freed = false;
      for (const stale of STALE_KEYS) {
        if (stale === key) continue;
        try {
          if (s.getItem(stale) !== null) {
            s.removeItem(stale);
            freed = true;
          }
        } catch { /* nothing more to free */ }
      }
      try {
        if (!freed) throw err;
        s.setItem(key, text);
      } catch {
        this.setStatus("full");
        return false;
      }
    }
    if (this.status === "full") this.setStatus("ok");
    return true;
  }

  remove(key) {
    if (this.held.has(key)) return;
    const s = this.storage();
    if (!s) return;
    try {
      s.removeItem(key);
    } catch { /* nothing more to do */ }
  }
}

/** The page's store of the site's localStorage. */
export const siteStore = new Store();
