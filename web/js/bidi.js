// Names people write (a friend's name in a challenge, the players and the
// title of a score sheet, a loaded bot's name) are isolated from the text
// around them for bidirectional text: an Arabic name in an English sentence,
// or a name that holds an unterminated U+202E (right-to-left override), then
// never reorders nor reverses the sentence around it.
//
// isolate(name) wraps a name in U+2068 FIRST STRONG ISOLATE ... U+2069 POP
// DIRECTIONAL ISOLATE for plain text (messages, share texts, titles, options,
// labels); the isolate's end closes whatever the name left open.  bidiNodes()
// turns such a text into DOM nodes for an element: the text around stays
// text, each name becomes a <bdi> (an isolating element) holding it.
//
// Numbers with a sign ("+20", "-80", "−0.25") in a right-to-left language:
// the sign is a weak character that the bidi algorithm puts on the right of
// the digits ("20+").  numberText() and signedNumber() hold such a number
// left to right, in U+2066 LEFT-TO-RIGHT ISOLATE ... PDI, when the page's
// language is written right to left (its catalogue's meta.dir: i18n.js's
// setLocale tells setRightToLeft()); in a left-to-right language the text is
// the number as it was.  The signs written in the right-to-left catalogue's
// own messages ("(+{value})") are isolated there the same way
// (tests/test_catalogue_signs.py).

export const FSI = "\u2068";
export const LRI = "\u2066";
export const PDI = "\u2069";
/** The isolate controls: a name may not hold them (it could close its own isolate). */
const ISOLATES = /[\u2066-\u2069]/g;

/** A name as plain text, isolated: FSI + the name (without isolate controls) + PDI. */
export function isolate(name) {
  return FSI + String(name ?? "").replace(ISOLATES, "") + PDI;
}

/** A name as an isolating element: <bdi>name</bdi>. */
export function nameNode(name) {
  const el = document.createElement("bdi");
  el.textContent = String(name ?? "").replace(ISOLATES, "");
  return el;
}

/**
 * A text with isolated names (isolate()) -> its nodes: text nodes for what is
 * around them, a <bdi> for each name (without its FSI and PDI).  A text with no
 * name is one text node.
 */
export function bidiNodes(text) {
  const s = String(text ?? "");
  const out = [];
  let at = 0;
  while (at < s.length) {
    const open = s.indexOf(FSI, at);
    const close = open < 0 ? -1 : s.indexOf(PDI, open + 1);
    if (close < 0) break;
    if (open > at) out.push(document.createTextNode(s.slice(at, open)));
    out.push(nameNode(s.slice(open + 1, close)));
    at = close + 1;
  }
  if (at < s.length || !out.length) out.push(document.createTextNode(s.slice(at)));
  return out;
}

/** Sets an element's content to a text with isolated names (bidiNodes). */
export function setBidiText(el, text) {
  el.replaceChildren(...bidiNodes(text));
}

// ---------------------------------------------------------------- numbers
const SIGNED = /^[+\-\u2212\u00b1]/;

let rightToLeft = false;        // the page's language is written right to left

/** Says whether the page's language is written right to left (i18n.js, at each change of language). */
export function setRightToLeft(on) {
  rightToLeft = !!on;
}

/**
 * A number as the page shows it (`digits`: its decimals, as toFixed; a text is
 * taken as it is): one with a sign is held left to right (LRI ... PDI) in a
 * right-to-left language, so that its sign stays before its digits.
 */
export function numberText(x, digits) {
  const s = typeof x === "number" && digits !== undefined ? x.toFixed(digits) : String(x ?? "");
  return SIGNED.test(s) && rightToLeft ? LRI + s.replace(ISOLATES, "") + PDI : s;
}

/** A difference with its sign always shown, "+20", "+0", "−0.25" (U+2212 MINUS SIGN), as numberText. */
export function signedNumber(x, digits = 0) {
  return numberText(`${x >= 0 ? "+" : "\u2212"}${Math.abs(x).toFixed(digits)}`);
}
