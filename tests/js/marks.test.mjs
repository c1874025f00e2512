// Unit tests of the history's marks (history.js): a game where a hint was shown
// or a bot of the player's own sat is marked, for good.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHistory, MARKS } from "../../web/js/history.js";
import { memoryStore } from "./memory-store.mjs";

const VIEW = { rules: { target: 600 }, scores: [0, 0], winner: null, history: [],
  record: { format: "touti-record/1", seed: 5, rules: { target: 600 }, actions: [] } };

test("a hint shown or a bot of one's own at the table marks the game, and the mark stays", async () => {
  const history = createHistory({ store: memoryStore(), db: async () => null });
  assert.deepEqual(MARKS, ["hinted", "ownBot"]);
  await history.record("g1", VIEW, { kind: "game", ownBot: true });
  await history.record("g2", VIEW, { kind: "game" });
  assert.equal((await history.get("g1")).ownBot, true);
  assert.equal((await history.get("g2")).ownBot, undefined);
  await history.record("g1", VIEW, { kind: "game", ownBot: false });     // a later hand: still marked
  assert.equal((await history.get("g1")).ownBot, true);
  assert.equal(await history.markGame("g2", "hinted"), true);
  assert.equal(await history.markGame("g2", "hinted"), false);           // once
  assert.equal(await history.markGame("g2", "winner"), false);           // marks only
  const g2 = await history.get("g2");
  assert.equal(g2.hinted, true);
  assert.equal(g2.winner, null);
  await history.record("g2", VIEW, { kind: "game" });
  assert.equal((await history.get("g2")).hinted, true);
});
