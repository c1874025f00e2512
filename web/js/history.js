// The player's history: every game played on this device, with each finished
// hand's result.  A game's engine record is kept with it, so that any of its
// hands can be reviewed again (the engine replays it).  The statistics are
// computed from it (stats.js).
//
// One entry a game: {id, started, updated, rules, levels, kind, practice,
// record, hands: [{n, at, result, review?}], scores, winner}.  `kind` is
// "game", "daily" or "challenge"; `practice` is true once a take-back was
// used, `hinted` once a hint was shown, `ownBot` once a bot of the player's
// own sat at the table (MARKS).
//
// Where: IndexedDB (keptdb.js, store "games": one record a game, each write a
// read-modify-write of that record in one transaction, so two tabs never
// lose each other's games), up to MAX_GAMES games (the oldest go first when
// a game is added).  At the first start with IndexedDB the old localStorage
// history (touti.history.v1) is copied in, checked, and only then removed; a
// failure leaves it as it is, and this visit keeps using it (the next start
// tries again).  When the browser
// does not let the site use IndexedDB, the history stays in localStorage as
// before (at most MAX_LOCAL_GAMES games) and the page says storage is limited.
//
// A stored history that does not parse or is of another format version is
// set aside as it was (aside.js), the games that can be read from it are
// kept, and the player is told.  An import never drops a game of the
// player's: it adds what the cap leaves room for and says what it added,
// what was already there, what it refused and what it could not keep.
//
// After each write that changed it, the page's history says so: the event
// HISTORY_EVENT on this tab's window and a message on the BroadcastChannel
// HISTORY_CHANNEL for the site's other tabs (none where the browser has no
// BroadcastChannel), which each of them turns into the same event there.
// The history screen listens while it is shown (onHistoryChange), and draws
// a game recorded after it opened, here or in another tab.

import { siteStore } from "./storage.js";
import { compactRecord, expandRecord } from "./compact.js";
import { setAside } from "./aside.js";
import { keptDB, forgetDB } from "./keptdb.js";
import { request, transact, eachCursor } from "./idb.js";
import { valueDepth } from "./json-depth.js";

const KEY = "touti.history.v1";
export const HISTORY_FORMAT = "touti-history/1";
/** A game's marks besides `practice`: a hint shown, a bot of the player's own at the table. */
export const MARKS = ["hinted", "ownBot"];
/** The most games kept (IndexedDB), and in localStorage when IndexedDB is unavailable. */
export const MAX_GAMES = 5000;
export const MAX_LOCAL_GAMES = 200;
/** The BroadcastChannel that tells the site's other tabs the history changed. */
export const HISTORY_CHANNEL = "touti-history";
/** The event that tells this tab the history changed (here or in another tab): detail {what, id, here}. */
export const HISTORY_EVENT = "touti-history";
/** What a change was: a game recorded, marked, a hand's review kept, an import, the history cleared. */
const CHANGES = new Set(["record", "mark", "review", "merge", "clear"]);

function empty() {
  return { format: HISTORY_FORMAT, games: [] };
}

const isObject = (x) => !!x && typeof x === "object" && !Array.isArray(x);

/** A hand's line the screens can show: a result, cancelled or with its points, difference and Ghna. */
function checkHand(hand) {
  const r = hand?.result;
  return isObject(hand) && isObject(r) && (r.cancelled === true
    || (Array.isArray(r.points) && Array.isArray(r.delta) && Array.isArray(r.ghna)));
}

/**
 * How deep a game entry may nest: a kept game nests 6 deep or so; one nested
 * thousands deep (a hostile file) would overflow the browser's copy of it to
 * the database and the engine's reader of its record.
 */
export const MAX_GAME_DEPTH = 16;

/** Is this a game entry this version can read (from storage or an imported file)? */
export function checkGame(g) {
  return isObject(g) && typeof g.id === "string" && g.id.length > 0 && g.id.length <= 100
    && Number.isFinite(g.started) && Math.abs(g.started) <= 8.64e15     // a date
    && Array.isArray(g.hands) && g.hands.every(checkHand) && isObject(g.record)
    // the scores the screens show beside a winner (or the game so far)
    && (g.scores === undefined || (Array.isArray(g.scores) && g.scores.length === 2 && g.scores.every(Number.isFinite)))
    && (g.winner === null || g.winner === undefined || ((g.winner === 0 || g.winner === 1) && g.scores !== undefined))
    && valueDepth(g, MAX_GAME_DEPTH) <= MAX_GAME_DEPTH;
}

const byStart = (a, b) => (a.started || 0) - (b.started || 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Checks a history read from storage or a file: null when it is not one;
 * else {format, games, refused} (its readable games, each id once; `refused`:
 * how many entries were not games).
 */
export function checkHistory(data) {
  if (!data || typeof data !== "object" || data.format !== HISTORY_FORMAT || !Array.isArray(data.games)) return null;
  const seen = new Set();
  const games = [];
  let refused = 0;
  for (const g of data.games) {
    if (!checkGame(g)) refused += 1;
    else if (!seen.has(g.id)) {
      seen.add(g.id);
      games.push(g);
    }
  }
  return { format: HISTORY_FORMAT, games, refused, repeated: data.games.length - refused - games.length };
}

/** A stored history's text -> {history} or {reason} (damaged, another version, or entries this version cannot read). */
function parseStored(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { reason: "not JSON" };
  }
  const checked = checkHistory(data);
  if (!checked) return { reason: "unknown format" };
  if (checked.refused) return { reason: "unknown games", games: checked.games };
  return { history: { format: HISTORY_FORMAT, games: checked.games } };
}

/**
 * The games that can still be read from a damaged history's text (a text
 * cut short, a stray character): each complete entry of its games list that
 * parses and is a game.  None from a text of another format version.
 */
export function salvageGames(text) {
  if (typeof text !== "string" || !/^\s*\{\s*"format"\s*:\s*"touti-history\/1"\s*,/.test(text)) return [];
  const m = /"games"\s*:\s*\[/.exec(text);
  if (!m) return [];
  const games = [];
  const seen = new Set();
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = m.index + m[0].length; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === "\"") inString = false;
    } else if (c === "\"") {
      inString = true;
    } else if (c === "{" || c === "[") {
      if (depth === 0) start = c === "{" ? i : -1;
      depth += 1;
    } else if (c === "}" || c === "]") {
      if (depth === 0) break;                       // the end of the games list
      depth -= 1;
      if (depth === 0 && start >= 0) {
        try {
          const g = JSON.parse(text.slice(start, i + 1));
          if (checkGame(g) && !seen.has(g.id)) {
            seen.add(g.id);
            games.push(g);
          }
        } catch { /* not this one */ }
        start = -1;
      }
    }
  }
  return games;
}

/** Game `id`'s entry brought up to date with its view (see recordGame). */
function entryOf(old, id, view, meta, now) {
  const game = old ? { ...old } : { id, started: now, kind: meta.kind || "game", practice: false, hands: [] };
  game.updated = now;
  game.rules = view.rules;
  game.levels = meta.levels ?? game.levels ?? null;
  game.of = meta.of ?? game.of ?? null;           // the day, or the challenge and its hand (to resume it)
  game.practice = game.practice || !!meta.practice;
  for (const flag of MARKS) if (meta[flag]) game[flag] = true;
  game.record = compactRecord(view.record);
  game.scores = view.scores;
  game.winner = view.winner ?? null;
  const hands = Array.isArray(game.hands) ? game.hands : [];
  game.hands = view.history.map((result, n) => (hands[n]
    && JSON.stringify(hands[n].result) === JSON.stringify(result)
    ? hands[n] : { n, at: now, result }));
  return game;
}

/**
 * createNotices({target, Channel}) -> {tell(what, id), listen(fn) -> off()}:
 * tell() fires HISTORY_EVENT on `target` (the window) with {what, id, here:
 * true} and posts {type: "changed", what, id} on the BroadcastChannel
 * HISTORY_CHANNEL; a message from another tab fires the same event with
 * `here` false.  listen(fn) calls fn(detail) for both; off() stops it.  The
 * channel is opened at the first use (Channel missing or refused: this tab
 * alone is told).
 */
export function createNotices({ target = globalThis, Channel = globalThis.BroadcastChannel } = {}) {
  const events = typeof target?.dispatchEvent === "function" ? target : new EventTarget();
  let channel;                  // undefined until opened, null when there is none
  const fire = (detail) => events.dispatchEvent(new CustomEvent(HISTORY_EVENT, { detail }));

  function open() {
    if (channel !== undefined) return channel;
    try {
      channel = Channel ? new Channel(HISTORY_CHANNEL) : null;
    } catch {
      channel = null;           // no channel: this tab's event remains
    }
    channel?.unref?.();         // Node's (the tests): never keeps the process alive
    channel?.addEventListener("message", (e) => {
      const m = e.data;
      if (m && m.type === "changed" && CHANGES.has(m.what)) {
        fire({ what: m.what, id: typeof m.id === "string" ? m.id : null, here: false });
      }
    });
    return channel;
  }

  return {
    tell(what, id = null) {
      fire({ what, id, here: true });
      try {
        open()?.postMessage({ type: "changed", what, id });
      } catch { /* a closed channel: the other tabs read it when their screen opens */ }
    },
    listen(fn) {
      open();
      const heard = (e) => fn(e.detail);
      events.addEventListener(HISTORY_EVENT, heard);
      return () => events.removeEventListener(HISTORY_EVENT, heard);
    },
  };
}

/** Which of `fresh` (not yet kept) an import adds when `room` games are left: the newest. */
function admit(fresh, room) {
  const newest = [...fresh].sort(byStart).reverse();
  return { kept: newest.slice(0, Math.max(0, room)), over: Math.max(0, newest.length - Math.max(0, room)) };
}

/**
 * A history over IndexedDB (`db()` resolves with the database, or null:
 * then over `store`'s localStorage).  Every function returns a promise.
 * `tell(what, id)` is called after each write that changed it (createNotices).
 */
export function createHistory({ store = siteStore, db = () => keptDB(), lost = forgetDB, tell = () => {} } = {}) {
  const migrated = new WeakMap();  // connection -> its migration (once each: a connection opened again checks again)
  let memory = null;             // this visit's history when the localStorage one is held (aside.js)

  /** Says the history changed (a listener's failure never fails the write). */
  function told(what, id = null) {
    try {
      tell(what, id);
    } catch { /* the write is kept all the same */ }
  }

  /** Did this error come from a connection closed under the page (nothing was written with it)? */
  const closed = (err) => err?.name === "InvalidStateError";

  /**
   * {mode: "idb", db} or {mode: "local"}, once open (and migrated): the
   * database as it is now (`db()` opens it again after its connection was
   * closed under the page).
   */
  async function open() {
    const conn = await db();
    if (!conn) return { mode: "local" };
    if (!migrated.has(conn)) {
      migrated.set(conn, migrate(conn).then(() => true, (err) => {
        if (!closed(err)) return false;   // a failed copy: the old key stays as it is and is used in this visit
        migrated.delete(conn);            // the connection was closed under it: copied again on the next one
        lost(conn);
        throw err;
      }));
    }
    return (await migrated.get(conn)) ? { mode: "idb", db: conn } : { mode: "local" };
  }

  /**
   * `fn(b)` with b = open(); when the connection turns out closed (another tab
   * deleted or upgraded the database, the browser cleared the site's data),
   * once more on the database opened again.
   */
  async function using(fn) {
    for (let again = false; ; again = true) {
      let b = null;
      try {
        b = await open();
        return await fn(b);
      } catch (err) {
        if (again || !closed(err) || b?.mode === "local") throw err;
        if (b) lost(b.db);
      }
    }
  }

  /** The writes of this tab, one after the other (a write tried again never lands after a later one). */
  let writing = Promise.resolve();
  function serially(fn) {
    const run = writing.then(fn);
    writing = run.catch(() => {});
    return run;
  }

  /** Copies the localStorage history into IndexedDB, checks it is there, then removes it (or sets it aside). */
  async function migrate(conn) {
    const text = store.read(KEY);
    if (text === null) return;
    const parsed = parseStored(text);
    const games = parsed.history?.games || parsed.games || salvageGames(text);
    if (games.length) {
      await transact(conn, "games", "readwrite", async ({ games: os }) => {
        const have = new Map((await request(os.getAll())).filter((g) => g && typeof g.id === "string")
          .map((g) => [g.id, g]));
        for (const g of games) {
          const old = have.get(g.id);
          if (!old || (g.updated || 0) > (old.updated || 0)) os.put(g);
        }
      });
      const keys = new Set(await transact(conn, "games", "readonly", ({ games: os }) => request(os.getAllKeys())));
      if (!games.every((g) => keys.has(g.id))) throw new Error("the history was not copied");
    }
    if (parsed.history) store.remove(KEY);
    else if (!store.held.has(KEY)) setAside(KEY, text, parsed.reason, { recovered: games.length }, store);
  }

  // ------------------------------------------------ localStorage (fallback)
  function readLocal() {
    if (store.held.has(KEY)) return memory || empty();
    const text = store.read(KEY);
    if (text === null) return empty();
    const parsed = parseStored(text);
    if (parsed.history) return parsed.history;
    const games = parsed.games || salvageGames(text);
    setAside(KEY, text, parsed.reason, { recovered: games.length }, store);
    const history = { format: HISTORY_FORMAT, games };
    if (store.held.has(KEY)) memory = history;
    else if (games.length) writeLocal(history);
    return history;
  }

  function writeLocal(history) {
    history.games = history.games.sort(byStart).slice(-MAX_LOCAL_GAMES);
    if (store.held.has(KEY)) {              // kept for this visit only: the damaged text stays where it is
      memory = history;
      store.setStatus("full");
      return false;
    }
    return store.write(KEY, JSON.stringify(history));
  }

  /**
   * Changes game `id` with `fn(old) -> entry or null` (null: nothing to write); resolves true when kept
   * (and then says so: a change `what`).
   */
  async function change(what, id, fn, added = false) {
    const kept = await write(id, fn, added);
    if (kept) told(what, id);
    return kept;
  }

  function write(id, fn, added) {
    return serially(() => using((b) => {
      if (b.mode === "local") return writeLocalGame(id, fn);
      return transact(b.db, "games", "readwrite", async ({ games }) => {
        const old = await request(games.get(id));
        const next = fn(checkGame(old) ? old : undefined);
        if (!next) return false;
        games.put(next);
        if (!old && added) await trim(games, id);
        return true;
      });
    }));
  }

  function writeLocalGame(id, fn) {
    const history = readLocal();
    const i = history.games.findIndex((g) => g.id === id);
    const next = fn(i >= 0 ? history.games[i] : undefined);
    if (!next) return false;
    if (i >= 0) history.games[i] = next;
    else history.games.push(next);
    return writeLocal(history);
  }

  /** The oldest games go when there are more than MAX_GAMES (never game `keep`). */
  async function trim(games, keep) {
    let extra = (await request(games.count())) - MAX_GAMES;
    if (extra <= 0) return;
    await eachCursor(games.index("started").openCursor(), (cursor) => {
      if (cursor.primaryKey !== keep) {
        cursor.delete();
        extra -= 1;
      }
      return extra > 0;
    });
  }

  function all() {
    return using(async (b) => {
      if (b.mode === "local") return readLocal().games.sort(byStart);
      const games = await transact(b.db, "games", "readonly", ({ games: os }) => request(os.getAll()));
      return games.filter(checkGame).sort(byStart);
    });
  }

  /** An import's games added to the localStorage history: its report (see merge). */
  function mergeLocal(checked) {
    const report = { added: 0, already: checked.repeated, refused: checked.refused, over: 0, max: MAX_LOCAL_GAMES,
      failed: false };
    const history = readLocal();
    const have = new Set(history.games.map((g) => g.id));
    const fresh = checked.games.filter((g) => !have.has(g.id));
    report.already += checked.games.length - fresh.length;
    const { kept, over } = admit(fresh, MAX_LOCAL_GAMES - history.games.length);
    report.over = over;
    if (kept.length) {
      history.games.push(...kept);
      if (!writeLocal(history)) return { ...report, over: report.over + kept.length, failed: true };
    }
    report.added = kept.length;
    return report;
  }

  /** An import's games added to database `conn`, in one transaction: its report (see merge). */
  async function mergeDB(conn, checked) {
    const report = { added: 0, already: checked.repeated, refused: checked.refused, over: 0, max: MAX_GAMES,
      failed: false };
    await transact(conn, "games", "readwrite", async ({ games }) => {
      const have = new Set(await request(games.getAllKeys()));
      const fresh = checked.games.filter((g) => !have.has(g.id));
      report.already += checked.games.length - fresh.length;
      const { kept, over } = admit(fresh, MAX_GAMES - have.size);
      for (const g of kept) games.put(g);
      report.added = kept.length;
      report.over = over;
    });
    return report;
  }

  return {
    open,
    /** "idb", or "local" when the browser does not let the site use IndexedDB. */
    async mode() {
      return (await open()).mode;
    },
    /** The history: {format, games}, oldest first. */
    async load() {
      return { format: HISTORY_FORMAT, games: await all() };
    },
    /** Game `id`'s entry, or null. */
    get(id) {
      return using(async (b) => {
        if (b.mode === "local") return readLocal().games.find((g) => g.id === id) || null;
        const game = await transact(b.db, "games", "readonly", ({ games }) => request(games.get(String(id))));
        return checkGame(game) ? game : null;
      });
    },
    /**
     * Brings game `id`'s entry up to date with its view (call it when a game
     * starts and when a hand ends): the record (kept compact), scores,
     * winner, and one line for each hand the engine has finished.
     */
    record(id, view, meta = {}, now = Date.now()) {
      if (!id || !view) return Promise.resolve(false);
      return change("record", id, (old) => entryOf(old, id, view, meta, now), true);
    },
    /** Marks a game with one of MARKS ("hinted", "ownBot"). */
    markGame(id, flag) {
      if (!MARKS.includes(flag)) return Promise.resolve(false);
      return change("mark", id, (old) => (old && !old[flag] ? { ...old, [flag]: true } : null));
    },
    /** Marks a game as practice (a take-back was used). */
    markPractice(id) {
      return change("mark", id, (old) => (old && !old.practice ? { ...old, practice: true } : null));
    },
    /** Keeps a hand's review figures (points lost in the auction and in the play). */
    keepReview(id, n, review) {
      return change("review", id, (old) => {
        if (!old?.hands[n]) return null;
        const hands = [...old.hands];
        hands[n] = { ...hands[n], review };
        return { ...old, hands };
      });
    },
    /**
     * Adds the games of an imported history: {added, already, refused, over,
     * max, failed}, or null when it is not a history.  The player's games are
     * never dropped: the newest new games are added while there is room.
     */
    async merge(imported) {
      const checked = checkHistory(imported);
      if (!checked) return null;
      const report = await serially(() => using((b) => (b.mode === "local" ? mergeLocal(checked) : mergeDB(b.db, checked))));
      if (report.added) told("merge");
      return report;
    },
    /** Deletes every game. */
    async clear() {
      await serially(() => using(async (b) => {
        if (b.mode === "local") {
          memory = null;
          store.remove(KEY);
        } else {
          await transact(b.db, "games", "readwrite", ({ games }) => request(games.clear()));
        }
      }));
      told("clear");
    },
  };
}

/** The page's history, which tells this tab and the others when it changed. */
const notices = createNotices();
const history = createHistory({ tell: notices.tell });
/** Calls `fn({what, id, here})` after each change of the history, here or in another tab; returns off(). */
export const onHistoryChange = (fn) => notices.listen(fn);
export const openHistory = () => history.open();
export const historyMode = () => history.mode();
export const loadHistory = () => history.load();
export const getGame = (id) => history.get(id);
export const recordGame = (id, view, meta, now) => history.record(id, view, meta, now);
export const markPractice = (id) => history.markPractice(id);
export const markGame = (id, flag) => history.markGame(id, flag);
export const keepReview = (id, n, review) => history.keepReview(id, n, review);
export const mergeHistory = (data) => history.merge(data);
export const clearHistory = () => history.clear();

/** A new game's id (time and a random part). */
export function newGameId() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return `${Date.now().toString(36)}-${a[0].toString(36)}`;
}

/** A game's engine record (its actions decoded), or null. */
export function recordOf(game) {
  return expandRecord(game.record);
}
