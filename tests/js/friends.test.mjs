// The friends' table: views turned to a friend's seat, invitations packed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { viewFrom, actionTo, seatFrom, teamFrom } from "../../web/js/friends/rotate.js";

const VIEW = {
  format: "touti-view/1", seat: 1, to_act: 3, dealer: 2, forehand: 3, leader: 1,
  hand: ["1O", "3C"], hands: [null, ["1O", "3C"], null, null], hand_counts: [8, 2, 9, 7],
  contract: { declarer: 2, amount: 120, trump: "O" }, points: [30, 12], scores: [100, 250],
  trick: [{ seat: 1, card: "1O" }], tricks: [{ leader: 0, cards: [{ seat: 0, card: "4O" }], winner: 3, points: 11 }],
  ghna: [{ seat: 0, suit: "E", value: 20 }], concession: { proposer: 3 }, proposed: [3],
  last_hand: { dealer: 1, declarer: 0, points: [90, 40], delta: [120, 0], ghna: [] },
  history: [{ dealer: 1, declarer: 0, points: [90, 40], delta: [120, 0], ghna: [] }],
  winner: 1, hand_actions: [{ type: "bid", seat: 3, amount: 110 }], legal: [{ type: "play", seat: 1, card: "3C" }],
};

test("a friend in seat 1 sees itself in seat 0 and its team as team 0", () => {
  const v = viewFrom(VIEW, 1);
  assert.equal(v.seat, 0);
  assert.equal(v.to_act, 2);
  assert.equal(v.dealer, 1);
  assert.deepEqual(v.hands, [["1O", "3C"], null, null, null]);
  assert.deepEqual(v.hand_counts, [2, 9, 7, 8]);
  assert.equal(v.contract.declarer, 1);
  assert.deepEqual(v.points, [12, 30]);
  assert.deepEqual(v.scores, [250, 100]);
  assert.deepEqual(v.trick, [{ seat: 0, card: "1O" }]);
  assert.equal(v.tricks[0].winner, 2);
  assert.equal(v.tricks[0].leader, 3);
  assert.equal(v.winner, 0);                 // the game's winner is a team: theirs, now "us"
  assert.deepEqual(v.last_hand.delta, [0, 120]);
  assert.deepEqual(v.history[0].points, [40, 90]);
  assert.deepEqual(v.proposed, [2]);
  assert.equal(v.concession.proposer, 2);
  assert.deepEqual(v.legal, [{ type: "play", seat: 0, card: "3C" }]);
  assert.deepEqual(actionTo(v.legal[0], 1), VIEW.legal[0]);
});

test("turning a view to any seat and back gives it back; seat 0 changes nothing", () => {
  for (const me of [0, 1, 2, 3]) {
    const back = viewFrom(viewFrom(VIEW, me), (4 - me) % 4);
    assert.deepEqual(back, VIEW, `seat ${me}`);
    assert.equal(seatFrom(me, me), 0);
    assert.equal(teamFrom(me % 2, me), 0);
  }
  assert.deepEqual(viewFrom(VIEW, 0), VIEW);
});

test("a friend's message is read only when it has a known shape, size and rate", async () => {
  const { friendMessage, actionOf, rateGate, MAX_MESSAGE, MAX_RATE } = await import("../../web/js/friends/wire.js");
  assert.deepEqual(friendMessage(JSON.stringify({ v: 1, t: "act", action: { type: "play", seat: 2, card: "3C" } })),
    { t: "act", action: { type: "play", seat: 2, card: "3C" } });
  assert.deepEqual(friendMessage('{"t":"act","action":{"type":"next_hand","seat":null}}'),
    { t: "act", action: { type: "next_hand" } });
  for (const bad of ["", "garbage", "[]", "null", '{"t":"act"}', '{"t":"act","action":{"type":"steal"}}',
    '{"t":"act","action":{"type":"play","seat":"2","card":"3C"}}',
    '{"t":"act","action":{"type":"play","seat":2,"card":"3C","hands":[["1O"]]}}',
    '{"t":"act","action":{"type":"play","seat":2,"card":"' + "x".repeat(50) + '"}}',
    '{"t":"hello","name":' + JSON.stringify("n".repeat(41)) + ',"token":"a"}',
    '{"t":"view","view":{}}', "x".repeat(MAX_MESSAGE + 1)]) {
    assert.equal(friendMessage(bad), null, bad.slice(0, 60));
  }
  assert.deepEqual(friendMessage('{"t":"react","r":"bravo"}'), { t: "react", r: "bravo" });
  assert.equal(friendMessage('{"t":"react","r":"<img src=x>"}'), null);
  assert.equal(actionOf({ type: "bid", seat: 1, amount: 100 }).amount, 100);
  let now = 0;
  const gate = rateGate(() => now);
  const passed = Array.from({ length: MAX_RATE + 5 }, () => gate()).filter(Boolean).length;
  assert.equal(passed, MAX_RATE);
  now = 1500;
  assert.equal(gate(), true);
});

test("a session description shrinks to what a connection needs and grows back", async () => {
  const { shrink, grow } = await import("../../web/js/friends/peer.js");
  const fp = Array.from({ length: 32 }, (_, i) => i.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const sdp = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:1 1 udp 2113937151 192.0.2.2 36581 typ host generation 0 network-cost 999",
    "a=candidate:2 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0",
    "a=ice-ufrag:Mh30", "a=ice-pwd:+7te4VLNr4al2OHKkN2LHrMP", `a=fingerprint:sha-256 ${fp}`,
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", ""].join("\r\n");
  const o = shrink(sdp);
  assert.deepEqual(o.c, ["1 1 udp 2113937151 192.0.2.2 36581 typ host"]);
  assert.equal(o.u, "Mh30");
  const again = grow(o);
  assert.match(again, new RegExp(`a=fingerprint:sha-256 ${fp}\\r\\n`));
  assert.match(again, /a=candidate:1 1 udp 2113937151 192.0.2.2 36581 typ host\r\n/);
  assert.match(again, /a=setup:actpass\r\n/);
  assert.deepEqual(shrink(again), o);
  assert.equal(shrink(sdp.replace(/a=fingerprint.*\r\n/, "")), null);
});

test("an invitation or reply link is read only when it is one, whole and small", async () => {
  const { packLink, unpackLink } = await import("../../web/js/friends/peer.js");
  const { packJSON } = await import("../../web/js/packed.js");
  const o = { u: "Mh30", p: "+7te4VLNr4al2OHKkN2LHrMP", f: "AAEC", s: "actpass", c: ["1 1 udp 2113937151 192.0.2.2 36581 typ host"] };
  const invite = await packLink({ k: "i", h: "abc", s: 2, n: "Samira", o });
  assert.deepEqual(await unpackLink(invite, "i"), { h: "abc", s: 2, n: "Samira", o, t: null, x: null });
  // an invitation's own token, which its reply repeats
  assert.equal((await unpackLink(await packLink({ k: "r", h: "abc", s: 2, n: "S", o, x: "f00d" }), "r")).x, "f00d");
  assert.equal(await unpackLink(invite, "r"), null);                       // an invitation is no reply
  const bad = [
    { k: "i", h: "abc", s: 0, n: "x", o },                                  // the host's own seat
    { k: "i", h: "abc", s: 2, n: "x".repeat(41), o },                       // a name too long
    { k: "i", h: "abc", s: 2, n: "x", o: { ...o, s: "evil" } },             // an unknown DTLS role
    { k: "i", h: "abc", s: 2, n: "x", o: { ...o, c: Array(31).fill(o.c[0]) } },
    { k: "i", h: "abc", s: 2, n: "x", o: { ...o, u: "a\r\na=candidate:injected" } },   // a line smuggled in
    { k: "i", h: { deep: [[[]]] }, s: 2, n: "x", o },
    { k: "i", h: "abc", s: 2, n: "x", o, x: 7 },                           // a token that is not text
    { k: "i", h: "abc", s: 2, n: "x", o, x: "f".repeat(41) },
  ];
  for (const data of bad) assert.equal(await unpackLink(await packLink(data), "i"), null, JSON.stringify(data).slice(0, 60));
  assert.equal(await unpackLink(await packJSON({ v: 2, k: "i", h: "abc", s: 2, n: "x", o }), "i"), null);   // another version
  assert.equal(await unpackLink("garbage!", "i"), null);
  assert.equal(await unpackLink("A".repeat(4001), "i"), null);               // too long to read
  assert.equal(await unpackLink(await packJSON({ pad: "x".repeat(20000) }), "i"), null);  // inflates past the limit
});

test("a refusal from the host names its seats as this friend sees them, in the catalogue's words", async () => {
  const { readFileSync } = await import("node:fs");
  const { useCatalogue, refusalText, seatName } = await import("../../web/js/i18n.js");
  const { createGuest } = await import("../../web/js/friends/guest.js");
  useCatalogue("en", JSON.parse(readFileSync(new URL("../../web/messages/en.json", import.meta.url), "utf8")));
  const dc = Object.assign(new EventTarget(), { readyState: "open", send() {}, close() {} });
  const got = [];
  const guest = createGuest({ dc, seat: 1, name: "Amina", token: "t", onWelcome() {}, onRefused: (e) => got.push(e),
    onSeats() {}, onHand() {}, onReact() {}, onLost() {} });
  const refuse = (error) => dc.dispatchEvent(new MessageEvent("message", { data: JSON.stringify({ v: 1, t: "refused", error }) }));
  // the engine's refusal names seat 3 in its own numbering (and in English words of its own)
  refuse({ code: "not_your_turn", message: "It is not your turn: seat 3 must act now.", params: { to_act: 3 } });
  refuse({ code: "wrong_phase", params: { phase: "hand_over", action: "play", before: null } });
  guest.close();
  assert.deepEqual(got[0], { code: "not_your_turn", params: { to_act: 2 } });       // seat 3 sits opposite seat 1
  const words = got.map(refusalText);
  assert.equal(words[0], `It is not your turn: ${seatName(2)} must act now.`);
  assert.equal(words[1], "You cannot play a card now: the hand is over.");
  for (const w of words) assert.doesNotMatch(w, /[{}]/, w);
});

test("a hostile host's refusals and views are read safely: no made-up reason, no overflow", async () => {
  const { readFileSync } = await import("node:fs");
  const { useCatalogue, refusalText, t } = await import("../../web/js/i18n.js");
  const { createGuest } = await import("../../web/js/friends/guest.js");
  useCatalogue("en", JSON.parse(readFileSync(new URL("../../web/messages/en.json", import.meta.url), "utf8")));
  const dc = Object.assign(new EventTarget(), { readyState: "open", send() {}, close() {} });
  const got = [];
  const views = [];
  const guest = createGuest({ dc, seat: 2, name: "Amina", token: "t", onWelcome: (v) => views.push(v),
    onRefused: (e) => got.push(e), onSeats() {}, onHand() {}, onReact() {}, onLost() {} });
  const send = (data) => dc.dispatchEvent(new MessageEvent("message", { data }));
  const deep = "[".repeat(50_000) + "]".repeat(50_000);
  send(JSON.stringify({ v: 1, t: "refused", error: { code: "Your account is locked: call +212 600 000 000" } }));
  send(JSON.stringify({ v: 1, t: "refused", error: { code: "no_such_code", params: { to_act: 1 } } }));
  send(`{"v": 1, "t": "refused", "error": {"code": "not_your_turn", "params": {"to_act": ${deep}}}}`);
  send(`{"v": 1, "t": "view", "view": {"to_act": ${deep}}}`);
  send(JSON.stringify({ v: 1, t: "view", view: { to_act: 3, phase: "play" } }));
  send(JSON.stringify({ v: 1, t: "refused", error: { code: "bid_not_multiple_of_10", params: {} } }));   // an engine's code
  guest.close();
  assert.equal(got.length, 3);            // the deep messages are dropped before anything reads them
  assert.deepEqual(got.slice(0, 2).map(refusalText), [t("refusal.internal"), t("refusal.internal")]);
  assert.equal(got[2].code, "bid_not_multiple_of_10");
  assert.deepEqual(views, [{ to_act: 1, phase: "play" }]);
});

test("a hostile host's refusal params never put its own words in the sentence", async () => {
  const { readFileSync } = await import("node:fs");
  const { useCatalogue, refusalText, seatName, t } = await import("../../web/js/i18n.js");
  const { refusalFrom, TABLE_CODES } = await import("../../web/js/friends/guest.js");
  useCatalogue("en", JSON.parse(readFileSync(new URL("../../web/messages/en.json", import.meta.url), "utf8")));
  // the engine's own refusals (as api.act gives them) keep every fact, seats turned
  const real = [
    { code: "must_follow_suit", params: { case: "must_follow_suit", card: "3C", led: "O", trump: "E", legal: ["1O", "12O"] } },
    { code: "wrong_phase", params: { case: "wrong_phase.ghna_defenders", phase: "play", action: "ghna",
      before: "wrong_phase.ghna_defenders", contract: 120 } },
    { code: "bid_too_low", params: { case: "bid_too_low", amount: 90, minimum: 110, high: 100 } },
    { code: "announce_not_allowed", params: { case: "announce_not_allowed.other", signal: "+10" } },
    { code: "ghna_not_held", params: { case: "ghna_not_held", suit: "B", missing: ["11B", "12B"] } },
  ];
  // (the bid refused is the one this page sent)
  for (const r of real) assert.deepEqual(refusalFrom(r, 0, { type: "bid", seat: 0, amount: 90 }), r);
  assert.deepEqual(refusalFrom({ code: "not_your_turn", params: { case: "not_your_turn", to_act: 3 } }, 1).params,
    { case: "not_your_turn", to_act: 2 });
  // a host's made-up words, in every fact a sentence shows
  const lie = "Your account is locked: call +212 600 000 000";
  const hostile = [
    { code: "bid_too_low", params: { amount: lie, minimum: lie, high: { toString: lie } } },
    { code: "must_follow_suit", params: { card: lie, led: lie, trump: lie, legal: [lie, "1O"] } },
    { code: "wrong_phase", params: { phase: lie, action: "play", before: lie, contract: 1e300 } },
    { code: "announce_not_allowed", params: { case: "announce_not_allowed.other", signal: lie } },
    { code: "not_your_turn", params: { to_act: 7 } },
    { code: "not_your_turn", params: { to_act: 1.5 } },
    { code: "must_trump", params: ["1O"] },
    { code: "must_trump", params: lie },
    { code: "bid_too_low", params: Object.assign(Object.create({ minimum: lie }), { note: lie }) },
  ];
  for (const r of hostile) {
    const got = refusalFrom(r, 2);
    for (const v of Object.values(got.params)) assert.doesNotMatch(JSON.stringify(v), /locked|212/);
    const words = refusalText(got);
    assert.doesNotMatch(words, /locked|212|undefined|NaN|\[object/, words);
  }
  assert.deepEqual(refusalFrom(hostile[0], 0).params, {});
  // its facts dropped, the sentence cannot be filled: a plain refusal, no "{minimum}" shown
  assert.equal(refusalText(refusalFrom(hostile[0], 0)), t("refusal.unworded"));
  assert.equal(refusalText({ code: "must_trump", params: { legal: ["1O"] } }), t("refusal.unworded"));
  // words shaped like the engine's but not the catalogue's: a phase, an action, a sentence before
  const words = { phase: "account_locked_call_0600000000", action: "visit_evil_example_com", before: null };
  assert.deepEqual(refusalFrom({ code: "wrong_phase", params: words }, 0).params, { before: null });
  assert.equal(refusalText({ code: "wrong_phase", params: words }), t("refusal.unworded"));
  assert.equal(refusalText({ code: "wrong_phase", params: { ...words, phase: "play" } }), t("refusal.unworded"));
  assert.equal(refusalText({ code: "wrong_phase", params: { phase: "play", action: "ghna", before: "evil.words_here" } }),
    t("refusal.unworded"));
  // a sentence said before that needs the contract, sent without it: not "contract undefined"
  const noCap = { code: "wrong_phase", params: { phase: "play", action: "ghna", before: "wrong_phase.ghna_no_cap" } };
  assert.equal(refusalText(refusalFrom(noCap, 0)), t("refusal.unworded"));
  const withCap = refusalText({ code: "wrong_phase", params: { ...noCap.params, contract: 200 } });
  assert.match(withCap, /200/);
  assert.notEqual(withCap, t("refusal.unworded"));
  // a bid far too high keeps its amount when it is the bid this page sent (the engine takes
  // any whole number there); another amount, or a number far beyond a game's, is dropped
  const tooHigh = { code: "bid_not_multiple_of_10", params: { case: "bid_not_multiple_of_10", amount: 123455 } };
  assert.deepEqual(refusalFrom(tooHigh, 0, { type: "bid", seat: 0, amount: 123455 }).params, tooHigh.params);
  assert.deepEqual(refusalFrom(tooHigh, 0, { type: "bid", seat: 0, amount: 70 }).params, { case: "bid_not_multiple_of_10" });
  assert.deepEqual(refusalFrom(tooHigh, 0).params, { case: "bid_not_multiple_of_10" });
  assert.deepEqual(refusalFrom({ code: "bid_too_low", params: { minimum: 212600000000, high: 100 } }, 0).params, { high: 100 });
  // the catalogue's sentences that no move at a table gets (a score sheet's, a damaged save's,
  // a fragment of a sentence: a phase's or an action's words) are not the host's to choose:
  // "internal"; every refusal a move at a table gets stays, and each has its sentence
  const en = JSON.parse(readFileSync(new URL("../../web/messages/en.json", import.meta.url), "utf8"));
  const codes = [...new Set(Object.keys(en).filter((k) => k.startsWith("refusal.")).map((k) => k.split(".")[1]))];
  const kept = codes.filter((c) => refusalFrom({ code: c, params: {} }, 0).code === c);
  assert.deepEqual(codes.filter((c) => !kept.includes(c)).sort(),
    ["action", "bad_state", "before", "phase", "unworded", ...codes.filter((c) => c.startsWith("sheet_"))].sort());
  assert.deepEqual(kept.sort(), [...TABLE_CODES].sort());
  for (const c of ["must_follow_suit", "not_your_seat", "wrong_phase", "malformed", "bad_request", "internal"]) assert.ok(kept.includes(c), c);
  assert.equal(refusalText(refusalFrom({ code: "sheet_points", params: { points: 70 } }, 0)), t("refusal.internal"));
  assert.equal(refusalText(refusalFrom({ code: "phase", params: { case: "phase.auction" } }, 0)), t("refusal.internal"));
  assert.equal(refusalText(refusalFrom({ code: "action", params: { case: "action.bid" } }, 0)), t("refusal.internal"));
  for (const c of [42, null, "__proto__", "constructor", "MUST_TRUMP", "must_trump ", "toString"]) {
    assert.equal(refusalFrom({ code: c, params: {} }, 0).code, "internal", String(c));
  }
  // a seat beyond the four, and a case that is not its code's (another of the catalogue's sentences)
  assert.deepEqual(refusalFrom(hostile[4], 0).params, {});
  assert.deepEqual(refusalFrom({ code: "not_your_turn", params: { case: "action.concede", to_act: 1 } }, 0).params,
    { to_act: 1 });
  assert.deepEqual(refusalFrom({ code: "must_trump", params: { case: "must_follow_suit" } }, 0).params, {});
  assert.deepEqual(refusalFrom({ code: "must_play_higher", params: { case: "must_play_higher.trumps" } }, 0).params,
    { case: "must_play_higher.trumps" });
  // a phase or action only as the whole word the catalogue has
  assert.deepEqual(refusalFrom({ code: "wrong_phase", params: { phase: "x.play", action: "evil.bid" } }, 0).params, {});
  // braces a person typed (a name on a score sheet) are theirs, not a missing fact
  assert.match(refusalText({ code: "sheet_ghna_defenders", params: { who: "{Sam}" } }), /\{Sam\} defends/);
  assert.deepEqual(refusalFrom(hostile[2], 0).params, { action: "play" });
  assert.equal(refusalText(refusalFrom({ code: "not_your_turn", params: { to_act: 3 } }, 1)),
    `It is not your turn: ${seatName(2)} must act now.`);
});

test("in Arabic and French, a refusal whose facts are missing reads plainly too", async () => {
  const { readFileSync } = await import("node:fs");
  const i18n = await import("../../web/js/i18n.js");
  const { refusalFrom } = await import("../../web/js/friends/guest.js");
  const load = (lang) => JSON.parse(readFileSync(new URL(`../../web/messages/${lang}.json`, import.meta.url), "utf8"));
  i18n.configureLocales({ en: "English", fr: "Français", ar: "العربية" });
  i18n.useCatalogue("en", load("en"));
  try {
    for (const lang of ["ar", "fr"]) {
      i18n.useCatalogue(lang, load(lang));
      assert.equal(await i18n.setLocale(lang, "unused"), lang);
      const plain = i18n.t("refusal.unworded");
      // who must act, from a seat beyond the four: dropped, and the sentence cannot name it
      assert.equal(i18n.refusalText(refusalFrom({ code: "not_your_turn", params: { to_act: 7 } }, 1)), plain);
      // a Ghna's suit left out: the French sentence chooses its words by the suit (a select)
      assert.equal(i18n.refusalText({ code: "ghna_not_held", params: { case: "ghna_not_held", missing: ["11B"] } }), plain);
      // and an honest refusal is worded, with its seat
      const words = i18n.refusalText(refusalFrom({ code: "not_your_turn", params: { to_act: 3 } }, 1));
      assert.notEqual(words, plain);
      assert.ok(words.includes(i18n.seatName(2)), words);
      assert.doesNotMatch(words, /[{}]|undefined/);
    }
  } finally {
    await i18n.setLocale("en", "unused");
  }
});
