// Tells the player, once, what was set aside because it could not be read
// (aside.js): a notice over every screen naming each thing, with a download
// of its text as it was.  Closing it marks them told; the history screen
// still lists them (download, delete).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { siteStore } from "./storage.js";
import { asideText, markTold, onAside, whatOf } from "./aside.js";

/** The words of what an item kept (its history, its challenges...). */
export function asideLabel(item) {
  return t(`aside.what.${whatOf(item.of)}`);
}

/** Downloads the text of an item as it was kept. */
export function downloadAside(item, store = siteStore) {
  const text = asideText(item.key, store);
  if (text === null) return false;
  const a = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: `${item.key}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
  return true;
}

/** What events said of an item that storage does not keep (how many games were read back). */
const extras = new Map();
onAside((item) => extras.set(item.key, item));

/** Shows the notice for `items` (none: it goes); `store` is where they are kept. */
export function showAside(items, store = siteStore) {
  let box = document.getElementById("aside-notice");
  if (!items.length) {
    box?.remove();
    return;
  }
  if (!box) {
    box = h("section", { class: "aside-notice", id: "aside-notice", role: "alert", "aria-labelledby": "aside-title" });
    document.body.append(box);
  }
  box.replaceChildren(
    h("h2", { id: "aside-title" }, t("aside.title")),
    h("p", {}, t("aside.text")),
    h("ul", { class: "aside-items" }, ...items.map((item) => {
      const recovered = extras.get(item.key)?.recovered;
      return h("li", { dataset: { key: item.key, what: whatOf(item.of) } },
        h("span", {}, asideLabel(item), recovered ? ` · ${t("aside.recovered", { n: recovered })}` : ""), " ",
        h("button", { type: "button", class: "act quiet aside-download",
          "aria-label": t("aside.download_named", { what: asideLabel(item) }),
          onclick: () => downloadAside(item, store) }, t("aside.download")));
    })),
    h("div", { class: "aside-buttons" },
      h("button", { type: "button", class: "act", id: "aside-close", onclick: () => {
        markTold(items, store);
        box.remove();
      } }, t("close"))));
}
