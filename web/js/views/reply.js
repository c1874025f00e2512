// A friend's reply opened in this browser (#reply=<reply>): a phone's camera
// opened the reply's QR code in a new tab.  The reply goes to the tab that
// hosts the table (BroadcastChannel), or to this tab's own table, and this
// tab says whether it was taken.
//
// Test hooks: <html data-view="reply">; #reply-status (data-state: sending,
// taken, refused, none).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { screenHeader } from "./common.js";
import { CHANNEL } from "./friends.js";

/** How long the hosting tab has to answer. */
const ANSWER_MS = 3000;

export async function mount(container, app, payload) {
  const status = h("p", { id: "reply-status", role: "status", class: "friends-status" });
  container.replaceChildren(screenHeader(t("screen.reply")), h("section", { class: "paper" }, status));
  const state = (name, text) => {
    status.dataset.state = name;
    status.textContent = text;
  };
  state("sending", t("reply.sending"));
  const { takeReply } = await import("./friends.js");
  const here = await takeReply(payload || "");
  if (here.why !== "no_table") {
    state(here.ok ? "taken" : "refused", here.ok ? t("reply.taken_here") : t(`friends.reply.${here.why}`));
    return {};
  }
  const channel = new BroadcastChannel(CHANNEL);
  // every tab that opened #friends answers: the one hosting this reply's table is believed at
  // once (taken or refused); the others' "another table" is said only if that one never answers
  const others = [];
  const answer = new Promise((resolve) => {
    channel.addEventListener("message", (e) => {
      if (e.data?.t !== "reply-taken") return;
      if (e.data.ok || e.data.why !== "other_table") resolve(e.data);
      else others.push(e.data);
    });
    setTimeout(() => resolve(null), ANSWER_MS);
  });
  channel.postMessage({ t: "reply", text: payload || "" });
  const got = (await answer) || others[0] || null;
  channel.close();
  if (!got) state("none", t("reply.none"));
  else if (got.ok) state("taken", t("reply.taken"));
  else state("refused", t(`friends.reply.${got.why}`));
  return { unmount: () => channel.close() };
}
