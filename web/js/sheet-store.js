// The score sheets kept on this device (the #sheet screen: views/sheet.js).
//
// touti.sheets.index lists the ids, touti.sheets.<id> holds a sheet; what the
// browser does not keep (storage blocked or full) stays for this visit only.
// An index that cannot be read is set aside (aside.js) and made again from
// the sheets kept.

import { readKept } from "./aside.js";

export const PREFIX = "touti.sheets.";
export const INDEX = `${PREFIX}index`;

/** The sheets of this visit, by store: what the browser does not keep lives here. */
const visits = new WeakMap();

const isId = (id) => typeof id === "string" && /^s[a-z0-9]{1,24}$/.test(id);

/**
 * sheetStore(storage) -> {ids(), get(id), put(id, sheet), remove(id), newId()}
 * over a Store (storage.js); two calls with one Store share this visit's sheets.
 */
export function sheetStore(storage) {
  // sheets: this visit's copies the browser did not keep; added: ids the index could not keep
  if (!visits.has(storage)) visits.set(storage, { index: [], sheets: new Map(), added: new Set() });
  const mem = visits.get(storage);
  const parse = (key) => {
    const text = storage.read(key);
    if (text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  };
  /** The ids, the newest first. */
  function ids() {
    const stored = readKept(INDEX, (v) => (Array.isArray(v) ? v : null), storage);
    if (stored === null) {
      // a damaged index is set aside (aside.js); the sheets are still there: the list is made again from them
      const found = storage.keys().filter((k) => k.startsWith(PREFIX) && isId(k.slice(PREFIX.length)))
        .map((k) => k.slice(PREFIX.length));
      mem.index = [...new Set([...mem.index, ...found])];
      storage.write(INDEX, JSON.stringify(mem.index));
    } else if (stored !== undefined) {
      const listed = stored.filter(isId);
      // the sheets of this visit the kept index lacks (it could not be written) stay listed, the newest first
      mem.index = [...[...mem.added].filter((id) => !listed.includes(id)).reverse(), ...listed];
    }
    return [...mem.index];
  }
  /** A sheet (null: damaged; undefined: none). */
  function get(id) {
    if (mem.sheets.has(id)) return mem.sheets.get(id);      // newer than the copy kept (if any)
    const stored = parse(PREFIX + id);
    if (stored === undefined) return undefined;
    return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : null;
  }
  /** Keeps a sheet; false when the browser did not keep it (it stays for this visit). */
  function put(id, sheet) {
    const list = ids();
    if (!list.includes(id)) list.unshift(id);
    mem.index = list;
    const kept = storage.write(PREFIX + id, JSON.stringify(sheet));
    if (kept) mem.sheets.delete(id);
    else mem.sheets.set(id, sheet);
    const listed = storage.write(INDEX, JSON.stringify(list));
    if (listed) mem.added.delete(id);
    else mem.added.add(id);
    return listed && kept;
  }
  function remove(id) {
    mem.index = ids().filter((x) => x !== id);
    mem.sheets.delete(id);
    mem.added.delete(id);
    storage.remove(PREFIX + id);
    storage.write(INDEX, JSON.stringify(mem.index));
  }
  function newId() {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    return `s${[...bytes].map((b) => b.toString(36).padStart(2, "0")).join("")}`;
  }
  return { ids, get, put, remove, newId };
}
