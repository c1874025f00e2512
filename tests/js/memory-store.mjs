// A Store (web/js/storage.js) over a Map, for the tests that keep things:
// what the page would write to localStorage, in memory.
import { Store } from "../../web/js/storage.js";

/** A localStorage in memory (with key() and length, as the browser's): `store.map` holds it, `store.full()` refuses new text. */
export function memoryStore() {
  const m = new Map();
  let full = false;
  const store = new Store(() => ({
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => {
      if (full) throw Object.assign(new Error("full"), { name: "QuotaExceededError" });
      m.set(k, String(v));
    },
    removeItem: (k) => m.delete(k),
    get length() { return m.size; },
    key: (i) => [...m.keys()][i] ?? null,
  }));
  store.map = m;
  store.full = (on = true) => { full = on; };
  return store;
}
