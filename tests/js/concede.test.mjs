// Where the page offers "Propose to abandon" (web/js/controls.js, docs/web.md):
// the declarers hold their contract, or need at most 10 with at most three
// tricks to play; never after a refusal in the hand, never outside the play.
import { test } from "node:test";
import assert from "node:assert/strict";
import { concedeOffered } from "../../web/js/controls.js";

/** A view of the play: seat 1 declares `amount`; its team has `have`; `tricks` done. */
function view({ amount = 100, have = 0, tricks = 0, actions = [], phase = "play" } = {}) {
  return { phase, contract: { declarer: 1, amount, trump: "C" }, points: [130 - have - 10, have],
    tricks: Array.from({ length: tricks }, () => ({})), hand_actions: actions };
}

test("offered once the declarers hold their contract", () => {
  assert.equal(concedeOffered(view({ have: 100, tricks: 2 })), true);
  assert.equal(concedeOffered(view({ have: 99, tricks: 2 })), false);
});

test("offered when 10 or less is missing with three tricks or fewer to play", () => {
  assert.equal(concedeOffered(view({ have: 90, tricks: 7 })), true);
  assert.equal(concedeOffered(view({ have: 89, tricks: 7 })), false);
  assert.equal(concedeOffered(view({ have: 90, tricks: 6 })), false);
});

test("not offered at the defenders' first card, after a refusal, or outside the play", () => {
  assert.equal(concedeOffered(view({ have: 0, tricks: 0 })), false);
  assert.equal(concedeOffered(view({ have: 100, tricks: 5, actions: [{ type: "concede", seat: 2 }, { type: "refuse", seat: 0 }] })), false);
  assert.equal(concedeOffered(view({ have: 100, tricks: 5, phase: "concession" })), false);
  assert.equal(concedeOffered({ phase: "play", contract: null }), false);
});
