// Duplicate challenges between friends, with no server: a short set of deals
// (4 or 8, the deals of seeds seed, seed+1, ...) with the rules and the bots'
// levels fixed.  Everyone plays the same deals against the same bots: the
// bots are deterministic for a deal and a position, so their cards and
// decisions are the same as long as the person's are.
//
// A link (#challenge=...) carries the challenge and one player's name and
// play, hand by hand (every action of each hand played, in compact text),
// deflate-compressed and base64url, and the help each hand was played with
// (AIDS: a hint, a take-back).  The receiver's engine replays each hand and
// asks every bot decision of it again of that bot (the bridge's "verify"):
// the results are the engine's, never the sender's word; a link whose play
// does not replay is reported as tampered, one whose bots did not play as
// the bots do as not verified, and neither is kept.  A challenge is its deals,
// rules and bots' levels (challengeId): other rules or levels make another
// challenge.  Challenges are kept locally (touti.challenges.v1), each with the
// plays of every player met.

import { siteStore } from "./storage.js";
import { readKept } from "./aside.js";
import { packJSON, unpackJSON } from "./packed.js";
import { LEVELS } from "./settings.js";

const KEY = "touti.challenges.v1";
export const LINK_VERSION = 1;
export const SIZES = [4, 8];
/** The help a hand was played with, a bit each: a hint asked, a take-back used. */
export const AIDS = { hint: 1, takeBack: 2 };
/** The longest link payload read (characters), and the most bytes it may inflate to. */
export const MAX_LINK = 20000;
export const MAX_INFLATED = 100_000;

/** A challenge and one player's play (`aids`: each hand's AIDS bits, optional) -> the link's payload text. */
export async function encodeChallenge({ seed, n, rules, levels, name, hands, aids = null }) {
  const data = { v: LINK_VERSION, s: seed, n, r: rules, l: [levels[1], levels[2], levels[3]], nm: name, h: hands };
  if (aids && aids.some(Boolean)) data.a = aids.map((x) => x || 0);   // older pages ignore it
  return packJSON(data);
}

/**
 * The payload of a link -> {seed, n, rules, levels, name, hands, aids}, or null
 * when it cannot be read or has the wrong shape (the engine then checks the play);
 * {newer: true} when a later version of Touti made it (this page cannot read it,
 * an updated one can).  A link without `a` (an older page's) was played with no
 * help it told of.
 */
export async function decodeChallenge(text) {
  const data = await unpackJSON(text, { maxChars: MAX_LINK, maxBytes: MAX_INFLATED });
  if (data && typeof data === "object" && Number.isSafeInteger(data.v) && data.v > LINK_VERSION) return { newer: true };
  if (!data || typeof data !== "object" || data.v !== LINK_VERSION || !Number.isSafeInteger(data.s) || data.s < 0
      || !SIZES.includes(data.n) || !data.r || typeof data.r !== "object" || Array.isArray(data.r)
      || !Array.isArray(data.l) || data.l.length !== 3 || !data.l.every((x) => LEVELS.includes(x))
      || typeof data.nm !== "string" || data.nm.length > 40 || !Array.isArray(data.h) || data.h.length !== data.n
      || !data.h.every((x) => x === null || (typeof x === "string" && x.length < 4000))
      || (data.a !== undefined && !(Array.isArray(data.a) && data.a.length === data.n
        && data.a.every((x) => Number.isInteger(x) && x >= 0 && x <= 3)))) {
    return null;
  }
  return { seed: data.s, n: data.n, rules: data.r, levels: { 1: data.l[0], 2: data.l[1], 3: data.l[2] },
    name: data.nm.trim() || "?", hands: data.h, aids: data.a || Array(data.n).fill(0) };
}

// ------------------------------------------------------------------ storage
const isObject = (x) => !!x && typeof x === "object" && !Array.isArray(x);

/** A hand's play as recordMine and recordOther keep it (null: not played), its result one the screens can score. */
const isPlay = (p) => p === null || (isObject(p) && isObject(p.result)
  && (p.result.cancelled === true || (Array.isArray(p.result.delta) && p.result.delta.length === 2)));

/** A challenge kept as ensureChallenge makes it, with its plays. */
function isChallenge(c) {
  return isObject(c) && typeof c.id === "string" && Number.isSafeInteger(c.seed) && SIZES.includes(c.n)
    && isObject(c.rules) && (c.levels === undefined || isObject(c.levels))
    && Array.isArray(c.mine) && c.mine.length === c.n && c.mine.every(isPlay)
    && Array.isArray(c.others) && c.others.every((o) => isObject(o) && typeof o.name === "string"
      && Array.isArray(o.plays) && o.plays.every(isPlay));
}

/**
 * The challenges kept; a kept text that cannot be read, or a challenge in it
 * that is not one, is set aside (aside.js), never written over.
 */
export function loadChallenges(store = siteStore) {
  return readKept(KEY, (d) => (isObject(d) && Array.isArray(d.list) && d.list.every(isChallenge) ? d : null),
    store) || { list: [] };
}

function save(d, store) {
  d.list = d.list.slice(-30);
  return store.write(KEY, JSON.stringify(d));
}

/** JSON with every object's keys sorted: the same text for the same rules. */
function canonical(x) {
  if (Array.isArray(x)) return `[${x.map(canonical).join(",")}]`;
  if (x && typeof x === "object") {
    return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canonical(x[k])}`).join(",")}}`;
  }
  return JSON.stringify(x ?? null);
}

/** What makes a challenge besides its deals: its rules and its bots. */
function terms(rules, levels) {
  return canonical([rules, levels[1], levels[2], levels[3]]);
}

/**
 * A challenge's id: its deals (seed, n) and a hash (FNV-1a) of its rules and
 * levels, so that a link with other rules or bots is another challenge.
 */
export function challengeId(seed, n, rules, levels) {
  let hash = 0x811c9dc5;
  for (const ch of terms(rules, levels)) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return `${seed}-${n}-${hash.toString(36)}`;
}

/**
 * The challenge of (seed, n, rules, levels), created if new.  A challenge kept
 * before ids named the rules and levels (id "seed-n") is the same one when
 * its rules and levels are.
 */
export function ensureChallenge({ seed, n, rules, levels }, store = siteStore) {
  const d = loadChallenges(store);
  const id = challengeId(seed, n, rules, levels);
  let c = d.list.find((x) => x.id === id)
    || d.list.find((x) => x.id === `${seed}-${n}` && terms(x.rules, x.levels || {}) === terms(rules, levels));
  if (!c) {
    c = { id, seed, n, rules, levels, created: Date.now(), mine: Array(n).fill(null), others: [] };
    d.list.push(c);
    save(d, store);
  }
  return c;
}

export function getChallenge(id, store = siteStore) {
  return loadChallenges(store).list.find((x) => x.id === id) || null;
}

/** Keeps the player's play of hand `i` (compact actions, the engine's result, the AIDS used). */
export function recordMine(id, i, actions, result, store = siteStore, aids = 0) {
  const d = loadChallenges(store);
  const c = d.list.find((x) => x.id === id);
  if (!c || c.mine[i]) return false;
  c.mine[i] = { actions, result, aids };
  return save(d, store);
}

/**
 * Keeps another player's play (checked by the engine: their results are its
 * replays, each bot decision the bot's): [{actions, result, aids}|null].
 */
export function recordOther(id, name, plays, store = siteStore) {
  const d = loadChallenges(store);
  const c = d.list.find((x) => x.id === id);
  if (!c) return false;
  c.others = c.others.filter((o) => o.name !== name);
  c.others.push({ name, plays, at: Date.now() });
  return save(d, store);
}
