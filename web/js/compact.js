// A compact text for a list of engine actions (the action objects of docs/api.md),
// for what the page keeps a lot of (the history) and what it puts in links:
// one token an action, separated by ".": the seat, then a letter and its
// field.  "0b80.1p.2aAS.3sn.0tO.0c12E.1gn" ... decodes back to the very same
// objects (the engine still checks every one when it replays them).
//
//   b<amount> bid          p pass              a<signal> announce
//   s<signal> signal       sn no_signal        t<suit> trump
//   c<card> play           g<suit> ghna        gn no_ghna
//   x concede              y accept            n refuse
//   N next_hand (no seat)

import { CARD_RE, SUIT_RE } from "./notation.js";

const SIMPLE = { pass: "p", concede: "x", accept: "y", refuse: "n" };
const SIMPLE_BACK = Object.fromEntries(Object.entries(SIMPLE).map(([k, v]) => [v, k]));

function token(a) {
  if (a.type === "next_hand") return "N";
  const s = String(a.seat);
  switch (a.type) {
    case "bid": return `${s}b${a.amount}`;
    case "announce": return `${s}a${a.signal}`;
    case "signal": return `${s}s${a.signal}`;
    case "no_signal": return `${s}sn`;
    case "trump": return `${s}t${a.suit}`;
    case "play": return `${s}c${a.card}`;
    case "ghna": return `${s}g${a.suit}`;
    case "no_ghna": return `${s}gn`;
    default:
      if (Object.hasOwn(SIMPLE, a.type)) return `${s}${SIMPLE[a.type]}`;
      throw new Error(`unknown action ${a.type}`);
  }
}

export function encodeActions(actions) {
  return actions.map(token).join(".");
}

/** The actions of a compact text; null when it is not one. */
export function decodeActions(text) {
  if (text === "") return [];
  if (typeof text !== "string" || text.length > 200000) return null;
  const out = [];
  for (const tk of text.split(".")) {
    if (tk === "N") {
      out.push({ type: "next_hand" });
      continue;
    }
    const m = /^([0-3])([a-zA-Z])(.*)$/.exec(tk);
    if (!m) return null;
    const seat = Number(m[1]);
    const [, , k, rest] = m;
    if (k === "b" && /^\d{2,3}$/.test(rest)) out.push({ type: "bid", seat, amount: Number(rest) });
    else if (k === "a" && /^(AS|COMPTE)$/.test(rest)) out.push({ type: "announce", seat, signal: rest });
    else if (k === "s" && rest === "n") out.push({ type: "no_signal", seat });
    else if (k === "s" && /^(AS|COMPTE|\+10|PASS)$/.test(rest)) out.push({ type: "signal", seat, signal: rest });
    else if (k === "t" && SUIT_RE.test(rest)) out.push({ type: "trump", seat, suit: rest });
    else if (k === "c" && CARD_RE.test(rest)) out.push({ type: "play", seat, card: rest });
    else if (k === "g" && rest === "n") out.push({ type: "no_ghna", seat });
    else if (k === "g" && SUIT_RE.test(rest)) out.push({ type: "ghna", seat, suit: rest });
    else if (rest === "" && Object.hasOwn(SIMPLE_BACK, k)) out.push({ type: SIMPLE_BACK[k], seat });
    else return null;
  }
  return out;
}

/** A record with its actions in compact text (and back). */
export function compactRecord(record) {
  const { actions, ...rest } = record;
  return { ...rest, actions: encodeActions(actions) };
}

export function expandRecord(compact) {
  if (!compact || typeof compact !== "object") return null;
  const actions = typeof compact.actions === "string" ? decodeActions(compact.actions) : null;
  return actions ? { ...compact, actions } : null;
}
