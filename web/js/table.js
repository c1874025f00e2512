// The table: the bar (scores, contract, trumps, points of the hand, menu)
// and the four seats (name, team, dealer, whose turn, speech bubble).
// Seat 0 is the player at the bottom; play goes to the right
// (counter-clockwise): seat 1 on the right, 2 (partner) at the top, 3 on the left.

import { h, fill } from "./dom.js";
import { t, seatName, teamName, suitName } from "./i18n.js";
import { suitSymbolSVG, backSVG } from "./cardart.js";

export const POSITIONS = ["south", "east", "north", "west"];
const BACK = backSVG({ title: "" });

function suitBadge(letter) {
  return h("span", { class: `suit-badge suit-${letter}` },
    h("span", { class: "suit-symbol", "aria-hidden": "true", html: suitSymbolSVG(letter) }),
    h("span", { class: "suit-text" }, `${t(`suit.title.${letter}`)} (${letter})`));
}

function teamChip(team, text) {
  return h("span", { class: `team-chip team-${team}` }, text);
}

/** Builds the static skeleton once (seats keep their elements). */
export function buildTable(tableEl, menu) {
  const seats = POSITIONS.map((pos, seat) => h("section", {
    class: `seat seat-${pos} team-${seat % 2}`, id: `seat-${seat}`, dataset: { seat },
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
  h("div", { class: "bubble", hidden: true, "aria-hidden": "true" })));
  const center = h("div", { class: "center", id: "center" },
    h("div", { class: "trick", id: "trick", "aria-label": t("trick.label") }),
    h("div", { class: "panel", id: "panel", hidden: true }));
  tableEl.replaceChildren(seats[2], seats[3], center, seats[1], seats[0]);
  return { seats, center };
}

export function buildBar(barEl, onMenu) {
  const btn = (name, key) => h("button", {
    type: "button", class: `menu-btn menu-${name}`, id: `menu-${name}`, onclick: () => onMenu(name),
  }, t(key));
  barEl.replaceChildren(
    h("h1", { class: "brand" }, t("app.title")),
    h("div", { class: "info", id: "info" }),
    h("nav", { class: "menu", "aria-label": t("menu.label") },
      btn("hint", "menu.hint"), btn("last", "menu.last_trick"), btn("sheet", "menu.scores"),
      btn("log", "menu.log"), btn("settings", "menu.settings"), btn("new", "menu.new_game")));
}

function infoBlock(label, ...content) {
  return h("div", { class: "info-block" }, h("span", { class: "info-label" }, label),
    h("span", { class: "info-value" }, ...content));
}

function renderInfo(el, st) {
  const v = st.view;
  if (!v) return fill(el, [], "none");
  const c = v.contract;
  const key = JSON.stringify([v.scores, c, v.points, v.rules.target, v.hand_number]);
  if (el.dataset.key === key) return;
  const scores = infoBlock(t("bar.scores"),
    teamChip(0, `${teamName(0)} ${v.scores[0]}`), " ",
    teamChip(1, `${teamName(1)} ${v.scores[1]}`),
    h("span", { class: "target", id: "target" }, ` ${t("bar.target", { target: v.rules.target })}`));
  let contract;
  if (c) {
    contract = infoBlock(t("bar.contract"),
      h("span", { id: "contract" }, t("bar.contract.value", { amount: c.amount, who: seatName(c.declarer) })),
      " · ", c.trump ? suitBadge(c.trump) : h("span", { class: "muted" }, t("bar.no_trump")),
      h("span", { class: "cap" }, ` · ${c.ghna_cap == null ? t("bar.cap.none") : t("bar.cap", { cap: c.ghna_cap })}`));
  } else {
    contract = infoBlock(t("bar.contract"), h("span", { id: "contract" }, t("bar.no_contract")));
  }
  const points = infoBlock(t("bar.hand_points"),
    h("span", { id: "hand-points" },
      teamChip(0, `${teamName(0)} ${v.points[0]}`), " ", teamChip(1, `${teamName(1)} ${v.points[1]}`)));
  fill(el, [scores, contract, points], key);
}

function turnText(st) {
  const v = st.view;
  if (!v) return "";
  if (v.phase === "hand_over") return t("turn.hand_over");
  if (v.phase === "game_over") return t("turn.game_over");
  const seat = v.to_act;
  if (seat === 0 && !st.settings.watch) return t(`turn.you.${v.phase}`);
  if (v.phase === "signal") return t("turn.other.signal", { who: seatName(seat) });
  return t("turn.other", { who: seatName(seat) });
}

export function renderTable(ui, st) {
  renderInfo(ui.info, st);
  const v = st.view;
  ui.turnLine.textContent = turnText(st);
  document.documentElement.dataset.phase = v ? v.phase : "none";
  ui.seats.forEach((el, seat) => {
    const acting = v && v.to_act === seat;
    el.classList.toggle("acting", !!acting);
    el.classList.toggle("thinking", st.thinking === seat);
    if (acting) el.setAttribute("aria-current", "true");
    else el.removeAttribute("aria-current");
    const badges = [];
    if (v && v.dealer === seat) {
      badges.push(h("span", { class: "badge dealer", title: t("dealer"), "aria-label": t("dealer") }, "D"));
    }
    if (v && v.contract && v.contract.declarer === seat) {
      badges.push(h("span", { class: "badge declarer", title: t("declarer") }, `${t("declarer")} ${v.contract.amount}`));
    }
    fill(el.querySelector(".seat-badges"), badges, JSON.stringify([v?.dealer, v?.contract]));
    const count = el.querySelector(".seat-count");
    if (count) count.textContent = v ? t("cards.count", { n: v.hand_counts[seat] }) : "";
    const level = el.querySelector(".seat-level");
    const lv = seat === 0 ? (st.settings.watch ? "normal" : null) : st.settings.levels[seat];
    level.textContent = lv ? t("level.bot", { level: t(`level.${lv}`) }) : "";
    el.dataset.level = lv || "human";
    const bubble = el.querySelector(".bubble");
    const text = st.bubbles[seat];
    bubble.hidden = !text;
    bubble.textContent = text || "";
  });
}
