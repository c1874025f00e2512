// What the friends' screens keep on this device: the player's name, the
// opt-in "help connections across networks" (off by default), the seat token
// of the table this page last sat at, and the host's table (to resume it
// after a reload).

import { siteStore } from "../storage.js";

const PREFS = "touti.friends.v1";
const TABLE = "touti.friends.table.v1";

function read(key, check) {
  try {
    const d = JSON.parse(siteStore.read(key) ?? "null");
    return check(d) ? d : null;
  } catch {
    return null;
  }
}

const isObj = (d) => !!d && typeof d === "object" && !Array.isArray(d);

/** {name, stun, seat: {h, s, t} or null} */
export function loadPrefs() {
  const d = read(PREFS, isObj) || {};
  return { name: typeof d.name === "string" ? d.name.slice(0, 40) : "", stun: d.stun === true,
    seat: isObj(d.seat) && typeof d.seat.h === "string" && typeof d.seat.t === "string" ? d.seat : null };
}

export function savePrefs(change) {
  siteStore.write(PREFS, JSON.stringify({ ...loadPrefs(), ...change }));
}

/** The host's table kept: {id, record, seats, levels}, or null. */
export function loadTable() {
  return read(TABLE, (d) => isObj(d) && typeof d.id === "string" && isObj(d.record) && Array.isArray(d.seats));
}

export function saveTable(table) {
  if (table) siteStore.write(TABLE, JSON.stringify(table));
  else siteStore.remove(TABLE);
}
