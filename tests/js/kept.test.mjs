// What the page keeps on the device, in Node (web/js/aside.js, history.js,
// daily.js, challenges.js, userbots.js, views/history.js): a kept text that
// cannot be read is moved aside as it was, never written over, and the
// player told; a damaged history gives back the games it still holds; the
// history's import never drops the player's games and says what it did.
// IndexedDB itself is tested in the browser (tests/web/test_web_kept.py):
// here the history runs over localStorage, as when IndexedDB is unavailable.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Store } from "../../web/js/storage.js";
import { useCatalogue } from "../../web/js/i18n.js";
import {
  readKept, setAside, asideItems, untoldItems, markTold, asideText, dropAside, onAside,
} from "../../web/js/aside.js";
import {
  createHistory, salvageGames, checkHistory, MAX_LOCAL_GAMES, HISTORY_FORMAT, MAX_GAME_DEPTH,
} from "../../web/js/history.js";
import { valueDepth } from "../../web/js/json-depth.js";
import { dayText, loadDaily, recordDay } from "../../web/js/daily.js";
import { loadChallenges, ensureChallenge } from "../../web/js/challenges.js";
import { keptWheels } from "../../web/js/userbots.js";
import { importText } from "../../web/js/views/history.js";
import { memoryStore } from "./memory-store.mjs";

useCatalogue("en", JSON.parse(readFileSync(new URL("../../web/messages/en.json", import.meta.url), "utf8")));

const localHistory = (store) => createHistory({ store, db: async () => null });

/** A game entry of the history (no hand: enough for the store). */
function game(id, started) {
  return { id, started, updated: started, kind: "game", practice: false, rules: { target: 600 }, levels: null,
    record: { format: "touti-record/1", seed: 1, actions: "" }, hands: [], scores: [0, 0], winner: null };
}

const view = { rules: { target: 600 }, scores: [230, 0], winner: null, history: [],
  record: { format: "touti-record/1", seed: 7, rules: { target: 600 }, actions: [] } };

test("a kept text that does not parse is moved aside as it was, and the player is told once", () => {
  const store = memoryStore();
  const text = '{"days": {"2026-01-02": {"score": 3';
  store.write("touti.daily.v1", text);
  const told = [];
  const off = onAside((item) => told.push(item));
  assert.deepEqual(loadDaily(store), { days: {} });
  off();
  assert.equal(told.length, 1);
  assert.equal(told[0].of, "touti.daily.v1");
  assert.match(told[0].key, /^touti\.daily\.v1\.corrupt\.\d+$/);
  assert.equal(asideText(told[0].key, store), text);
  assert.equal(store.read("touti.daily.v1"), null);
  // the next result is kept; the text set aside is untouched
  recordDay("2026-01-03", { cancelled: true, delta: [0, 0], points: [0, 0] }, {}, "g", store);
  assert.deepEqual(Object.keys(loadDaily(store).days), ["2026-01-03"]);
  assert.equal(asideText(told[0].key, store), text);
  // told once: not again once the player closed the notice
  assert.deepEqual(untoldItems(store).map((i) => i.key), [told[0].key]);
  markTold(untoldItems(store), store);
  assert.deepEqual(untoldItems(store), []);
  assert.equal(asideItems(store).length, 1);
  dropAside(told[0].key, store);
  assert.deepEqual(asideItems(store), []);
});

test("another format version is set aside too; a fresh start sets nothing aside", () => {
  const store = memoryStore();
  assert.deepEqual(loadChallenges(store), { list: [] });
  assert.deepEqual(asideItems(store), []);
  store.write("touti.challenges.v1", '{"v": 2, "challenges": {}}');
  assert.deepEqual(loadChallenges(store), { list: [] });
  assert.deepEqual(asideItems(store).map((i) => [i.of, asideText(i.key, store)]),
    [["touti.challenges.v1", '{"v": 2, "challenges": {}}']]);
  ensureChallenge({ seed: 5, n: 4, rules: {}, levels: {} }, store);
  assert.equal(loadChallenges(store).list.length, 1);
  assert.equal(asideItems(store).length, 1);
});

test("when the copy cannot be written, the damaged text is held where it is, never written over", () => {
  const store = memoryStore();
  const text = "[{\"filename\": \"owl-1.0-py3-none-any.whl\", \"da";
  store.write("touti.bots.v1", text);
  store.full();
  assert.deepEqual(keptWheels(store), []);
  store.full(false);                      // room again in this visit: still nothing written over it
  assert.equal(store.write("touti.bots.v1", "[]"), false);
  assert.equal(store.status, "full");
  store.remove("touti.bots.v1");
  assert.equal(store.read("touti.bots.v1"), text);
  assert.deepEqual(asideItems(store).map((i) => [i.key, i.of]), [["touti.bots.v1", "touti.bots.v1"]]);
  assert.equal(keptWheels(store).length, 0);
  assert.equal(asideItems(store).length, 1);        // set aside once, not at every read
});

/** The text of a history of `n` games, as the page wrote it. */
function historyText(games) {
  return JSON.stringify({ format: HISTORY_FORMAT, games });
}

test("a history cut short gives back every game it still holds", () => {
  const games = Array.from({ length: 6 }, (_, i) => game(`g${i}`, 1000 + i));
  const text = historyText(games);
  assert.deepEqual(salvageGames(text.slice(0, -1)), games);
  assert.deepEqual(salvageGames(text.slice(0, -2)).map((g) => g.id), ["g0", "g1", "g2", "g3", "g4", "g5"]);
  assert.deepEqual(salvageGames(text.slice(0, -3)).map((g) => g.id), ["g0", "g1", "g2", "g3", "g4"]);
  assert.deepEqual(salvageGames(text.slice(0, text.length - 40)).map((g) => g.id), ["g0", "g1", "g2", "g3", "g4"]);
  // strings holding braces and quotes do not fool it
  const odd = { ...game("x}{\"]", 5), rules: { note: "}}]] \\\" {" } };
  assert.deepEqual(salvageGames(historyText([odd, games[0]]).slice(0, -2)), [odd, games[0]]);
  // another version's text gives nothing back
  assert.deepEqual(salvageGames(text.replace("touti-history/1", "touti-history/2").slice(0, -1)), []);
  assert.deepEqual(salvageGames("not json"), []);
});

test("a damaged history is set aside, its games kept, and the next game added to them", async () => {
  const store = memoryStore();
  const games = Array.from({ length: 6 }, (_, i) => game(`g${i}`, 1000 + i));
  const text = historyText(games).slice(0, -1);
  store.write("touti.history.v1", text);
  const told = [];
  const off = onAside((item) => told.push(item));
  const history = localHistory(store);
  await history.record("new", view, {}, 5000);
  off();
  assert.deepEqual((await history.load()).games.map((g) => g.id), ["g0", "g1", "g2", "g3", "g4", "g5", "new"]);
  assert.equal(told.length, 1);
  assert.equal(told[0].recovered, 6);
  assert.equal(asideText(told[0].key, store), text);
  // a new page reads the same history, and sets nothing more aside
  assert.equal((await localHistory(store).load()).games.length, 7);
  assert.equal(asideItems(store).length, 1);
});

test("the import adds what is new, never drops the player's games, and says so", async () => {
  const store = memoryStore();
  const history = localHistory(store);
  const own = Array.from({ length: 50 }, (_, i) => game(`own${i}`, 10_000 + i));
  for (const g of own) await history.record(g.id, view, {}, g.started);
  // 300 newer games, 3 of them already there, 2 entries that are not games, one twice in the file
  const newer = Array.from({ length: 300 }, (_, i) => game(`new${i}`, 20_000 + i));
  const file = { format: HISTORY_FORMAT, games: [...newer, own[0], own[1], own[2], { id: 5 }, "x", newer[7]] };
  const r = await history.merge(file);
  const room = MAX_LOCAL_GAMES - own.length;
  assert.deepEqual(r, { added: room, already: 4, refused: 2, over: 300 - room, max: MAX_LOCAL_GAMES, failed: false });
  const ids = new Set((await history.load()).games.map((g) => g.id));
  assert.ok(own.every((g) => ids.has(g.id)), "every game of the player's is kept");
  assert.ok(ids.has("new299") && !ids.has("new0"), "the newest of the file are added first");
  assert.equal(importText(r), `${room} games added. 4 were already there. 2 were refused: they are not Touti games. `
    + `${300 - room} older games were not kept: the history keeps at most ${MAX_LOCAL_GAMES} games.`);
  assert.equal(await history.merge({ format: "other" }), null);
  // entries the screens could not show are refused: no date, a hand with no result, a bad result
  const hostile = [{ ...game("h1", 1), started: "x" }, { ...game("h2", 2), started: 1e300 },
    { ...game("h3", 3), hands: [{ n: 0 }] }, { ...game("h4", 4), hands: [{ n: 0, result: { points: 5 } }] },
    { ...game("h5", 5), record: null }];
  assert.equal((await history.merge({ format: HISTORY_FORMAT, games: hostile })).refused, 5);
  assert.equal(importText(null), "This file is not a Touti history.");
  assert.equal(importText({ added: 1, already: 0, refused: 0, over: 0 }), "1 game added.");
});

test("a stored history with entries this version cannot read keeps them aside", async () => {
  const store = memoryStore();
  const text = JSON.stringify({ format: HISTORY_FORMAT, games: [game("a", 1), { id: "b", future: true }] });
  store.write("touti.history.v1", text);
  const history = localHistory(store);
  assert.deepEqual((await history.load()).games.map((g) => g.id), ["a"]);
  const [item] = asideItems(store);
  assert.equal(asideText(item.key, store), text);
  assert.equal(checkHistory(JSON.parse(text)).refused, 1);
});

test("an import into a full storage says what it could not keep", async () => {
  const store = memoryStore();
  const history = localHistory(store);
  await history.record("mine", view, {}, 1);
  store.full();
  const r = await history.merge({ format: HISTORY_FORMAT, games: [game("a", 5), game("b", 6)] });
  assert.deepEqual(r, { added: 0, already: 0, refused: 0, over: 2, max: MAX_LOCAL_GAMES, failed: true });
  assert.equal(importText(r), "No new game. 2 games were not kept: the browser's storage is full.");
  store.full(false);
  assert.deepEqual((await localHistory(store).load()).games.map((g) => g.id), ["mine"]);
});

test("setAside never overwrites an earlier copy", () => {
  const store = memoryStore();
  const a = setAside("touti.daily.v1", "one", "not JSON", {}, store);
  store.write("touti.daily.v1", "two");
  const b = setAside("touti.daily.v1", "two", "not JSON", {}, store);
  assert.notEqual(a.key, b.key);
  assert.equal(asideText(a.key, store), "one");
  assert.equal(asideText(b.key, store), "two");
  assert.equal(readKept("touti.daily.v1", (x) => x, store), undefined);
});

test("a game, a challenge or a day that parses but is not one is refused, never half shown", async () => {
  // a game that names a winner without its scores (the history screen reads them), or scores that are not two numbers
  const won = { ...game("won", 2), winner: 0, scores: [610, 300] };
  // and a game nested thousands deep (the copy to the database and the engine's reader would overflow)
  let deep = 1;
  for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
  const fine = { ...game("fine", 6), record: { ...game("fine", 6).record, rules: { target: 600, x: { y: [[1]] } } } };
  const bad = [{ ...game("x", 3), winner: 0, scores: undefined }, { ...game("y", 4), scores: ["a", 1] },
    { ...game("z", 5), winner: 2 }, { ...game("deep", 7), record: { ...game("deep", 7).record, rules: deep } },
    { ...game("deep2", 8), hands: [{ result: { cancelled: true }, more: Array(MAX_GAME_DEPTH).fill(0).reduce((x) => [x], 0) }] }];
  // a game, its hands, a hand, then nested lists: 16 deep in all is read, 17 is not
  const nested = (id, lists) => ({ ...game(id, 9), hands: [{ result: { cancelled: true },
    more: Array(lists).fill(0).reduce((x) => [x], 0) }] });
  const edge = nested("edge", MAX_GAME_DEPTH - 3);
  assert.equal(valueDepth(edge), MAX_GAME_DEPTH);
  const checked = checkHistory({ format: HISTORY_FORMAT, games: [won, fine, edge, nested("past", MAX_GAME_DEPTH - 2), ...bad] });
  assert.deepEqual(checked.games.map((g) => g.id), ["won", "fine", "edge"]);
  assert.equal(checked.refused, 6);
  assert.equal(valueDepth(deep, 40), 41);             // counting stops past the limit
  assert.equal(valueDepth(deep), 100_000);            // and never recurses
  assert.equal(valueDepth([{}, [[], { a: [2] }]]), 4);
  assert.equal(valueDepth("text"), 0);
  const history = localHistory(memoryStore());
  const r = await history.merge({ format: HISTORY_FORMAT, games: [bad[0]] });
  assert.equal(r.added, 0);
  assert.equal(r.refused, 1);
  // a kept challenge list or day with an entry that is not one is set aside whole, as it was
  for (const [key, text, load, none] of [
    ["touti.challenges.v1", '{"list":[null]}', loadChallenges, { list: [] }],
    ["touti.challenges.v1", JSON.stringify({ list: [{ id: "1-4-x", seed: 1, n: 4, rules: {}, mine: [{}, null, null, null],
      others: [] }] }), loadChallenges, { list: [] }],
    ["touti.daily.v1", '{"days":{"2025-01-01":1}}', loadDaily, { days: {} }],
    ["touti.daily.v1", '{"days":{"2025-01-01":{"score":3}}}', loadDaily, { days: {} }],
  ]) {
    const store = memoryStore();
    store.write(key, text);
    assert.deepEqual(load(store), none, text);
    assert.deepEqual(asideItems(store).map((i) => [i.of, asideText(i.key, store)]), [[key, text]]);
  }
  // what they keep themselves is read back
  const store = memoryStore();
  const c = ensureChallenge({ seed: 9, n: 4, rules: { target: 600 }, levels: { 1: "normal", 2: "normal", 3: "normal" } },
    store);
  recordDay("2026-01-03", { cancelled: false, delta: [100, 0], points: [100, 62] }, {}, "g", store);
  assert.deepEqual(loadChallenges(store).list.map((x) => x.id), [c.id]);
  assert.deepEqual(Object.keys(loadDaily(store).days), ["2026-01-03"]);
  assert.deepEqual(asideItems(store), []);
});

test("a day is written in the reader's language; a damaged day is shown as it is", () => {
  assert.equal(dayText("2026-12-06", "en"), "December 6, 2026");
  assert.equal(dayText("2026-12-06", "fr"), "6 décembre 2026");
  assert.equal(dayText("2026-01-31", "es"), "31 de enero de 2026");
  assert.equal(dayText("2026-12-01", "fr"), "1er décembre 2026");       // French writes the first "1er"
  assert.equal(dayText("2026-12-11", "fr"), "11 décembre 2026");
  // Arabic in Western digits, as every number of the page
  const ar = dayText("2026-12-06", "ar");
  assert.match(ar, /^6 \S+ 2026$/u);
  assert.doesNotMatch(ar, /[\u0660-\u0669\u06f0-\u06f9]/u);
  assert.equal(dayText("0099-01-01", "en"), "January 1, 99");           // not 1999
  // a record damaged by hand or by another version: never a wrong date, never a throw
  for (const bad of ["2026-02-30", "2026-13-01", "06/12/2026", "", "<b>x</b>", null, 20261206]) {
    assert.equal(dayText(bad, "en"), String(bad));
  }
  assert.equal(dayText("2026-12-06", "not a language tag!"), "2026-12-06");
});
