// A link to hand to someone at the table or far away: its QR code for a
// phone's camera, the link itself, and Copy / Share.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { qrCode } from "./qr.js";

/** The box of `link` (`id`: the link field's id; `what`: the QR code's label). */
export function shareBox(link, id, what) {
  const field = h("input", { type: "text", class: "share-link", id, readonly: true, value: link,
    "aria-label": t("friends.link"), dir: "ltr", onfocus: (e) => e.target.select() });
  const said = h("p", { class: "share-said", role: "status" });
  const copy = h("button", { type: "button", class: "act", "data-friends": "copy", onclick: async () => {
    try {
      await navigator.clipboard.writeText(link);
      said.textContent = t("friends.copied");
    } catch {
      field.select();
      said.textContent = t("friends.copy_by_hand");
    }
  } }, t("friends.copy"));
  const share = navigator.share ? h("button", { type: "button", class: "act", "data-friends": "share",
    onclick: () => navigator.share({ url: link }).catch(() => {}) }, t("friends.share")) : null;
  let qr;
  try {
    qr = qrCode(link, what);
  } catch {
    qr = h("p", {}, t("friends.no_qr"));
  }
  return h("div", { class: "share-box" }, h("div", { class: "qr-wrap" }, qr), field,
    h("div", { class: "share-actions" }, copy, share), said);
}
