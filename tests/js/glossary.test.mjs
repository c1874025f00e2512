// The game's words explained where they appear (web/js/glossary.js): in each
// language, the texts that first use a term of the game (the lesson's coach,
// the bar's Ghna cap) have that term found, and every term has its entry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { configureLocales, useCatalogue, setLocale, t } from "../../web/js/i18n.js";
import { TERMS, glossParts } from "../../web/js/glossary.js";

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const LANGS = ["en", "fr", "es", "ar"];
configureLocales({ en: "English", fr: "Français", es: "Español", ar: "العربية" });
for (const lang of LANGS) useCatalogue(lang, read(`../../web/messages/${lang}.json`));

const termsOf = (text) => glossParts(text).filter((p) => typeof p !== "string").map((p) => p.term);

/** Where each term first appears, as the lesson shows it. */
const WHERE = [
  ["learn.order", {}, ["male"]],
  ["learn.last_trick", {}, ["9a3a"]],
  ["bar.cap", { cap: 80 }, ["cap"]],
  ["learn.cards", {}, ["triss", "rey", "cabal", "sota"]],
  ["learn.bid.first", { amount: 90 }, ["ghna"]],
  ["learn.signals", { who: 1, signal: "+10", signal_name: "+10" }, ["signal"]],
];

for (const lang of LANGS) {
  test(`${lang}: each term is found where it first appears, and has its entry`, async () => {
    await setLocale(lang, new URL("../../web/", import.meta.url));
    for (const [key, params, terms] of WHERE) {
      const found = termsOf(t(key, params));
      for (const term of terms) assert.ok(found.includes(term), `${lang} ${key}: ${term} not found in ${t(key, params)}`);
    }
    for (const term of TERMS) {
      for (const part of ["term", "match", "text"]) {
        assert.notEqual(t(`glossary.${term}.${part}`), `glossary.${term}.${part}`);
      }
    }
  });
}

test("a term is a whole word, found once, the longest form first; the text is kept whole", async () => {
  await setLocale("en", new URL("../../web/", import.meta.url));
  const text = "Ghna cap 80: a Ghna, Ghnas and another Ghna";
  const parts = glossParts(text);
  assert.equal(parts.map((p) => (typeof p === "string" ? p : p.text)).join(""), text);
  assert.deepEqual(parts.filter((p) => typeof p !== "string"), [{ term: "cap", text: "Ghna cap" }, { term: "ghna", text: "Ghna" }]);
  assert.deepEqual(termsOf("Reyes and Sotas"), []);
});
