// The statistics count what they say (issue 39): games won of the games
// finished, the unfinished ones said apart; every count a player reads on the
// statistics, the history, the deal of the day and the arena is worded with
// the plural forms of its language (Arabic has six: zero, one, two, few,
// many, other); the deal of the day says whose contract it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { t, useCatalogue, configureLocales, setLocale } from "../../web/js/i18n.js";
import { compile } from "../../web/js/format.js";
import { figures } from "../../web/js/views/stats.js";
import { shareText } from "../../web/js/views/daily.js";

const MESSAGES = new URL("../../web/messages/", import.meta.url);
const catalogues = Object.fromEntries(readdirSync(MESSAGES).filter((f) => f.endsWith(".json"))
  .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(new URL(f, MESSAGES), "utf8"))]));
configureLocales(Object.fromEntries(Object.entries(catalogues).map(([k, c]) => [k, c["meta.name"]])));
for (const [k, c] of Object.entries(catalogues)) useCatalogue(k, c);

/** The messages that count something, and the arguments that are the counts. */
const COUNTED = {
  "stats.games_value": ["b", "open"],
  "stats.hands_value": ["b"],
  "stats.lost": ["n"],
  "stats.ghna_value": ["points"],
  "history.lost": ["points"],
  "daily.result": ["points"],
  "daily.share_text": ["points"],
  "daily.best_line": ["points"],
  "daily.streak": ["n"],
  "bots.arena.played": ["hands"],
};

/** The plural nodes of a message's tree: [{arg, cases}]. */
function plurals(nodes, out = []) {
  for (const n of nodes) {
    if (typeof n === "string" || n.hash) continue;
    if (n.kind === "plural") out.push(n);
    if (n.cases) for (const c of Object.values(n.cases)) plurals(c, out);
  }
  return out;
}

test("every count is worded with each plural form of its language", () => {
  for (const [lang, cat] of Object.entries(catalogues)) {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, args] of Object.entries(COUNTED)) {
      const found = plurals(compile(cat[key]));
      for (const arg of args) {
        const mine = found.filter((n) => n.arg === arg);
        assert.ok(mine.length, `${lang} ${key}: {${arg}} is not a plural`);
        for (const node of mine) {
          // "many" in French and Spanish is for millions ("1 000 000 de points"): "other" says it
          const need = lang === "ar" ? categories : categories.filter((c) => c !== "many");
          for (const c of need) {
            const has = Object.hasOwn(node.cases, c) || (c === "zero" && Object.hasOwn(node.cases, "=0"));
            assert.ok(has, `${lang} ${key}: {${arg}} has no "${c}" form`);
          }
        }
      }
    }
  }
});

test("one hand, one point: the singular in English, Spanish and French; the dual in Arabic", async () => {
  await setLocale("en");
  assert.match(t("stats.lost", { points: 3, n: 1 }), /\(1 hand\)/);
  assert.match(t("stats.lost", { points: 3, n: 2 }), /\(2 hands\)/);
  assert.equal(t("history.lost", { points: 1 }), "1 point lost");
  assert.equal(t("stats.hands_value", { a: 0, b: 1, pct: 0 }), "0 of 1 hand (0%)");
  await setLocale("es");
  assert.match(t("stats.lost", { points: 3, n: 1 }), /\(1 mano\)/);
  await setLocale("fr");
  assert.match(t("stats.ghna_value", { n: 1, points: 1 }), /\(1 point\)/);
  await setLocale("ar");
  assert.match(t("stats.lost", { points: 3, n: 2 }), /جولتان/);
  assert.match(t("stats.lost", { points: 3, n: 11 }), /11 جولة/);
  assert.match(t("stats.lost", { points: 3, n: 3 }), /3 جولات/);
  await setLocale("en");
});

const hand = (made, declarer) => ({ n: 0, at: 1, result: { cancelled: false, contract: 80, declarer, made,
  points: [50, 110], delta: declarer % 2 ? [50, 80] : [0, 0], ghna: [] } });
const game = (id, { winner = null, kind = "game", hands = [hand(true, 1)] } = {}) => (
  { id, started: 1, kind, hands, winner, scores: [0, 0], record: {} });

test("games won are counted among the finished games; the unfinished are said apart", async () => {
  const f = figures([game("a"), game("b", { winner: 0 }), game("c", { winner: 1 }), game("d", { kind: "daily" }),
    game("e", { kind: "daily", hands: [] })]);
  assert.deepEqual([f.won, f.games, f.unfinished], [1, 2, 2]);   // the played deal of the day is no game to win
  assert.equal(f.hands, 4);
  await setLocale("en");
  assert.equal(t("stats.games_value", { a: 0, b: 0, pct: 0, open: 1 }), "no game finished yet; 1 game not finished");
  assert.equal(t("stats.games_value", { a: 1, b: 2, pct: 50, open: 2 }), "1 of 2 finished games (50%); 2 games not finished");
  assert.equal(t("stats.games_value", { a: 1, b: 1, pct: 100, open: 0 }), "1 of 1 finished game (100%)");
});

test("an imported hand whose Ghna lines are not Ghna is counted without them", () => {
  const odd = hand(true, 0);
  odd.result.ghna = [null, false, { seat: "0", value: 20 }, { seat: 2, value: 40 }, { seat: 1, value: 20 }];
  const f = figures([game("a", { hands: [odd] })]);
  assert.deepEqual([f.hands, f.ghna, f.ghnaPoints], [1, 1, 40]);     // ours: seat 2's 40 alone
});

test("the deal of the day says whose contract it was", async () => {
  const theirs = { result: hand(true, 1).result, points: 50, score: -80 };
  const ours = { result: hand(false, 2).result, points: 50, score: -80 };
  for (const lang of Object.keys(catalogues)) {
    await setLocale(lang);
    const a = shareText("2026-12-03", theirs, 1);
    const b = shareText("2026-12-03", ours, 1);
    assert.notEqual(a.replace(/\d/g, ""), b.replace(/\d/g, ""), lang);
    const r1 = t("daily.result", { made: "true", ours: "false", contract: 80, points: 50, score: -80 });
    const r2 = t("daily.result", { made: "true", ours: "true", contract: 80, points: 50, score: -80 });
    assert.notEqual(r1, r2, lang);
  }
  await setLocale("en");
  assert.match(t("daily.result", { made: "true", ours: "false", contract: 80, points: 50, score: -80 }),
    /the other team's contract of 80 made; your team 50 points, score -80/);
});
