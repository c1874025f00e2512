// One tab at a time owns the game in progress: it alone plays it and writes
// its save (touti.game.v1, touti.game.previous).  Without this, a second tab
// that opened the game and the first tab's next move overwrote each other's
// save, and one game was lost.
//
// The owner holds the Web Lock "touti-game" for the tab's life.  Another tab
// asks for it only when it is free (it waits a moment, for a tab being
// reloaded to let it go, never in a queue); when it is not, that tab says so
// and offers to take over ("Play here"): it then steals the lock, and the
// browser tells the tab it was taken from (its lock's request fails).  A word
// on the BroadcastChannel "touti" says it as well, and is the whole mechanism
// where Web Locks is missing (there the tab that opened the game last owns it).
// Last, a tab that gains the game writes {tab, since} in touti.game.owner, and
// an owner reads it before each save: a tab that missed both messages never
// writes over the save of a tab that took the game after it.
//
// The page's screens that never save (the lesson, the rules and their
// demos, the embedded demo) never ask for the lock: app/owner.js asks for it when
// the tab first shows or starts the game.

export const LOCK = "touti-game";
export const CHANNEL = "touti";
export const OWNER_KEY = "touti.game.owner";
/** How long a tab waits for a held lock to be let go (a tab being reloaded) before it says the game is elsewhere. */
export const CLAIM_WAIT_MS = 300;
/** The same wait when the page starts (a reload: the page before may let go late on a busy device). */
export const START_WAIT_MS = 1000;

function newTabId() {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The owner's mark read from storage: {tab, since}, or null for anything else. */
export function readOwner(text) {
  try {
    const o = JSON.parse(text);
    return o && typeof o === "object" && typeof o.tab === "string" && Number.isFinite(o.since) ? o : null;
  } catch {
    return null;
  }
}

/**
 * createTabs({store, onLost}) -> {owns(), claim(), take(), mayWrite(), id}:
 * - `store`: the site's Store (storage.js), for the owner's mark;
 * - `onLost()`: another tab took the game over (called once each time);
 * - `lock`, `channelName`, `ownerKey`: what is held (by default the game;
 *   the friends' table holds its own, views/friends.js);
 * - `locks`, `Channel`, `now`: the browser's (tests give their own).
 */
export function createTabs({
  store, onLost = () => {}, lock = LOCK, channelName = CHANNEL, ownerKey = OWNER_KEY,
  locks = globalThis.navigator?.locks, Channel = globalThis.BroadcastChannel, now = () => Date.now(),
}) {
  const id = newTabId();
  let owner = false;
  let since = 0;
  let release = null;             // lets go of the held lock
  let claiming = null;            // a claim under way
  let channel = null;
  try {
    channel = Channel ? new Channel(channelName) : null;
  } catch { /* no channel: the locks and the owner's mark remain */ }
  channel?.addEventListener("message", (event) => {
    const m = event.data;
    if (m && m.type === "taken" && m.tab !== id) lose();
  });

  function gain() {
    owner = true;
    since = now();
    store.write(ownerKey, JSON.stringify({ tab: id, since }));
  }

  function lose() {
    if (!owner) return;
    owner = false;
    release?.();
    release = null;
    onLost();
  }

  /**
   * Asks for the lock with `options`: "held" once held, "busy" when another tab
   * has it, "broken" when this browser refuses Web Locks here (then done without).
   */
  function request(options) {
    return new Promise((resolve) => {
      let granted = false;
      const broken = () => {
        locks = null;
        resolve("broken");
      };
      let asked;
      try {
        asked = locks.request(lock, options, (held) => {
          if (!held) return resolve("busy");
          granted = true;
          gain();
          resolve("held");
          return new Promise((r) => { release = r; });    // held for the tab's life, or until taken
        });
      } catch {
        broken();
        return;
      }
      asked.catch((err) => {
        if (granted) lose();                           // taken by another tab ("Play here" there)
        else if (err?.name === "AbortError") resolve("busy");     // not let go in time
        else broken();
      });
    });
  }

  /**
   * Takes the game if no other tab has it (waiting up to `wait` ms for one that
   * is being reloaded to let go): true when owned.
   */
  function claim(wait = CLAIM_WAIT_MS) {
    if (owner) return Promise.resolve(true);
    claiming ??= (async () => {
      // is it free? (the answer may come late on a busy device: it is waited for)
      let got = locks ? await request({ ifAvailable: true }) : "broken";
      if (got === "busy") {              // another tab has it, or one being reloaded has not let go yet
        const stop = new AbortController();
        const timer = setTimeout(() => stop.abort(), wait);
        got = await request({ signal: stop.signal });
        clearTimeout(timer);
      }
      return got === "broken" ? take() : owner;
    })().finally(() => { claiming = null; });
    return claiming;
  }

  /** Takes the game over from the tab that has it (it is told, and stops). */
  async function take() {
    if (!owner && locks && await request({ ifAvailable: true }) === "busy") await request({ steal: true });
    if (!owner) gain();                  // no Web Locks here: the newest tab owns the game
    channel?.postMessage({ type: "taken", tab: id });
    return true;
  }

  /** May this tab write the game's save now?  Not when another tab took the game after it (it then knows it lost it). */
  function mayWrite() {
    if (!owner) return false;
    const mark = readOwner(store.read(ownerKey));
    if (mark && mark.tab !== id && mark.since >= since) {
      lose();
      return false;
    }
    return true;
  }

  return { id, owns: () => owner, claim, take, mayWrite };
}
