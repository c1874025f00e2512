// The history says when it changed (web/js/history.js): after each write that
// changed it, this tab is told (an event) and the site's other tabs (a
// BroadcastChannel message); a write that changed nothing, or failed, says
// nothing.  The history screen redraws on these notices (tested in the
// browser: tests/web/test_web_history_live.py).  Here the history runs over
// localStorage, as when IndexedDB is unavailable.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Store } from "../../web/js/storage.js";
import { createHistory, createNotices, HISTORY_CHANNEL, HISTORY_FORMAT } from "../../web/js/history.js";
import { memoryStore } from "./memory-store.mjs";
import { channels } from "./fake-channels.mjs";

const VIEW = { rules: { target: 600 }, scores: [0, 0], winner: null, history: [],
  record: { format: "touti-record/1", seed: 5, rules: { target: 600 }, actions: [] } };
const HAND = { contract: 100, declarer: 0, trump: 0, made: true, points: [120, 42], delta: [120, 0], ghna: [false, false] };

const settle = () => new Promise((r) => setTimeout(r, 5));

test("each write that changed the history says what changed, and only those", async () => {
  const said = [];
  const store = memoryStore();
  const history = createHistory({ store, db: async () => null, tell: (what, id) => said.push([what, id]) });
  assert.equal(await history.record("g1", VIEW, { kind: "game" }), true);
  assert.deepEqual(said, [["record", "g1"]]);
  assert.equal(await history.markGame("g1", "hinted"), true);
  assert.equal(await history.markGame("g1", "hinted"), false);          // already marked: nothing written
  assert.equal(await history.markPractice("g1"), true);
  assert.equal(await history.markPractice("nobody"), false);
  assert.equal(await history.keepReview("g1", 0, { lost_auction: 0, lost_play: 5 }), false);   // no such hand
  await history.record("g1", { ...VIEW, history: [HAND] }, { kind: "game" });
  assert.equal(await history.keepReview("g1", 0, { lost_auction: 0, lost_play: 5 }), true);
  assert.deepEqual(said.splice(0), [["record", "g1"], ["mark", "g1"], ["mark", "g1"], ["record", "g1"], ["review", "g1"]]);

  const other = { id: "g2", started: 5, updated: 5, kind: "game", practice: false, rules: { target: 600 }, levels: null,
    record: { format: "touti-record/1", seed: 1, actions: "" }, hands: [], scores: [0, 0], winner: null };
  assert.equal((await history.merge({ format: HISTORY_FORMAT, games: [other] })).added, 1);
  assert.equal((await history.merge({ format: HISTORY_FORMAT, games: [other] })).added, 0);    // nothing new
  assert.equal(await history.merge({ format: "something else", games: [] }), null);
  assert.deepEqual(said.splice(0), [["merge", null]]);

  store.full();                                                          // a write the storage refuses
  assert.equal(await history.record("g3", VIEW, { kind: "game" }), false);
  assert.deepEqual(said, []);
  store.full(false);
  await history.clear();
  assert.deepEqual(said, [["clear", null]]);
});

test("a listener that throws never fails the write", async () => {
  const history = createHistory({ store: memoryStore(), db: async () => null, tell: () => { throw new Error("no"); } });
  assert.equal(await history.record("g1", VIEW, { kind: "game" }), true);
  assert.equal((await history.get("g1")).id, "g1");
});

test("this tab hears its own changes, the other tabs hear them on the channel, and off() stops it", async () => {
  const Channel = channels();
  const a = createNotices({ target: new EventTarget(), Channel });
  const b = createNotices({ target: new EventTarget(), Channel });
  const heardA = [];
  const heardB = [];
  const offA = a.listen((d) => heardA.push(d));
  const offB = b.listen((d) => heardB.push(d));
  a.tell("record", "g1");
  await settle();
  assert.deepEqual(heardA, [{ what: "record", id: "g1", here: true }]);
  assert.deepEqual(heardB, [{ what: "record", id: "g1", here: false }]);
  b.tell("clear");
  await settle();
  assert.deepEqual(heardA.at(-1), { what: "clear", id: null, here: false });
  assert.deepEqual(heardB.at(-1), { what: "clear", id: null, here: true });
  assert.equal(heardA.length, 2);
  assert.equal(heardB.length, 2);

  // a message that is not a change of the history is not one
  const stranger = new Channel(HISTORY_CHANNEL);
  stranger.postMessage({ type: "changed", what: "everything" });
  stranger.postMessage({ type: "taken", tab: "x" });
  stranger.postMessage("changed");
  await settle();
  assert.equal(heardB.length, 2);

  offB();
  a.tell("mark", "g1");
  await settle();
  assert.equal(heardB.length, 2);
  assert.deepEqual(heardA.at(-1), { what: "mark", id: "g1", here: true });
  offA();
});

test("without BroadcastChannel (missing or refused) this tab is still told", async () => {
  for (const Channel of [null, class { constructor() { throw new Error("refused"); } }]) {
    const notices = createNotices({ target: new EventTarget(), Channel });
    const heard = [];
    notices.listen((d) => heard.push(d.what));
    notices.tell("record", "g1");
    await settle();
    assert.deepEqual(heard, ["record"]);
  }
});
