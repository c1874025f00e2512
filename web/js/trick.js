// The trick on the table: one slot per seat, cards flying in from their
// player and, once the trick is complete, to its winner.  Animations use the
// Web Animations API on transforms (composited), scaled by the speed setting.

import { h, setText, setAttr } from "./dom.js";
import { t, cardName, seatName } from "./i18n.js";
import { cardImg } from "./cardart.js";

export const POSITIONS = ["south", "east", "north", "west"];

function cardEl(card, seat) {
  return h("div", { class: "played", dataset: { played: card }, role: "img",
    "aria-label": `${seatName(seat)}: ${cardName(card)}`, html: cardImg(card) });
}

function flight(el, from, to, duration) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = Math.max(0.3, Math.min(2, from.width / Math.max(1, to.width)));
  return el.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})` },
    { transform: "none" },
  ], { duration, easing: "cubic-bezier(.2,.7,.3,1)" }).finished.catch(() => {});
}

/**
 * createTrick(el, seatRect) -> {render, animatePlay, animateCollect}.
 * `seatRect(seat)` gives the screen box of a seat (where cards fly from and to).
 */
export function createTrick(el, seatRect) {
  const slots = POSITIONS.map((pos, seat) => h("div", { class: `slot slot-${pos}`, dataset: { seat } }));
  // the order of play of the trick: 1 on the leader's place, then 2, 3, 4 to the right
  const orders = POSITIONS.map((pos, seat) => h("span", { class: `order order-${pos}`, dataset: { seat }, hidden: true }));
  const news = h("p", { class: "trick-news", role: "status", hidden: true });
  el.setAttribute("role", "group");
  el.replaceChildren(...slots, ...orders, news);
  let newsTimer = 0;

  /** Draws `cards` ([{seat, card}]) in their slots (keeps the elements already there). */
  function render(cards, leader = null) {
    const want = new Map((cards || []).map((c) => [c.seat, c.card]));
    slots.forEach((slot, seat) => {
      const card = want.get(seat);
      const have = slot.querySelector(".played");
      if (!card) {
        if (have) slot.replaceChildren();
      } else if (!have || have.dataset.played !== card) {
        slot.replaceChildren(cardEl(card, seat));
      }
    });
    // each card played shows its place in the order of play; an empty place shows nothing
    orders.forEach((o, seat) => {
      o.hidden = leader === null || !want.has(seat);
      if (leader !== null) {
        const n = ((seat - leader + 4) % 4) + 1;
        setText(o, String(n));
        o.classList.toggle("leader", n === 1);
        setAttr(o, "title", n === 1 ? t("trick.leader") : t("trick.order", { n }));
      }
    });
  }

  /** Says `text` over the trick for a moment ("Karim takes it: 17"). */
  function announce(text, ms = 1600) {
    clearTimeout(newsTimer);
    news.textContent = text;
    news.hidden = !text;
    if (text) newsTimer = setTimeout(() => { news.hidden = true; }, ms);
  }

  /** The card just drawn in `seat`'s slot flies in from `from` (a rect) or the seat. */
  async function animatePlay(seat, from, speed) {
    const card = slots[seat]?.querySelector(".played");
    if (!card || speed <= 0) return;
    const start = from || seatRect(seat);
    if (!start) return;
    await flight(card, start, card.getBoundingClientRect(), 320 * speed);
  }

  /** The finished trick flies to its winner's seat, then the table is cleared. */
  async function animateCollect(winner, speed) {
    const target = seatRect(winner);
    const cards = slots.map((s) => s.querySelector(".played")).filter(Boolean);
    if (speed > 0 && target) {
      await Promise.all(cards.map((c) => {
        const r = c.getBoundingClientRect();
        const dx = target.left + target.width / 2 - (r.left + r.width / 2);
        const dy = target.top + target.height / 2 - (r.top + r.height / 2);
        return c.animate([{ transform: "none", opacity: 1 },
          { transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0 }],
        { duration: 380 * speed, easing: "ease-in", fill: "forwards" }).finished.catch(() => {});
      }));
    }
    render([]);
  }

  return { render, animatePlay, animateCollect, announce };
}

/** A trick as a small static row (the last trick, the review). */
export function trickRow(trick) {
  return h("div", { class: "trick-row" }, ...trick.cards.map((c) => h("figure", {
    class: `trick-card${c.seat === trick.winner ? " winner" : ""}`,
  }, h("div", { class: "played", role: "img", "aria-label": cardName(c.card), html: cardImg(c.card) }),
  h("figcaption", {}, seatName(c.seat)))));
}
