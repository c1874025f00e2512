// The message catalogue: every text a person reads goes through t().
//
// A language is one file, web/messages/<code>.json: the same keys as
// en.json, each a message in a small subset of ICU MessageFormat (format.js:
// arguments, select, plural).  The build lists the files it finds (with each
// one's "meta.name", the language in its own name) in the page's
// configuration, so adding a language is adding its file.  "meta.dir" is
// "rtl" for Arabic.  A key a catalogue lacks falls back to English.

import { compile, format } from "./format.js";
import { numberText, setRightToLeft } from "./bidi.js";

/** Languages the page offers: code -> its own name (from the build, or set by tests). */
export const LOCALES = {};

const catalogues = {};          // code -> {key: message text}
const compiled = new Map();     // `${code}\0${key}` -> nodes
let code = "en";

/** Declares the languages the page has (the build's `locales`). */
export function configureLocales(map) {
  for (const k of Object.keys(LOCALES)) delete LOCALES[k];
  Object.assign(LOCALES, map || { en: "English" });
}

/** Adds a catalogue already loaded (Node tests; the fetched ones). */
export function useCatalogue(lang, messages) {
  catalogues[lang] = messages;
  for (const k of [...compiled.keys()]) if (k.startsWith(`${lang}\0`)) compiled.delete(k);
}

function message(lang, key) {
  const cat = catalogues[lang];
  if (!cat || !Object.hasOwn(cat, key)) return null;
  const id = `${lang}\0${key}`;
  if (!compiled.has(id)) compiled.set(id, compile(String(cat[key])));
  return compiled.get(id);
}

/** The text of `key` with its arguments filled from `params` (the key itself if no catalogue has it). */
export function t(key, params = {}) {
  return fill(key, params, null);
}

/** `t`, pushing on `missing` the arguments the text needed and `params` did not hold. */
function fill(key, params, missing) {
  let lang = code;
  let nodes = message(code, key);
  if (!nodes) {
    lang = "en";
    nodes = message("en", key);
  }
  if (!nodes) return key;
  return format(nodes, params, lang, null, missing);
}

/** True when `key` exists in English (every key does) or the current language. */
export function has(key) {
  return !!(catalogues[code] && Object.hasOwn(catalogues[code], key))
    || !!(catalogues.en && Object.hasOwn(catalogues.en, key));
}

export function locale() {
  return code;
}

/**
 * The language to speak: `chosen` (?lang=, or the setting) when the page has
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

/** Fetches a language's catalogue (from the app folder of `base`). */
async function fetchCatalogue(lang, base) {
  const res = await fetch(new URL(`messages/${lang}.json`, base));
  if (!res.ok) throw new Error(`messages/${lang}.json: HTTP ${res.status}`);
  useCatalogue(lang, await res.json());
}

/**
 * Switches language (unknown codes keep English), loading its catalogue from
 * `base` (the app folder's URL) when needed; sets lang and dir on <html>.
 */
export async function setLocale(next, base) {
  const want = Object.hasOwn(LOCALES, next) ? next : "en";
  try {
    if (!catalogues.en) await fetchCatalogue("en", base);
    if (!catalogues[want]) await fetchCatalogue(want, base);
    code = want;
  } catch {
    code = catalogues.en ? "en" : code;
  }
  setRightToLeft(t("meta.dir") === "rtl");
  const root = globalThis.document?.documentElement;
  if (root) {
    root.lang = code;
    root.dir = t("meta.dir") === "rtl" ? "rtl" : "ltr";
  }
  return code;
}

// --------------------------------------------------------------- game words
/** "Rey of swords" for "12E". */
export function cardName(card) {
  const m = /^(\d+)([OCEB])$/.exec(card);
  if (!m) return card;
  return t("card", { rank: t(`rank.${m[1]}`), suit: t(`suit.${m[2]}`), r: m[1], s: m[2] });
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

/** The catalogue's words for a seat acting: {who, you}, for messages that agree with the person. */
export function who(seat) {
  return { who: seatName(seat), you: seat === 0 };
}

/**
 * An engine refusal in the player's language, from its code and params (the
 * catalogue's `refusal.<case>` or `refusal.<code>`).  In English the engine's
 * own sentence is shown: it is the reference the catalogue translates from,
 * and the fallback of any code a catalogue lacks.
 */
export function refusalText(error) {
  const p = error.params || {};
  const key = typeof p.case === "string" && has(`refusal.${p.case}`) ? `refusal.${p.case}` : `refusal.${error.code}`;
  if ((code === "en" && error.message) || !has(key)) return error.message || t("refusal.internal");
  const missing = [];
  const text = fill(key, refusalParams(p, missing), missing);
  // a fact the sentence needs is missing (a sender that is broken, or hostile and its
  // made-up facts dropped): a plain refusal, never a "{minimum}" on the table
  return missing.length ? t("refusal.unworded") : text;
}

/**
 * A signal's (or an early announcement's) name in the current language: the
 * catalogue's `signal.name.<signal>` (in English the engine's own names, AS,
 * COMPTE, +10, PASS), else the name as it is ("+10" held left to right).
 */
export function signalName(signal) {
  const key = `signal.name.${signal}`;
  return has(key) ? t(key) : numberText(String(signal));
}

/**
 * Cards, lists of cards, suits and seats of a refusal's (or a hint's) params, in
 * words; a phase, an action or a sentence said before that the catalogue does not
 * have is left out (its argument then missing, pushed on `missing` when given).
 */
export function refusalParams(params, missing = null) {
  const out = { ...params };
  for (const k of ["card", "beaten", "winning", "partner_card"]) {
    if (typeof params[k] === "string") out[k] = cardName(params[k]);
  }
  for (const k of ["legal", "missing", "tops", "higher"]) {
    if (Array.isArray(params[k])) {
      out[k] = listOf(params[k].map(cardName));
      out[`${k}_n`] = params[k].length;
    }
  }
  for (const k of ["suit", "led", "trump"]) {
    out[`has_${k}`] = typeof params[k] === "string";
    if (typeof params[k] === "string") out[k] = suitName(params[k]);
  }
  if (Array.isArray(params.aces)) {
    out.aces = listOf(params.aces.map(suitName));
    out.aces_n = params.aces.length;
  }
  if (Array.isArray(params.partner_signals)) {
    out.partner_signals = listOf(params.partner_signals.map(signalName));
    out.signals_n = params.partner_signals.length;
  }
  for (const k of ["chance", "theirs", "best"]) out[`has_${k}`] = params[k] !== null && params[k] !== undefined;
  if (Number.isInteger(params.to_act)) out.who = seatName(params.to_act);
  for (const k of ["phase", "action"]) {
    if (!(k in params)) continue;
    const key = `refusal.${k}.${params[k]}`;
    if (typeof params[k] === "string" && has(key)) out[k] = t(key);
    else delete out[k];
  }
  if ("before" in params) {
    const key = `refusal.before.${String(params.before).split(".").pop()}`;
    // the contract only when given: else the sentence's {contract} is missing, not "undefined"
    const contract = Number.isInteger(params.contract) ? { contract: params.contract } : {};
    if (!params.before) out.before = "";
    else if (typeof params.before === "string" && has(key)) out.before = fill(key, contract, missing);
    else delete out.before;
  }
  return out;
}

/** The catalogue key of a scenario's text: title, area, caption, or note (with its action's label). */
export function scenarioKey(id, part, label = null) {
  if (part !== "note") return `scenario.${id}.${part}`;
  return `scenario.${id}.note.${label === "*" ? "any" : String(label).replace(/ /g, "_")}`;
}

/**
 * A rule scenario's text in the player's language.  The English is the
 * scenario's own (web/scenarios/<id>.json, written and checked by
 * tools/make_scenarios.py); other languages translate it in their catalogue
 * under scenario.<id>.*.  `english` is the scenario's text.
 */
export function scenarioText(id, part, english, label = null) {
  const key = scenarioKey(id, part, label);
  return code !== "en" && catalogues[code] && Object.hasOwn(catalogues[code], key) ? t(key) : english;
}

/**
 * A hint's reason in the player's language, from its code and params: the
 * catalogue's `hint.reason.<code>`, in English too (the engine words its own
 * `reason` from the same English message: touti_core/catalogue.py).  The
 * engine's sentence is the fallback of a code the catalogue lacks.
 */
export function hintText(hint) {
  const key = `hint.reason.${hint.code}`;
  if (!hint.code || !has(key)) return hint.reason;
  return t(key, refusalParams(hint.params || {}));
}

/** "a, b and c" in the current language. */
export function listOf(items) {
  try {
    return new Intl.ListFormat(code, { style: "long", type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}
