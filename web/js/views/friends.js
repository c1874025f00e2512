// Play with friends (#friends): this page hosts a table; friends join from
// their own phones, at the same table or far away, with no account and no
// server (friends/: peer.js connects the pages, host.js runs the seats).
//
// The host chooses who sits where (the partner faces the host), invites a
// seat with a link and its QR code, and takes each friend's reply (scanned
// with the camera, which opens #reply= in another tab of this browser that
// hands it over, or pasted).  Empty seats are played by the bots of the
// settings.  This page's engine plays the game; each friend gets only its
// own seat's view.  The table lives as long as the page: leaving the screen
// does not end it, and a reload resumes the game kept on this device (the
// friends then join again).  One tab of the browser hosts the table at a
// time (the Web Lock "touti-friends", tabs.js): another tab that opens
// #friends says so and offers to host it there instead; the first then
// stops its table (its friends join again with a new invitation), so that
// the kept table and a reply opened in a new tab have one host only.
//
// Test hooks: <html data-view="friends">; the screen of a table hosted in
// another tab [data-friends=elsewhere] and its #friends-here; seats [data-friends-seat=N] with
// data-kind (bot, invited, friend, gone); buttons [data-friends=invite|bot|
// start|seats|copy|share]; the invitation's link #friends-link-N; the reply
// field #friends-reply and #friends-reply-add; #friends-status.

import { h, fill } from "../dom.js";
import { t, refusalText, seatName } from "../i18n.js";
import { createStore } from "../store.js";
import { createTable } from "../table.js";
import { renderInfo } from "../bar.js";
import { createLog } from "../log.js";
import { createGame } from "../game.js";
import { renderPanel, showScoreSheet } from "../dialogs.js";
import { randomSeed } from "../settings.js";
import { nameNode, isolate } from "../bidi.js";
import { screenHeader } from "./common.js";
import { createHost } from "../friends/host.js";
import { shareBox } from "../friends/sharebox.js";
import { reactionBar, showReaction } from "../friends/reactions.js";
import { loadPrefs, savePrefs, loadTable, saveTable } from "../friends/prefs.js";
import { keepAwake } from "../friends/awake.js";
import { play as sound } from "../sound.js";
import { newGameId, recordGame } from "../history.js";
import { pageAddress } from "../friends/peer.js";
import { createTabs, START_WAIT_MS } from "../tabs.js";
import { siteStore } from "../storage.js";

const SESSION = "friends";
/** The channel on which a tab opened by a reply's link hands it to the hosting tab. */
export const CHANNEL = "touti-friends";

let T = null;           // the host's table: kept while the page lives
let hold = null;        // this tab's hold on hosting the table (one tab hosts it)
let shown = null;       // where the screen was last shown: {container, app}

export async function mount(container, app) {
  const my = { container, app };
  shown = my;
  hold ??= createTabs({ store: siteStore, lock: "touti-friends", channelName: "touti-friends-host",
    ownerKey: "touti.friends.owner", onLost: lostTable });
  const here = T || await hold.claim(START_WAIT_MS);
  if (here && !T) T = hostTable(app);         // the tab that holds the table hosts it (and takes replies)
  // another screen (or this one again) was shown while the claim waited: it is that one's to draw
  if (shown !== my || document.documentElement.dataset.view !== "friends") return {};
  if (!here) {
    container.replaceChildren(elsewhere());
    return {};
  }
  container.replaceChildren(T.el);
  T.draw();
  return {};
}

/** Another tab hosts the table now: this one stops its own, and says where the table is. */
function lostTable() {
  T?.halt();
  T = null;
  if (shown?.container.isConnected && document.documentElement.dataset.view === "friends") {
    shown.container.replaceChildren(elsewhere());
  }
}

/** The screen of a table hosted in another tab of this browser, and the way to host it here. */
function elsewhere() {
  const here = h("button", { type: "button", class: "act primary", id: "friends-here", onclick: async () => {
    here.disabled = true;
    await hold.take();
    const { container, app } = shown;
    if (container.isConnected) mount(container, app);
  } }, t("friends.host_here"));
  return h("div", { class: "friends", dataset: { friends: "elsewhere" } }, screenHeader(t("screen.friends")),
    h("section", { class: "paper friends-setup" }, h("p", {}, t("friends.elsewhere")), h("p", {}, here),
      h("p", { class: "friends-note" }, t("friends.host_here_help"))));
}

/** A reply's text handed over by another tab or this one: {ok, why}. */
export async function takeReply(text) {
  return T ? T.reply(text) : { ok: false, why: "no_table" };
}

function hostTable(app) {
  const prefs = loadPrefs();
  const kept = loadTable();
  const store = createStore({ settings: { ...app.store.state.settings, watch: false, takeBacks: false } });
  const { state, update } = store;
  const parts = {
    info: h("div", { class: "info" }),
    table: h("div", { class: "table" }),
    controls: h("section", { class: "controls" }),
    hand: h("section", { class: "hand" }),
  };
  const status = h("p", { id: "friends-status", role: "status", class: "friends-status" });
  const setup = h("section", { class: "paper friends-setup", id: "friends-setup" });
  const play = h("div", { class: "learn friends-table", hidden: true },
    parts.info, parts.table, parts.controls, parts.hand, reactionBar((r) => {
      showReaction(store, 0, r);
      for (const s of host.friends()) host.send(s, { t: "react", seat: 0, r });
    }));
  const el = h("div", { class: "friends" }, screenHeader(t("screen.friends")), status, setup, play);
  let started = false;
  let gameId = typeof kept?.game === "string" ? kept.game : newGameId();
  let hands = -1;
  let showSetup = true;
  const waiting = new Map();           // a friend's seat whose turn it is -> resolve(its answer)
  const early = new Map();             // a friend's action that came before its turn was asked
  const judging = new Set();           // a friend's seat whose action the engine is judging
  let lastShown = null;                // the count of finished hands when the friends were last sent a view
  let halted = false;                  // another tab hosts the table now: this one is stopped for good

  const host = createHost({
    base: pageAddress(), name: () => prefs.name || t("friends.host_default"), stun: () => prefs.stun,
    id: kept?.id, seats: kept?.seats,
    onChange: changed, onAct: friendActs,
    onReact: (seat, r) => {              // shown here, and passed on to the other friends
      showReaction(store, seat, r);
      for (const s of host.friends()) if (s !== seat) host.send(s, { t: "react", seat, r });
    },
  });
  const table = createTable(parts, { onAction: (a) => game.act(a), onCard: (card) => game.playCard(card), ids: false });
  // a move's answer brings the friends' views with it (one request to the engine, not two)
  const withViews = (req) => (req.op === "act" || req.op === "bot" ? { ...req, views: host.friends() } : req);
  const client = { call: (req) => app.client.call(withViews(req)) };
  const game = createGame({
    client, store, ui: { table, log: createLog(null) }, session: SESSION,
    persons: () => [0, ...host.friends()], remote, shown: sendViews, save: keep, ownBots: app.ownBots,
    motion: () => !matchMedia("(prefers-reduced-motion: reduce)").matches,
    onEvent: (name) => sound(name, state.settings.sound),
  });

  // ------------------------------------------------------------ the friends
  function changed(what = {}) {
    if (halted) return;                  // a timer of a connection this table closed: nothing to do
    for (const [k, seat] of Object.entries(what)) {
      const name = isolate(host.seats[seat].name);
      if (k === "left") {
        setStatus(t("friends.left", { name }));
      } else if (k === "joined") {
        setStatus(t(host.seats[seat].back ? "friends.back" : "friends.joined", { name }));
        welcome(seat);
      } else if (k === "failed") {
        setStatus(t("friends.failed", { seat: seatName(seat) }));
      }
    }
    // a turn awaited from a seat no friend plays now (left, given to a bot, invited anew): a bot plays it
    // (one whose action the engine is judging: judge() settles it with the engine's answer)
    for (const [seat, resolve] of waiting) {
      if (!host.friends().includes(seat) && !judging.has(seat)) {
        waiting.delete(seat);
        resolve({ ok: true, dropped: true });
      }
    }
    for (const seat of host.friends()) host.send(seat, { t: "seats", seats: seatsInfo() });
    update({ seats: ownSeats() });
    keep(state.view);
    draw();
    if (started && !state.busy && (what.left || what.joined)) game.kick();
  }

  function seatsInfo() {
    return [0, 1, 2, 3].map((s) => (s === 0 ? { name: prefs.name || t("friends.host_default"), person: true }
      : host.seats[s].kind === "friend" ? { name: host.seats[s].name, person: true }
        : { name: null, person: false, level: state.settings.levels[s] }));
  }

  /** Who sits where, as this table shows it (the host's own seat is "you"). */
  function ownSeats() {
    return seatsInfo().map((s, i) => (i === 0 ? null : s));
  }

  /** Every friend gets the table as it is now (a game started, resumed, or begun anew after the last). */
  function welcomeAll() {
    for (const seat of host.friends()) welcome(seat);
  }

  async function welcome(seat) {
    host.send(seat, { t: "seats", seats: seatsInfo() });
    if (!state.view) return;
    const ans = await app.client.call({ session: SESSION, op: "views", seats: [seat] });
    if (ans.ok) host.send(seat, { t: "view", view: ans.views[seat], action: null });
  }

  /** The host's loop asks for a friend's turn: its action, once the engine accepted it. */
  function remote(v) {
    const seat = v.to_act;
    if (v.phase === "hand_over" || seat === null || !host.friends().includes(seat)) return null;
    return new Promise((resolve) => {
      waiting.set(seat, resolve);
      const a = early.get(seat);
      early.delete(seat);
      if (a) judge(seat, a);
    });
  }

  function friendActs(seat, action) {
    if (action.type === "next_hand") {
      if (state.view?.phase === "hand_over" && !state.busy) game.act({ type: "next_hand" });
      return;
    }
    if (action.seat !== seat) {
      host.send(seat, { t: "refused", error: { code: "not_your_seat", params: { seat: action.seat ?? null } } });
      return;
    }
    if (!waiting.has(seat)) {
      // its turn, not yet asked (this table still shows the last card): it waits for it; else refused
      if (state.view?.to_act === seat && state.view.phase !== "hand_over") early.set(seat, action);
      else host.send(seat, { t: "refused", error: notNow(action) });
      return;
    }
    judge(seat, action);
  }

  /** Why a friend's action is refused before its turn is asked: the codes and params the engine gives. */
  function notNow(action) {
    const v = state.view;
    if (!v || v.to_act === null || v.phase === "hand_over" || v.phase === "game_over") {
      return { code: "wrong_phase", params: { phase: v?.phase ?? "hand_over", action: action.type, before: null } };
    }
    return { code: "not_your_turn", params: { to_act: v.to_act } };
  }

  /** A friend's action on its turn, to the engine; one at a time (one sent again meanwhile waits for
   * the answer to the first, which the friend then gets). */
  async function judge(seat, action) {
    if (judging.has(seat)) return;
    judging.add(seat);
    let ans;
    try {
      ans = await client.call({ session: SESSION, op: "act", action });
    } finally {
      judging.delete(seat);
    }
    const resolve = waiting.get(seat);
    if (!ans.ok) {
      host.send(seat, { t: "refused", error: ans.error });
      if (resolve && !host.friends().includes(seat)) {     // it left meanwhile: a bot plays its turn
        waiting.delete(seat);
        resolve({ ok: true, dropped: true });
      }
      return;
    }
    waiting.delete(seat);
    resolve?.(ans);
  }

  /** Each answer shown on this table goes to every friend: its own seat's view, and the action. */
  async function sendViews(ans) {
    early.clear();                     // an action held for a turn is for that turn only
    const seats = host.friends();
    if (!seats.length) return;
    const got = ans.views ? ans : await app.client.call({ session: SESSION, op: "views", seats });
    if (!got.ok) return;
    const v = ans.view;
    if (v && ans.action && v.history.length > (lastShown ?? v.history.length)) {
      // a hand ended: each friend gets it whole, when every card of it was played (its history, its review)
      const n = v.history.length - 1;
      const records = await Promise.all(seats.map((seat) => app.client.call({ session: SESSION,
        op: "hand_record", hand: n, seat })));
      seats.forEach((seat, i) => {
        if (records[i].ok && records[i].record) host.send(seat, { t: "hand", n, record: records[i].record });
      });
    }
    if (v) lastShown = v.history.length;
    for (const seat of seats) {
      if (got.views[seat]) host.send(seat, { t: "view", view: got.views[seat], action: ans.action ?? null });
    }
  }

  /** The table kept on this device (a reload resumes it), and the game in the history once a hand ends. */
  function keep(view) {
    if (halted || !view || !hold.mayWrite()) return;     // another tab hosts the table now: it keeps it
    saveTable({ id: host.id, game: gameId, record: view.record, seats: host.kept(), levels: state.settings.levels });
    if (view.history.length !== hands) {
      hands = view.history.length;
      recordGame(gameId, view, { levels: state.settings.levels, kind: "friends" }).catch(() => {});
    }
  }

  /** Says what happened at the table: above it, and in the table's message line while playing. */
  function setStatus(text) {
    status.textContent = text;
    if (started) update({ message: { kind: "note", text } });
  }

  // ------------------------------------------------------------ the screen
  async function start() {
    started = true;
    showSetup = false;
    draw();
    const r = kept && !state.view ? await game.resume({ record: kept.record }) : null;
    if (!r || !r.ok) {
      gameId = newGameId();
      await game.newGame(randomSeed(), state.settings.rules);
    }
    keepAwake(true);
    welcomeAll();
    draw();
  }

  function seatRow(seat) {
    const s = host.seats[seat];
    const who = s.kind === "friend" || s.kind === "gone" ? nameNode(s.name) : "";
    const line = h("p", { class: "friends-seat-state" }, t(`friends.kind.${s.kind}`, { level: "" }), " ", who);
    const buttons = h("div", { class: "friends-seat-buttons" },
      h("button", { type: "button", class: "act", dataset: { friends: "invite" }, onclick: async (e) => {
        e.target.disabled = true;
        try {
          await host.invite(seat);
        } catch {
          setStatus(t("friends.no_webrtc"));
        }
        draw();
      } }, t(s.kind === "bot" ? "friends.invite" : "friends.invite_again")),
      s.kind !== "bot" ? h("button", { type: "button", class: "act", dataset: { friends: "bot" },
        onclick: () => host.toBot(seat) }, t("friends.to_bot")) : null);
    const box = s.kind === "invited" && s.link
      ? shareBox(s.link, `friends-link-${seat}`, t("friends.qr_invite", { seat: seatName(seat) })) : null;
    return h("li", { class: "friends-seat", dataset: { friendsSeat: seat, kind: s.kind } },
      h("h2", {}, t(`seat.role.${seat}`), " · ", seatName(seat)), line, buttons, box);
  }

  function draw() {
    const name = h("input", { type: "text", id: "friends-name", maxlength: 40, value: prefs.name, autocomplete: "nickname",
      onchange: (e) => {            // no redraw here: the tap that moved the focus away must land
        prefs.name = e.target.value.trim().slice(0, 40);
        savePrefs({ name: prefs.name });
        for (const seat of host.friends()) host.send(seat, { t: "seats", seats: seatsInfo() });
      } });
    const stun = h("input", { type: "checkbox", id: "friends-stun", checked: prefs.stun,
      onchange: (e) => { prefs.stun = e.target.checked; savePrefs({ stun: prefs.stun }); } });
    const reply = h("input", { type: "text", id: "friends-reply", dir: "ltr", "aria-label": t("friends.reply_label") });
    fill(setup, [
      h("p", {}, t("friends.intro")),
      h("label", { class: "field" }, t("friends.your_name"), name),
      h("ul", { class: "friends-seats" }, ...[1, 2, 3].map(seatRow)),
      h("div", { class: "friends-reply" },
        h("label", { for: "friends-reply" }, t("friends.reply_label")), reply,
        h("button", { type: "button", class: "act", id: "friends-reply-add", onclick: async () => {
          const r = await host.reply(reply.value);
          setStatus(r.ok ? t("friends.connecting") : t(`friends.reply.${r.why}`));
        } }, t("friends.reply_add"))),
      h("label", { class: "check" }, stun, t("friends.stun")),
      h("p", { class: "friends-note" }, t("friends.stun_note")),
      h("p", { class: "friends-note" }, t("friends.host_sees")),
      h("div", { class: "friends-go" },
        h("button", { type: "button", class: "act primary", dataset: { friends: "start" },
          onclick: () => (started ? (showSetup = false, draw()) : start()) },
        t(started ? "friends.back_to_table" : kept ? "friends.resume" : "friends.start"))),
    ], JSON.stringify([host.seats.map((s) => s && [s.kind, s.name, s.link]), started]));
    setup.hidden = !showSetup;
    play.hidden = !started || showSetup;
    let open = el.querySelector("[data-friends=seats]");
    if (started && !open) {
      open = h("button", { type: "button", class: "act", dataset: { friends: "seats" },
        onclick: () => { showSetup = !showSetup; draw(); } }, t("friends.seats"));
      el.querySelector(".screen-head").append(open);
    }
  }

  store.onRender((st) => {
    renderInfo(parts.info, st);
    table.render(st);
    renderPanel(table.panel, st, { act: (a) => game.act(a), sheet: () => showScoreSheet(st.view),
      newGame: async () => {
        gameId = newGameId();
        await game.newGame(randomSeed(), st.settings.rules);
        welcomeAll();                  // the friends' pages still show the game that ended
      },
      review: (n) => `#review=history:${encodeURIComponent(gameId)}:${n}` });
  });
  update({ seats: ownSeats() });
  const replies = new BroadcastChannel(CHANNEL);
  replies.addEventListener("message", async function took(e) {
    if (e.data?.t !== "reply" || typeof e.data.text !== "string") return;
    const r = await host.reply(e.data.text);
    setStatus(r.ok ? t("friends.connecting") : t(`friends.reply.${r.why}`));
    e.target.postMessage({ t: "reply-taken", ok: r.ok, why: r.why ?? null });
  });
  /** Stops this table for good (another tab hosts it now): its friends are let go, its engine waits no more. */
  function halt() {
    halted = true;
    replies.close();
    game.halt();
    host.close();
    keepAwake(false);
  }

  return { el, draw, halt, reply: (text) => host.reply(text) };
}
