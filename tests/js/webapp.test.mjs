// Unit tests of the page's pure modules: game codes, settings, saves, messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  encodeCode, decodeCode, normalize, defaults, defaultRules, loadSettings, saveSettings,
  configureRules, speedOf,
} from "../../web/js/settings.js";
import {
  saveGame, loadGame, quarantineGame, loadPrevious, keepAsPrevious, swapWithPrevious,
} from "../../web/js/save.js";
import { Store } from "../../web/js/storage.js";
import { readLink, encodeJSON, decodeJSON } from "../../web/js/links.js";
import { t, cardName, refusalText, pickLocale, useCatalogue, configureLocales } from "../../web/js/i18n.js";
import { readFileSync, readdirSync } from "node:fs";

// the catalogues, as the page fetches them
const MESSAGES = new URL("../../web/messages/", import.meta.url);
const catalogues = Object.fromEntries(readdirSync(MESSAGES).filter((f) => f.endsWith(".json"))
  .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(new URL(f, MESSAGES), "utf8"))]));
configureLocales(Object.fromEntries(Object.entries(catalogues).map(([k, c]) => [k, c["meta.name"]])));
for (const [k, c] of Object.entries(catalogues)) useCatalogue(k, c);
const en = catalogues.en;

// the engine's rule switches, as the build writes them (test_js.py passes them)
configureRules(JSON.parse(process.env.TOUTI_RULES_SCHEMA));
const DEFAULT_RULES = defaultRules();

function memoryStorage() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
  };
}

function memoryStore() {
  const backend = memoryStorage();
  const store = new Store(() => backend);
  store.backend_ = backend;
  return store;
}

test("a game code carries the seed, and the rules when they are not the defaults", () => {
  assert.equal(encodeCode(1012), "S4");
  assert.deepEqual(decodeCode("S4"), { seed: 1012, rules: { ...DEFAULT_RULES } });
  assert.deepEqual(decodeCode(" s4 "), { seed: 1012, rules: { ...DEFAULT_RULES } });
  const rules = { target: 300, ghna_cap: "none", overtrump: "never", signals: false, truthful: true, concession: false };
  const code = encodeCode(4294967295, rules);
  assert.match(code, /^[0-9A-Z]+-[0-9A-Z]+\.\d\d\d$/);
  assert.deepEqual(decodeCode(code), { seed: 4294967295, rules });
  for (const target of [10, 100, 600, 1000, 2500]) {
    assert.equal(decodeCode(encodeCode(7, { ...DEFAULT_RULES, target })).rules.target, target);
  }
});

test("anything that is not a game code is refused", () => {
  for (const bad of ["", "S4-", "S4-A.3", "S4-A.10", "S4-A.008", "hello world", "ÉTÉ", "S4-A.10x", null]) {
    assert.equal(decodeCode(bad), null, String(bad));
  }
});

test("settings are completed and checked, and survive storage", () => {
  assert.deepEqual(normalize(null), defaults());
  const s = normalize({ levels: { 1: "easy", 2: "bogus" }, speed: "warp", watch: "yes",
    rules: { target: 305, overtrump: "never", signals: false } });
  assert.equal(s.levels[1], "easy");
  assert.equal(s.levels[2], "normal");
  assert.equal(s.speed, "normal");
  assert.equal(s.watch, false);
  assert.equal(s.rules.target, 600);
  assert.equal(s.rules.overtrump, "never");
  assert.equal(s.rules.signals, false);
  const store = memoryStore();
  saveSettings(s, store);
  assert.deepEqual(loadSettings(store), s);
  store.backend_.setItem("touti.settings.v1", "{not json");
  assert.deepEqual(loadSettings(store), defaults());
});

test("settings are read by own keys only: inherited names fall back to the defaults", () => {
  for (const bad of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
    const s = normalize({ speed: bad, levels: { 1: bad, [bad]: "easy" }, locale: bad, rules: { target: bad, ghna_cap: bad, overtrump: bad } });
    assert.equal(s.speed, "normal", bad);
    assert.equal(s.levels[1], "normal", bad);
    assert.deepEqual(s.rules, DEFAULT_RULES, bad);
    assert.equal(speedOf(bad), null, bad);
    assert.equal(pickLocale(bad, []), "en", bad);
  }
  const proto = JSON.parse('{"__proto__": {"speed": "fast"}, "rules": {"__proto__": {"target": 100}}}');
  assert.equal(normalize(proto).speed, "normal");
  assert.equal(normalize(proto).rules.target, 600);
  assert.equal(speedOf("fast"), "fast");
});

test("a save is found, missing, or reported damaged (and moved aside)", () => {
  const store = memoryStore();
  const storage = store.backend_;
  assert.deepEqual(loadGame(store), { status: "none" });
  const record = { format: "touti-record/1", seed: 3, rules: {}, actions: [] };
  assert.ok(saveGame(record, { seed: 3 }, store));
  const ok = loadGame(store);
  assert.equal(ok.status, "ok");
  assert.deepEqual(ok.save.record, record);
  storage.setItem("touti.game.v1", "{\"format\": \"touti-save/1\", \"rec");
  assert.equal(loadGame(store).status, "corrupt");
  quarantineGame(store);
  assert.deepEqual(loadGame(store), { status: "none" });
  assert.ok(storage.getItem("touti.game.corrupt").startsWith("{"));
  storage.setItem("touti.game.v1", JSON.stringify({ format: "other" }));
  assert.equal(loadGame(store).status, "corrupt");
});

/** A store holding game `b` in progress and game `a` as the previous one (`b` replaced it). */
function twoGames() {
  const store = memoryStore();
  const a = { format: "touti-record/1", seed: 1, rules: {}, actions: [] };
  const b = { format: "touti-record/1", seed: 2, rules: {}, actions: [] };
  saveGame(a, {}, store);
  assert.ok(keepAsPrevious(store));
  saveGame(b, {}, store);
  return { store, a, b };
}

test("a replaced game is kept as the previous game and can be swapped back", () => {
  const { store, a, b } = twoGames();
  assert.deepEqual(loadPrevious(store).save.record, a);
  assert.ok(swapWithPrevious(store));
  assert.deepEqual(loadGame(store).save.record, a);
  assert.deepEqual(loadPrevious(store).save.record, b);
});

test("a swap the browser does not keep leaves both games as they were", () => {
  const { store, a, b } = twoGames();
  const write = store.write.bind(store);
  store.write = (key, text) => (key === "touti.game.previous" ? false : write(key, text));   // that slot refused
  assert.equal(swapWithPrevious(store), false);
  store.write = write;
  assert.deepEqual(loadGame(store).save.record, b);
  assert.deepEqual(loadPrevious(store).save.record, a);
});

test("blocked storage: nothing throws, the status says so", () => {
  const store = new Store(() => { throw new DOMException("denied", "SecurityError"); });
  const seen = [];
  store.onStatus((s) => seen.push(s));
  assert.equal(store.probe(), "blocked");
  assert.deepEqual(loadGame(store), { status: "none" });
  assert.equal(saveGame({ format: "touti-record/1" }, {}, store), false);
  assert.deepEqual(loadSettings(store), defaults());
  assert.deepEqual(seen, ["ok", "blocked"]);
});

test("full storage: our stale copies are freed and the write tried again; else the status says full", () => {
  const backend = memoryStorage();
  let room = 0;          // bytes the browser still lets us write
  const full = {
    getItem: backend.getItem, removeItem: (k) => { room += (backend.getItem(k) || "").length; backend.removeItem(k); },
    setItem: (k, v) => {
      const grow = String(v).length - (backend.getItem(k) || "").length;
      if (grow > room) throw new DOMException("full", "QuotaExceededError");
      room -= grow;
      backend.setItem(k, v);
    },
  };
  backend.setItem("touti.game.corrupt", "x".repeat(5000));
  const store = new Store(() => full);
  const record = { format: "touti-record/1", seed: 3, rules: {}, actions: [] };
  assert.ok(saveGame(record, {}, store));           // freed the stale copy, then saved
  assert.equal(backend.getItem("touti.game.corrupt"), null);
  assert.equal(store.status, "ok");
  const big = { ...record, actions: Array(2000).fill({ type: "pass", seat: 0 }) };
  assert.equal(saveGame(big, {}, store), false);     // nothing left to free
  assert.equal(store.status, "full");
  assert.deepEqual(loadGame(store).save.record, record);   // the last good save stays
  room = 1e6;
  assert.ok(saveGame(big, {}, store));
  assert.equal(store.status, "ok");
});

test("links: a game code, a record, a bad link, or no link at all", () => {
  assert.deepEqual(readLink("#game=S4"), { kind: "game", seed: 1012, rules: DEFAULT_RULES });
  const record = { format: "touti-record/1", seed: 3, rules: null, actions: [{ type: "pass", seat: 1 }], note: "é ع" };
  assert.deepEqual(readLink(`#record=${encodeJSON(record)}`), { kind: "record", record });
  assert.deepEqual(decodeJSON(encodeJSON(record)), record);
  assert.deepEqual(readLink("#game=???"), { kind: "bad", what: "game" });
  assert.deepEqual(readLink("#record=%%%"), { kind: "bad", what: "record" });
  assert.deepEqual(readLink("#record=WzEsMl0"), { kind: "bad", what: "record" });   // [1,2]
  assert.equal(readLink(""), null);
  assert.equal(readLink("#rules"), null);
});

test("messages fill their placeholders and speak of the player in the second person", () => {
  assert.equal(t("bar.target", { target: 300 }), "to 300");
  assert.equal(t("log.pass", { who: "You", you: true }), "You pass.");
  assert.equal(t("log.pass", { who: "Karim", you: false }), "Karim passes.");
  assert.equal(t("no.such.key"), "no.such.key");
  assert.equal(cardName("12E"), "Rey of swords");
  assert.equal(cardName("1O"), "Ace of coins");
  assert.equal(refusalText({ code: "must_follow_suit", message: "You must follow suit.", params: {} }),
    "You must follow suit.");
});

test("the catalogue has a text for every key the modules use", async () => {
  const dir = new URL("../../web/js/", import.meta.url);
  const used = new Set();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".js")) continue;
    const src = readFileSync(new URL(name, dir), "utf8");
    for (const m of src.matchAll(/\bt\("([a-z_.+]+)"/g)) used.add(m[1]);
  }
  const missing = [...used].filter((k) => !(k in en));
  assert.deepEqual(missing, []);
  assert.ok(used.size > 40);
});

test("messages: select, plural by the language's rules (Arabic has six forms), exact matches", async () => {
  const { compile, format, argumentsOf } = await import("../../web/js/format.js");
  const you = compile("{you, select, true {You pass} other {{who} passes}}");
  assert.equal(format(you, { you: true, who: "Karim" }, "en"), "You pass");
  assert.equal(format(you, { you: false, who: "Karim" }, "en"), "Karim passes");
  const cards = compile("{n, plural, =0 {no card} one {# card} other {# cards}}");
  assert.deepEqual([0, 1, 5].map((n) => format(cards, { n }, "en")), ["no card", "1 card", "5 cards"]);
  const ar = compile("{n, plural, zero {z} one {o} two {t} few {f#} many {m#} other {x#}}");
  assert.deepEqual([0, 1, 2, 3, 11, 100].map((n) => format(ar, { n }, "ar")), ["z", "o", "t", "f3", "m11", "x100"]);
  assert.deepEqual([...argumentsOf(compile("{a} {b, select, x {{c}} other {}}"))].sort(), ["a", "b", "c"]);
  for (const bad of ["{a", "a}", "{a, select, x {y}}", "{a, fancy, other {y}}"]) {
    assert.throws(() => compile(bad), SyntaxError, bad);
  }
});

test("the compact action text decodes to the very same actions", async () => {
  const { encodeActions, decodeActions, compactRecord, expandRecord } = await import("../../web/js/compact.js");
  const actions = [
    { type: "bid", seat: 0, amount: 80 }, { type: "pass", seat: 1 }, { type: "announce", seat: 2, signal: "COMPTE" },
    { type: "signal", seat: 3, signal: "+10" }, { type: "no_signal", seat: 1 }, { type: "bid", seat: 0, amount: 230 },
    { type: "trump", seat: 0, suit: "E" }, { type: "play", seat: 1, card: "12E" }, { type: "play", seat: 2, card: "1O" },
    { type: "ghna", seat: 0, suit: "E" }, { type: "no_ghna", seat: 2 }, { type: "concede", seat: 1 },
    { type: "accept", seat: 3 }, { type: "refuse", seat: 3 }, { type: "next_hand" }, { type: "signal", seat: 2, signal: "PASS" },
  ];
  const text = encodeActions(actions);
  assert.deepEqual(decodeActions(text), actions);
  assert.ok(text.length < 100, text);
  const record = { format: "touti-record/1", seed: 5, rules: {}, actions };
  assert.deepEqual(expandRecord(compactRecord(record)), record);
  for (const bad of ["0b", "9p", "0c13E", "0tX", "0q", "0sn.x", "0b1000"]) assert.equal(decodeActions(bad), null, bad);
  assert.deepEqual(decodeActions(""), []);
});
