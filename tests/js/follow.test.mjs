// A screen following the history (web/js/follow.js, used by #history and
// #stats): a burst of changes draws it again once, a moment later; its draws
// run one after the other; none once it is stopped or no longer shown.  In the
// browser: tests/web/test_web_history_live.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { followHistory } from "../../web/js/follow.js";

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fake onHistoryChange: change() tells every listener; `listening` counts them. */
function notices() {
  const fns = new Set();
  return {
    listen(fn) { fns.add(fn); return () => fns.delete(fn); },
    change() { for (const fn of fns) fn(); },
    get listening() { return fns.size; },
  };
}

test("a burst of changes draws the screen again once, after the delay", async () => {
  const n = notices();
  let draws = 0;
  const follow = followHistory({ shown: () => true, redraw: async () => { draws += 1; }, delay: 10, listen: n.listen });
  n.change();
  n.change();
  n.change();
  assert.equal(draws, 0);
  await wait(40);
  assert.equal(draws, 1);
  n.change();
  await wait(40);
  assert.equal(draws, 2);
  follow.stop();
  assert.equal(n.listening, 0);
  n.change();
  await wait(40);
  assert.equal(draws, 2);
  assert.equal(follow.alive(), false);
});

test("the draws run one after the other, and none once stopped", async () => {
  const n = notices();
  const log = [];
  let release;
  const gate = new Promise((r) => { release = r; });
  const follow = followHistory({ shown: () => true, redraw: async () => log.push("redraw"), delay: 5, listen: n.listen });
  const first = follow.serial(async () => { log.push("draw begins"); await gate; log.push("draw ends"); });
  n.change();
  await wait(30);
  assert.deepEqual(log, ["draw begins"]);            // the redraw waits for the draw before it
  release();
  await first;
  await wait(5);
  assert.deepEqual(log, ["draw begins", "draw ends", "redraw"]);

  // a draw that failed does not stop the next ones
  await follow.serial(async () => { throw new Error("unreadable"); }).catch(() => log.push("failed"));
  await follow.serial(async () => log.push("again"));
  follow.stop();
  assert.equal(await follow.serial(async () => log.push("too late")), undefined);
  assert.deepEqual(log.slice(3), ["failed", "again"]);
});

test("a screen no longer shown stops following at the next change", async () => {
  const n = notices();
  let shown = true;
  let draws = 0;
  const follow = followHistory({ shown: () => shown, redraw: async () => { draws += 1; }, delay: 5, listen: n.listen });
  shown = false;                                       // another screen took its place without unmounting it
  n.change();
  await wait(30);
  assert.equal(draws, 0);
  assert.equal(follow.alive(), false);
  assert.equal(n.listening, 0);
});

test("a redraw that fails is told to the screen, unless it was left meanwhile", async () => {
  const n = notices();
  const failed = [];
  let stopNow = false;
  const follow = followHistory({ shown: () => true, failed: (err) => failed.push(err.message), delay: 5, listen: n.listen,
    redraw: async () => { if (stopNow) follow.stop(); throw new Error("unreadable"); } });
  n.change();
  await wait(30);
  assert.deepEqual(failed, ["unreadable"]);
  stopNow = true;
  n.change();
  await wait(30);
  assert.deepEqual(failed, ["unreadable"]);
});

test("attempt gives a failed draw to the screen, never once stopped", async () => {
  const n = notices();
  const failed = [];
  const follow = followHistory({ shown: () => true, redraw: async () => {}, failed: (err) => failed.push(err.message),
    delay: 5, listen: n.listen });
  await follow.attempt(async () => { throw new Error("unreadable"); });
  assert.deepEqual(failed, ["unreadable"]);
  let drawn = 0;
  await follow.attempt(async () => { drawn += 1; });
  assert.equal(drawn, 1);
  assert.deepEqual(failed, ["unreadable"]);
  follow.stop();
  await follow.attempt(async () => { throw new Error("too late"); });
  assert.deepEqual(failed, ["unreadable"]);
});
