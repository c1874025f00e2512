// The links' guard (links.js): a link's data is refused on its size and on
// how deep its JSON nests, before JSON.parse and before the engine's worker
// sees it; the challenge links (challenges.js) go through the same guard.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import {
  LINK_MAX_CHARS, LINK_MAX_DEPTH, decodeJSON, encodeJSON, jsonDepth, parseLinkJSON, readLink,
} from "../../web/js/links.js";
import { configureRules } from "../../web/js/settings.js";
import { decodeChallenge, encodeChallenge, MAX_INFLATED } from "../../web/js/challenges.js";

configureRules(JSON.parse(process.env.TOUTI_RULES_SCHEMA));

const b64url = (bytes) => Buffer.from(bytes).toString("base64url");
const nested = (n) => `{"format":"touti-record/1","seed":1,"actions":[],"x":${"[".repeat(n)}${"]".repeat(n)}}`;

test("the depth of JSON text counts its brackets outside strings", () => {
  assert.equal(jsonDepth("1"), 0);
  assert.equal(jsonDepth('{"a":[1,{"b":[]}],"c":{}}'), 4);
  assert.equal(jsonDepth('["[[[[", "\\"[[[", "{{{"]'), 1);      // brackets in strings, escaped quotes
  assert.equal(jsonDepth("[".repeat(5000)), 5000);                // unbalanced: still counted
  assert.equal(jsonDepth("[".repeat(5000), 32), 33);             // stops once past the limit
});

test("a link nested 5,000 deep is refused before it is parsed", () => {
  const deep = nested(5000);
  assert.equal(parseLinkJSON(deep), undefined);
  const link = `#record=${b64url(Buffer.from(deep))}`;
  assert.ok(link.length > 13000 && link.length < 14000);         // the 13 KB link of the report
  assert.deepEqual(readLink(link), { kind: "bad", what: "record" });
  assert.equal(decodeJSON(link.slice(8)), undefined);            // #sheet= links read their data with it
  // JSON.parse is never reached
  const parse = JSON.parse;
  let parsed = 0;
  JSON.parse = (...a) => { parsed += 1; return parse(...a); };
  try {
    readLink(link);
  } finally {
    JSON.parse = parse;
  }
  assert.equal(parsed, 0);
});

test("the guard lets every link the page writes through, up to its limits", () => {
  const ok = { format: "touti-record/1", seed: 1, rules: { target: 600 },
    deal: { hands: [["1O"], ["2O"], ["3O"], ["4O"]], dealer: 0 }, actions: [{ type: "pass", seat: 1 }] };
  assert.deepEqual(readLink(`#record=${encodeJSON(ok)}`), { kind: "record", record: ok });
  const edge = JSON.parse(nested(LINK_MAX_DEPTH - 1));
  assert.deepEqual(parseLinkJSON(nested(LINK_MAX_DEPTH - 1)), edge);
  assert.equal(parseLinkJSON(nested(LINK_MAX_DEPTH)), undefined);
  // a sheet with a name of brackets nests no deeper
  const sheet = { format: "touti-sheet/1", name: "[[[[{{{{".repeat(100), hands: [{ ghna: [{ seat: 0, suit: "O" }] }] };
  assert.deepEqual(decodeJSON(encodeJSON(sheet)), sheet);
  // size: the text is refused on its length alone
  assert.equal(decodeJSON("A".repeat(LINK_MAX_CHARS + 4)), undefined);
  assert.equal(readLink(`#record=${"A".repeat(LINK_MAX_CHARS + 100)}`).kind, "bad");
  assert.equal(readLink(`#game=${"S".repeat(LINK_MAX_CHARS + 100)}`).kind, "bad");
  assert.equal(decodeJSON("not base64!"), undefined);
  assert.equal(decodeJSON(b64url(Buffer.from([0xff, 0xfe, 0x5b, 0x5d]))), undefined);   // not UTF-8
});

test("a challenge link goes through the same guard: depth, size, and what it inflates to", async () => {
  const levels = { 1: "normal", 2: "strong", 3: "easy" };
  const good = await encodeChallenge({ seed: 5, n: 4, rules: { target: 600 }, levels, name: "Amina",
    hands: [null, null, null, null] });
  assert.equal((await decodeChallenge(good)).name, "Amina");
  const pack = (text) => b64url(deflateRawSync(Buffer.from(text)));
  const data = { v: 1, s: 5, n: 4, r: { target: 600 }, l: ["normal", "normal", "normal"], nm: "Eve", h: [null, null, null, null] };
  assert.ok(await decodeChallenge(pack(JSON.stringify(data))));
  const deep = JSON.stringify({ ...data, x: 0 }).replace('"x":0', `"x":${"[".repeat(5000)}${"]".repeat(5000)}`);
  assert.equal(await decodeChallenge(pack(deep)), null);
  // a small link that inflates to megabytes is cut off at MAX_INFLATED bytes
  const bomb = pack(JSON.stringify({ ...data, pad: " ".repeat(4_000_000) }));
  assert.ok(bomb.length < 20000);
  assert.equal(await decodeChallenge(bomb), null);
  assert.ok(await decodeChallenge(pack(JSON.stringify({ ...data, pad: " ".repeat(MAX_INFLATED - 400) }))));
  assert.equal(await decodeChallenge("A".repeat(20001)), null);
});

test("no setting, game code or challenge carries a target above the engine's bound", async () => {
  const { normalizeRules, decodeCode, encodeCode, ruleSchema } = await import("../../web/js/settings.js");
  const schema = ruleSchema();
  const target = schema.find((f) => f.name === "target");
  assert.equal(target.maximum, Number.MAX_SAFE_INTEGER);          // the engine's MAX_TARGET: 2**53 - 1
  assert.equal(normalizeRules({ target: 9007199254740990 }).target, 9007199254740990);
  for (const bad of [1e17 + 10, 9007199254741000, 2 ** 60]) assert.equal(normalizeRules({ target: bad }).target, 600);
  // the page follows the engine's bound, whatever it is
  configureRules(schema.map((f) => (f.name === "target" ? { ...f, maximum: 1000 } : f)));
  try {
    assert.equal(normalizeRules({ target: 1010 }).target, 600);
    assert.equal(normalizeRules({ target: 1000 }).target, 1000);
    assert.equal(decodeCode(encodeCode(7, { ...normalizeRules({}), target: 1000 })).rules.target, 1000);
    assert.equal(decodeCode("7-2S.007").rules.target, 1000);
    assert.equal(decodeCode("7-2T.007"), null);                // 1010 in a code: refused
    const data = { v: 1, s: 5, n: 4, r: { target: 1010 }, l: ["normal", "normal", "normal"], nm: "Eve",
      h: [null, null, null, null] };
    const got = await decodeChallenge(b64url(deflateRawSync(Buffer.from(JSON.stringify(data)))));
    assert.equal(normalizeRules(got.rules).target, 600);         // views/challenge.js normalizes the rules
  } finally {
    configureRules(schema);
  }
});
