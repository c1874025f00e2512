// Tiny DOM helpers: build elements without a framework.

/**
 * h("button", {class: "x", dataset: {action: "pass"}, onclick}, "Pass")
 * Attributes: class, text, html, dataset, on<event> handlers, hidden,
 * disabled, aria-* and any other attribute (null/false = absent).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k === "html") el.innerHTML = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function $$(selector, root = document) {
  return [...root.querySelectorAll(selector)];
}

/**
 * Sets `el`'s text, only when it changed: writing text (even the same) makes
 * new text nodes, laid out and painted again at the next frame.
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** Sets an attribute (a dataset entry, a title...) only when it changed. */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Replaces the children of `el` (only when the given key changed, if a key is given). */
export function fill(el, children, key) {
  if (key !== undefined) {
    if (el.dataset.key === key) return false;
    el.dataset.key = key;
  }
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return true;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
