// The look of the table (issue 39): the colour-blind friendly deck and larger
// cards are settings kept with the others (a setting kept before them reads
// as before), the clear deck marks the suit in every corner and parts cups
// from clubs by lightness, the pictures already shown follow a change of
// deck, and the keys C, T, S, L put the hand, the trick, the scores and the
// last trick into words in the player's language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { normalize, defaults, loadSettings, saveSettings, configureRules, applyLook } from "../../web/js/settings.js";
import { cardSVG, cardImg, setDeck, DECKS } from "../../web/js/cardart.js";
import { spoken, KEYS } from "../../web/js/speak.js";
import { useCatalogue, configureLocales, setLocale, t } from "../../web/js/i18n.js";

configureRules(JSON.parse(process.env.TOUTI_RULES_SCHEMA));
const MESSAGES = new URL("../../web/messages/", import.meta.url);
const catalogues = Object.fromEntries(readdirSync(MESSAGES).filter((f) => f.endsWith(".json"))
  .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(new URL(f, MESSAGES), "utf8"))]));
configureLocales(Object.fromEntries(Object.entries(catalogues).map(([k, c]) => [k, c["meta.name"]])));
for (const [k, c] of Object.entries(catalogues)) useCatalogue(k, c);

function memory() {
  const m = new Map();
  return { read: (k) => (m.has(k) ? m.get(k) : null), write: (k, v) => { m.set(k, v); return true; }, m };
}

test("the deck and the cards' size are kept; a setting kept before them reads as before", () => {
  assert.equal(defaults().deck, "classic");
  assert.equal(defaults().cards, "normal");
  const store = memory();
  // a setting written by the version before (no deck, no size): everything in it kept, the new ones default
  store.write("touti.settings.v1", JSON.stringify({ levels: { 1: "strong", 2: "easy", 3: "normal" }, speed: "fast",
    sound: false, locale: "ar", watch: false, takeBacks: true, rules: {} }));
  const old = loadSettings(store);
  assert.deepEqual([old.levels[1], old.speed, old.sound, old.locale, old.takeBacks, old.deck, old.cards],
    ["strong", "fast", false, "ar", true, "classic", "normal"]);
  saveSettings({ ...old, deck: "clear", cards: "large" }, store);
  const back = loadSettings(store);
  assert.deepEqual([back.deck, back.cards, back.speed, back.locale], ["clear", "large", "fast", "ar"]);
  // the same key, the same shape: the older version reads it (it ignores the two new fields)
  const raw = JSON.parse(store.read("touti.settings.v1"));
  assert.equal(raw.speed, "fast");
  assert.deepEqual(Object.keys(raw).filter((k) => !(k in defaults())), []);
  for (const bad of [null, 3, "pink", "__proto__"]) {
    assert.equal(normalize({ deck: bad, cards: bad }).deck, "classic");
    assert.equal(normalize({ deck: bad, cards: bad }).cards, "normal");
  }
});

/** The relative luminance of "#rrggbb" (WCAG). */
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

test("the clear deck: the suit in every corner, cups and clubs apart by lightness", () => {
  for (const card of ["3C", "3B", "12E", "1O", "7B"]) {
    const clear = cardSVG(card, { deck: "clear" });
    const marks = [...clear.matchAll(/data-mark="([OCEB])"/g)].map((m) => m[1]);
    assert.equal(marks.length, 4, card);
    assert.ok(marks.every((s) => s === card.at(-1)), card);
    assert.match(clear, /data-deck="clear"/);
    assert.doesNotMatch(cardSVG(card), /data-mark/);
  }
  // red cups against green clubs: alike to a red-green colour-blind eye, and alike in lightness in the classic deck
  assert.ok(contrast(DECKS.classic.C.fill, DECKS.classic.B.fill) < 1.5);
  assert.ok(contrast(DECKS.clear.C.fill, DECKS.clear.B.fill) >= 2.5, contrast(DECKS.clear.C.fill, DECKS.clear.B.fill));
  assert.ok(contrast(DECKS.clear.C.ink, DECKS.clear.B.ink) >= 1.5);
  const fills = Object.values(DECKS.clear).map((p) => p.fill);
  assert.equal(new Set(fills).size, 4);
});

test("a change of deck: new pictures from the clear deck, and those shown already follow", () => {
  const imgs = ["12E", "3C"].map((c) => ({ src: /src="([^"]+)"/.exec(cardImg(c))[1], getAttribute() { return this.src; } }));
  const back = { src: "x/cards/back.svg", getAttribute() { return this.src; } };
  const root = { querySelectorAll: () => imgs };
  setDeck("clear", root);
  assert.match(cardImg("7O"), /\/cards\/clear-7O\.svg"/);
  assert.deepEqual(imgs.map((i) => i.src.split("/").at(-1)), ["clear-12E.svg", "clear-3C.svg"]);
  setDeck("nonsense", root);
  assert.deepEqual(imgs.map((i) => i.src.split("/").at(-1)), ["12E.svg", "3C.svg"]);
  assert.equal(back.src, "x/cards/back.svg");
  const html = { dataset: {} };
  applyLook({ deck: "clear", cards: "large" }, html);
  assert.deepEqual(html.dataset, { deck: "clear", cards: "large" });
  assert.match(cardImg("7O"), /clear-7O/);
  applyLook(defaults(), html);
  assert.deepEqual(html.dataset, { deck: "classic", cards: "normal" });
});

const table = {
  view: {
    hand_sorted: ["1O", "12C"], trick: [{ seat: 1, card: "7C" }],
    tricks: [{ cards: [{ seat: 0, card: "3E" }, { seat: 1, card: "2E" }, { seat: 2, card: "4E" }, { seat: 3, card: "1E" }],
      winner: 3, points: 21 }],
    scores: [120, 80], rules: { target: 600 }, points: [21, 0], contract: { declarer: 2, amount: 90, trump: "O" },
  },
  shownTrick: [{ seat: 1, card: "7C" }],
};

test("the keys C, T, S, L say the hand, the trick, the scores and the last trick", async () => {
  assert.deepEqual(Object.values(KEYS).sort(), ["hand", "last", "score", "trick"]);
  await setLocale("en");
  assert.equal(spoken("hand", table), "Your hand, 2 cards: Ace of coins and Rey of cups.");
  assert.equal(spoken("trick", table), "On the table: Karim: 7 of cups.");
  assert.equal(spoken("score", table),
    "Scores: Us 120, Them 80, game to 600. Contract 90 by Nora, trumps coins. This hand: Us 21, Them 0.");
  assert.equal(spoken("last", table), `Last trick: You: Triss of swords, Karim: 2 of swords, Nora: 4 of swords, and Driss: Ace of swords. ${
    t("last_trick.won", { who: "Driss", you: false, points: 21 })}`);
  assert.equal(spoken("last", { view: { ...table.view, tricks: [] } }), catalogues.en["last_trick.none"]);
  assert.equal(spoken("trick", { view: { ...table.view, trick: [] }, shownTrick: [] }), "No card on the table.");
  await setLocale("ar");
  const words = ["hand", "trick", "score", "last"].map((w) => spoken(w, table));
  for (const text of words) assert.doesNotMatch(text, /[A-Za-z]/, text);     // every word Arabic
  assert.match(words[0], /ورقتان/);                                           // two cards: the dual
  assert.match(words[0], new RegExp(catalogues.ar["suit.O"]));
  await setLocale("en");
});
