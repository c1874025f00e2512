// The speech bubbles speak the player's language (issue 39): every word a
// seat can say in its bubble (a bid, a pass, an announcement, each signal, a
// Ghna, a concession) comes from the catalogue in every language; in Arabic
// no Latin letter is left ("AS!", "PASS", "COMPTE!" were shown as such).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { useCatalogue, configureLocales, setLocale } from "../../web/js/i18n.js";
import { bubbleText } from "../../web/js/log.js";

const MESSAGES = new URL("../../web/messages/", import.meta.url);
const catalogues = Object.fromEntries(readdirSync(MESSAGES).filter((f) => f.endsWith(".json"))
  .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(new URL(f, MESSAGES), "utf8"))]));
configureLocales(Object.fromEntries(Object.entries(catalogues).map(([k, c]) => [k, c["meta.name"]])));
for (const [k, c] of Object.entries(catalogues)) useCatalogue(k, c);

/** Every action a bubble shows, for one seat. */
const SAID = [
  { type: "bid", amount: 80 }, { type: "bid", amount: 160 }, { type: "pass" },
  { type: "announce", signal: "AS" }, { type: "announce", signal: "COMPTE" },
  ...["AS", "COMPTE", "+10", "PASS"].map((signal) => ({ type: "signal", signal })),
  ...["O", "C", "E", "B"].map((suit) => ({ type: "ghna", suit, value: 20 })),
  { type: "concede" },
].map((a) => ({ seat: 1, ...a }));

for (const lang of Object.keys(catalogues)) {
  test(`every bubble is worded in ${lang}`, async () => {
    await setLocale(lang);
    const words = SAID.map((a) => [a, bubbleText(a)]);
    for (const [a, word] of words) {
      assert.ok(word && word.trim(), `${JSON.stringify(a)}: no word`);
      assert.doesNotMatch(word, /[{}]/, `${JSON.stringify(a)}: an argument left: ${word}`);
    }
    // each signal and announcement has a word of its own
    const signals = words.filter(([a]) => a.type === "signal").map(([, w]) => w);
    assert.equal(new Set(signals).size, 4, signals.join(" | "));
    if (lang === "ar") {
      for (const [a, word] of words) assert.doesNotMatch(word, /[A-Za-z]/, `${JSON.stringify(a)}: Latin in Arabic: ${word}`);
    }
  });
}
