// The guided first hand's script (#learn: views/learn.js), apart from the
// page: which coaching step is due, how it waits, which written move the bots
// play, and the words of a step or of the move the learner is asked for.
//
// A lesson (web/learn/lesson.json, written by tools/make_lesson.py) is the
// deal, every action of every seat (`actions`), and the coaching steps
// (`steps`), each attached to an action's index (`at`: the step is spoken
// before that action is made).

import { t, cardName, suitName } from "./i18n.js";

/** The same engine action (type, seat and its field: card, amount, signal or suit). */
export function same(a, b) {
  return ["type", "seat", "card", "amount", "signal", "suit"].every((k) => a[k] === b[k]);
}

/** A step's words, its params in the language's terms (cards and suits named). */
export function stepText(step) {
  const p = { ...step };
  for (const k of ["card", "wrong"]) if (p[k]) p[k] = cardName(p[k]);
  if (p.suit) p.suit = suitName(p.suit);
  if (p.signal) p.signal_name = t(`signal.${p.signal}`);
  return t(step.say, p);
}

/** The move the learner is asked for, in words (for "not this one, but ..."). */
export function describe(a) {
  switch (a.type) {
    case "play": return cardName(a.card);
    case "bid": return t("action.bid.label", { amount: a.amount });
    case "trump": return t(`suit.title.${a.suit}`);
    case "ghna": return t("learn.what.ghna", { suit: suitName(a.suit) });
    default: return t(`action.${a.type}`);
  }
}

/**
 * createLesson(lesson) -> the lesson's progress through its steps, by the
 * number of actions made (`count`):
 * {steps, index, due(count), nextStep(count), advance(), stop(),
 *  expected(count), script(count), learnersTurn(count)}.
 */
export function createLesson({ steps, actions }) {
  let index = 0;                // the next coaching step
  const due = (count) => index < steps.length && steps[index].at <= count;
  return {
    steps,
    get index() { return index; },
    /** Whether a step is to be spoken before the action `count`. */
    due,
    /**
     * The step due and how it waits: "next" (an explanation: the Next
     * button), "do" (the last step before a move of the learner: that move)
     * or "end" (the lesson's last step: a real game).
     */
    nextStep(count) {
      const final = index === steps.length - 1;
      const asks = actions[count]?.seat === 0 && !(steps[index + 1]?.at === count);
      return { step: steps[index], mode: final ? "end" : asks ? "do" : "next" };
    },
    /** The step on show is done with. */
    advance() { index += 1; },
    /** No step is due any more (the screen is left). */
    stop() { index = steps.length; },
    /** The written action number `count` (undefined after the last). */
    expected: (count) => actions[count],
    /** The written action of a bot's seat now, or null (the learner's turn, or the coach speaks first). */
    script(count) {
      if (due(count)) return null;
      const a = actions[count];
      return a && a.seat !== 0 ? a : null;
    },
    /** Whether the bots have nothing to play: the hand is written to its end, or the learner acts. */
    learnersTurn: (count) => count >= actions.length || actions[count].seat === 0,
  };
}
