// The host's side of a table with friends: the seats, the invitations and
// replies, the connections, and what is sent to each friend.  The host's
// page is the table and the referee: its engine plays the game, and each
// friend receives only its own seat's view (the bridge's `views`, which never
// holds another seat's hand) and the actions everyone saw.  Every message of a
// friend is checked here (wire.js) before the engine sees it, and the engine
// judges every action.

import { offerSeat, packLink, unpackLink } from "./peer.js";
import { friendMessage, rateGate, token, WIRE_V } from "./wire.js";

/** A friend silent this long has left: a bot takes the seat. */
export const DROP_MS = 6000;
/** How often the host asks each friend for a sign of life. */
export const PING_MS = 1500;
/** A reply taken, the connection must open within this time, or the seat stays with a bot. */
export const CONNECT_MS = 20000;

/**
 * createHost({base, name, stun, id, seats, onChange, onAct}) -> the table's connections.
 * - `base`: the site's address (links are made on it); `name()`: the host's name; `stun()`: the setting;
 * - `id`, `seats`: a table resumed after a reload (its id, and each seat's name and token);
 * - `onChange()`: a seat changed (invited, joined, left);
 * - `onAct(seat, action)`: a friend's checked action, to be judged by the engine;
 * - `onReact(seat, r)`: a friend's quick reaction (one of REACTIONS).
 */
export function createHost({ base, name, stun, id = token(), seats: kept = null, onChange, onAct, onReact }) {
  /** Seats 1..3: {kind: "bot" | "invited" | "friend" | "gone", name, token, link, pending, conn}. */
  const seats = [null, 1, 2, 3].map((s, i) => (i === 0 ? null
    : { kind: kept?.[i]?.name ? "gone" : "bot", name: kept?.[i]?.name || "", token: kept?.[i]?.token || null,
      link: null, pending: null, conn: null, seen: 0, gate: null }));
  const timer = setInterval(beat, PING_MS);

  function send(seat, msg) {
    const c = seats[seat]?.conn;
    if (!c || c.dc.readyState !== "open") return false;
    try {
      c.dc.send(JSON.stringify({ v: WIRE_V, ...msg }));
      return true;
    } catch {
      return false;
    }
  }

  /** Makes (or makes again) the invitation of a seat: the link a friend opens. */
  async function invite(seat) {
    const s = seats[seat];
    s.pending?.close();
    if (s.conn) drop(seat, false);
    s.kind = "invited";
    s.link = null;
    onChange();
    const pending = await offerSeat(stun());
    pending.x = token();
    s.pending = pending;
    const text = await packLink({ k: "i", h: id, s: seat, n: name(), o: pending.offer, x: pending.x });
    s.link = new URL(`#join=${text}`, base).href;
    pending.channel.then(({ pc, dc }) => connected(seat, pending, pc, dc),
      () => { if (s.pending === pending) failed(seat); });
    onChange();
    return s.link;
  }

  /** A friend's reply (its link, or the text after #reply=): {ok} or {ok: false, why}. */
  async function reply(text) {
    const raw = String(text || "").trim();
    const code = raw.includes("#reply=") ? raw.slice(raw.indexOf("#reply=") + 7) : raw;
    const r = await unpackLink(code, "r");
    if (!r) return { ok: false, why: "bad" };
    if (r.h !== id) return { ok: false, why: "other_table" };
    const s = seats[r.s];
    if (s.kind !== "invited" || !s.pending) return { ok: false, why: "not_invited" };
    if (r.x !== null && r.x !== s.pending.x) return { ok: false, why: "old_invitation" };   // the seat was invited again since
    s.replyName = r.n;
    s.replyToken = r.t;
    const pending = s.pending;
    try {
      await pending.answer(r.o);
    } catch {
      return { ok: false, why: "bad" };
    }
    // no connection (networks that cannot reach each other): said in words, never a hang
    setTimeout(() => { if (s.pending === pending) failed(r.s); }, CONNECT_MS);
    return { ok: true, seat: r.s };
  }

  function connected(seat, pending, pc, dc) {
    const s = seats[seat];
    if (s.pending !== pending) {
      pc.close();
      return;
    }
    s.pending = null;
    s.conn = { pc, dc };
    s.seen = performance.now();
    s.gate = rateGate();
    s.kind = "friend";
    s.name = (s.replyName || "").slice(0, 40) || "?";
    s.back = !!(s.token && s.replyToken === s.token);
    s.token = s.replyToken || token();
    dc.addEventListener("message", (e) => heard(seat, dc, e.data));
    dc.addEventListener("close", () => { if (s.conn?.dc === dc) drop(seat); });
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed", "disconnected"].includes(pc.connectionState) && s.conn?.dc === dc) drop(seat);
    });
    onChange({ joined: seat });
  }

  function heard(seat, dc, data) {
    const s = seats[seat];
    if (s.conn?.dc !== dc) return;
    s.seen = performance.now();
    if (!s.gate()) return;                                   // a flood: dropped unread
    const m = friendMessage(data);
    if (!m) {
      send(seat, { t: "refused", error: { code: "malformed", params: {} } });
      return;
    }
    if (m.t === "act") onAct(seat, m.action);
    else if (m.t === "react") onReact(seat, m.r);
    else if (m.t === "hello" && m.name && !s.conn.named) {     // once: a friend does not rename itself mid-game
      s.conn.named = true;
      s.name = m.name.slice(0, 40);
      onChange();
    }
  }

  function failed(seat) {
    const s = seats[seat];
    s.pending?.close();
    s.pending = null;
    s.kind = s.token ? "gone" : "bot";
    s.failed = true;
    onChange({ failed: seat });
  }

  /** A friend left (or is silent): the seat goes to a bot until the friend is back. */
  function drop(seat, tell = true) {
    const s = seats[seat];
    const c = s.conn;
    s.conn = null;
    if (c) {
      try { c.pc.close(); } catch { /* closed already */ }
    }
    if (s.kind === "friend") s.kind = "gone";
    if (tell) onChange({ left: seat });
  }

  /** Gives a seat back to the bots for good. */
  function toBot(seat) {
    const s = seats[seat];
    s.pending?.close();
    s.pending = null;
    if (s.conn) drop(seat, false);
    Object.assign(s, { kind: "bot", name: "", token: null, link: null, failed: false });
    onChange();
  }

  function beat() {
    const now = performance.now();
    for (const seat of [1, 2, 3]) {
      const s = seats[seat];
      if (!s.conn) continue;
      if (now - s.seen > DROP_MS) drop(seat);
      else send(seat, { t: "ping" });
    }
  }

  return {
    id,
    seats,
    invite,
    reply,
    send,
    toBot,
    /** The seats a friend plays now (connected). */
    friends: () => [1, 2, 3].filter((seat) => seats[seat].kind === "friend"),
    /** What a reload keeps: each seat's name and token. */
    kept: () => seats.map((s) => (s ? { name: s.kind === "bot" ? "" : s.name, token: s.token } : null)),
    close() {
      clearInterval(timer);
      for (const seat of [1, 2, 3]) {
        seats[seat].pending?.close();
        seats[seat].pending = null;          // its connection timer (reply) finds nothing to fail
        if (seats[seat].conn) drop(seat, false);
      }
    },
  };
}
