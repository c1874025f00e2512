// The guided first hand's script without the page (web/js/lesson.js): which
// step is due and how it waits, the bots' written moves, the words of a move.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalogue } from "../../web/js/i18n.js";
import { createLesson, same, describe, stepText } from "../../web/js/lesson.js";

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
useCatalogue("en", read("../../web/messages/en.json"));
const LESSON = read("../../web/learn/lesson.json");

/** The lesson as the screen coaches it: [count, step index, mode] of each step shown, the bots' moves played. */
function walk(lesson) {
  const plan = createLesson(lesson);
  const shown = [];
  const scripted = [];
  let count = 0;
  for (;;) {
    let stop = false;
    while (plan.due(count) && !stop) {
      const { step, mode } = plan.nextStep(count);
      assert.equal(step, lesson.steps[plan.index]);
      assert.equal(plan.script(count), null, "no bot moves while the coach speaks");
      shown.push([count, plan.index, mode]);
      plan.advance();
      stop = mode !== "next";
    }
    if (shown.at(-1)?.[2] === "end") return { shown, scripted };
    if (plan.learnersTurn(count)) {
      assert.ok(count < lesson.actions.length, "the lesson ends with its last step");
      assert.equal(plan.script(count), null);
    } else {
      scripted.push(plan.script(count));
    }
    count += 1;
  }
}

test("the written lesson is coached step by step to its end, each move of the learner asked for", () => {
  const { shown, scripted } = walk(LESSON);
  assert.deepEqual(shown.map(([, i]) => i), LESSON.steps.map((_, i) => i));        // each step once, in order
  assert.deepEqual(shown.filter(([, , m]) => m === "end").map(([, i]) => i), [LESSON.steps.length - 1]);
  const learner = LESSON.actions.map((a, i) => [a, i]).filter(([a]) => a.seat === 0).map(([, i]) => i);
  assert.deepEqual(shown.filter(([, , m]) => m === "do").map(([c]) => c), learner);
  assert.deepEqual(scripted, LESSON.actions.filter((a) => a.seat !== 0));
});

test("a step waits for Next, for the learner's move, or ends the lesson", () => {
  const lesson = {
    actions: [{ type: "pass", seat: 1 }, { type: "pass", seat: 0 }, { type: "pass", seat: 2 }],
    steps: [{ at: 0 }, { at: 1 }, { at: 1 }, { at: 3 }],
  };
  const plan = createLesson(lesson);
  assert.deepEqual([plan.due(0), plan.nextStep(0).mode], [true, "next"]);   // a bot acts next: an explanation
  plan.advance();
  assert.equal(plan.due(0), false);
  assert.deepEqual(plan.script(0), { type: "pass", seat: 1 });
  assert.equal(plan.nextStep(1).mode, "next");    // another step before the learner's move
  plan.advance();
  assert.equal(plan.nextStep(1).mode, "do");      // the last one before it asks for it
  plan.advance();
  assert.equal(plan.script(1), null);             // the learner's move is never scripted
  assert.equal(plan.learnersTurn(1), true);
  assert.deepEqual(plan.script(2), { type: "pass", seat: 2 });
  assert.equal(plan.due(2), false);
  assert.equal(plan.learnersTurn(3), true);       // the hand is written to its end
  assert.deepEqual([plan.due(3), plan.nextStep(3).mode], [true, "end"]);
  plan.stop();
  assert.equal(plan.due(3), false);
});

test("the learner's move is compared field by field and named in words", () => {
  assert.ok(same({ type: "play", seat: 0, card: "1O" }, { type: "play", seat: 0, card: "1O" }));
  assert.ok(!same({ type: "play", seat: 0, card: "1O" }, { type: "play", seat: 0, card: "3O" }));
  assert.ok(!same({ type: "bid", seat: 0, amount: 90 }, { type: "bid", seat: 0, amount: 100 }));
  assert.equal(describe({ type: "play", seat: 0, card: "1O" }), "Ace of coins");
  assert.equal(describe({ type: "bid", seat: 0, amount: 90 }), "Bid 90");
  assert.equal(describe({ type: "trump", seat: 0, suit: "E" }), "Swords (Chbada)");
  assert.equal(describe({ type: "pass", seat: 0 }), "Pass");
  for (const step of LESSON.steps) {
    const text = stepText(step);
    assert.ok(text && text !== step.say && !/[{}]/.test(text), `${step.say}: ${text}`);
  }
});
