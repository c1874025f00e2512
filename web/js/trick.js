// The trick on the table: one slot per seat, cards flying in from their
// player and, once the trick is complete, to its winner.  Animations use the
// Web Animations API on transforms (composited), scaled by the speed setting.

import { h } from "./dom.js";
import { cardName, seatName } from "./i18n.js";
import { cardSVG } from "./cardart.js";
import { POSITIONS } from "./table.js";

let trickEl = null;
const slots = [];

export function buildTrick(el) {
  trickEl = el;
  slots.length = 0;
  POSITIONS.forEach((pos, seat) => {
    const slot = h("div", { class: `slot slot-${pos}`, dataset: { seat } });
    slots.push(slot);
  });
  el.replaceChildren(...slots);
}

function cardEl(card) {
  return h("div", { class: "played", dataset: { played: card }, role: "img",
    "aria-label": cardName(card), html: cardSVG(card, { title: "" }) });
}

/** Draws `cards` ([{seat, card}]) in their slots (keeps the elements already there). */
export function renderTrick(cards) {
  const want = new Map((cards || []).map((c) => [c.seat, c.card]));
  slots.forEach((slot, seat) => {
    const card = want.get(seat);
    const have = slot.firstElementChild;
    if (!card) {
      if (have) slot.replaceChildren();
    } else if (!have || have.dataset.played !== card) {
      slot.replaceChildren(cardEl(card));
    }
  });
}

function seatRect(seat) {
  const el = document.getElementById(`seat-${seat}`);
  return el ? el.getBoundingClientRect() : null;
}

function flight(el, from, to, duration, extra = {}) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = Math.max(0.3, Math.min(2, from.width / Math.max(1, to.width)));
  return el.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, ...extra.from },
    { transform: "none", ...extra.to },
  ], { duration, easing: "cubic-bezier(.2,.7,.3,1)" }).finished.catch(() => {});
}

/** The card just drawn in `seat`'s slot flies in from `from` (a rect) or the seat. */
export async function animatePlay(seat, from, speed) {
  const el = slots[seat]?.firstElementChild;
  if (!el || speed <= 0) return;
  const start = from || seatRect(seat);
  if (!start) return;
  await flight(el, start, el.getBoundingClientRect(), 320 * speed);
}

/** The finished trick flies to its winner's seat, then the table is cleared. */
export async function animateCollect(winner, speed) {
  const target = seatRect(winner);
  const cards = slots.map((s) => s.firstElementChild).filter(Boolean);
  if (speed > 0 && target) {
    await Promise.all(cards.map((el) => {
      const r = el.getBoundingClientRect();
      const dx = target.left + target.width / 2 - (r.left + r.width / 2);
      const dy = target.top + target.height / 2 - (r.top + r.height / 2);
      return el.animate([{ transform: "none", opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0 }],
      { duration: 380 * speed, easing: "ease-in", fill: "forwards" }).finished.catch(() => {});
    }));
  }
  renderTrick([]);
}

/** The trick as a small static row (for the last-trick review). */
export function trickRow(trick) {
  return h("div", { class: "trick-row" }, ...trick.cards.map((c) => h("figure", {
    class: `trick-card${c.seat === trick.winner ? " winner" : ""}`,
  }, h("div", { class: "played", role: "img", "aria-label": cardName(c.card), html: cardSVG(c.card, { title: "" }) }),
  h("figcaption", {}, seatName(c.seat)))));
}

export function trickElement() {
  return trickEl;
}
