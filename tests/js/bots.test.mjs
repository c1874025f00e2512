// "Your bots" (#bots) without the page (web/js/views/bots.js, bots-arena.js):
// the seats a bot loaded again takes back, and the arena's parameters, its
// figures' signs and the command line that plays the same arena.
import { test } from "node:test";
import assert from "node:assert/strict";
import { seatsBack } from "../../web/js/views/bots.js";
import { arenaParams, arenaCommand, signed } from "../../web/js/bots-arena.js";

test("a bot loaded again takes back the seats the stored settings give it, and only those", () => {
  const stored = { 1: "user:fox", 2: "strong", 3: "user:fox" };
  // after a reload its seats were the normal bot's
  assert.deepEqual(seatsBack(["user:fox"], stored, { 1: "normal", 2: "strong", 3: "normal" }), [1, 3]);
  // a seat it already has is not given again
  assert.deepEqual(seatsBack(["user:fox"], stored, { 1: "user:fox", 2: "strong", 3: "normal" }), [3]);
  assert.deepEqual(seatsBack(["user:owl"], stored, { 1: "normal", 2: "normal", 3: "normal" }), []);
  assert.deepEqual(seatsBack(["strong"], stored, { 1: "normal", 2: "normal", 3: "normal" }), [2]);
});

test("the arena plays 1 to 1000 deals from a seed of 0 or more, whole numbers", () => {
  const p = (deals, seed) => arenaParams({ a: "easy", b: "normal", deals, seed });
  assert.deepEqual(p("20", "1"), { a: "easy", b: "normal", deals: 20, seed: 1 });
  assert.deepEqual([p("0", "-5").deals, p("0", "-5").seed], [1, 0]);
  assert.deepEqual([p("5000", "7.6").deals, p("5000", "7.6").seed], [1000, 8]);
  assert.deepEqual([p("", "").deals, p("", "").seed], [1, 0]);
  assert.deepEqual([p("abc", "x").deals, p("abc", "x").seed], [1, 0]);
  assert.equal(p("2.4", "0").deals, 2);
});

test("the arena's command line names the loaded bot's wheel, or the level", () => {
  const params = { a: "user:fox", b: "strong", deals: 50, seed: 3 };
  assert.equal(arenaCommand(params, { source: "fox-1.0-py3-none-any.whl" }),
    "python -m touti_core arena --a fox-1.0-py3-none-any.whl --b strong --deals 50 --seed 3");
  assert.equal(arenaCommand({ ...params, a: "easy" }, undefined),
    "python -m touti_core arena --a easy --b strong --deals 50 --seed 3");
  assert.equal(signed(1.5), "+1.50");
  assert.equal(signed(-0.254), "−0.25");
  assert.equal(signed(0), "+0.00");
  assert.equal(signed(null), "—");
  assert.equal(signed(undefined), "—");
});
