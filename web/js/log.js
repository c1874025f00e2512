// The text log of the play (an aria-live list): every action in words, the
// tricks won, the end of each hand.  The same words fill the speech bubbles.

import { h } from "./dom.js";
import { t, who, suitName, cardName } from "./i18n.js";

const MAX = 300;

/**
 * createLog(el) -> {line(text, kind), clear()}: the log as a live list; the
 * element can take the keyboard focus (it scrolls).  Without an element (the
 * rules demo) the log keeps nothing.
 */
export function createLog(el) {
  if (!el) return { line() {}, clear() {} };
  const list = h("ol", { class: "log-list", id: "log-list", "aria-live": "polite", "aria-relevant": "additions" });
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", t("log.title"));
  el.replaceChildren(h("h2", { class: "log-title" }, t("log.title")), list);
  // scrolled to the newest line once a frame: reading the height forces a layout
  let scrolling = false;
  const scrollDown = () => {
    scrolling = false;
    el.scrollTop = el.scrollHeight;
  };
  return {
    line(text, kind = "") {
      if (!text) return;
      list.append(h("li", { class: kind ? `log-${kind}` : null }, text));
      while (list.children.length > MAX) list.firstElementChild.remove();
      if (!scrolling) {
        scrolling = true;
        requestAnimationFrame(scrollDown);
      }
    },
    clear() {
      list.replaceChildren();
    },
  };
}

/** The log sentence of one engine action. */
export function actionText(a) {
  if (!a) return "";
  const p = who(a.seat);
  switch (a.type) {
    case "bid": return t("log.bid", { ...p, amount: a.amount });
    case "announce":
    case "signal": return t(`log.${a.type}`, { ...p, signal: a.signal });
    case "trump": return t("log.trump", { ...p, suit: suitName(a.suit) });
    case "play": return t("log.play", { ...p, card: cardName(a.card) });
    case "ghna": return "";  // logged with its value from the view
    case "next_hand": return "";
    default: return t(`log.${a.type}`, p);
  }
}

/** The word in a seat's speech bubble for an auction action. */
export function bubbleText(a) {
  switch (a.type) {
    case "bid": return String(a.amount);
    case "pass": return t("action.pass");
    case "announce": return t("bubble.announce", { signal: a.signal });
    case "signal": return t("bubble.signal", { signal: a.signal });
    case "no_signal": return "…";
    case "ghna": return t("bubble.ghna", { suit: suitName(a.suit) });
    case "concede": return t("action.concede");
    case "react": return t(`react.${a.r}`);          // a quick reaction at a table with friends
    default: return "";
  }
}

export function trickText(trick) {
  return t("log.trick", { ...who(trick.winner), points: trick.points });
}

export function ghnaText(g) {
  return t("log.ghna", { ...who(g.seat), suit: suitName(g.suit), value: g.value });
}

export function handEndText(last, scores, target) {
  if (last.cancelled) return t("log.cancelled");
  const team = last.declarer % 2;
  return last.made
    ? t("log.made", { team, amount: last.contract })
    : t("log.failed", { team: 1 - team, amount: last.contract });
}

export function auctionWonText(contract) {
  return t("log.auction_won", { ...who(contract.declarer), amount: contract.amount });
}

/** The lines of the current hand so far (after a reload), from the public actions. */
export function replayLines(view) {
  const lines = [t("log.new_hand", { n: view.hand_number + 1, ...who(view.dealer) })];
  let plays = 0;
  let ghna = 0;
  for (const a of view.hand_actions) {
    if (a.type === "ghna") {
      const g = view.ghna[ghna++];
      if (g) lines.push(ghnaText(g));
      continue;
    }
    const text = actionText(a);
    if (text) lines.push(text);
    if (a.type === "trump" && view.contract) lines.splice(lines.length - 1, 0, auctionWonText(view.contract));
    if (a.type === "play" && ++plays % 4 === 0 && view.tricks[plays / 4 - 1]) {
      lines.push(trickText(view.tricks[plays / 4 - 1]));
    }
  }
  return lines;
}
