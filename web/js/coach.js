// The lesson's coach (#learn: views/learn.js): the coachmark that speaks a
// step (#coach: data-step its index, data-mode how it waits; "Next" is
// #coach-next, the last step's button #coach-play), and the marks it puts on
// the table: .coach-point on what the step points at, data-coach-target on
// the control of the move it asks for.

import { h, fill } from "./dom.js";
import { t, cardName } from "./i18n.js";
import { dataOf } from "./controls.js";
import { stepText } from "./lesson.js";
import { glossed } from "./glossary.js";

/** createCoach({onNext, onPlay}) -> {element, mode, show(step, mode, index, total), wait()} */
export function createCoach({ onNext, onPlay }) {
  const element = h("div", { class: "coach", id: "coach", role: "region", "aria-live": "polite", "aria-label": t("learn.coach") });
  return {
    element,
    get mode() { return element.dataset.mode; },
    set mode(mode) { element.dataset.mode = mode; },
    /** Step number `index` of `total`, waiting as `mode` says ("next", "do" or "end"). */
    show(step, mode, index, total) {
      fill(element, [
        h("p", { class: "coach-count" }, t("learn.step", { n: index + 1, total })),
        h("p", { class: "coach-text" }, ...glossed(stepText(step))),   // its terms explained on a tap
        step.tryit ? h("p", { class: "coach-try" }, t("learn.try", { card: cardName(step.tryit) })) : null,
        mode === "next" ? h("button", { type: "button", class: "act primary", id: "coach-next", onclick: onNext },
          t("learn.next")) : null,
        mode === "end" ? h("button", { type: "button", class: "act primary", id: "coach-play", onclick: onPlay },
          t("learn.play_real")) : null,
      ]);
      element.dataset.step = String(index);
      element.dataset.mode = mode;
    },
    /** Until the next step: the table plays on (no Next button). */
    wait() {
      element.dataset.mode = "wait";
      element.querySelector("#coach-next")?.remove();
    },
  };
}

/** The control in `root` that makes the action `want`: the card in the hand, or the action's button. */
export function controlFor(root, want) {
  if (want.type === "play") return root.querySelector(`.hand button[data-card='${want.card}']`);
  const d = dataOf(want);
  return [...root.querySelectorAll(".actions button[data-action]")]
    .find((b) => Object.entries(d).every(([k, v]) => b.dataset[k] === String(v))) ?? null;
}

/**
 * Marks what a step points at (`point`: "seats", "seat-<n>", "hand",
 * "actions", "bar" or "panel", among `parts`) and the control of the move the
 * coach asks for (`want`, or null), after clearing the marks in `root`.
 */
export function markStep(root, parts, point, want) {
  for (const el of root.querySelectorAll("[data-coach-target], .coach-point")) {
    el.removeAttribute("data-coach-target");
    el.classList.remove("coach-point");
  }
  if (want) controlFor(root, want)?.setAttribute("data-coach-target", "");
  if (point === "seats") for (const s of parts.seats) s.classList.add("coach-point");
  else if (point?.startsWith("seat-")) parts.seats[Number(point.slice(5))]?.classList.add("coach-point");
  else if (point === "hand") parts.hand.classList.add("coach-point");
  else if (point === "actions") parts.actions.classList.add("coach-point");
  else if (point === "bar") parts.bar.classList.add("coach-point");
  else if (point === "panel") parts.panel.classList.add("coach-point");
}
