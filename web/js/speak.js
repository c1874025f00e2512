// The table read aloud on demand, as lichess's blind mode does for chess: on
// the game's screen a key puts the words in a live region (role status) that
// a screen reader speaks, in the player's language:
//
//   C  your cards (the hand)        T  the trick on the table
//   S  the scores and the contract  L  the last trick taken
//
// (H asks for a hint: main.js.)  Keys with Ctrl, Alt or Meta, and keys typed
// in a field or a dialog, are left alone.  The words are those the page
// shows elsewhere: the cards' names, the seats', the last trick's sentence.

import { h } from "./dom.js";
import { t, cardName, seatName, teamName, suitName, who, listOf } from "./i18n.js";

/**
 * The keys and what each reads (the help text names them: settings.keys).  By
 * the key's place (event.code), so that they are the same keys on an Arabic
 * or a French keyboard: C, T, S and L sit at the same places on AZERTY.
 */
export const KEYS = Object.freeze({ KeyC: "hand", KeyT: "trick", KeyS: "score", KeyL: "last" });

function cardsSaid(cards) {
  return listOf(cards.map((c) => t("speak.played", { who: seatName(c.seat), card: cardName(c.card) })));
}

/** What a key reads of the table `st` (a store's state), in the current language. */
export function spoken(what, st) {
  const v = st?.view;
  if (!v) return t("speak.no_game");
  if (what === "hand") {
    const cards = v.hand_sorted || [];
    return cards.length ? t("speak.hand", { n: cards.length, cards: listOf(cards.map(cardName)) }) : t("speak.hand.empty");
  }
  if (what === "trick") {
    const cards = st.shownTrick || v.trick || [];
    return cards.length ? t("speak.trick", { cards: cardsSaid(cards) }) : t("speak.trick.empty");
  }
  if (what === "score") {
    const c = v.contract;
    const contract = !c ? t("speak.no_contract")
      : t("speak.contract", { amount: c.amount, who: seatName(c.declarer), has_trump: String(!!c.trump),
        suit: c.trump ? suitName(c.trump) : "" });
    return [t("speak.score", { us: teamName(0), them: teamName(1), a: v.scores[0], b: v.scores[1], target: v.rules.target }),
      contract,
      c ? t("speak.points", { us: teamName(0), them: teamName(1), a: v.points[0], b: v.points[1] }) : ""]
      .filter(Boolean).join(" ");
  }
  if (what === "last") {
    const last = v.tricks?.at(-1);
    if (!last) return t("last_trick.none");
    return `${t("speak.last", { cards: cardsSaid(last.cards) })} ${t("last_trick.won", { ...who(last.winner), points: last.points })}`;
  }
  return "";
}

/**
 * Listens to the keys on `doc`: `state()` gives the game's state; the words go
 * to a live region of the page (#speak).  Returns the region.
 */
export function listenKeys(state, doc = document) {
  const region = h("p", { class: "sr-only", id: "speak", role: "status", "aria-live": "polite" });
  doc.body.append(region);
  let timer = 0;
  doc.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return;
    if (event.target?.closest?.("input, select, textarea, dialog, [contenteditable]")) return;
    if (doc.documentElement.dataset.view !== "game") return;
    const what = KEYS[event.code] || KEYS[`Key${String(event.key).toUpperCase()}`];
    if (!what) return;
    event.preventDefault();
    const text = spoken(what, state());
    // emptied first, so that the same words asked twice are spoken twice
    region.textContent = "";
    clearTimeout(timer);
    timer = setTimeout(() => { region.textContent = text; }, 30);
  });
  return region;
}
