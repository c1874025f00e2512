// The table: four seats (name, team, dealer, whose turn, speech bubble), the
// trick in the middle with the end-of-hand panel over it, the player's
// controls and hand.  Seat 0 is the player at the bottom; play goes to the
// right (counter-clockwise): seat 1 on the right, 2 (partner) at the top, 3
// on the left — the same picture in every language (the table is laid out
// left to right even when the page is right to left).
//
// createTable(parts, deps) builds one table into the given elements and
// returns its instance: the game page and the rules demo each make their own;
// nothing here is shared between tables.

import { h, fill, setText, setAttr } from "./dom.js";
import { t, who, seatName, teamName } from "./i18n.js";
import { backImg } from "./cardart.js";
import { createTrick, POSITIONS } from "./trick.js";
import { createHand } from "./hand.js";
import { createControls } from "./controls.js";
import { bubbleText } from "./log.js";
import { levelName } from "./settings.js";
import { nameNode } from "./bidi.js";

const BACK = backImg();

export function teamChip(team, text) {
  return h("span", { class: `team-chip team-${team}` }, text);
}

function turnText(st) {
  const v = st.view;
  if (!v) return "";
  if (v.phase === "hand_over") return t("turn.hand_over");
  if (v.phase === "game_over") return t("turn.game_over");
  const seat = v.to_act;
  if (seat === 0 && !st.settings.watch) return t(`turn.you.${v.phase}`);
  if (v.phase === "signal") return t("turn.other.signal", who(seat));
  return t("turn.other", who(seat));
}

/**
 * createTable({table, controls, hand}, {onAction, onCard, ids}) -> the table's instance
 * (`ids: false` for a second table on the page: its elements then have no ids):
 * {render(st), seats, panel, trick: {render, animatePlay, animateCollect},
 *  hand: {cardRect, shake}, seatRect(seat)}.
 */
export function createTable(parts, { onAction, onCard, ids = true }) {
  const id = (name) => (ids ? name : null);
  const seats = POSITIONS.map((pos, seat) => h("section", {
    class: `seat seat-${pos} team-${seat % 2}`, id: id(`seat-${seat}`), dataset: { seat },
    "aria-label": `${seatName(seat)}, ${t(`seat.role.${seat}`)}`,
  },
  h("div", { class: "seat-head" },
    h("span", { class: "seat-name" }, seatName(seat)),
    teamChip(seat % 2, teamName(seat % 2)),
    h("span", { class: "seat-badges" })),
  seat === 0 ? null : h("div", { class: "seat-cards" },
    h("span", { class: "mini-back", "aria-hidden": "true", html: BACK }),
    h("span", { class: "seat-count" })),
  h("div", { class: "seat-level" }),
  h("div", { class: "bubble", hidden: true })));
  const trickEl = h("div", { class: "trick", id: id("trick"), "aria-label": t("trick.label") });
  const panel = h("div", { class: "panel", id: id("panel"), hidden: true });
  const center = h("div", { class: "center", id: id("center") }, trickEl, panel);
  parts.table.replaceChildren(seats[2], seats[3], center, seats[1], seats[0]);
  if (parts.table.hasAttribute("aria-label")) parts.table.setAttribute("aria-label", t("table.label"));

  const seatRect = (seat) => seats[seat]?.getBoundingClientRect() ?? null;
  const trick = createTrick(trickEl, seatRect);
  const controls = createControls(parts.controls, onAction, { ids });
  const hand = createHand(parts.hand, onCard);

  function renderSeats(st) {
    const v = st.view;
    seats.forEach((el, seat) => {
      const acting = v && v.to_act === seat;
      el.classList.toggle("acting", !!acting);
      el.classList.toggle("thinking", st.thinking === seat);
      if (acting) el.setAttribute("aria-current", "true");
      else el.removeAttribute("aria-current");
      const badges = [];
      if (v && v.dealer === seat) {
        badges.push(h("span", { class: "badge dealer", title: t("dealer"), "aria-label": t("dealer") }, t("dealer.badge")));
      }
      if (v && v.contract && v.contract.declarer === seat) {
        badges.push(h("span", { class: "badge declarer", title: t("declarer") }, `${t("declarer")} ${v.contract.amount}`));
      }
      fill(el.querySelector(".seat-badges"), badges, JSON.stringify([v?.dealer, v?.contract]));
      const count = el.querySelector(".seat-count");
      if (count) setText(count, v ? t("cards.count", { n: v.hand_counts[seat] }) : "");
      // a table with friends names its seats (st.seats: {name, person} by seat)
      const sits = st.seats?.[seat];
      fill(el.querySelector(".seat-name"), [sits?.name ? nameNode(sits.name) : seatName(seat)], sits?.name || "");
      const level = el.querySelector(".seat-level");
      const lv = sits?.person ? null : sits?.level ? sits.level
        : seat === 0 ? (st.settings.watch ? "normal" : null) : (st.gameLevels || st.settings.levels)[seat];
      setText(level, lv ? t("level.bot", { level: levelName(lv) }) : "");
      setAttr(el, "data-level", lv || "human");
      // the bubble's word, and for a screen reader who said it
      const said = st.bubbles[seat];
      const text = said ? bubbleText(said) : "";
      const bubble = el.querySelector(".bubble");
      bubble.hidden = !text;
      fill(bubble, text ? [h("span", { class: "sr-only" }, `${seatName(seat)}: `),
        h("span", { class: "word" }, text)] : [], text || "");
    });
  }

  function render(st) {
    setText(controls.turnLine, turnText(st));
    renderSeats(st);
    const v = st.view;
    const inPlay = v && (v.phase === "play" || v.phase === "concession" || v.phase === "ghna");
    const shown = st.shownTrick || [];
    trick.render(shown, inPlay || shown.length ? (shown[0]?.seat ?? v?.leader ?? null) : null);
    hand.render(st);
    controls.render(st);
  }

  return { render, seats, panel, trick, hand, seatRect };
}
