// Unit tests of challenges.js: the link's marks of help (hints, take-backs),
// older links still read, and a challenge's id naming its rules and levels.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  AIDS, challengeId, decodeChallenge, encodeChallenge, ensureChallenge, getChallenge, recordMine,
} from "../../web/js/challenges.js";
import { memoryStore } from "./memory-store.mjs";

const RULES = { target: 600, overtrump: "always" };
const LEVELS = { 1: "normal", 2: "strong", 3: "normal" };
const PLAY = { seed: 77, n: 4, rules: RULES, levels: LEVELS, name: "Amina", hands: ["0p.1p", null, null, null] };

/** A payload as a page writes it (raw deflate, base64url). */
async function payload(data) {
  const bytes = new Uint8Array(await new Response(new Blob([JSON.stringify(data)]).stream()
    .pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
  return Buffer.from(bytes).toString("base64url");
}

test("a link tells the help each hand had; a link with none, or an older page's, reads as none", async () => {
  const aided = await decodeChallenge(await encodeChallenge({ ...PLAY, aids: [AIDS.hint | AIDS.takeBack, 0, 0, 0] }));
  assert.deepEqual(aided.aids, [3, 0, 0, 0]);
  assert.deepEqual(aided.levels, LEVELS);
  assert.deepEqual((await decodeChallenge(await encodeChallenge({ ...PLAY, aids: [0, 0, 0, 0] }))).aids, [0, 0, 0, 0]);
  const older = { v: 1, s: 77, n: 4, r: RULES, l: ["normal", "strong", "normal"], nm: "Amina", h: PLAY.hands };
  assert.deepEqual((await decodeChallenge(await payload(older))).aids, [0, 0, 0, 0]);
  for (const a of [[1, 0, 0], [4, 0, 0, 0], [-1, 0, 0, 0], ["1", 0, 0, 0], 1, null]) {
    assert.equal(await decodeChallenge(await payload({ ...older, a })), null, JSON.stringify(a));
  }
});

test("a challenge's id names its rules and levels: other rules or bots are another challenge", () => {
  const id = challengeId(77, 4, RULES, LEVELS);
  assert.equal(id, challengeId(77, 4, { overtrump: "always", target: 600 }, { 3: "normal", 2: "strong", 1: "normal" }));
  assert.notEqual(id, challengeId(77, 4, RULES, { ...LEVELS, 2: "normal" }));
  assert.notEqual(id, challengeId(77, 4, { ...RULES, target: 1000 }, LEVELS));
  assert.notEqual(id, challengeId(77, 8, RULES, LEVELS));
  const store = memoryStore();
  const a = ensureChallenge({ seed: 77, n: 4, rules: RULES, levels: LEVELS }, store);
  const b = ensureChallenge({ seed: 77, n: 4, rules: RULES, levels: { ...LEVELS, 2: "easy" } }, store);
  assert.equal(a.id, id);
  assert.notEqual(b.id, a.id);
  assert.equal(ensureChallenge({ seed: 77, n: 4, rules: { ...RULES }, levels: { ...LEVELS } }, store).id, id);
});

test("a challenge kept under an older id (seed-n) is still found, for its own rules and levels only", () => {
  const store = memoryStore();
  store.write("touti.challenges.v1", JSON.stringify({ list: [{ id: "77-4", seed: 77, n: 4, rules: RULES,
    levels: LEVELS, created: 1, mine: [null, null, null, null], others: [] }] }));
  assert.equal(ensureChallenge({ seed: 77, n: 4, rules: RULES, levels: LEVELS }, store).id, "77-4");
  assert.notEqual(ensureChallenge({ seed: 77, n: 4, rules: RULES, levels: { ...LEVELS, 1: "easy" } }, store).id, "77-4");
  assert.ok(recordMine("77-4", 0, "0p", { points: [0, 0], delta: [0, 0] }, store, AIDS.hint));
  assert.deepEqual(getChallenge("77-4", store).mine[0], { actions: "0p", result: { points: [0, 0], delta: [0, 0] }, aids: AIDS.hint });
});

test("a link a newer version made is told apart from a damaged one", async () => {
  const later = { v: 2, s: 77, n: 4, whatever: "comes next" };
  assert.deepEqual(await decodeChallenge(await payload(later)), { newer: true });
  for (const v of [0, "2", 1.5, null]) {           // not a later version: a bad link
    assert.equal(await decodeChallenge(await payload({ ...later, v })), null, JSON.stringify(v));
  }
  assert.equal(await decodeChallenge("not a payload!"), null);
});
