// The player's history: every game played on this device, with each finished
// hand's result, kept locally (touti.history.v1).  A game's engine record is
// kept with it, so that any of its hands can be reviewed again (the engine
// replays it).  The statistics are computed from it (stats.js).
//
// One entry a game: {id, started, updated, rules, levels, kind, practice,
// record, hands: [{n, at, result, review?}], scores, winner}.  `kind` is
// "game", "daily" or "challenge"; `practice` is true once a take-back was
// used.  At most MAX_GAMES games are kept (the oldest go first).

import { siteStore } from "./storage.js";
import { compactRecord, expandRecord } from "./compact.js";

const KEY = "touti.history.v1";
export const HISTORY_FORMAT = "touti-history/1";
export const MAX_GAMES = 200;

function empty() {
  return { format: HISTORY_FORMAT, games: [] };
}

/** Checks a history read from storage or a file: null when it is not one. */
export function checkHistory(data) {
  if (!data || typeof data !== "object" || data.format !== HISTORY_FORMAT || !Array.isArray(data.games)) return null;
  const games = data.games.filter((g) => g && typeof g === "object" && typeof g.id === "string"
    && Array.isArray(g.hands) && g.record && typeof g.record === "object");
  return { format: HISTORY_FORMAT, games };
}

export function loadHistory(store = siteStore) {
  try {
    return checkHistory(JSON.parse(store.read(KEY) || "null")) || empty();
  } catch {
    return empty();
  }
}

export function saveHistory(history, store = siteStore) {
  history.games = history.games.slice(-MAX_GAMES);
  return store.write(KEY, JSON.stringify(history));
}

export function clearHistory(store = siteStore) {
  store.remove(KEY);
}

/** A new game's id (time and a random part). */
export function newGameId() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return `${Date.now().toString(36)}-${a[0].toString(36)}`;
}

/**
 * Brings game `id`'s entry up to date with its view (call it when a game
 * starts and when a hand ends): the record (kept compact), scores, winner,
 * and one line for each hand the engine has finished.
 */
export function recordGame(id, view, meta = {}, store = siteStore, now = Date.now()) {
  if (!id || !view) return false;
  const history = loadHistory(store);
  let game = history.games.find((g) => g.id === id);
  if (!game) {
    game = { id, started: now, kind: meta.kind || "game", practice: false, hands: [] };
    history.games.push(game);
  }
  game.updated = now;
  game.rules = view.rules;
  game.levels = meta.levels ?? game.levels ?? null;
  game.of = meta.of ?? game.of ?? null;           // the day, or the challenge and its hand (to resume it)
  game.practice = game.practice || !!meta.practice;
  game.record = compactRecord(view.record);
  game.scores = view.scores;
  game.winner = view.winner ?? null;
  game.hands = view.history.map((result, n) => (game.hands[n]
    && JSON.stringify(game.hands[n].result) === JSON.stringify(result)
    ? game.hands[n] : { n, at: now, result }));
  return saveHistory(history, store);
}

/** A game's engine record (its actions decoded), or null. */
export function recordOf(game) {
  return expandRecord(game.record);
}

/** Marks a game as practice (a take-back was used). */
export function markPractice(id, store = siteStore) {
  const history = loadHistory(store);
  const game = history.games.find((g) => g.id === id);
  if (game && !game.practice) {
    game.practice = true;
    saveHistory(history, store);
  }
}

/** Keeps a hand's review figures (points lost in the auction and in the play). */
export function keepReview(id, n, review, store = siteStore) {
  const history = loadHistory(store);
  const hand = history.games.find((g) => g.id === id)?.hands[n];
  if (!hand) return false;
  hand.review = review;
  return saveHistory(history, store);
}

/** Adds the games of another history (an imported file); returns how many were new. */
export function mergeHistory(imported, store = siteStore) {
  const checked = checkHistory(imported);
  if (!checked) return -1;
  const history = loadHistory(store);
  const have = new Set(history.games.map((g) => g.id));
  const fresh = checked.games.filter((g) => !have.has(g.id));
  history.games = [...history.games, ...fresh].sort((a, b) => (a.started || 0) - (b.started || 0));
  saveHistory(history, store);
  return fresh.length;
}
