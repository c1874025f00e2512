// A friend's side of a table: the connection to the host's page, whose
// engine plays the game.  What arrives is turned to this friend's seat
// (rotate.js) and handed to the table's flow (game.js `follow`) in order;
// this page's actions go to the host, which judges them.

import { viewFrom, actionTo, seatFrom } from "./rotate.js";
import { REACTIONS, WIRE_V } from "./wire.js";
import { jsonDepth } from "../json-depth.js";
import { has } from "../i18n.js";
import { CARD_RE, SUIT_RE } from "../notation.js";

/** Silence from the host this long: the connection is lost. */
export const LOST_MS = 6000;
/** An action unanswered this long may be sent again. */
const RESEND_MS = 2000;
/** The host's messages are read up to this size (a view is a few kilobytes). */
const MAX_HOST_MESSAGE = 200_000;
/** ...and nested this deep at most (a view nests 6 deep): the turning of its seats (rotate.js) recurses. */
const MAX_HOST_DEPTH = 32;

const SIGNAL = /^(?:AS|COMPTE|\+10|PASS)$/;
const WORD = /^[a-z][a-z0-9_]{0,39}(?:\.[A-Za-z0-9_+]{1,40})?$/;
const oneOf = (re) => (v) => typeof v === "string" && re.test(v);
const orNull = (ok) => (v) => v === null || ok(v);
const listOf = (ok, most) => (v) => Array.isArray(v) && v.length <= most && v.every(ok);
/** A number of the game: a bid, a cap, card points (a hand's are at most a few hundred). */
const count = (v) => Number.isInteger(v) && Math.abs(v) <= 10_000;
/** A word the catalogue has: `refusal.<kind>.<word>` is one of its keys. */
const known = (kind) => (v) => oneOf(WORD)(v) && has(`refusal.${kind}.${v}`);
/** A sentence said before (`wrong_phase.<case>`) the catalogue has. */
const before = (v) => oneOf(WORD)(v) && v.startsWith("wrong_phase.") && has(`refusal.before.${v.slice(12)}`);
const chance = (v) => v === null || (typeof v === "number" && v >= 0 && v <= 1);
const seatOk = (v) => Number.isInteger(v) && v >= 0 && v <= 3;
/** What each fact of a refusal may be (the engine's params, docs/api.md); any other is dropped. */
const REFUSAL_PARAMS = {
  card: oneOf(CARD_RE), beaten: oneOf(CARD_RE), winning: oneOf(CARD_RE), partner_card: oneOf(CARD_RE),
  legal: listOf(oneOf(CARD_RE), 40), missing: listOf(oneOf(CARD_RE), 40), tops: listOf(oneOf(CARD_RE), 40),
  higher: listOf(oneOf(CARD_RE), 40),
  suit: orNull(oneOf(SUIT_RE)), led: orNull(oneOf(SUIT_RE)), trump: orNull(oneOf(SUIT_RE)), aces: listOf(oneOf(SUIT_RE), 4),
  signal: oneOf(SIGNAL), partner_signals: listOf(oneOf(SIGNAL), 8),
  to_act: seatOk, seat: seatOk,
  phase: known("phase"), action: known("action"), before: orNull(before), case: oneOf(WORD),
  minimum: count, maximum: count, contract: count, high: count, cap: count,
  declared: count, value: count, points: count, last: count, cards: count, step: count, target: count,
  chance, theirs: chance, best: chance,
};

/**
 * The refusals a move at a table can get: the engine's codes (docs/api.md, Error codes)
 * but a saved game's found damaged (`bad_state`), and its worker's (`not_your_seat`,
 * `bad_request`, `internal`).  Not a score sheet's, nor the catalogue's fragments of a
 * sentence (a phase's or an action's words).  tests/test_catalogues.py holds it to the
 * engine's list.
 */
export const TABLE_CODES = new Set([
  "malformed", "wrong_phase", "not_your_turn", "card_not_in_hand", "must_follow_suit",
  "must_play_higher", "must_trump", "must_overtrump", "bid_too_low", "bid_too_high",
  "bid_not_multiple_of_10", "signal_not_allowed", "announce_not_allowed", "ghna_not_held",
  "ghna_over_cap", "ghna_not_allowed", "concede_not_allowed",
  "not_your_seat", "bad_request", "internal",
]);

/**
 * A refusal as the host sent it, made safe to word on this page: the code if a move
 * at a table can get it (TABLE_CODES; else "internal"), and of its params only the
 * facts the engine gives at a table, each of its kind (a card, a suit, a seat, a number
 * of the game, a word the catalogue has), its seats turned to this friend's numbering as the
 * views are; the amount of a bid only when it is the one this page sent (`sent`, the
 * last action sent), which the engine refuses at any size.  A hostile host's
 * made-up text never reaches a sentence (`case` only chooses one of its code's
 * sentences in the catalogue).
 */
export function refusalFrom(error, seat, sent = null) {
  const code = TABLE_CODES.has(error.code) ? error.code : "internal";
  const given = error.params && typeof error.params === "object" && !Array.isArray(error.params) ? error.params : {};
  const params = {};
  for (const [k, ok] of Object.entries(REFUSAL_PARAMS)) {
    if (Object.hasOwn(given, k) && ok(given[k])) params[k] = given[k];
  }
  if (params.case !== undefined && params.case !== code && !params.case.startsWith(`${code}.`)) delete params.case;
  if (Object.hasOwn(given, "amount") && Number.isSafeInteger(given.amount) && given.amount === sent?.amount) {
    params.amount = given.amount;
  }
  return { code, params: viewFrom(params, seat) };
}

/**
 * createGuest({dc, seat, name, token, onWelcome, onRefused, onSeats, onHand, onLost}) -> {next, send, close}.
 * `onWelcome(view)`: the table as it is when this friend sits; `onRefused(error)`:
 * the host's engine refused this page's action; `onSeats(seats)`: who sits
 * where, turned to this seat; `onHand(n, record)`: hand `n`, played to its last
 * card, as a one-hand record with this seat as seat 0; `onReact(seat, r)`: a
 * player's quick reaction (its seat turned); `onLost()`: the host is gone.
 */
export function createGuest({ dc, seat, name, token, onWelcome, onRefused, onSeats, onHand, onReact, onLost }) {
  const queue = [];
  let waiting = null;
  let seen = performance.now();
  let lost = false;
  let welcomed = false;
  let sent = 0;              // when an action was sent, not yet answered (a view or a refusal): no second one
  let lastAction = null;     // the last action sent: a refused bid keeps its amount only if it is this one

  const out = (msg) => {
    if (dc.readyState !== "open") return;
    try {
      dc.send(JSON.stringify({ v: WIRE_V, ...msg }));
    } catch { /* closing */ }
  };

  function push(item) {
    sent = 0;
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(item);
    } else {
      queue.push(item);
    }
  }

  function gone() {
    if (lost) return;
    lost = true;
    clearInterval(timer);
    push(null);
    onLost();
  }

  dc.addEventListener("message", (e) => {
    seen = performance.now();
    if (typeof e.data !== "string" || e.data.length > MAX_HOST_MESSAGE || jsonDepth(e.data, MAX_HOST_DEPTH) > MAX_HOST_DEPTH) return;
    let m;
    try {
      m = JSON.parse(e.data);
    } catch {
      return;
    }
    if (!m || typeof m !== "object") return;
    if (m.t === "ping") out({ t: "pong" });
    else if (m.t === "view" && m.view && typeof m.view === "object") {
      const view = viewFrom(m.view, seat);
      if (!welcomed) {
        welcomed = true;
        onWelcome(view);
      } else {
        push({ ok: true, view, action: m.action ? viewFrom(m.action, seat) : null });
      }
    } else if (m.t === "refused" && m.error && typeof m.error.code === "string") {
      sent = 0;
      onRefused(refusalFrom(m.error, seat, lastAction));
    }
    else if (m.t === "react" && Number.isInteger(m.seat) && REACTIONS.includes(m.r)) {
      onReact(seatFrom(m.seat, seat), m.r);
    }
    else if (m.t === "hand" && Number.isInteger(m.n) && m.record && typeof m.record === "object") onHand(m.n, m.record);
    else if (m.t === "seats" && Array.isArray(m.seats) && m.seats.length === 4) {
      onSeats([0, 1, 2, 3].map((s) => m.seats[(s + seat) % 4]));
    }
  });
  dc.addEventListener("close", gone);
  const timer = setInterval(() => {
    if (performance.now() - seen > LOST_MS) gone();
  }, 1000);
  out({ t: "hello", name, token });

  return {
    /** The host's next action and view, turned to this seat (null: the table is gone). */
    next: () => (queue.length ? Promise.resolve(queue.shift()) : lost ? Promise.resolve(null)
      : new Promise((resolve) => { waiting = resolve; })),
    react: (r) => out({ t: "react", r }),
    send(action) {
      // a tap while the last one is unanswered is that same tap; after RESEND_MS it is sent
      // again (the host drops what a flood of messages sends beyond its rate)
      if (sent && performance.now() - sent < RESEND_MS) return;
      sent = performance.now();
      lastAction = action;
      out({ t: "act", action: actionTo(action, seat) });
    },
    close() {
      clearInterval(timer);
      try { dc.close(); } catch { /* closed */ }
    },
  };
}
