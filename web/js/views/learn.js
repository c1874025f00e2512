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

import { h, fill } from "../dom.js";
import { t, cardName, suitName, refusalText } from "../i18n.js";
import { createStore } from "../store.js";
import { createTable } from "../table.js";
import { renderInfo } from "../bar.js";
import { createLog } from "../log.js";
import { createGame } from "../game.js";
import { dataOf } from "../controls.js";
import { summaryBody } from "../dialogs.js";
import { defaults, randomSeed } from "../settings.js";
import { screenHeader } from "./common.js";

const SESSION = "lesson";

/** The same engine action (type, seat and its field: card, amount, signal or suit). */
function same(a, b) {
  return ["type", "seat", "card", "amount", "signal", "suit"].every((k) => a[k] === b[k]);
}

/** A step's words, its params in the language's terms (cards and suits named). */
function stepText(step) {
  const p = { ...step };
  for (const k of ["card", "wrong"]) if (p[k]) p[k] = cardName(p[k]);
  if (p.suit) p.suit = suitName(p.suit);
  if (p.signal) p.signal_name = t(`signal.${p.signal}`);
  return t(step.say, p);
}

export async function mount(container, app) {
  const lesson = await (await fetch(new URL("learn/lesson.json", app.base))).json();
  const store = createStore({ settings: { ...defaults(), speed: app.store.state.settings.speed } });
  const { state, update } = store;
  const parts = {
    info: h("div", { class: "info" }),
    table: h("div", { class: "table" }),
    controls: h("section", { class: "controls" }),
    hand: h("section", { class: "hand" }),
  };
  const coach = h("div", { class: "coach", id: "coach", role: "region", "aria-live": "polite", "aria-label": t("learn.coach") });
  const end = h("div", { class: "learn-end", id: "learn-end", hidden: true });     // the hand's summary
  container.replaceChildren(screenHeader(t("screen.learn")),
    h("div", { class: "learn" }, parts.info, parts.table, end, coach, parts.controls, parts.hand));

  const record = { format: "touti-record/1", deal: lesson.deal, rules: lesson.rules, actions: [] };
  const steps = lesson.steps;
  let stepIndex = 0;            // the next coaching step
  let current = null;           // the step on show
  let waiting = null;           // resolves when "Next" is pressed

  const due = (count) => stepIndex < steps.length && steps[stepIndex].at <= count;
  /** The written action of a bot's seat now, or null (the learner's turn, or the coach speaks first). */
  const script = (view) => {
    if (due(view.action_count)) return null;
    const a = lesson.actions[view.action_count];
    return a && a.seat !== 0 ? a : null;
  };
  const table = createTable(parts, {
    onAction: (action) => learnerActs(action),
    onCard: (card) => learnerActs({ type: "play", seat: 0, card }),
    ids: false,
  });
  const game = createGame({ client: app.client, store, ui: { table, log: createLog(null) },
    session: SESSION, script, persons: [0, 1, 2, 3] });

  function expected() {
    return lesson.actions[state.view?.action_count ?? 0];
  }

  /** The learner acts: the lesson's move is played; another is answered, never played. */
  async function learnerActs(action) {
    if (state.busy || !state.view || waiting) return;
    const want = expected();
    if (!want || want.seat !== 0) return;
    if (same(action, want)) {
      update({ message: null });
      coach.dataset.mode = "wait";
      await game.act(want);
      await advance();
      return;
    }
    const legal = state.view.legal.some((a) => same(a, action));
    if (legal) {
      update({ message: { kind: "note", text: t("learn.not_this", { what: describe(want) }) } });
      return;
    }
    const ans = await app.client.call({ session: SESSION, op: "act", action });
    if (!ans.ok) {
      update({ message: { kind: "refusal", text: refusalText(ans.error) } });
      if (action.type === "play") table.hand.shake(action.card);
    }
  }

  function describe(a) {
    switch (a.type) {
      case "play": return cardName(a.card);
      case "bid": return t("action.bid.label", { amount: a.amount });
      case "trump": return t(`suit.title.${a.suit}`);
      case "ghna": return t("learn.what.ghna", { suit: suitName(a.suit) });
      default: return t(`action.${a.type}`);
    }
  }

  /** Marks what a step points at, and the control it asks for. */
  function markTarget(step) {
    for (const el of container.querySelectorAll("[data-coach-target], .coach-point")) {
      el.removeAttribute("data-coach-target");
      el.classList.remove("coach-point");
    }
    const want = expected();
    if (want && want.seat === 0 && step && step.at === state.view.action_count && coach.dataset.mode === "do") {
      const target = want.type === "play"
        ? container.querySelector(`.hand button[data-card='${want.card}']`)
        : [...container.querySelectorAll(".actions button[data-action]")].find((b) => {
          const d = dataOf(want);
          return Object.entries(d).every(([k, v]) => b.dataset[k] === String(v));
        });
      target?.setAttribute("data-coach-target", "");
    }
    const point = step?.point;
    if (point === "seats") for (const s of table.seats) s.classList.add("coach-point");
    else if (point?.startsWith("seat-")) table.seats[Number(point.slice(5))]?.classList.add("coach-point");
    else if (point === "hand") parts.hand.classList.add("coach-point");
    else if (point === "actions") parts.controls.classList.add("coach-point");
    else if (point === "bar") parts.info.classList.add("coach-point");
    else if (point === "panel") end.classList.add("coach-point");
  }

  function show(step, mode) {
    fill(coach, [
      h("p", { class: "coach-count" }, t("learn.step", { n: stepIndex + 1, total: steps.length })),
      h("p", { class: "coach-text" }, stepText(step)),
      step.tryit ? h("p", { class: "coach-try" }, t("learn.try", { card: cardName(step.tryit) })) : null,
      mode === "next" ? h("button", { type: "button", class: "act primary", id: "coach-next",
        onclick: () => waiting?.() }, t("learn.next")) : null,
      mode === "end" ? h("button", { type: "button", class: "act primary", id: "coach-play",
        onclick: () => app.play(randomSeed()) }, t("learn.play_real")) : null,
    ]);
    coach.dataset.step = String(stepIndex);
    coach.dataset.mode = mode;
    store.flush();                  // the table as the step speaks of it, then the coach in view
    coach.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  const idle = async () => {
    while (state.busy) await new Promise((r) => setTimeout(r, 40));
  };

  /**
   * Coaches from where the hand stands: the steps due now (an explanation
   * waits for "Next"; the last step before a move of the learner waits for
   * that move), then the bots' written moves, until the learner must act.
   */
  async function advance() {
    for (;;) {
      await idle();
      const count = state.view.action_count;
      while (due(count)) {
        const step = steps[stepIndex];
        const final = stepIndex === steps.length - 1;
        const asks = lesson.actions[count]?.seat === 0 && !(steps[stepIndex + 1]?.at === count);
        if (final || asks) {
          show(step, final ? "end" : "do");
          current = step;
          markTarget(step);
          stepIndex += 1;
          return;
        }
        show(step, "next");
        current = step;
        markTarget(step);
        await new Promise((resolve) => { waiting = resolve; });
        waiting = null;
        stepIndex += 1;
        coach.dataset.mode = "wait";              // until the next step: the table plays on
        coach.querySelector("#coach-next")?.remove();
      }
      if (count >= lesson.actions.length || lesson.actions[count].seat === 0) return;
      await game.kick();            // the bots' written moves, until the learner or the coach
    }
  }

  store.onRender((st) => {
    renderInfo(parts.info, st);
    table.render(st);
    renderEnd(st);
    if (current && st.view && !st.busy) markTarget(current);
  });

  /** The hand's summary, in the table's place once the hand is over (the table's own panel is never shown). */
  function renderEnd(st) {
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

  const r = await game.resume({ record });
  if (!r.ok) throw new Error(r.reason);
  advance();                    // the lesson goes on by itself; the screen is mounted now
  return {
    unmount() {
      stepIndex = steps.length;
      waiting?.();
    },
  };
}
