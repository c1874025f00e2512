// Run with: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { setText, setAttr } from "../../web/js/dom.js";

// An element that counts its writes: a write, even of the same value, makes the
// browser lay the element out and paint it again at the next frame.
function counted(text, attrs = {}) {
  const el = { writes: 0, text, attrs: { ...attrs } };
  Object.defineProperty(el, "textContent", {
    get() { return this.text; },
    set(v) { this.writes++; this.text = v; },
  });
  el.getAttribute = (name) => (name in el.attrs ? el.attrs[name] : null);
  el.setAttribute = (name, value) => { el.writes++; el.attrs[name] = String(value); };
  return el;
}

test("a redraw writes only the texts and attributes that changed", () => {
  const el = counted("8 cards", { "data-level": "normal" });
  setText(el, "8 cards");
  setAttr(el, "data-level", "normal");
  assert.equal(el.writes, 0);
  setText(el, "7 cards");
  setAttr(el, "data-level", "strong");
  setAttr(el, "title", "Leader");
  assert.equal(el.writes, 3);
  assert.equal(el.textContent, "7 cards");
  assert.deepEqual(el.attrs, { "data-level": "strong", title: "Leader" });
});
