// Bots of the player's own, on the page's side (web/js/userbots.js and the
// settings): a loaded bot's level is accepted for this visit only, its name
// is shown as it is, wheels are kept on the device, URLs of other sites are
// refused, and a fallback is worded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  configureRules, normalize, addUserLevel, seatLevels, levelName, USER_LEVEL, dropUserLevels,
} from "../../web/js/settings.js";
import { useCatalogue } from "../../web/js/i18n.js";
import { memoryStore } from "./memory-store.mjs";
import {
  toBase64, keptWheels, loadWheel, forgetWheel, wheelOfUrl, fallbackText, botErrorText, MAX_KEPT,
} from "../../web/js/userbots.js";

useCatalogue("en", JSON.parse(readFileSync(new URL("../../web/messages/en.json", import.meta.url), "utf8")));
configureRules(JSON.parse(process.env.TOUTI_RULES_SCHEMA || "[]"));

test("a loaded bot's level is accepted once loaded, and is 'normal' before", () => {
  const raw = { levels: { 1: "user:fox", 2: "strong", 3: "user:not loaded" } };
  assert.deepEqual(normalize(raw).levels, { 1: "normal", 2: "strong", 3: "normal" });
  addUserLevel("user:fox");
  addUserLevel("user:<script>");          // not a bot name: never accepted
  assert.deepEqual(normalize(raw).levels, { 1: "user:fox", 2: "strong", 3: "normal" });
  assert.deepEqual(seatLevels(), ["easy", "normal", "strong", "user:fox"]);
  assert.equal(levelName("user:fox"), "fox");
  assert.equal(levelName("strong"), "strong");
  assert.ok(USER_LEVEL.test("user:Bot été 2") && !USER_LEVEL.test("user:") && !USER_LEVEL.test("user:_x"));
});

test("a loaded wheel is kept on the device, the newest first, and can be forgotten", async () => {
  const store = memoryStore();
  const calls = [];
  const botbox = { load: async (filename, data) => {
    calls.push([filename, data]);
    return { ok: true, bots: [{ name: "owl", level: "user:owl" }] };
  } };
  const ans = await loadWheel(botbox, "owl-1.0-py3-none-any.whl", new Uint8Array([80, 75, 3, 4]), store);
  assert.equal(ans.kept, true);
  assert.deepEqual(calls[0], ["owl-1.0-py3-none-any.whl", "UEsDBA=="]);
  assert.equal(normalize({ levels: { 2: "user:owl" } }).levels[2], "user:owl");
  for (let i = 0; i < MAX_KEPT + 2; i += 1) await loadWheel(botbox, `b${i}-1.0-py3-none-any.whl`, "UEsDBA==", store);
  const kept = keptWheels(store);
  assert.equal(kept.length, MAX_KEPT);
  assert.equal(kept[0].filename, `b${MAX_KEPT + 1}-1.0-py3-none-any.whl`);
  await forgetWheel(kept[0].filename, store);
  assert.equal(keptWheels(store).length, MAX_KEPT - 1);
  // a wheel the sandbox refuses is not kept
  const refused = { load: async () => ({ ok: false, error: { code: "bot_load_failed", params: { bot: "x", detail: "no" } } }) };
  assert.equal((await loadWheel(refused, "x-1.0-py3-none-any.whl", "UEsDBA==", store)).ok, false);
  assert.ok(!keptWheels(store).some((w) => w.filename.startsWith("x-")));
});

test("a forgotten bot leaves the stored seats: the normal bot takes them", () => {
  const store = memoryStore();
  store.write("touti.settings.v1", JSON.stringify({ levels: { 1: "user:owl", 2: "user:fox", 3: "user:owl" }, sound: false }));
  addUserLevel("user:owl");
  dropUserLevels(["user:owl"], store);
  const saved = JSON.parse(store.read("touti.settings.v1"));
  assert.deepEqual(saved.levels, { 1: "normal", 2: "user:fox", 3: "normal" });
  assert.equal(saved.sound, false);                          // the rest of the settings kept
  assert.ok(!seatLevels().includes("user:owl"));
});

test("only wheels of this site load by URL", () => {
  const base = "https://touti.example/app/";
  const origin = "https://touti.example";
  assert.deepEqual(wheelOfUrl("bots/owl-1.0-py3-none-any.whl", base, origin),
    { url: "https://touti.example/app/bots/owl-1.0-py3-none-any.whl", filename: "owl-1.0-py3-none-any.whl" });
  assert.equal(wheelOfUrl("https://elsewhere.example/owl-1.0-py3-none-any.whl", base, origin), null);
  assert.equal(wheelOfUrl("bots/owl.zip", base, origin), null);
  assert.equal(wheelOfUrl("http://[", base, origin), null);
});

test("base64 of large bytes, and the sentences of a fallback and of a bot that does not load", () => {
  const big = new Uint8Array(100_000).map((_, i) => i % 256);
  assert.equal(Buffer.from(toBase64(big), "base64").compare(Buffer.from(big)), 0);
  const f = { bot: "owl", kind: "slow", detail: "3.10 s", ms: 3100, cap_ms: 2000 };
  assert.equal(fallbackText(f), "owl took 3.1 s, more than 2 s: the normal bot played for it.");
  assert.match(fallbackText({ ...f, kind: "illegal", detail: "You must follow suit" }), /^owl chose an action .*You must follow suit/);
  assert.equal(botErrorText({ code: "bot_load_failed", params: { bot: "owl", detail: "ImportError: x" } }),
    "The bot owl could not be loaded: ImportError: x");
});
