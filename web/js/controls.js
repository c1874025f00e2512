// The player's action controls: exactly the legal actions the engine lists
// for seat 0 (bids, pass, early announcement, signal window, trumps, Ghna,
// concession), each a <button data-action=...>.  A click sends the engine's
// own action object back.  Also the message line (refusals, hints, notes).

import { h, fill, setText } from "./dom.js";
import { t, suitName } from "./i18n.js";
import { suitSymbolSVG } from "./cardart.js";

/** The test hooks of an action's control: data-action, data-amount, data-signal, data-suit. */
export function dataOf(a) {
  const d = { action: a.type };
  if (a.amount !== undefined) d.amount = a.amount;
  if (a.signal !== undefined) d.signal = a.signal;
  if (a.suit !== undefined) d.suit = a.suit;
  return d;
}

function sameAction(a, b) {
  return !!a && !!b && JSON.stringify(dataOf(a)) === JSON.stringify(dataOf(b));
}

/** The engine action of each action button (element metadata, not state). */
const ACTION_OF = new WeakMap();

function button(a, label, extra = {}, ...content) {
  const b = h("button", {
    type: "button", class: `act act-${a.type} ${extra.class || ""}`, dataset: dataOf(a),
    "aria-label": extra.aria || null,
  }, ...(content.length ? content : [label]));
  ACTION_OF.set(b, a);
  return b;
}

function suitContent(letter, text) {
  return [h("span", { class: "suit-symbol", "aria-hidden": "true", html: suitSymbolSVG(letter) }),
    h("span", {}, text)];
}

function group(title, help, ...buttons) {
  return h("div", { class: buttons.some((b) => b?.classList?.contains("bids")) ? "group bid-group" : "group",
    role: "group", "aria-label": title },
    title ? h("span", { class: "group-title" }, title) : null, ...buttons,
    help ? h("p", { class: "help" }, help) : null);
}

function auction(legal) {
  const bids = legal.filter((a) => a.type === "bid");
  const other = legal.filter((a) => a.type !== "bid");
  const announces = other.filter((a) => a.type === "announce");
  return [
    group(t("bids.label"), null, h("div", { class: "bids" }, ...bids.map((a) =>
      button(a, t("action.bid", { amount: a.amount }), { aria: t("action.bid.label", { amount: a.amount }) })))),
    group(null, announces.length ? t("announce.help") : null,
      ...other.filter((a) => a.type === "pass").map((a) => button(a, t("action.pass"), { class: "pass" })),
      ...announces.map((a) => button(a, t("action.announce", { signal: a.signal }),
        { aria: `${t("action.announce", { signal: a.signal })}: ${t(`signal.${a.signal}`)}` }))),
  ];
}

function signalWindow(legal) {
  return [group(null, t("signal.help"), ...legal.map((a) => (a.type === "signal"
    ? button(a, t(`signal.${a.signal}`))
    : button(a, t("action.no_signal"), { class: "pass" }))))];
}

function trumpChoice(legal, view) {
  return [group(null, t("trump.help", { amount: view.contract.amount }), ...legal.map((a) =>
    button(a, "", { class: `suit-${a.suit}` }, ...suitContent(a.suit, t(`suit.title.${a.suit}`)))))];
}

function ghnaChoice(legal, view) {
  const values = Object.fromEntries((view.ghna_held || []).map((o) => [o.suit, o.value]));
  return [group(null, null, ...legal.map((a) => (a.type === "ghna"
    ? button(a, "", { class: `suit-${a.suit}` }, ...suitContent(a.suit,
      t("action.ghna", { suit: suitName(a.suit), value: values[a.suit] ?? "?" })))
    : button(a, t("action.no_ghna"), { class: "pass" }))))];
}

/**
 * Whether "Propose to abandon" is offered to the player (the engine allows it on
 * any turn of a defender; the page offers it where a player would consider it:
 * docs/web.md): the hand is decided or nearly so by the points, and no proposal
 * was refused in this hand (a refusal stands for the hand).
 */
export function concedeOffered(view) {
  const c = view?.contract;
  if (!c || view.phase !== "play") return false;
  if ((view.hand_actions || []).some((a) => a.type === "refuse")) return false;
  const have = view.points[c.declarer % 2];
  if (have >= c.amount) return true;
  const need = c.amount - have;
  const left = 10 - view.tricks.length;
  return need <= 10 && left <= 3;     // the last trick's 10 alone would make it
}

function playControls(legal, view, st) {
  const concede = legal.filter((a) => a.type === "concede");
  return concede.length && (concedeOffered(view) || st.hint?.type === "concede")
    ? [group(null, null, button(concede[0], t("action.concede"), { class: "quiet" }))] : [];
}

function concession(legal) {
  return [group(null, t("concession.help"), ...legal.map((a) =>
    button(a, t(`action.${a.type}`), { class: a.type === "refuse" ? "pass" : "" })))];
}

const BUILDERS = { auction, signal: signalWindow, trump: trumpChoice, ghna: ghnaChoice,
  play: playControls, concession };

/**
 * createControls(el, onAction) -> {render(st), turnLine}: the turn line, the
 * action buttons (each sends the engine's own action object back), the notes
 * and the message line (refusals, hints, notes).
 */
export function createControls(el, onAction, { ids = true } = {}) {
  const id = (name) => (ids ? name : null);
  const turnLine = h("p", { class: "turn-line", id: id("turn-line"), role: "status", "aria-live": "polite" });
  const actions = h("div", { class: "actions", id: id("actions") });
  const notes = h("div", { class: "notes", id: id("notes") });
  const message = h("p", { class: "message", id: id("message"), role: "alert", hidden: true });
  el.setAttribute("role", "region");
  el.setAttribute("aria-label", t("controls.label"));
  el.replaceChildren(turnLine, actions, notes, message);
  actions.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-action]");
    if (b && ACTION_OF.has(b)) onAction(ACTION_OF.get(b));
  });

  function render(st) {
    const v = st.view;
    const mine = v && v.to_act === 0 && !st.settings.watch && !st.busy;
    const legal = mine ? v.legal : [];
    const key = JSON.stringify([v?.phase, legal, st.busy, v?.ghna_held, v?.phase === "play" && st.hint?.type]);
    const build = BUILDERS[v?.phase];
    if (fill(actions, mine && build ? build(legal, v, st) : [], key)) {
      actions.classList.toggle("empty", !(mine && build));
    }
    for (const b of actions.querySelectorAll("button[data-action]")) {
      b.classList.toggle("hinted", sameAction(st.hint, ACTION_OF.get(b)));
    }
    // a Ghna held that the cap no longer takes: said once the play is on
    const held = (v?.ghna_held || []).filter((n) => !n.fits && (v.phase === "play" || v.phase === "ghna"));
    fill(notes, held.map((n) => h("p", { class: "note" }, t("ghna.cap_note", {
      ...n, contract: v.contract.amount, suit: suitName(n.suit) }))), JSON.stringify(held));
    const m = st.message;
    message.hidden = !m;
    message.className = `message ${m ? m.kind : ""}`;
    setText(message, m ? m.text : "");
  }

  return { render, turnLine, actions };
}
