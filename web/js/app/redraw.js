// What each redraw of the page's store does: the turn's sound when it
// becomes the player's turn, the log drawer closed at a hand's end on a small
// screen, the bar and the table, <html data-phase> and data-speed, the
// deck's look, and the panel between hands (with the way back to the deal of
// the day or the challenge the hand belongs to).

import { $, setAttr } from "../dom.js";
import { t } from "../i18n.js";
import { applyLook } from "../settings.js";
import { renderPanel, showScoreSheet } from "../dialogs.js";
import { play as sound } from "../sound.js";

/**
 * createRedraw({root, ui, game, marks, toggleLog}) -> redraw(state), for store.onRender:
 * - `root`: the page's <html>; `ui`: the page's parts ({bar, table}, read at each use);
 * - `game`: the page's game (game.js); `marks`: app/marks.js (the game's kind and id);
 * - `toggleLog(open)`: app/menu.js's log drawer.
 */
export function createRedraw({ root, ui, game, marks, toggleLog }) {
  const { current, startNew } = marks;
  let myTurnBefore = false;

  return (st) => {
    const myTurn = !!(st.view && st.view.to_act === 0 && !st.settings.watch && !st.busy && st.view.legal.length);
    if (myTurn && !myTurnBefore) sound("turn", st.settings.sound);
    myTurnBefore = myTurn;
    if (st.view && !st.busy && (st.view.phase === "hand_over" || st.view.phase === "game_over")
        && matchMedia("(max-width: 959px)").matches && $("#app").classList.contains("show-log")) toggleLog(false);
    ui.bar.render(st);
    ui.table.render(st);
    setAttr(root, "data-phase", st.view ? st.view.phase : "none");
    setAttr(root, "data-speed", st.settings.speed);      // "instant": the cards do not move (touti.css)
    applyLook(st.settings);                               // the deck and the cards' size (settings.js)
    const back = current.kind === "daily" ? "#daily" : current.kind === "challenge" ? "#challenge" : null;
    renderPanel(ui.table.panel, st, { act: game.act, newGame: () => startNew(), sheet: () => showScoreSheet(st.view),
      back: back && { label: t(`panel.back.${current.kind}`), go: () => { location.hash = back; } },
      review: (n) => `#review=history:${encodeURIComponent(current.id)}:${n}` });
  };
}
