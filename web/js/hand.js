// The player's hand: one <button data-card="12E"> per card, in the order the
// engine gives (trumps first once named, then by suit, strongest first).
// Legal cards are marked; every card stays clickable so that a refused one
// can show the engine's reason.  Where one overlapping row would leave a card
// less than a finger's width of its own (44 px: ten cards on a phone held
// upright), the hand lies in two rows, the second over the foot of the first.

import { h } from "./dom.js";
import { t, cardName } from "./i18n.js";
import { cardImg } from "./cardart.js";

/** The least width (and height) of a card of the hand that is its own, CSS px: a finger's. */
const TOUCH = 44;

/** The cards the player may play now ([] when it is not their turn to play). */
export function legalCards(view, watching) {
  if (!view || view.phase !== "play" || view.to_act !== 0 || watching) return [];
  return view.legal.filter((a) => a.type === "play").map((a) => a.card);
}

/** createHand(el, onCard) -> {render(st), cardRect(card), shake(card)}. */
export function createHand(el, onCard) {
  const buttons = new Map(); // card -> its button (kept, so focus survives redraws)
  // where the second row starts (in two rows): a line break of the hand's flex box
  const rowBreak = h("span", { class: "hand-break", "aria-hidden": "true" });
  let rows = 1;
  el.replaceChildren();
  el.setAttribute("role", "region");
  el.setAttribute("aria-label", t("hand.label"));
  // handlers as properties: a hand built again on the same element (a new language) replaces them
  el.onclick = (event) => {
    const b = event.target.closest("button[data-card]");
    if (b) onCard(b.dataset.card, b);
  };
  el.onkeydown = (event) => {
    const b = event.target.closest("button[data-card]");
    if (!b || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    const all = [...el.querySelectorAll("button[data-card]")];
    let i = all.indexOf(b);
    if (event.key === "Home") i = 0;
    else if (event.key === "End") i = all.length - 1;
    else i += event.key === "ArrowRight" ? 1 : -1;   // the hand is laid out left to right in every language
    all[Math.max(0, Math.min(all.length - 1, i))]?.focus();
    event.preventDefault();
  };

  // a card's name is its text (for a screen reader), the picture is hidden from it
  function button(card) {
    return h("button", { type: "button", class: "card", dataset: { card } },
      h("span", { class: "card-face", "aria-hidden": "true", html: cardImg(card) }),
      h("span", { class: "sr-only card-name" }));
  }

  function render(st) {
    const v = st.view;
    const cards = v ? v.hand_sorted : [];
    const legal = new Set(legalCards(v, st.settings.watch));
    const myTurn = legal.size > 0;
    const hinted = st.hint && st.hint.type === "play" ? st.hint.card : null;
    // a card tapped while the engine was busy: chosen, played when the engine is free (game.js)
    const queued = st.queued && st.queued.type === "play" ? st.queued.card : null;
    for (const [card, b] of buttons) {
      if (!cards.includes(card)) {
        b.remove();
        buttons.delete(card);
      }
    }
    let prev = null;
    cards.forEach((card) => {
      let b = buttons.get(card);
      if (!b) {
        b = button(card);
        buttons.set(card, b);
      }
      const isLegal = legal.has(card);
      b.classList.toggle("legal", myTurn && isLegal);
      b.classList.toggle("illegal", myTurn && !isLegal);
      b.classList.toggle("hinted", hinted === card);
      b.classList.toggle("queued", queued === card);
      const name = queued === card ? t("card.queued", { card: cardName(card) })
        : myTurn && isLegal ? t("card.legal", { card: cardName(card) }) : cardName(card);
    const label = b.querySelector(".card-name");
    if (label.textContent !== name) label.textContent = name;
      let want = prev ? prev.nextSibling : el.firstChild;
      if (want === rowBreak) want = want.nextSibling;   // (a card moved drops its focus: never move one for the break)
      if (want !== b) el.insertBefore(b, want);
      prev = b;
    });
    placeBreak();
    el.classList.toggle("my-turn", myTurn);
    const n = String(Math.max(cards.length, 1));
    if (el.style.getPropertyValue("--n") !== n) el.style.setProperty("--n", n);   // (a write restyles every card)
    // measured again only when the number of cards changed (or the hand's box,
    // below), at the start of the next frame: measuring in the middle of a
    // redraw forces a layout of the page there, and another one at its next read
    if (buttons.size !== spreadFor && !spreadSoon) {
      spreadSoon = true;
      requestAnimationFrame(() => {
        spreadSoon = false;
        spread();
      });
    }
  }

  /** The break before the first card of the second row (half the cards, rounded up, on the first). */
  function placeBreak() {
    const at = rows === 2 ? el.querySelectorAll("button[data-card]")[Math.ceil(buttons.size / 2)] : null;
    if (!at) rowBreak.remove();
    else if (rowBreak.nextSibling !== at) el.insertBefore(rowBreak, at);
  }

  let spreadFor = -1;   // the number of cards the overlap was measured for
  let spreadSoon = false;
  /** How much the cards overlap: as little as the room allows (a small gap when few remain);
   *  two rows where one leaves a card less than TOUCH px of its own width and two leave more. */
  function spread() {
    const n = buttons.size;
    const first = buttons.values().next().value;
    const cw = first?.offsetWidth || 0;
    spreadFor = cw ? n : -1;
    const room = el.clientWidth - 16;
    const overlap = (k) => (k < 2 ? 0 : Math.min(0.62, Math.max(-0.08, (k * cw - room) / ((k - 1) * cw))));
    let ov = cw ? overlap(n) : 0;
    let want = 1;   // (no card, or none shown: one row, measured again when shown)
    if (cw && n >= 2 && cw * (1 - ov) < TOUCH) {
      const ov2 = overlap(Math.ceil(n / 2));
      if (ov2 < ov) [want, ov] = [2, ov2];
    }
    if (want !== rows) {
      rows = want;
      el.classList.toggle("two-rows", rows === 2);
      placeBreak();
    }
    if (cw && n >= 2) el.style.setProperty("--ov", ov.toFixed(3));
  }
  new ResizeObserver(spread).observe(el);

  return {
    render,
    /** The screen box of a card of the hand (the start of its flight to the table). */
    cardRect(card) {
      const b = buttons.get(card);
      return b ? b.getBoundingClientRect() : null;
    },
    /** A short shake on a refused card. */
    shake(card) {
      buttons.get(card)?.animate([{ transform: "translateX(0)" }, { transform: "translateX(-6px)" },
        { transform: "translateX(6px)" }, { transform: "translateX(0)" }], { duration: 240 });
    },
  };
}
