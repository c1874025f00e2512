// A friend's side of a table: the connection to the host's page, whose
// engine plays the game.  What arrives is turned to this friend's seat
// (rotate.js) and handed to the table's flow (game.js `follow`) in order;
// this page's actions go to the host, which judges them.

import { viewFrom, actionTo, seatFrom } from "./rotate.js";
import { REACTIONS, WIRE_V } from "./wire.js";
import { jsonDepth } from "../json-depth.js";

/** Silence from the host this long: the connection is lost. */
export const LOST_MS = 6000;
/** An action unanswered this long may be sent again. */
const RESEND_MS = 2000;
/** The host's messages are read up to this size (a view is a few kilobytes). */
const MAX_HOST_MESSAGE = 200_000;
/** ...and nested this deep at most (a view nests 6 deep): the turning of its seats (rotate.js) recurses. */
const MAX_HOST_DEPTH = 32;

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
      // its seats (who must act now) in this friend's numbering, as the views are
      const params = m.error.params && typeof m.error.params === "object" ? viewFrom(m.error.params, seat) : {};
      // an engine's code (a short word): a host's made-up text is never shown as a reason
      onRefused({ code: /^[a-z0-9_]{1,40}$/.test(m.error.code) ? m.error.code : "internal", params });
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
      out({ t: "act", action: actionTo(action, seat) });
    },
    close() {
      clearInterval(timer);
      try { dc.close(); } catch { /* closed */ }
    },
  };
}
