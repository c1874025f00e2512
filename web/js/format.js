// Messages in a small subset of ICU MessageFormat, the format translators
// know (and the one the catalogue tests check in Python too):
//
//   "Hello {name}"                                   an argument
//   "{you, select, true {You pass} other {{who} passes}}"    a choice by value
//   "{n, plural, one {# card} other {# cards}}"      a plural (Intl.PluralRules;
//                                                    "=0 {...}" matches exactly, # is n)
//
// Braces are syntax; there is no quoting: an apostrophe is a plain letter.
// compile() parses a message once; format() fills it.

/** Parses `text` into nodes: strings, {arg}, {arg, select|plural, cases}. */
export function compile(text) {
  let i = 0;

  function message(inPlural) {
    const out = [];
    let buf = "";
    while (i < text.length) {
      const c = text[i];
      if (c === "{") {
        if (buf) out.push(buf);
        buf = "";
        i += 1;
        out.push(argument());
      } else if (c === "}") {
        break;
      } else if (c === "#" && inPlural) {
        if (buf) out.push(buf);
        buf = "";
        out.push({ hash: true });
        i += 1;
      } else {
        buf += c;
        i += 1;
      }
    }
    if (buf) out.push(buf);
    return out;
  }

  function word() {
    const m = /^\s*([^\s,{}]+)\s*/.exec(text.slice(i));
    if (!m) throw new SyntaxError(`bad message at ${i}: ${text}`);
    i += m[0].length;
    return m[1];
  }

  function argument() {
    const name = word();
    if (text[i] === "}") {
      i += 1;
      return { arg: name };
    }
    if (text[i] !== ",") throw new SyntaxError(`expected , or } at ${i}: ${text}`);
    i += 1;
    const kind = word();
    if (kind !== "select" && kind !== "plural") throw new SyntaxError(`unknown kind ${kind}: ${text}`);
    if (text[i] !== ",") throw new SyntaxError(`expected , at ${i}: ${text}`);
    i += 1;
    const cases = {};
    for (;;) {
      while (/\s/.test(text[i] ?? "")) i += 1;
      if (text[i] === "}") {
        i += 1;
        break;
      }
      const key = word();
      if (text[i] !== "{") throw new SyntaxError(`expected { after ${key}: ${text}`);
      i += 1;
      cases[key] = message(kind === "plural");
      if (text[i] !== "}") throw new SyntaxError(`unclosed case ${key}: ${text}`);
      i += 1;
    }
    if (!("other" in cases)) throw new SyntaxError(`no "other" case: ${text}`);
    return { arg: name, kind, cases };
  }

  const nodes = message(false);
  if (i < text.length) throw new SyntaxError(`unbalanced } at ${i}: ${text}`);
  return nodes;
}

const rulesOf = new Map();

function pluralRules(locale) {
  if (!rulesOf.has(locale)) rulesOf.set(locale, new Intl.PluralRules(locale));
  return rulesOf.get(locale);
}

/**
 * Fills compiled `nodes` with `params` (a missing argument shows as {name}); the
 * names of the arguments the text needed and did not have (missing, or undefined;
 * a count that is not a number) are pushed on `missing` when it is given.
 */
export function format(nodes, params, locale, n = null, missing = null) {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") out += node;
    else if (node.hash) out += String(n);
    else if (!node.kind) {
      const here = Object.hasOwn(params, node.arg) && params[node.arg] !== undefined;
      if (!here) missing?.push(node.arg);
      out += Object.hasOwn(params, node.arg) ? String(params[node.arg]) : `{${node.arg}}`;
    } else {
      const value = params[node.arg];
      let chosen;
      if (node.kind === "select") {
        const key = String(value);
        chosen = Object.hasOwn(node.cases, key) ? node.cases[key] : node.cases.other;
      } else {
        const num = Number(value);
        if (!Number.isFinite(num)) missing?.push(node.arg);
        const exact = `=${num}`;
        if (Object.hasOwn(node.cases, exact)) chosen = node.cases[exact];
        else {
          const cat = pluralRules(locale).select(num);
          chosen = Object.hasOwn(node.cases, cat) ? node.cases[cat] : node.cases.other;
        }
        out += format(chosen, params, locale, num, missing);
        continue;
      }
      out += format(chosen, params, locale, n, missing);
    }
  }
  return out;
}

/** The argument names a message uses (for the catalogue tests). */
export function argumentsOf(nodes, into = new Set()) {
  for (const node of nodes) {
    if (typeof node === "string" || node.hash) continue;
    into.add(node.arg);
    if (node.cases) for (const c of Object.values(node.cases)) argumentsOf(c, into);
  }
  return into;
}
