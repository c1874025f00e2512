// Quick reactions at a table with friends: a row of buttons under the hand;
// a reaction shows as a speech bubble on the player's seat on every screen.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { REACTIONS } from "./wire.js";

/** The row of reactions; `send(r)` when one is tapped. */
export function reactionBar(send) {
  return h("nav", { class: "reactions", "aria-label": t("react.title") },
    ...REACTIONS.map((r) => h("button", { type: "button", class: "act quiet", dataset: { react: r },
      onclick: () => send(r) }, t(`react.${r}`))));
}

/** A reaction shown on `seat`'s bubble (the next action clears it, as any bubble). */
export function showReaction(store, seat, r) {
  store.update({ bubbles: { ...store.state.bubbles, [seat]: { type: "react", r } } });
}
