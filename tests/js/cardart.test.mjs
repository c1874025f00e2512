// Run with: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardSVG, backSVG, suitSymbolSVG, cardLabel, SUIT_NAMES, CARDS, cardImg, backImg } from "../../web/js/cardart.js";
import { CARD_RE, SUIT_RE } from "../../web/js/notation.js";
import { decodeActions } from "../../web/js/compact.js";

const RANKS = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];
const SUITS = ["O", "C", "E", "B"];
const ALL = SUITS.flatMap((s) => RANKS.map((r) => `${r}${s}`));
const WORD = { 1: "Ace", 10: "Sota", 11: "Cabal", 12: "Rey" };

// A small XML well-formedness check: balanced tags, quoted attributes,
// no stray "<" or unescaped "&" in text.  Returns the root element's tag text.
function checkWellFormed(xml) {
  const tagRe = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  const stack = [];
  let i = 0, root = null, rootSeen = false;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    assert.doesNotMatch(text, /&(?!(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);)/i, "unescaped & in text");
    if (!stack.length) assert.equal(text.trim(), "", "text outside the root element");
    if (lt < 0) break;
    tagRe.lastIndex = lt;
    const m = tagRe.exec(xml);
    assert.ok(m, `malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`);
    const [all, close, name, attrs, selfClose] = m;
    const names = [...attrs.matchAll(/([\w:-]+)=/g)].map((a) => a[1]);
    assert.equal(new Set(names).size, names.length, `duplicate attribute in ${all}`);
    if (close) {
      assert.equal(attrs + selfClose, "", `bad closing tag ${all}`);
      assert.equal(stack.pop(), name, `mismatched </${name}>`);
    } else {
      if (!stack.length) {
        assert.ok(!rootSeen, "more than one root element");
        rootSeen = true;
        root = all;
      }
      if (!selfClose) stack.push(name);
    }
    i = lt + all.length;
  }
  assert.deepEqual(stack, [], "unclosed elements");
  assert.ok(root, "no root element");
  return root;
}

test("cardLabel names every card", () => {
  assert.equal(cardLabel("12E"), "Rey of swords");
  assert.equal(cardLabel("1O"), "Ace of coins");
  assert.equal(cardLabel("7C"), "7 of cups");
  assert.equal(cardLabel("11B"), "Cabal of clubs");
  assert.equal(cardLabel("10C"), "Sota of cups");
  assert.deepEqual(SUIT_NAMES, { O: "coins", C: "cups", E: "swords", B: "clubs" });
});

test("all 40 cards give well-formed, labelled SVG", () => {
  for (const card of ALL) {
    const svg = cardSVG(card);
    const root = checkWellFormed(svg);
    assert.match(root, /^<svg\s/);
    assert.match(root, /\sviewBox="0 0 200 300"/);
    assert.match(root, /\srole="img"/);
    assert.doesNotMatch(root, /\s(width|height)=/, "no fixed size on the root");
    const rank = Number(card.slice(0, -1));
    const label = `${WORD[rank] || rank} of ${SUIT_NAMES[card.slice(-1)]}`;
    assert.ok(root.includes(` aria-label="${label}"`), `${card}: aria-label ${label}`);
    assert.equal(cardLabel(card), label);
    assert.doesNotMatch(svg, /\sid=|href=|url\(|<image|@import/, `${card}: no ids or external references`);
  }
});

test("title option adds an escaped <title>", () => {
  const svg = cardSVG("12E", { title: "Play the <Rey> & win" });
  checkWellFormed(svg);
  assert.match(svg, /<title>Play the &#60;Rey&#62; &#38; win<\/title>/);
  assert.doesNotMatch(cardSVG("12E"), /<title>/);
});

test("distinct cards give distinct markup", () => {
  const seen = new Map();
  for (const card of ALL) {
    const svg = cardSVG(card);
    assert.ok(!seen.has(svg), `${card} looks like ${seen.get(svg)}`);
    seen.set(svg, card);
    assert.equal(cardSVG(card), svg, "deterministic");
  }
  // The art itself (not only the label) differs between cards.
  const art = (c) => cardSVG(c).replace(/<svg[^>]*>/, "");
  assert.equal(new Set(ALL.map(art)).size, ALL.length);
});

test("invalid notations throw", () => {
  for (const bad of ["", "0O", "8O", "9C", "13E", "1X", "o1", "1o", "12", "E", " 1O", "1O ", "01O", null, undefined, 12, {}]) {
    assert.throws(() => cardSVG(bad), Error, `cardSVG(${JSON.stringify(bad)})`);
    assert.throws(() => cardLabel(bad), Error);
  }
  assert.throws(() => suitSymbolSVG("X"));
  assert.throws(() => suitSymbolSVG("toString"));
});

test("back and suit icons are well-formed", () => {
  const back = backSVG();
  assert.match(checkWellFormed(back), /role="img"/);
  assert.match(back, /aria-label="Card back"/);
  for (const s of SUITS) {
    const root = checkWellFormed(suitSymbolSVG(s));
    assert.ok(root.includes(`aria-label="${SUIT_NAMES[s]}"`));
    assert.match(root, /viewBox=/);
  }
  assert.equal(new Set(SUITS.map(suitSymbolSVG)).size, 4);
});

test("the deck's list and the cards as images of the build's files", () => {
  assert.deepEqual([...CARDS].sort(), [...ALL].sort());
  const img = cardImg("12E");
  assert.match(img, /^<img class="card-art" src="[^"]*\/cards\/12E\.svg" alt="" width="200" height="300" draggable="false">$/);
  assert.equal(new URL(img.match(/src="([^"]+)"/)[1]).pathname.split("/").slice(-3).join("/"), "web/cards/12E.svg");
  assert.match(backImg(), /\/cards\/back\.svg" alt=""/);
  for (const bad of ["", "0O", "13E", "toString", "../x"]) assert.throws(() => cardImg(bad), Error);
});

test("one notation for every reader: the 40 cards and the 4 suits, nothing else", () => {
  // every rank 0-13 with every letter, padded and cased variants: a card for
  // the card art, the links' compact actions and a friend's messages alike
  const tried = [];
  for (let r = 0; r <= 13; r++) for (const s of "OCEBXoc") tried.push(`${r}${s}`, `0${r}${s}`, ` ${r}${s}`, `${r}${s}\n`);
  const cards = tried.filter((c) => CARD_RE.test(c));
  assert.deepEqual(cards.sort(), [...CARDS].sort());
  for (const c of CARDS) assert.deepEqual(CARD_RE.exec(c).slice(1), [c.slice(0, -1), c.at(-1)]);
  assert.deepEqual(tried.filter((c) => !cards.includes(c)).filter((c) => { try { cardImg(c); return true; } catch { return false; } }), []);
  assert.deepEqual([..."OCEBXo", "", "OO", "O\n"].filter((s) => SUIT_RE.test(s)), [..."OCEB"]);
  for (const c of tried) {
    const read = decodeActions(`0c${c}`);
    assert.deepEqual(read, CARD_RE.test(c) ? [{ type: "play", seat: 0, card: c }] : null, c);
  }
});
