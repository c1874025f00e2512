// Player settings (bots, speed, language, rules of the next game) and the
// shareable game code.  Rules are immutable for a game in progress: a change
// applies to the next game.

const KEY = "touti.settings.v1";

export const LEVELS = ["easy", "normal", "strong"];
export const SPEEDS = { slow: 1.6, normal: 1, fast: 0.45, instant: 0 };
export const TARGETS = [100, 200, 300, 400, 500, 600, 800, 1000];
export const GHNA_CAPS = ["standard", "contract_minus_50", "none"];
export const OVERTRUMPS = ["always", "not_over_partner", "never"];
export const RULE_FLAGS = ["signals", "truthful", "concession"];

export const DEFAULT_RULES = Object.freeze({
  target: 600, ghna_cap: "standard", overtrump: "always",
  signals: true, truthful: true, concession: true,
});

export function defaults() {
  return {
    levels: { 1: "normal", 2: "normal", 3: "normal" },
    watch: false,
    speed: "normal",
    locale: "en",
    rules: { ...DEFAULT_RULES },
  };
}

/** Checks and completes a settings object (anything unknown takes its default). */
export function normalize(raw) {
  const s = defaults();
  if (!raw || typeof raw !== "object") return s;
  for (const seat of [1, 2, 3]) {
    if (LEVELS.includes(raw.levels?.[seat])) s.levels[seat] = raw.levels[seat];
  }
  s.watch = raw.watch === true;
  if (raw.speed in SPEEDS) s.speed = raw.speed;
  if (typeof raw.locale === "string") s.locale = raw.locale;
  s.rules = normalizeRules(raw.rules);
  return s;
}

export function normalizeRules(raw) {
  const r = { ...DEFAULT_RULES };
  if (!raw || typeof raw !== "object") return r;
  if (Number.isInteger(raw.target) && raw.target > 0 && raw.target % 10 === 0) r.target = raw.target;
  if (GHNA_CAPS.includes(raw.ghna_cap)) r.ghna_cap = raw.ghna_cap;
  if (OVERTRUMPS.includes(raw.overtrump)) r.overtrump = raw.overtrump;
  for (const f of RULE_FLAGS) if (typeof raw[f] === "boolean") r[f] = raw[f];
  return r;
}

export function loadSettings(storage = globalThis.localStorage) {
  try {
    return normalize(JSON.parse(storage.getItem(KEY) || "null"));
  } catch {
    return defaults();
  }
}

export function saveSettings(settings, storage = globalThis.localStorage) {
  try {
    storage.setItem(KEY, JSON.stringify(settings));
  } catch {
    /* storage full or blocked: settings last for this visit only */
  }
}

// -------------------------------------------------------------- game codes
// A code is the deal's seed in base 36, then, when the rules differ from the
// defaults, "-" + target/10 in base 36 + "." + cap index + overtrump index +
// flag bits (signals 4, truthful 2, concession 1).  "K3F9Z2", "K3F9Z2-A.107".

export function sameRules(a, b) {
  return Object.keys(DEFAULT_RULES).every((k) => a[k] === b[k]);
}

export function encodeCode(seed, rules = DEFAULT_RULES) {
  let code = seed.toString(36).toUpperCase();
  const r = normalizeRules(rules);
  if (!sameRules(r, DEFAULT_RULES)) {
    const bits = (r.signals ? 4 : 0) + (r.truthful ? 2 : 0) + (r.concession ? 1 : 0);
    code += `-${(r.target / 10).toString(36).toUpperCase()}.` +
      `${GHNA_CAPS.indexOf(r.ghna_cap)}${OVERTRUMPS.indexOf(r.overtrump)}${bits}`;
  }
  return code;
}

/** {seed, rules} of a code, or null when it is not one. */
export function decodeCode(text) {
  const m = /^([0-9A-Z]{1,10})(?:-([0-9A-Z]{1,4})\.([0-2])([0-2])([0-7]))?$/.exec(
    String(text || "").trim().toUpperCase());
  if (!m) return null;
  const seed = parseInt(m[1], 36);
  if (!Number.isSafeInteger(seed)) return null;
  if (!m[2]) return { seed, rules: { ...DEFAULT_RULES } };
  const bits = Number(m[5]);
  return {
    seed,
    rules: {
      target: parseInt(m[2], 36) * 10,
      ghna_cap: GHNA_CAPS[Number(m[3])],
      overtrump: OVERTRUMPS[Number(m[4])],
      signals: (bits & 4) !== 0, truthful: (bits & 2) !== 0, concession: (bits & 1) !== 0,
    },
  };
}

/** A fresh random seed (32 bits). */
export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}
