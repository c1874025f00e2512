// The message catalogue: every user-facing text goes through t().
//
// English is built in; other languages are files in messages/ with the same
// keys, loaded on demand (missing keys fall back to English).  A catalogue's
// "meta.dir" sets the page direction (Arabic: "rtl").

import en from "./messages/en.js";

/** Languages offered in the settings (code -> its own name). */
export const LOCALES = { en: "English" };

let current = en;
let code = "en";

/** The text of `key` with its {placeholders} filled from `params`. */
export function t(key, params = {}) {
  const v = key in current ? current[key] : en[key];
  if (v === undefined) return key;
  if (typeof v === "function") return v(params);
  return v.replace(/\{([\w.+]+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** True when the current catalogue has its own text for `key`. */
export function hasOwn(key) {
  return key in current;
}

export function locale() {
  return code;
}

/**
 * The language to speak: `chosen` (the setting, or ?lang=) when the page has
 * it, else the first of the browser's preferred languages it has, else English.
 */
export function pickLocale(chosen, languages = globalThis.navigator?.languages || []) {
  if (typeof chosen === "string" && Object.hasOwn(LOCALES, chosen)) return chosen;
  for (const tag of languages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (Object.hasOwn(LOCALES, base)) return base;
  }
  return "en";
}

/** Switches language (unknown codes keep English); sets lang and dir on <html>. */
export async function setLocale(next) {
  if (next && next !== "en" && Object.hasOwn(LOCALES, next)) {
    try {
      current = (await import(`./messages/${next}.js`)).default;
      code = next;
    } catch {
      current = en;
      code = "en";
    }
  } else {
    current = en;
    code = "en";
  }
  const root = document.documentElement;
  root.lang = code;
  root.dir = t("meta.dir");
}

// --------------------------------------------------------------- game words
/** "Rey of swords" for "12E". */
export function cardName(card) {
  const m = /^(\d+)([OCEB])$/.exec(card);
  if (!m) return card;
  return t("card", { rank: t(`rank.${m[1]}`), suit: t(`suit.${m[2]}`) });
}

export function suitName(letter) {
  return t(`suit.${letter}`);
}

export function seatName(seat) {
  return t(`seat.${seat}`);
}

export function teamName(team) {
  return t(`team.${team}`);
}

/** An engine refusal in the player's language (the engine's own sentence in English). */
export function refusalText(error) {
  const key = `refusal.${error.code}`;
  return hasOwn(key) ? t(key, error.params || {}) : error.message;
}
