// Numbers with a sign in a right-to-left language (web/js/bidi.js: numberText,
// signedNumber): held left to right (LRI ... PDI) in Arabic, so that the sign
// stays before the digits; in a left-to-right language the text as it was.
// Their place on the rendered page: tests/web/test_web_rtl_numbers.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { configureLocales, setLocale, useCatalogue } from "../../web/js/i18n.js";
import { numberText, signedNumber } from "../../web/js/bidi.js";
import { signed } from "../../web/js/bots-arena.js";

const MESSAGES = new URL("../../web/messages/", import.meta.url);
const read = (code) => JSON.parse(readFileSync(new URL(`${code}.json`, MESSAGES), "utf8"));
configureLocales({ en: "English", ar: "العربية" });
useCatalogue("en", read("en"));
useCatalogue("ar", read("ar"));
const held = (s) => `\u2066${s}\u2069`;

test("in English a number is written as it was, its sign included", async () => {
  await setLocale("en");
  assert.equal(numberText(-80), "-80");
  assert.equal(numberText(80), "80");
  assert.equal(numberText(2.25, 1), "2.3");
  assert.equal(signedNumber(20), "+20");
  assert.equal(signedNumber(0), "+0");
  assert.equal(signedNumber(-0.254, 2), "\u22120.25");
  assert.equal(signed(-100), "\u2212100.00");
});

test("in Arabic a number with a sign is held left to right, one without is not", async () => {
  await setLocale("ar");
  assert.equal(numberText(-80), held("-80"));
  assert.equal(numberText("+170"), held("+170"));
  assert.equal(numberText(-1.25, 1), held("-1.3"));
  assert.equal(numberText(80), "80");
  assert.equal(numberText(0), "0");
  assert.equal(signedNumber(20), held("+20"));
  assert.equal(signedNumber(0), held("+0"));
  assert.equal(signed(-100), held("\u2212100.00"));
  assert.equal(signed(null), "—");
  // isolate controls inside the text cannot close its isolate early
  assert.equal(numberText("-8\u20690"), held("-80"));
  await setLocale("en");
});
