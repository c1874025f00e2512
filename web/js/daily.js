// The deal of the day: one deal a day for everyone, chosen from the local
// date (the same deal worldwide on that date), played as a one-hand game
// against three normal bots under the default rules.  The results, the
// streak of days played in a row and the best results are kept locally
// (touti.daily.v1).

import { siteStore } from "./storage.js";
import { readKept } from "./aside.js";

const KEY = "touti.daily.v1";
export const DAILY_LEVELS = { 1: "normal", 2: "normal", 3: "normal" };

/** The local date of `now` as YYYY-MM-DD. */
export function dayOf(now = new Date()) {
  const p = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/**
 * A day ("YYYY-MM-DD") as the reader's language writes it ("December 6, 2026",
 * "1er décembre 2026"), in Western digits as the rest of the page; the day as
 * it is when it is not one (a damaged record) or the browser cannot write it.
 */
export function dayText(day, lang) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(day));
  if (!m) return String(day);
  const date = new Date(2000, 0, 1);
  date.setFullYear(+m[1], +m[2] - 1, +m[3]);          // new Date(y, ...) reads 0 to 99 as 1900 to 1999
  if (date.getFullYear() !== +m[1] || date.getMonth() !== +m[2] - 1 || date.getDate() !== +m[3]) return String(day);
  try {
    const parts = new Intl.DateTimeFormat(lang || "en", { dateStyle: "long", numberingSystem: "latn" }).formatToParts(date);
    // French writes the first of a month "1er"
    const first = /^fr\b/i.test(lang) && date.getDate() === 1;
    return parts.map((p) => (first && p.type === "day" ? `${p.value}er` : p.value)).join("");
  } catch {
    return String(day);
  }
}

/** The deal's seed of a day: FNV-1a of "touti-daily/<day>" (32 bits). */
export function seedOfDay(day) {
  let hash = 0x811c9dc5;
  for (const ch of `touti-daily/${day}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const isObject = (x) => !!x && typeof x === "object" && !Array.isArray(x);

/** A day kept as recordDay keeps it: the hand's result, its score and points. */
const isDay = (r) => isObject(r) && isObject(r.result) && Number.isFinite(r.score) && Number.isFinite(r.points);

/**
 * The days played; a kept text that cannot be read, or a day in it that is not
 * one, is set aside (aside.js), never written over.
 */
export function loadDaily(store = siteStore) {
  return readKept(KEY, (d) => (isObject(d) && isObject(d.days) && Object.values(d.days).every(isDay) ? d : null),
    store) || { days: {} };
}

/** The score of a hand for the player's team: what it scored minus what the others did. */
export function scoreOf(result) {
  return result.cancelled ? 0 : result.delta[0] - result.delta[1];
}

/** Keeps the result of `day` (the first finished play of that day counts). */
export function recordDay(day, result, record, gameId, store = siteStore) {
  const d = loadDaily(store);
  if (!d.days[day]) {
    d.days[day] = { result, score: scoreOf(result), points: result.points[0], record, gameId };
    store.write(KEY, JSON.stringify(d));
  }
  return d.days[day];
}

/** Days played in a row, up to `day` (or to the day before, when `day` is not played yet). */
export function streak(days, day) {
  let n = 0;
  const at = new Date(`${day}T12:00:00`);
  if (!days[day]) at.setDate(at.getDate() - 1);
  while (days[dayOf(at)]) {
    n += 1;
    at.setDate(at.getDate() - 1);
  }
  return n;
}

/** The best days: [{day, score, points}], best first. */
export function bestDays(days, count = 5) {
  return Object.entries(days).map(([day, r]) => ({ day, score: r.score, points: r.points }))
    .sort((a, b) => b.score - a.score || b.points - a.points || a.day.localeCompare(b.day)).slice(0, count);
}
