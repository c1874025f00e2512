// Learn to play (#learn): a guided first hand on the real table.
//
// The hand is written down in web/learn/lesson.json (tools/make_lesson.py
// finds it and checks it with the engine): the deal, every action of every
// seat, and the coaching steps attached to the actions.  A coachmark points
// at the part of the table a step speaks of; an explanation waits for "Next",
// a move of the learner waits for that move.  Every move goes through the
// engine (the lesson's own session): a move the rules refuse shows the
// engine's reason; a legal move that is not the lesson's is answered with a
// word from the coach.  The other three seats play the written hand (the
// bots never concede it: every trick is played, the last one explained as
// it begins).  The lesson ends with the hand's summary and a real game.
//
// The summary is no panel over the table, as in the game: when the hand is
// over it takes the table's place, above the coach, so that nothing ever
// covers the coach and its button; each step brings the coach into view.
//
// Test hooks: the coachmark #coach (data-step: its index); "Next" is
// #coach-next, the last step's button #coach-play; the control it asks for
// carries data-coach-target; the hand's summary #learn-end.
//
// The parts: the lesson's script (lesson.js: which step is due, how it
// waits, the bots' written moves), the coach and its marks (coach.js); here
// the screen (createScreen), the learner's moves (learnerActs), the coaching
// loop (advance) and the hand's summary (renderEnd).

import { h, fill } from "../dom.js";
import { t, refusalText } from "../i18n.js";
import { createStore } from "../store.js";
import { createTable } from "../table.js";
import { renderInfo } from "../bar.js";
import { createLog } from "../log.js";
import { createGame } from "../game.js";
import { summaryBody } from "../dialogs.js";
import { defaults, randomSeed } from "../settings.js";
import { createLesson, same, describe } from "../lesson.js";
import { createCoach, markStep } from "../coach.js";
import { screenHeader } from "./common.js";
import { glossElement } from "../glossary.js";

const SESSION = "lesson";

export async function mount(container, app) {
  const lesson = await (await fetch(new URL("learn/lesson.json", app.base))).json();
  const screen = createScreen(container, app, lesson);
  const record = { format: "touti-record/1", deal: lesson.deal, rules: lesson.rules, actions: [] };
  const r = await screen.game.resume({ record });
  if (!r.ok) throw new Error(r.reason);
  advance(screen);              // the lesson goes on by itself; the screen is mounted now
  return {
    unmount() {
      screen.plan.stop();
      screen.waiting?.();
    },
  };
}

/**
 * The lesson's screen: its own table, store and game (the lesson's session,
 * every seat played from the script or by the learner), the coach, the
 * hand's summary; `current` is the step on show, `waiting` resolves when
 * "Next" is pressed.
 */
function createScreen(container, app, lesson) {
  const store = createStore({ settings: { ...defaults(), speed: app.store.state.settings.speed } });
  const parts = {
    info: h("div", { class: "info" }),
    table: h("div", { class: "table" }),
    controls: h("section", { class: "controls" }),
    hand: h("section", { class: "hand" }),
  };
  const end = h("div", { class: "learn-end", id: "learn-end", hidden: true });     // the hand's summary
  const screen = { app, container, store, parts, end, plan: createLesson(lesson), current: null, waiting: null };
  screen.coach = createCoach({ onNext: () => screen.waiting?.(), onPlay: () => app.play(randomSeed()) });
  container.replaceChildren(screenHeader(t("screen.learn")),
    h("div", { class: "learn" }, parts.info, parts.table, end, screen.coach.element, parts.controls, parts.hand));

  screen.table = createTable(parts, {
    onAction: (action) => learnerActs(screen, action),
    onCard: (card) => learnerActs(screen, { type: "play", seat: 0, card }),
    ids: false,
  });
  screen.game = createGame({ client: app.client, store, ui: { table: screen.table, log: createLog(null) },
    session: SESSION, script: (view) => screen.plan.script(view.action_count), persons: [0, 1, 2, 3] });
  store.onRender((st) => {
    if (renderInfo(parts.info, st) !== false) glossElement(parts.info.querySelector(".cap"));   // "Ghna cap": a term
    screen.table.render(st);
    renderEnd(screen, st);
    if (screen.current && st.view && !st.busy) markTarget(screen, screen.current);
  });
  return screen;
}

/** The written action to be made now. */
const expected = (screen) => screen.plan.expected(screen.store.state.view?.action_count ?? 0);

/** The learner acts: the lesson's move is played; another is answered, never played. */
async function learnerActs(screen, action) {
  const { state, update } = screen.store;
  if (state.busy || !state.view || screen.waiting) return;
  const want = expected(screen);
  if (!want || want.seat !== 0) return;
  if (same(action, want)) {
    update({ message: null });
    screen.coach.mode = "wait";
    await screen.game.act(want);
    await advance(screen);
    return;
  }
  const legal = state.view.legal.some((a) => same(a, action));
  if (legal) {
    update({ message: { kind: "note", text: t("learn.not_this", { what: describe(want) }) } });
    return;
  }
  const ans = await screen.app.client.call({ session: SESSION, op: "act", action });
  if (!ans.ok) {
    update({ message: { kind: "refusal", text: refusalText(ans.error) } });
    if (action.type === "play") screen.table.hand.shake(action.card);
  }
}

/** Marks what a step points at, and the control it asks for (when the coach waits for the learner's move). */
function markTarget(screen, step) {
  const want = expected(screen);
  const asked = want && want.seat === 0 && step && step.at === screen.store.state.view.action_count
    && screen.coach.mode === "do";
  const { parts, table, end } = screen;
  markStep(screen.container, { seats: table.seats, hand: parts.hand, actions: parts.controls, bar: parts.info, panel: end },
    step?.point, asked ? want : null);
}

function showStep(screen, step, mode) {
  screen.coach.show(step, mode, screen.plan.index, screen.plan.steps.length);
  screen.store.flush();           // the table as the step speaks of it, then the coach in view
  screen.current = step;
  markTarget(screen, step);
  // what the step speaks of in view too ("these are your ten cards"), the coach last
  screen.container.querySelector(".coach-point")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  screen.coach.element.scrollIntoView({ block: "nearest", inline: "nearest" });
}

const idle = async (state) => {
  while (state.busy) await new Promise((r) => setTimeout(r, 40));
};

/**
 * Coaches from where the hand stands: the steps due now (an explanation
 * waits for "Next"; the last step before a move of the learner waits for
 * that move), then the bots' written moves, until the learner must act.
 */
async function advance(screen) {
  const { plan, store } = screen;
  for (;;) {
    await idle(store.state);
    const count = store.state.view.action_count;
    while (plan.due(count)) {
      const { step, mode } = plan.nextStep(count);
      showStep(screen, step, mode);
      if (mode !== "next") {
        plan.advance();
        return;
      }
      await new Promise((resolve) => { screen.waiting = resolve; });
      screen.waiting = null;
      plan.advance();
      screen.coach.wait();          // until the next step: the table plays on
    }
    if (plan.learnersTurn(count)) return;
    await screen.game.kick();       // the bots' written moves, until the learner or the coach
  }
}

/** The hand's summary, in the table's place once the hand is over (the table's own panel is never shown). */
function renderEnd(screen, st) {
  const { table, end, parts } = screen;
  const v = st.view;
  const show = !!(v && (v.phase === "hand_over" || v.phase === "game_over") && v.last_hand && !st.busy);
  table.panel.hidden = true;
  end.hidden = !show;
  parts.table.hidden = show;
  if (show) {
    fill(end, [h("div", { class: "panel-box", role: "region", "aria-label": t("summary.title", { n: 1 }) },
      h("h2", {}, t("summary.title", { n: 1 })), ...summaryBody(v.last_hand, v))], `end:${v.action_count}`);
  } else {
    fill(end, [], "");
  }
}
