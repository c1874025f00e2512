// The review of a finished hand (#review=...): the four hands face up, the
// auction with every bid and signal, the tricks one by one (back and forward
// buttons, arrow keys), and at each of the player's decisions the strong
// bot's choice with its reason and, for the cards, what each card cost with
// every hand known ("−12" beside it).  The engine computes it all
// (touti_core/bots/review.py, the bridge's "review").
//
// #review=history:<game id>:<hand>            a hand of the history
// #review=challenge:<challenge id>:<hand>:<who>   a challenge's hand ("me" or a friend's index);
//                                                 a friend's only once the player has played that deal

import { h, fill } from "../dom.js";
import { t, cardName, seatName, refusalText, hintText } from "../i18n.js";
import { cardImg } from "../cardart.js";
import { actionText } from "../log.js";
import { getGame, recordOf, keepReview } from "../history.js";
import { getChallenge } from "../challenges.js";
import { decodeActions } from "../compact.js";
import { screenHeader } from "./common.js";

const POS = ["south", "east", "north", "west"];

/**
 * The record and hand a payload names, with where to keep the figures:
 * {record, hand, table, keep?}; {hidden: true} for a friend's hand of a
 * challenge's deal the player has not played yet (no spoiler); null.
 */
async function source(app, payload) {
  const [kind, id, a, b] = String(payload || "").split(":");
  if (kind === "history") {
    const game = await getGame(id);
    const record = game && recordOf(game);
    const hand = Number(a);
    if (!record || !game.hands[hand]) return null;
    const levels = game.levels || { 1: "normal", 2: "normal", 3: "normal" };
    return { record, hand, table: [null, levels[1], levels[2], levels[3]],
      keep: (r) => keepReview(id, hand, r).catch(() => false) };
  }
  if (kind === "challenge") {
    const c = getChallenge(id, app.storage);
    const i = Number(a);
    if (c && b !== "me" && !c.mine[i]) return { hidden: true };
    const play = c && (b === "me" ? c.mine[i] : c.others[Number(b)]?.plays[i]);
    const actions = play && decodeActions(play.actions);
    if (!actions) return null;
    const ans = await app.client.call({ op: "deal", seed: c.seed + i, rules: c.rules, actions });
    if (!ans.ok) return null;
    return { record: ans.record, hand: 0, table: [null, c.levels[1], c.levels[2], c.levels[3]] };
  }
  return null;
}

function mini(card, extra = {}) {
  return h("span", { class: `mini-card ${extra.class || ""}`, dataset: { card }, role: "img",
    "aria-label": cardName(card), html: cardImg(card) }, extra.badge || null);
}

export async function mount(container, app, payload) {
  const status = h("p", { class: "review-status", role: "status" }, t("review.loading"));
  container.replaceChildren(screenHeader(t("screen.review")), status);
  const src = await source(app, payload);
  if (!src || src.hidden) {
    status.textContent = t(src ? "review.spoiler" : "review.none");
    return {};
  }
  const ans = await app.client.call({ op: "review", record: src.record, hand: src.hand, seat: 0, table: src.table });
  if (!ans.ok) {
    status.textContent = refusalText(ans.error);
    return {};
  }
  const r = ans.review;
  src.keep?.({ lost_auction: r.lost_auction, lost_play: r.lost_play });
  status.textContent = "";
  const decisions = new Map(r.decisions.map((d) => [d.at, d]));
  // the index of each trick's first card among the hand's actions
  const trickStarts = [];
  let plays = 0;
  r.actions.forEach((a, i) => {
    if (a.type === "play") {
      if (plays % 4 === 0) trickStarts.push(i);
      plays += 1;
    }
  });
  let step = 0;                  // 0: the deal and the auction; k: trick k

  const auction = h("ol", { class: "review-auction", id: "review-auction" }, ...r.actions
    .map((a, i) => [a, i]).filter(([a]) => !["play", "ghna", "no_ghna", "concede", "accept", "refuse"].includes(a.type))
    .map(([a, i]) => h("li", { dataset: { at: i } }, actionText(a), decisionNote(decisions.get(i)))));

  function decisionNote(d) {
    if (!d) return null;
    const same = JSON.stringify(d.best.action) === JSON.stringify(d.action);
    return h("div", { class: `review-note ${same ? "same" : "other"}` },
      same ? t("review.same") : t("review.best", { what: actionText(d.best.action) }),
      " ", hintText(d.best),
      d.cost ? h("strong", { class: "review-cost" }, ` −${d.cost}`) : null);
  }

  const board = h("div", { class: "review-board", id: "review-board" });
  const trickBox = h("div", { class: "review-trick", id: "review-trick" });
  const nav = h("div", { class: "review-nav" },
    h("button", { type: "button", class: "act", id: "review-prev", onclick: () => go(step - 1) }, t("review.prev")),
    h("span", { id: "review-step", class: "review-step" }),
    h("button", { type: "button", class: "act", id: "review-next", onclick: () => go(step + 1) }, t("review.next")));

  function cardsPlayedBefore(k) {
    const out = new Set();
    for (const tr of r.tricks.slice(0, k)) for (const c of tr.cards) out.add(c.card);
    return out;
  }

  function draw() {
    const gone = cardsPlayedBefore(step ? step - 1 : 0);
    const trick = step ? r.tricks[step - 1] : null;
    const start = step ? trickStarts[step - 1] : -1;
    const mine = trick ? r.actions.slice(start, start + 8).map((a, j) => [a, start + j])
      .find(([a]) => a.type === "play" && a.seat === 0) : null;
    const d = mine ? decisions.get(mine[1]) : null;
    fill(board, r.deal.map((hand, seat) => h("div", { class: `review-hand review-${POS[seat]}`, dataset: { seat } },
      h("p", { class: "review-name" }, seatName(seat)),
      h("div", { class: "review-cards" }, ...hand.map((card) => {
        const cost = d && seat === 0 ? d.costs?.[card] : undefined;
        return mini(card, { class: gone.has(card) ? "gone" : "",
          badge: cost !== undefined ? h("span", { class: `cost${card === mine[0].card ? " chosen" : ""}`, dataset: { cost } },
            cost ? `−${cost}` : "0") : null });
      })))), String(step));
    fill(trickBox, trick ? [
      h("p", {}, t("review.trick", { n: step, total: r.tricks.length })),
      h("div", { class: "review-trick-cards" }, ...trick.cards.map((c) => h("figure", { class: `trick-card${c.seat === trick.winner ? " winner" : ""}` },
        mini(c.card), h("figcaption", {}, seatName(c.seat))))),
      h("p", {}, t("trick.taken", { who: seatName(trick.winner), you: trick.winner === 0, points: trick.points })),
      d ? decisionNote(d) : null,
    ] : [h("p", {}, t("review.deal_and_auction")), auction], String(step));
    fill(nav.querySelector("#review-step"), [step ? t("review.trick", { n: step, total: r.tricks.length }) : t("review.auction")]);
    nav.querySelector("#review-prev").disabled = step === 0;
    nav.querySelector("#review-next").disabled = step === r.tricks.length;
  }

  function go(n) {
    step = Math.max(0, Math.min(r.tricks.length, n));
    draw();
  }

  const keys = (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") go(step + (document.documentElement.dir === "rtl" ? -1 : 1));
    else if (event.key === "ArrowLeft") go(step + (document.documentElement.dir === "rtl" ? 1 : -1));
  };
  document.addEventListener("keydown", keys);
  const result = r.result;
  container.replaceChildren(
    screenHeader(t("review.title", { n: r.hand + 1 })),
    h("p", { class: "paper review-summary", id: "review-summary" },
      t("review.lost", { auction: r.lost_auction, play: r.lost_play }), " ",
      result && !result.cancelled ? t("summary.contract", { amount: result.contract, who: seatName(result.declarer),
        suit: t(`suit.${result.trump}`) }) : ""),
    nav, h("div", { class: "review-layout" }, board, trickBox));
  draw();
  return { unmount() { document.removeEventListener("keydown", keys); } };
}
