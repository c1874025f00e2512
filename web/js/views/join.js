// A friend's invitation (#join=<invitation>): this page joins the host's
// table.  It asks the player's name, answers the host's offer with a reply
// (a link, its QR code, Copy / Share) that goes back to the host, and once
// the two pages are connected shows the table from this player's seat.  The
// host's page plays the game: this page shows what the host sends and sends
// the player's actions, which the host's engine judges.
//
// Test hooks: <html data-view="join">; #join-status (data-state: bad,
// ready, answering, waiting, playing, lost, failed); the name #join-name and
// #join-go; the reply's link #join-reply-link.

import { h, fill } from "../dom.js";
import { t, refusalText, seatName } from "../i18n.js";
import { createStore } from "../store.js";
import { createTable } from "../table.js";
import { renderInfo } from "../bar.js";
import { createLog } from "../log.js";
import { createGame } from "../game.js";
import { renderPanel, showScoreSheet } from "../dialogs.js";
import { isolate } from "../bidi.js";
import { screenHeader } from "./common.js";
import { unpackLink, packLink, answerOffer, pageAddress } from "../friends/peer.js";
import { createGuest } from "../friends/guest.js";
import { shareBox } from "../friends/sharebox.js";
import { reactionBar, showReaction } from "../friends/reactions.js";
import { token } from "../friends/wire.js";
import { loadPrefs, savePrefs } from "../friends/prefs.js";
import { keepAwake } from "../friends/awake.js";
import { newGameId, recordGame } from "../history.js";
import { play as sound } from "../sound.js";

let sitting = null;           // the table this page sits at: kept while the page lives

export async function mount(container, app, payload) {
  if (sitting && sitting.code === payload) {
    container.replaceChildren(sitting.el);
    return {};
  }
  sitting?.close();
  sitting = null;
  const status = h("p", { id: "join-status", role: "status", class: "friends-status" });
  const body = h("section", { class: "paper friends-setup" });
  const el = h("div", { class: "friends" }, screenHeader(t("screen.join")), status, body);
  container.replaceChildren(el);
  const state = (name, text) => {
    status.dataset.state = name;
    status.textContent = text;
  };
  const invite = await unpackLink(payload || "", "i");
  if (!invite) {
    state("bad", t("join.bad"));
    return {};
  }
  const prefs = loadPrefs();
  const host = isolate(invite.n || "?");
  state("ready", t("join.invited", { host, seat: seatName(invite.s) }));
  const name = h("input", { type: "text", id: "join-name", maxlength: 40, value: prefs.name, autocomplete: "nickname" });
  const go = h("button", { type: "button", class: "act primary", id: "join-go", onclick: () => join() }, t("join.go"));
  fill(body, [h("label", { class: "field" }, t("friends.your_name"), name), h("p", {}, go),
    h("label", { class: "check" }, h("input", { type: "checkbox", id: "join-stun", checked: prefs.stun,
      onchange: (e) => savePrefs({ stun: e.target.checked }) }), t("friends.stun")),
    h("p", { class: "friends-note" }, t("friends.stun_note"))]);

  async function join() {
    go.disabled = true;
    const me = name.value.trim().slice(0, 40) || t("friends.guest_default");
    savePrefs({ name: name.value.trim().slice(0, 40) });
    const kept = loadPrefs().seat;
    const seatToken = kept && kept.h === invite.h && kept.s === invite.s ? kept.t : token();
    savePrefs({ seat: { h: invite.h, s: invite.s, t: seatToken } });
    state("answering", t("join.answering"));
    let peer;
    try {
      peer = await answerOffer(invite.o, loadPrefs().stun);
    } catch {
      state("failed", t("friends.no_webrtc"));
      go.disabled = false;
      return;
    }
    const text = await packLink({ k: "r", h: invite.h, s: invite.s, n: me, o: peer.answer, t: seatToken,
      ...(invite.x ? { x: invite.x } : {}) });
    const link = new URL(`#reply=${text}`, pageAddress()).href;
    fill(body, [h("p", {}, t("join.show_reply", { host })),
      shareBox(link, "join-reply-link", t("join.qr_reply"))]);
    state("waiting", t("join.waiting", { host }));
    // kept while it waits too: back on this invitation (Back, then Forward), the same reply is shown
    const pending = { code: payload, el, close: () => peer.close() };
    sitting = pending;
    let open;
    try {
      open = await Promise.race([peer.channel, new Promise((_, no) => setTimeout(no, 10 * 60_000))]);
    } catch {
      state("failed", t("join.failed"));
      return;
    }
    if (sitting !== pending) return;      // another invitation was opened meanwhile (this one is closed)
    sitting = seat(app, open.dc, invite, me, seatToken, el, state);
    sitting.code = payload;
  }
  return {};
}

/** This page at the host's table: the table from its own seat, following the host. */
function seat(app, dc, invite, me, seatToken, el, state) {
  const store = createStore({ settings: { ...app.store.state.settings, watch: false, takeBacks: false } });
  const { update } = store;
  const parts = {
    info: h("div", { class: "info" }),
    table: h("div", { class: "table" }),
    controls: h("section", { class: "controls" }),
    hand: h("section", { class: "hand" }),
  };
  const play = h("div", { class: "learn friends-table" }, parts.info, parts.table, parts.controls, parts.hand,
    reactionBar((r) => {
      showReaction(store, 0, r);
      guest.react(r);
    }));
  el.querySelector(".friends-setup").replaceWith(play);
  const host = isolate(invite.n || "?");
  state("playing", t("join.seated", { host }));
  let game = null;
  const reviews = new Map();          // a hand's number -> its entry in this player's history
  let handsSeen = 0;                  // the hands of the game shown (fewer: a new game)
  const guest = createGuest({
    dc, seat: invite.s, name: me, token: seatToken,
    onWelcome: (view) => {
      game.followFrom(view);
      keepAwake(true);
    },
    onRefused: (error) => update({ message: { kind: "refusal", text: refusalText(error) } }),
    onSeats: (seats) => {
      const now = seats.map((s, i) => (i === 0 || !s || typeof s !== "object" ? null
        : { name: typeof s.name === "string" ? s.name.slice(0, 40) : null, person: s.person === true,
          level: typeof s.level === "string" ? s.level : null }));
      // everyone is told when a friend leaves (a bot takes the seat) or sits down
      const before = store.state.seats || [];
      for (const [i, s] of now.entries()) {
        const was = before[i];
        if (was?.person && !s?.person) update({ message: { kind: "note", text: t("friends.left", { name: isolate(was.name) }) } });
        else if (s?.person && !was?.person && before.length) {
          update({ message: { kind: "note", text: t("friends.joined", { name: isolate(s.name) }) } });
        }
      }
      update({ seats: now });
    },
    onHand: async (n, record) => {        // kept in this player's history, to review
      const id = newGameId();
      reviews.set(n, id);
      const ans = await app.client.call({ session: "friend_hand", op: "load", record });
      if (ans.ok) await recordGame(id, ans.view, { kind: "friends", levels: null }).catch(() => {});
    },
    onReact: (s, r) => showReaction(store, s, r),
    onLost: () => {
      state("lost", t("join.lost", { host }));
      keepAwake(false);
    },
  });
  const table = createTable(parts, { onAction: (a) => game.act(a), onCard: (card) => game.playCard(card), ids: false });
  game = createGame({ client: null, store, ui: { table, log: createLog(null) }, follow: guest,
    motion: () => !matchMedia("(prefers-reduced-motion: reduce)").matches,
    onEvent: (name) => sound(name, store.state.settings.sound) });
  store.onRender((st) => {
    renderInfo(parts.info, st);
    table.render(st);
    const n = st.view ? st.view.history.length - 1 : -1;
    if (st.view && st.view.history.length < handsSeen) reviews.clear();    // the host began a new game
    handsSeen = st.view ? st.view.history.length : handsSeen;
    renderPanel(table.panel, st, { act: (a) => game.act(a), newGame: null, nextGame: t("join.next_game", { host }),
      sheet: () => showScoreSheet(st.view),
      review: reviews.has(n) ? () => `#review=history:${encodeURIComponent(reviews.get(n))}:0` : null });
  });
  return { el, close: () => guest.close() };
}
