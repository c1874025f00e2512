// A Store (web/js/storage.js) over a Map, for the tests that keep things:
// what the page would write to localStorage, in memory.
import { Store } from "../../web/js/storage.js";

export function memoryStore() {
  const m = new Map();
  return new Store(() => ({
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
    get length() { return m.size; },
    key: (i) => [...m.keys()][i] ?? null,
  }));
}
