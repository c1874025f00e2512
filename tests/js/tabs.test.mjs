// One tab at a time owns the game in progress (web/js/tabs.js), with a Web
// Locks manager, a BroadcastChannel and a storage of our own for two tabs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createTabs, OWNER_KEY } from "../../web/js/tabs.js";
import { channels } from "./fake-channels.mjs";

/** The browser's lock manager for one lock, as far as tabs.js uses it (ifAvailable, steal, signal). */
class Locks {
  constructor() {
    this.holder = null;
    this.queue = [];
  }

  request(name, options, callback) {
    return new Promise((resolve, reject) => {
      const grant = () => {
        const held = { reject };
        this.holder = held;
        Promise.resolve(callback({ name })).then((value) => {
          if (this.holder === held) this.letGo();
          resolve(value);
        }, reject);
      };
      if (options.steal) {
        this.holder?.reject(new DOMException("stolen", "AbortError"));
        grant();
      } else if (!this.holder) {
        grant();
      } else if (options.ifAvailable) {
        Promise.resolve(callback(null)).then(resolve, reject);
      } else {
        const waiting = { grant };
        this.queue.push(waiting);
        options.signal?.addEventListener("abort", () => {
          const i = this.queue.indexOf(waiting);
          if (i < 0) return;
          this.queue.splice(i, 1);
          reject(new DOMException("aborted", "AbortError"));
        });
      }
    });
  }

  /** The holder lets go (its tab is closed): the next one waiting gets the lock. */
  letGo() {
    this.holder = null;
    this.queue.shift()?.grant();
  }
}

function storage() {
  const kept = new Map();
  return { read: (k) => (kept.has(k) ? kept.get(k) : null), write: (k, v) => { kept.set(k, v); return true; }, kept };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

function tabs({ locks = new Locks(), Channel = channels(), store = storage() } = {}) {
  let clock = 1000;
  const make = () => {
    const lost = [];
    const tab = createTabs({ store, locks, Channel, now: () => clock++, onLost: () => lost.push(1) });
    return Object.assign(tab, { lost });
  };
  return { one: make(), two: make(), locks, store };
}

test("the first tab owns the game; a second one is not given it, and takes it over on request", async () => {
  const { one, two } = tabs();
  assert.equal(await one.claim(), true);
  assert.equal(await two.claim(), false);               // waited a moment, then no
  assert.equal(one.owns(), true);
  assert.equal(two.owns(), false);
  assert.equal(two.mayWrite(), false);
  assert.equal(await two.take(), true);
  await settle();
  assert.equal(two.owns(), true);
  assert.equal(one.owns(), false);
  assert.deepEqual(one.lost, [1]);                      // told once (the lock and the channel both said it)
  assert.equal(one.mayWrite(), false);
  assert.equal(two.mayWrite(), true);
  // and back
  await one.take();
  await settle();
  assert.equal(one.owns(), true);
  assert.deepEqual(two.lost, [1]);
});

test("a tab closed lets the other take the game without taking it from anyone", async () => {
  const { one, two, locks } = tabs();
  await one.claim();
  assert.equal(await two.claim(), false);
  locks.letGo();                                        // the first tab is closed
  assert.equal(await two.claim(), true);
  assert.deepEqual(one.lost, []);
});

test("a tab being reloaded lets go in time: the new page gets the game back", async () => {
  const { one, two, locks } = tabs();
  await one.claim();
  const asked = two.claim();
  setTimeout(() => locks.letGo(), 50);                  // within the moment a claim waits
  assert.equal(await asked, true);
});

test("two claims at once in one tab are one claim", async () => {
  const { one } = tabs();
  assert.deepEqual(await Promise.all([one.claim(), one.claim()]), [true, true]);
});

test("without Web Locks the tab that opened the game last owns it, and the other one is told", async () => {
  const { one, two } = tabs({ locks: null });
  assert.equal(await one.claim(), true);
  assert.equal(await two.claim(), true);
  await settle();
  assert.equal(one.owns(), false);
  assert.deepEqual(one.lost, [1]);
});

test("a browser that refuses Web Locks here does without them", async () => {
  const refusing = { request: () => { throw new DOMException("no", "SecurityError"); } };
  const { one } = tabs({ locks: refusing });
  assert.equal(await one.claim(), true);
  const rejecting = { request: () => Promise.reject(new DOMException("no", "SecurityError")) };
  const { two } = tabs({ locks: rejecting });
  assert.equal(await two.claim(), true);
});

test("a tab that missed the news sees the later owner's mark and never writes again", async () => {
  const store = storage();
  const { one } = tabs({ store });
  await one.claim();
  assert.equal(one.mayWrite(), true);
  store.write(OWNER_KEY, "{damaged");                   // a damaged mark is no owner
  assert.equal(one.mayWrite(), true);
  store.write(OWNER_KEY, JSON.stringify({ tab: "earlier", since: 1 }));     // nor one older than this tab's
  assert.equal(one.mayWrite(), true);
  store.write(OWNER_KEY, JSON.stringify({ tab: "later", since: 1e15 }));
  assert.equal(one.mayWrite(), false);
  assert.equal(one.owns(), false);
  assert.deepEqual(one.lost, [1]);
});
