// Unit tests of the page's pure modules: game codes, settings, saves, messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  encodeCode, decodeCode, normalize, defaults, DEFAULT_RULES, loadSettings, saveSettings,
} from "../../web/js/settings.js";
import { saveGame, loadGame, quarantineGame } from "../../web/js/save.js";
import { t, cardName, refusalText } from "../../web/js/i18n.js";
import en from "../../web/js/messages/en.js";

function memoryStorage() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
  };
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
  const storage = memoryStorage();
  saveSettings(s, storage);
  assert.deepEqual(loadSettings(storage), s);
  storage.setItem("touti.settings.v1", "{not json");
  assert.deepEqual(loadSettings(storage), defaults());
});

test("a save is found, missing, or reported damaged (and moved aside)", () => {
  const storage = memoryStorage();
  assert.deepEqual(loadGame(storage), { status: "none" });
  const record = { format: "touti-record/1", seed: 3, rules: {}, actions: [] };
  assert.ok(saveGame(record, { seed: 3 }, storage));
  const ok = loadGame(storage);
  assert.equal(ok.status, "ok");
  assert.deepEqual(ok.save.record, record);
  storage.setItem("touti.game.v1", "{\"format\": \"touti-save/1\", \"rec");
  assert.equal(loadGame(storage).status, "corrupt");
  quarantineGame(storage);
  assert.deepEqual(loadGame(storage), { status: "none" });
  assert.ok(storage.getItem("touti.game.corrupt").startsWith("{"));
  storage.setItem("touti.game.v1", JSON.stringify({ format: "other" }));
  assert.equal(loadGame(storage).status, "corrupt");
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
  const { readdirSync, readFileSync } = await import("node:fs");
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
