// Renders refusals and hints (JSON fixtures from the engine, argv[2]) in every
// language of web/messages, as the page does (i18n.js), and prints them as JSON.
import { readFileSync, readdirSync } from "node:fs";
import { useCatalogue, configureLocales, setLocale, refusalText, hintText } from "../../web/js/i18n.js";

const MESSAGES = new URL("../../web/messages/", import.meta.url);
const cats = Object.fromEntries(readdirSync(MESSAGES).filter((f) => f.endsWith(".json"))
  .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(new URL(f, MESSAGES), "utf8"))]));
configureLocales(Object.fromEntries(Object.entries(cats).map(([k, c]) => [k, c["meta.name"]])));
for (const [k, c] of Object.entries(cats)) useCatalogue(k, c);
const fixtures = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = {};
for (const lang of Object.keys(cats)) {
  await setLocale(lang);
  out[lang] = {
    refusals: fixtures.refusals.map((e) => refusalText(e)),
    hints: fixtures.hints.map((h) => hintText(h)),
  };
}
console.log(JSON.stringify(out));
