// The review of a finished hand (#review=...).  First a short summary: the
// contract, made or not and by which team, what the decisions cost in all
// and the (at most three) costliest ones, each a button that jumps to its
// step.  Then the steps: the deal and the auction, and the tricks one by one
// (Back and Forward, the arrow keys), the trick first and scrolled into view
// at each move, the four hands below it (compact on a phone, and they fold).
//
// Two yardsticks, never mixed (touti_core/bots/review.py computes both):
// - a card's cost is certain: points of the hand against the best card with
//   every hand known (no cost is shown for a best card);
// - an auction decision's cost is the strong bot's estimate over sampled
//   deals, in points of score, with its 95% margin ("about 40 ± 12").
// The strong bot's own choice (it sees only its hand) is worded from the
// catalogue, with its reason.
//
// #review=history:<game id>:<hand>            a hand of the history
// #review=challenge:<challenge id>:<hand>:<who>   a challenge's hand ("me" or a friend's index);
//                                                 a friend's only once the player has played that deal

import { h, fill } from "../dom.js";
import { t, cardName, seatName, suitName, refusalText, hintText, listOf } from "../i18n.js";
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
    "aria-label": extra.label || cardName(card), html: cardImg(card) }, extra.badge || null);
}

/** A decision worded from the catalogue ("play the 5 of coins"), never a log sentence. */
export function choiceText(a) {
  switch (a.type) {
    case "bid": return t("review.choice.bid", { amount: a.amount });
    case "announce":
    case "signal": return t(`review.choice.${a.type}`, { signal: a.signal });
    case "trump": return t("review.choice.trump", { suit: suitName(a.suit) });
    case "play": return t("review.choice.play", { card: cardName(a.card) });
    case "ghna": return t("review.choice.ghna", { suit: suitName(a.suit) });
    default: return t(`review.choice.${a.type}`);
  }
}

/** A decision's cost in words: certain points of the hand, or the auction's estimate. */
export function costText(d) {
  if (d.estimate) {
    return t("review.cost.estimate", { points: Math.round(d.cost), margin: Math.round(d.margin), deals: d.deals });
  }
  return t("review.cost.play", { points: d.cost });
}

/** The step (0: the deal and the auction, k: trick k) a decision is seen at. */
function stepOf(d, tricks) {
  return Math.min(d.trick || 0, tricks);
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
  const decisions = new Map(r.decisions.map((d) => [d.at, d]));
  const total = r.tricks.length;
  let step = 0;                  // 0: the deal and the auction; k: trick k
  let marked = null;             // the decision a jump went to (highlighted)

  /** What one of the player's decisions cost and what the strong bot would have done. */
  function decisionNote(d) {
    let verdict = null;
    if (d.estimate) {
      if (!d.same) {
        verdict = h("p", { class: "review-verdict" }, d.cost > 0
          ? h("strong", { class: "review-cost", dataset: { cost: d.cost, kind: "estimate" } }, costText(d))
          : t("review.cost.estimate_none", { margin: Math.round(d.margin), deals: d.deals }));
      }
    } else if (d.cost > 0) {
      verdict = h("p", { class: "review-verdict" },
        h("strong", { class: "review-cost", dataset: { cost: d.cost, kind: "play" } }, costText(d)),
        d.best_cards ? [" ", t("review.best_cards", { cards: listOf(d.best_cards.map(cardName)) })] : null);
    } else if (d.best_cards) {
      verdict = h("p", { class: "review-verdict best" }, t("review.best_card"));
    }
    const bot = h("p", { class: "review-bot" },
      d.same ? t("review.bot.same") : t("review.bot.other", { what: choiceText(d.best.action) }),
      " ", hintText(d.best));
    const options = d.costs ? h("div", { class: "review-options" },
      h("p", { class: "review-options-label" }, t("review.options")),
      h("div", { class: "review-cards" }, ...Object.keys(d.costs).map((card) => {
        const cost = d.costs[card];
        const chosen = card === d.action.card;
        return mini(card, { class: chosen ? "chosen" : "",
          label: `${cardName(card)}: ${cost ? t("review.cost.play", { points: cost }) : t("review.best_short")}`,
          badge: h("span", { class: `cost${chosen ? " chosen" : ""}`, dataset: { cost }, "aria-hidden": "true" },
            cost ? `−${cost}` : "✓") });
      }))) : null;
    return h("div", { class: `review-note ${d.same ? "same" : "other"}${d === marked ? " marked" : ""}`,
      dataset: { at: d.at } }, verdict, bot, options);
  }

  // ---- the summary
  const result = r.result;
  const resultLines = [];
  if (!result || result.cancelled) resultLines.push(t("summary.cancelled"));
  else {
    const team = result.declarer % 2;
    resultLines.push(t("review.contract", { amount: result.contract, who: seatName(result.declarer),
      team: String(team), suit: suitName(result.trump) }));
    resultLines.push(t("review.made", { made: String(result.made), team: String(team),
      points: result.points[team], other: result.points[1 - team] }));
    if (result.conceded) resultLines.push(t("summary.conceded"));
  }
  const auctionDecisions = r.decisions.filter((d) => d.estimate && !d.same).length;
  const top = (r.top || []).map((j) => r.decisions[j]);
  const summary = h("section", { class: "paper review-summary", id: "review-summary", "aria-labelledby": "review-summary-title" },
    h("h2", { id: "review-summary-title", class: "review-summary-title" }, t("review.summary")),
    ...resultLines.map((line) => h("p", { class: "review-result" }, line)),
    h("p", { class: "review-total", id: "review-lost-play", dataset: { points: r.lost_play } },
      t("review.lost_play", { points: r.lost_play })),
    h("p", { class: "review-total", id: "review-lost-auction", dataset: { points: r.lost_auction, margin: r.lost_auction_margin ?? 0 } },
      t("review.lost_auction", { n: auctionDecisions, points: r.lost_auction, margin: r.lost_auction_margin ?? 0 })),
    top.length
      ? h("div", { class: "review-top" }, h("p", { class: "review-top-title" }, t("review.top")),
        h("ol", { id: "review-top" }, ...top.map((d) => h("li", {},
          h("button", { type: "button", class: "act quiet review-jump", dataset: { jump: stepOf(d, total), at: d.at },
            onclick: () => { marked = d; go(stepOf(d, total), true); } },
          h("span", { class: "review-jump-where" }, stepOf(d, total) ? t("review.trick", { n: stepOf(d, total), total }) : t("review.auction")),
          " ", h("span", { class: "review-jump-what" }, choiceText(d.action)), " ",
          h("strong", { class: "review-cost", dataset: { kind: d.estimate ? "estimate" : "play" } }, costText(d)))))))
      : h("p", { class: "review-top-none" }, t("review.top_none")));

  // ---- the steps
  const auction = () => h("ol", { class: "review-auction", id: "review-auction" }, ...r.actions
    .map((a, i) => [a, i]).filter(([a]) => !["play", "ghna", "no_ghna", "concede", "accept", "refuse"].includes(a.type))
    .map(([a, i]) => h("li", { dataset: { at: i } }, actionText(a), decisions.has(i) ? decisionNote(decisions.get(i)) : null)));

  const board = h("div", { class: "review-board", id: "review-board" });
  const hands = h("details", { class: "review-hands", id: "review-hands", open: true },
    h("summary", { class: "review-hands-title" }, t("review.hands")), board);
  const trickBox = h("section", { class: "review-trick", id: "review-trick", "aria-live": "polite",
    "aria-label": t("review.step") });
  const prev = h("button", { type: "button", class: "act", id: "review-prev", onclick: () => go(step - 1, true) }, t("review.prev"));
  const next = h("button", { type: "button", class: "act", id: "review-next", onclick: () => go(step + 1, true) }, t("review.next"));
  const label = h("span", { id: "review-step", class: "review-step" });
  const nav = h("nav", { class: "review-nav", "aria-label": t("review.steps") }, prev, label, next);

  function cardsPlayedBefore(k) {
    const out = new Set();
    for (const tr of r.tricks.slice(0, k)) for (const c of tr.cards) out.add(c.card);
    return out;
  }

  function draw() {
    const gone = cardsPlayedBefore(step ? step - 1 : 0);
    const trick = step ? r.tricks[step - 1] : null;
    const here = r.decisions.filter((d) => step && stepOf(d, total) === step);
    const play = here.find((d) => d.costs);
    fill(board, r.deal.map((hand, seat) => h("div", { class: `review-hand review-${POS[seat]}`, dataset: { seat } },
      h("p", { class: "review-name" }, seatName(seat)),
      h("div", { class: "review-cards" }, ...hand.map((card) => {
        const cost = play && seat === 0 ? play.costs[card] : undefined;
        return mini(card, { class: gone.has(card) ? "gone" : "",
          badge: cost !== undefined ? h("span", { class: `cost${card === play.action.card ? " chosen" : ""}`, dataset: { cost },
            "aria-hidden": "true" }, cost ? `−${cost}` : "✓") : null });
      })))), String(step));
    fill(trickBox, trick ? [
      h("h2", { class: "review-trick-title" }, t("review.trick", { n: step, total })),
      h("div", { class: "review-trick-cards", id: "review-trick-cards" }, ...trick.cards.map((c) => h("figure", { class: `trick-card${c.seat === trick.winner ? " winner" : ""}` },
        mini(c.card), h("figcaption", {}, seatName(c.seat))))),
      h("p", { class: "review-taken" }, t("trick.taken", { who: seatName(trick.winner), you: trick.winner === 0, points: trick.points })),
      ...here.map(decisionNote),
    ] : [h("h2", { class: "review-trick-title" }, t("review.auction")),
      h("p", {}, t("review.deal_and_auction")), auction()], `${step}:${marked?.at ?? ""}`);
    fill(label, [step ? t("review.trick", { n: step, total }) : t("review.auction")]);
    prev.disabled = step === 0;
    next.disabled = step === total;
  }

  /** Shows step ``n``; ``moved``: the player asked, so the step is brought into view. */
  function go(n, moved = false) {
    step = Math.max(0, Math.min(total, n));
    if (marked && stepOf(marked, total) !== step) marked = null;
    draw();
    if (!moved) return;
    const target = (marked && trickBox.querySelector(`.review-note[data-at="${marked.at}"]`)) || trickBox;
    (step ? trickBox : target).scrollIntoView({ block: "nearest" });
    if (target !== trickBox) target.scrollIntoView({ block: "nearest" });
  }

  const keys = (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") go(step + (document.documentElement.dir === "rtl" ? -1 : 1), true);
    else if (event.key === "ArrowLeft") go(step + (document.documentElement.dir === "rtl" ? 1 : -1), true);
  };
  document.addEventListener("keydown", keys);
  container.replaceChildren(
    screenHeader(t("review.title", { n: r.hand + 1 })),
    summary, nav, h("div", { class: "review-layout" }, trickBox, hands));
  draw();
  return { unmount() { document.removeEventListener("keydown", keys); } };
}
