// Player settings (bots, speed, language, rules of the next game) and the
// shareable game code.  Rules are immutable for a game in progress: a change
// applies to the next game.
//
// The rule switches are the engine's: the build writes `Rules.describe()`
// (touti_core/rules.py: each switch's kind, default and choices) into the
// page's configuration, and configureRules() takes it.  Nothing here repeats
// the rules; anything read from storage or a URL is checked against those
// descriptions by own keys only, and any unknown value takes its default.

import { siteStore } from "./storage.js";
import { t } from "./i18n.js";
import { setDeck } from "./cardart.js";

const KEY = "touti.settings.v1";

export const LEVELS = ["easy", "normal", "strong"];

// Bots of the player's own (views/bots.js, docs/bot-api.md): a loaded bot plays
// at the level "user:<its name>".  It lives in the bots' sandbox (botbox.js), so
// only for this visit: the settings accept its level once it is loaded
// (addUserLevel), and a stored "user:..." level of a bot not loaded in this
// visit is "normal".

/** A loaded bot's level: "user:" and its name (a letter or digit, then letters, digits, " _.-"). */
export const USER_LEVEL = /^user:[\p{L}\p{N}][\p{L}\p{N}_ .-]{0,39}$/u;
const userLevels = new Set();

/** Accepts a loaded bot's level in the settings (for this visit). */
export function addUserLevel(level) {
  if (USER_LEVEL.test(level)) userLevels.add(level);
}

/** Forgets the loaded bots (their sandbox was stopped). */
export function forgetUserLevels() {
  userLevels.clear();
}

/**
 * Gives the seats of these bots' levels ("user:<name>") back to the normal bot
 * for good: in this visit and in the stored settings (a forgotten bot).
 */
export function dropUserLevels(levels, store = siteStore) {
  for (const level of levels) userLevels.delete(level);
  let raw = null;
  try {
    raw = JSON.parse(store.read(KEY) || "null");
  } catch { /* nothing stored to change */ }
  if (!raw || typeof raw !== "object" || !raw.levels || typeof raw.levels !== "object") return;
  let changed = false;
  for (const seat of ["1", "2", "3"]) {
    if (levels.includes(raw.levels[seat])) {
      raw.levels[seat] = "normal";
      changed = true;
    }
  }
  if (changed) store.write(KEY, JSON.stringify(raw));
}

/** The loaded bots' levels of this visit. */
export function loadedLevels() {
  return [...userLevels];
}

/** The levels a bot seat may take now: the built-in ones, then the loaded bots'. */
export function seatLevels() {
  return [...LEVELS, ...userLevels];
}

/** A level as players read it: the level's word, or a loaded bot's own name. */
export function levelName(level) {
  return typeof level === "string" && USER_LEVEL.test(level) ? level.slice(5) : t(`level.${level}`);
}
export const SPEEDS = Object.freeze({ slow: 1.6, normal: 1, fast: 0.45, instant: 0 });
/** The card pictures: the classic deck, or the colour-blind friendly one (cardart.js DECKS). */
export const DECK_NAMES = ["classic", "clear"];
/** The size of the hand's cards. */
export const CARD_SIZES = ["normal", "large"];
/** Targets offered in the settings (the engine takes any positive multiple of 10). */
export const TARGETS = [100, 200, 300, 400, 500, 600, 800, 1000];

/** The engine's rule switches ([{name, kind, default, choices | multiple_of, minimum, maximum}]). */
let SCHEMA = [];

export function configureRules(schema) {
  SCHEMA = Array.isArray(schema) ? schema : [];
}

export function ruleSchema() {
  return SCHEMA;
}

const own = (obj, key) => typeof key === "string" && Object.hasOwn(obj, key);

export function defaultRules() {
  return Object.fromEntries(SCHEMA.map((f) => [f.name, f.default]));
}

/** One rule value checked against its switch's description. */
function validRule(f, v) {
  if (f.kind === "int") {
    return Number.isSafeInteger(v) && v >= f.minimum && v <= (f.maximum ?? Number.MAX_SAFE_INTEGER)
      && v % f.multiple_of === 0;
  }
  if (f.kind === "choice") return f.choices.includes(v);
  return typeof v === "boolean";
}

export function normalizeRules(raw) {
  const r = defaultRules();
  if (!raw || typeof raw !== "object") return r;
  for (const f of SCHEMA) {
    if (Object.hasOwn(raw, f.name) && validRule(f, raw[f.name])) r[f.name] = raw[f.name];
  }
  return r;
}

export function defaults() {
  return {
    levels: { 1: "normal", 2: "normal", 3: "normal" },
    watch: false,
    takeBacks: false,
    sound: true,
    speed: "normal",
    locale: null,          // null: the browser's languages decide (i18n.js)
    deck: "classic",       // "clear": the colour-blind friendly deck
    cards: "normal",       // "large": larger cards in the hand and on the trick
    rules: defaultRules(),
  };
}

/** Checks and completes a settings object (anything unknown takes its default). */
export function normalize(raw) {
  const s = defaults();
  if (!raw || typeof raw !== "object") return s;
  const levels = raw.levels && typeof raw.levels === "object" ? raw.levels : {};
  for (const seat of ["1", "2", "3"]) {
    if (Object.hasOwn(levels, seat) && seatLevels().includes(levels[seat])) s.levels[seat] = levels[seat];
  }
  s.watch = raw.watch === true;
  s.takeBacks = raw.takeBacks === true;
  s.sound = raw.sound !== false;
  if (own(SPEEDS, raw.speed)) s.speed = raw.speed;
  if (typeof raw.locale === "string" && /^[a-z]{2,3}$/.test(raw.locale)) s.locale = raw.locale;
  // added later: a setting kept before has neither (the defaults), a value this version does not know is its default
  if (DECK_NAMES.includes(raw.deck)) s.deck = raw.deck;
  if (CARD_SIZES.includes(raw.cards)) s.cards = raw.cards;
  s.rules = normalizeRules(raw.rules);
  return s;
}

/**
 * The look the settings ask for, on the page: the deck of the card pictures
 * (cardart.js) and <html data-deck> and data-cards (touti.css: "large"
 * makes the hand's and the trick's cards larger).
 */
export function applyLook(settings, root = globalThis.document?.documentElement) {
  const deck = DECK_NAMES.includes(settings?.deck) ? settings.deck : "classic";
  const cards = CARD_SIZES.includes(settings?.cards) ? settings.cards : "normal";
  setDeck(deck);
  if (root && root.dataset.deck !== deck) root.dataset.deck = deck;
  if (root && root.dataset.cards !== cards) root.dataset.cards = cards;
}

/** A speed name from a URL or storage, or null when it is not one. */
export function speedOf(name) {
  return own(SPEEDS, name) ? name : null;
}

export function loadSettings(store = siteStore) {
  try {
    return normalize(JSON.parse(store.read(KEY) || "null"));
  } catch {
    return defaults();
  }
}

export function saveSettings(settings, store = siteStore) {
  return store.write(KEY, JSON.stringify(settings));
}

// -------------------------------------------------------------- game codes
// A code is the deal's seed in base 36, then, when the rules differ from the
// defaults, "-" + target/10 in base 36 + "." + the index of each choice
// switch's value + the bits of the true/false switches (the first one the
// highest bit): "K3F9Z2", "K3F9Z2-A.107".

export function sameRules(a, b) {
  return SCHEMA.every((f) => a[f.name] === b[f.name]);
}

const choices = () => SCHEMA.filter((f) => f.kind === "choice");
const flags = () => SCHEMA.filter((f) => f.kind === "bool");

export function encodeCode(seed, rules = defaultRules()) {
  let code = seed.toString(36).toUpperCase();
  const r = normalizeRules(rules);
  if (!sameRules(r, defaultRules())) {
    let bits = 0;
    for (const f of flags()) bits = bits * 2 + (r[f.name] ? 1 : 0);
    code += `-${(r.target / 10).toString(36).toUpperCase()}.` +
      choices().map((f) => f.choices.indexOf(r[f.name])).join("") + bits.toString(8);
  }
  return code;
}

/** {seed, rules} of a code, or null when it is not one. */
export function decodeCode(text) {
  const m = /^([0-9A-Z]{1,11})(?:-([0-9A-Z]{1,4})\.([0-9]+))?$/.exec(
    String(text ?? "").trim().toUpperCase());
  if (!m) return null;
  const seed = parseInt(m[1], 36);
  if (!Number.isSafeInteger(seed)) return null;
  if (!m[2]) return { seed, rules: defaultRules() };
  const cs = choices();
  const fs = flags();
  const digits = m[3];
  if (digits.length !== cs.length + 1) return null;
  const rules = { target: parseInt(m[2], 36) * 10 };
  for (const [i, f] of cs.entries()) {
    const value = f.choices[Number(digits[i])];
    if (value === undefined) return null;
    rules[f.name] = value;
  }
  const bits = Number(digits.at(-1));
  if (bits >= 2 ** fs.length) return null;
  fs.forEach((f, i) => { rules[f.name] = (bits >> (fs.length - 1 - i) & 1) === 1; });
  const r = normalizeRules(rules);
  return sameRules(r, rules) ? { seed, rules: r } : null;
}

/** A fresh random seed (32 bits). */
export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}
