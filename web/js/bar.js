// The bar above the table: the game scores, the contract and trumps (symbol
// and letter), the Ghna cap, the points of the hand, and the menu.

import { h, fill } from "./dom.js";
import { t, seatName, teamName } from "./i18n.js";
import { suitSymbolSVG } from "./cardart.js";
import { teamChip } from "./table.js";

function suitBadge(letter) {
  return h("span", { class: `suit-badge suit-${letter}` },
    h("span", { class: "suit-symbol", "aria-hidden": "true", html: suitSymbolSVG(letter) }),
    h("span", { class: "suit-text" }, t(`suit.title.${letter}`)));
}

function infoBlock(label, ...content) {
  return h("div", { class: "info-block" }, h("span", { class: "info-label" }, label),
    h("span", { class: "info-value" }, ...content));
}

/** The scores, contract and points of a view, drawn into `el` (the bar, or the demo's line). */
export function renderInfo(el, st) {
  const v = st.view;
  if (!v) return fill(el, [], "none");
  const c = v.contract;
  const key = JSON.stringify([v.scores, c, v.points, v.rules.target, v.hand_number]);
  if (el.dataset.key === key) return false;
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
  return fill(el, [scores, contract, points], key);
}

/** The items of the menu: [name, catalogue key]. */
export const MENU = [
  ["hint", "menu.hint"], ["last", "menu.last_trick"], ["sheet", "menu.scores"],
  ["log", "menu.log"], ["settings", "menu.settings"], ["new", "menu.new_game"],
  ["more", "menu.more"],
];

/**
 * createBar(el, onMenu) -> {render(st), setPrevious(bool)}: the brand, the info
 * and the menu; `onMenu(name)` for each menu button.
 */
export function createBar(el, onMenu) {
  const info = h("div", { class: "info", id: "info" });
  const btn = (name, key) => h("button", {
    type: "button", class: `menu-btn menu-${name}`, id: `menu-${name}`, onclick: () => onMenu(name),
  }, t(key));
  const previous = btn("previous", "menu.previous_game");
  previous.hidden = true;
  const undo = btn("undo", "menu.take_back");
  undo.hidden = true;
  const practice = h("span", { class: "badge practice", id: "practice", hidden: true }, t("bar.practice"));
  const offline = h("span", { class: "offline-badge", id: "offline", role: "status", hidden: navigator.onLine !== false },
    t("bar.offline"));
  const install = btn("install", "menu.install");
  install.hidden = true;
  el.replaceChildren(
    h("h1", { class: "brand" }, h("span", { class: "brand-name" }, t("app.title")), " ", practice, " ", offline),
    info,
    h("nav", { class: "menu", "aria-label": t("menu.label") }, undo, ...MENU.map(([n, k]) => btn(n, k)), previous, install));
  return {
    render(st) {
      renderInfo(info, st);
      undo.hidden = !st.settings.takeBacks;
      practice.hidden = !st.practice;
    },
    /** Shows "Previous game" when a game replaced by a link can be brought back. */
    setPrevious(shown) {
      previous.hidden = !shown;
    },
    /** Shows "Install" when the browser offers to install the app. */
    setInstall(shown) {
      install.hidden = !shown;
    },
    setOffline(off) {
      offline.hidden = !off;
    },
  };
}
