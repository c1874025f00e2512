// Challenge a friend (#challenge): a short set of deals with the rules and the
// bots fixed, played by everyone on their own device; a link carries a
// player's play; results side by side, hand by hand (challenges.js).
//
// #challenge           the challenges kept here, a new one, the current one
// #challenge=<link>    a friend's challenge (or answer): every hand of it is
//                      replayed by the engine before anything is kept

import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { randomSeed, normalizeRules } from "../settings.js";
import {
  SIZES, challengeId, decodeChallenge, encodeChallenge, ensureChallenge, getChallenge,
  loadChallenges, recordOther,
} from "../challenges.js";
import { scoreOf } from "../daily.js";
import { decodeActions } from "../compact.js";
import { isolate, nameNode, setBidiText } from "../bidi.js";
import { screenHeader } from "./common.js";

const NAME_KEY = "touti.name";
const BUILT_IN = ["easy", "normal", "strong"];

/** A challenge's bots are built-in levels (a bot loaded on this device plays as the normal one). */
function builtIn(levels) {
  return Object.fromEntries([1, 2, 3].map((s) => [s, BUILT_IN.includes(levels[s]) ? levels[s] : "normal"]));
}

/** The engine's replay of every hand of a friend's play: [{actions, result}|null], or null if one fails. */
async function replay(app, c, hands) {
  const out = [];
  for (const [i, text] of hands.entries()) {
    if (text === null) {
      out.push(null);
      continue;
    }
    const actions = decodeActions(text);
    if (!actions) return null;
    const ans = await app.client.call({ op: "deal", seed: c.seed + i, rules: c.rules, actions });
    if (!ans.ok || !ans.result) return null;         // refused, or a hand not played to its end
    out.push({ actions: text, result: ans.result });
  }
  return out;
}

function scoreText(play) {
  return play ? String(scoreOf(play.result)) : "–";
}

function table(c, me) {
  const others = c.others;
  return h("table", { class: "challenge-table", id: "challenge-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("challenge.hand")),
      h("th", { scope: "col" }, me ? nameNode(me) : t("challenge.you")),
      ...others.flatMap((o) => [h("th", { scope: "col" }, nameNode(o.name)), h("th", { scope: "col" }, t("challenge.diff"))]))),
    h("tbody", {}, ...c.mine.map((m, i) => h("tr", { dataset: { hand: i } },
      h("th", { scope: "row" }, String(i + 1)),
      h("td", { class: "mine" }, scoreText(m), m ? h("a", { class: "challenge-review",
        href: `#review=challenge:${c.id}:${i}:me` }, ` ${t("history.review")}`) : null),
      ...others.flatMap((o, k) => {
        const p = o.plays[i];
        const diff = m && p ? scoreOf(m.result) - scoreOf(p.result) : null;
        return [h("td", { class: "theirs" }, scoreText(p), p ? h("a", { class: "challenge-review",
          href: `#review=challenge:${c.id}:${i}:${k}` }, ` ${t("history.review")}`) : null),
        h("td", { class: "diff" }, diff === null ? "–" : (diff > 0 ? `+${diff}` : String(diff)))];
      })))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("challenge.total")),
      h("td", {}, String(c.mine.reduce((s, m) => s + (m ? scoreOf(m.result) : 0), 0))),
      ...others.flatMap((o) => [h("td", {}, String(o.plays.reduce((s, p) => s + (p ? scoreOf(p.result) : 0), 0))),
        h("td", {}, "")]))));
}

export async function mount(container, app, payload) {
  const status = h("p", { class: "challenge-status", role: "status" });
  const body = h("div", { class: "challenge" });
  container.replaceChildren(screenHeader(t("screen.challenge")), status, body);
  let name = app.storage.read(NAME_KEY) || "";

  function show(c) {
    const next = c.mine.findIndex((m) => !m);
    const done = next < 0;
    const nameInput = h("input", { id: "challenge-name", value: name, maxlength: "40", autocomplete: "nickname", dir: "auto" });
    const link = h("output", { class: "challenge-link", id: "challenge-link" });
    fill(body, [h("section", { class: "paper", dataset: { challenge: c.id } },
      h("p", {}, t("challenge.about", { n: c.n, right: t(`level.${c.levels[1]}`), partner: t(`level.${c.levels[2]}`),
        left: t(`level.${c.levels[3]}`), target: c.rules.target })),
      table(c, name),
      done ? null : h("button", { type: "button", class: "act primary", id: "challenge-play", onclick: () => app.playDeal(
        c.seed + next, { rules: c.rules, levels: c.levels, kind: "challenge", of: { id: c.id, hand: next } }) },
      t("challenge.play", { n: next + 1, total: c.n })),
      done ? h("div", { class: "field" }, h("label", { for: "challenge-name" }, t("challenge.name")), nameInput) : null,
      done ? h("button", { type: "button", class: "act primary", id: "challenge-share", onclick: async () => {
        name = nameInput.value.trim().slice(0, 40);
        if (!name) {
          status.textContent = t("challenge.name_needed");
          nameInput.focus();
          return;
        }
        app.storage.write(NAME_KEY, name);
        const text = await encodeChallenge({ seed: c.seed, n: c.n, rules: c.rules, levels: c.levels, name,
          hands: c.mine.map((m) => m.actions) });
        const url = new URL(`#challenge=${text}`, location.href).href;
        link.textContent = url;
        try {
          if (navigator.share) await navigator.share({ text: t("challenge.share_text", { name: isolate(name), n: c.n }), url });
          else {
            await navigator.clipboard.writeText(url);
            status.textContent = t("challenge.copied");
          }
        } catch { status.textContent = t("challenge.copy_shown"); }
      } }, t("challenge.share")) : null,
      link)]);
  }

  function list() {
    const all = [...loadChallenges(app.storage).list].reverse();
    const size = h("select", { id: "challenge-size" }, ...SIZES.map((n) => h("option", { value: n }, String(n))));
    fill(body, [
      h("section", { class: "paper" }, h("h2", {}, t("challenge.new")), h("p", {}, t("challenge.new_about")),
        h("div", { class: "field" }, h("label", { for: "challenge-size" }, t("challenge.size")), size),
        h("button", { type: "button", class: "act primary", id: "challenge-new", onclick: () => {
          const st = app.store.state.settings;
          const c = ensureChallenge({ seed: randomSeed(), n: Number(size.value), rules: normalizeRules(st.rules),
            levels: builtIn(st.levels) }, app.storage);
          show(c);
        } }, t("challenge.create"))),
      all.length ? h("section", { class: "paper" }, h("h2", {}, t("challenge.kept")),
        h("ul", { class: "challenge-list" }, ...all.map((c) => h("li", {},
          h("button", { type: "button", class: "act quiet", dataset: { challenge: c.id }, onclick: () => show(c) },
            t("challenge.item", { n: c.n, played: c.mine.filter(Boolean).length, friends: c.others.length })))))) : null,
    ]);
  }

  if (payload) {
    status.textContent = t("challenge.checking");
    const got = await decodeChallenge(payload);
    const c0 = got && { seed: got.seed, n: got.n, rules: normalizeRules(got.rules), levels: got.levels };
    const plays = got && await replay(app, c0, got.hands);
    history.replaceState(null, "", `${location.pathname}${location.search}#challenge`);
    if (!got || !plays) {
      status.textContent = t("challenge.bad");
      status.dataset.bad = "true";
      list();
      return {};
    }
    ensureChallenge(c0, app.storage);
    recordOther(challengeId(c0.seed, c0.n), got.name, plays, app.storage);
    setBidiText(status, t("challenge.received", { name: isolate(got.name) }));
    show(getChallenge(challengeId(c0.seed, c0.n), app.storage));
    return {};
  }
  // back from a hand of a challenge: show that challenge, else the list
  const playing = app.currentChallenge() && getChallenge(app.currentChallenge(), app.storage);
  if (playing) show(playing);
  else list();
  return {};
}
