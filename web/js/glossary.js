// The game's words explained where they appear: a term of the game in a text
// (the lesson's coach, its bar) is a button, and a tap on it opens its
// glossary entry in a small dialog.  The entries are in the catalogue, one
// per term and language: `glossary.<id>.term` (its title), `.match` (the
// forms it takes in that language's texts, "|" between them) and `.text`.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { openDialog } from "./dialogs.js";

/** The terms, by id: the catalogue's glossary.<id>.* */
export const TERMS = ["male", "9a3a", "cap", "ghna", "triss", "rey", "cabal", "sota", "signal"];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `text` cut into its plain parts (strings) and the first appearance of each
 * term ({term, text}): a term is found as a whole word, the longest form
 * first ("Ghna cap" before "Ghna").
 */
export function glossParts(text) {
  const forms = TERMS.flatMap((term) => t(`glossary.${term}.match`).split("|").filter(Boolean)
    .map((form) => ({ term, form })))
    .sort((a, b) => b.form.length - a.form.length);
  const found = [];
  for (const { term, form } of forms) {
    if (found.some((f) => f.term === term)) continue;
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escape(form)}(?![\\p{L}\\p{N}])`, "giu");
    for (const m of text.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && f.start < end)) continue;   // inside a longer term
      found.push({ term, start, end });
      break;
    }
  }
  found.sort((a, b) => a.start - b.start);
  const parts = [];
  let at = 0;
  for (const f of found) {
    if (f.start > at) parts.push(text.slice(at, f.start));
    parts.push({ term: f.term, text: text.slice(f.start, f.end) });
    at = f.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** Opens the glossary entry of `term`. */
export function showTerm(term) {
  const d = openDialog("glossary", t(`glossary.${term}.term`), h("p", { class: "glossary-text" }, t(`glossary.${term}.text`)));
  d.dataset.term = term;
  return d;
}

/** The nodes of `text` with each term a button that opens its entry. */
export function glossed(text) {
  return glossParts(text).map((p) => (typeof p === "string" ? p
    : h("button", { type: "button", class: "term", dataset: { term: p.term }, "aria-haspopup": "dialog",
      "aria-label": t("glossary.open", { term: p.text }), onclick: () => showTerm(p.term) }, p.text)));
}

/** Makes the terms in `el`'s own text buttons (a part drawn by another module: the bar's cap). */
export function glossElement(el) {
  if (!el || el.querySelector(".term")) return;
  const nodes = glossed(el.textContent);
  if (nodes.some((n) => typeof n !== "string")) el.replaceChildren(...nodes);
}
