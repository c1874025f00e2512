// The messages between the host's page and a friend's (docs/multiplayer.md):
// JSON text on the data channel, each checked before anything is done with it.

/** The messages' version. */
export const WIRE_V = 1;
/** A friend's message longer than this is refused unread. */
export const MAX_MESSAGE = 2048;
/** A friend may send this many messages in a second; more are dropped unread. */
export const MAX_RATE = 20;

const KEYS = { type: "string", seat: "number", card: "string", amount: "number", signal: "string", suit: "string" };
const TYPES = new Set(["bid", "pass", "announce", "signal", "no_signal", "trump", "play", "ghna", "no_ghna",
  "concede", "accept", "refuse", "next_hand"]);

/** A friend's action, if it has an action's shape (the engine judges the rest), else null. */
export function actionOf(x) {
  if (!x || typeof x !== "object" || Array.isArray(x) || !TYPES.has(x.type)) return null;
  const out = {};
  for (const [k, v] of Object.entries(x)) {
    if (k === "seat" && v === null) continue;            // next_hand: nobody's seat
    if (!Object.hasOwn(KEYS, k) || typeof v !== KEYS[k] || (typeof v === "string" && v.length > 12)) return null;
    out[k] = v;
  }
  return out;
}

/** The quick reactions a player may send to the table. */
export const REACTIONS = ["bravo", "oops", "thanks", "hurry"];

/**
 * A friend's message text -> {t, ...} when it is one a friend may send, else
 * null: {t: "hello", name, token}, {t: "act", action}, {t: "react", r}, {t: "pong"}.
 */
export function friendMessage(text) {
  if (typeof text !== "string" || text.length > MAX_MESSAGE) return null;
  let m;
  try {
    m = JSON.parse(text);
  } catch {
    return null;
  }
  if (!m || typeof m !== "object" || Array.isArray(m)) return null;
  switch (m.t) {
    case "pong": return { t: "pong" };
    case "hello":
      return typeof m.name === "string" && m.name.length <= 40 && typeof m.token === "string" && m.token.length <= 64
        ? { t: "hello", name: m.name.trim(), token: m.token } : null;
    case "react": return REACTIONS.includes(m.r) ? { t: "react", r: m.r } : null;
    case "act": {
      const action = actionOf(m.action);
      return action ? { t: "act", action } : null;
    }
    default: return null;
  }
}

/** Counts a sender's messages per second: false once it sent more than MAX_RATE in the last second. */
export function rateGate(now = () => performance.now()) {
  let start = 0;
  let n = 0;
  return () => {
    const t = now();
    if (t - start > 1000) {
      start = t;
      n = 0;
    }
    n += 1;
    return n <= MAX_RATE;
  };
}

/** A random token (hex), for a table's id and a friend's seat. */
export function token(bytes = 9) {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}
