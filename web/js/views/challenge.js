// Challenge a friend (#challenge): a short set of deals with the rules and the
// bots fixed, played by everyone on their own device; a link carries a
// player's play; results side by side, hand by hand (challenges.js).
//
// #challenge           the challenges kept here, a new one, the current one
// #challenge=<link>    a friend's challenge (or answer): every hand of it is
//                      replayed by the engine, and each bot decision asked
//                      again of that bot, before anything is kept; a link
//                      that fails is shown as not verified and never kept
//
// No spoiler: another player's score and review of a deal stay hidden until
// the player has played that deal (the review route too: views/review.js).

import { h, fill } from "../dom.js";
import { t, seatName } from "../i18n.js";
import { actionText, bubbleText } from "../log.js";
import { randomSeed, normalizeRules, LEVELS } from "../settings.js";
import {
  AIDS, SIZES, decodeChallenge, encodeChallenge, ensureChallenge, getChallenge,
  loadChallenges, recordOther,
} from "../challenges.js";
import { scoreOf } from "../daily.js";
import { decodeActions } from "../compact.js";
import { isolate, nameNode, numberText, setBidiText, signedNumber } from "../bidi.js";
import { screenHeader } from "./common.js";

const NAME_KEY = "touti.name";
const BUILT_IN = LEVELS;        // the built-in levels (settings.js, checked against the engine's)

/** A challenge's bots are built-in levels (a bot loaded on this device plays as the normal one). */
function builtIn(levels) {
  return Object.fromEntries([1, 2, 3].map((s) => [s, BUILT_IN.includes(levels[s]) ? levels[s] : "normal"]));
}

/**
 * Every hand of a friend's play checked by the engine (the bridge's "verify":
 * replayed, each bot decision asked again of that bot), one request a deal so
 * that the page stays live and says which deal it checks (`progress(k, of)`):
 * {plays: [{actions, result, aids}|null]}, {bad: true} (a hand that does not
 * replay or is not played to its end), {unverified: {deal, at, seat,
 * expected, got}} (the first decision that is not its bot's), or {left: true}
 * when the player left the screen (`alive()` false: the engine is freed).
 */
async function check(app, c, hands, aids, progress, alive) {
  const levels = [c.levels[1], c.levels[2], c.levels[3]];
  const of = hands.filter((x) => x !== null).length;
  const plays = [];
  for (const [i, text] of hands.entries()) {
    if (text === null) {
      plays.push(null);
      continue;
    }
    const actions = decodeActions(text);
    if (!actions) return { bad: true };
    if (!alive()) return { left: true };
    progress(plays.filter(Boolean).length + 1, of);
    const ans = await app.client.call({ op: "verify", seed: c.seed + i, rules: c.rules, levels, actions });
    if (!ans.ok) return { bad: true };
    if (!ans.verified) return { unverified: { deal: i + 1, ...ans.mismatch } };
    if (!ans.result) return { bad: true };
    plays.push({ actions: text, result: ans.result, aids: aids[i] || 0 });
  }
  return { plays };
}

/** An action in words (a Ghna's by its bubble: its value is not in the action). */
function said(a) {
  return actionText(a) || `${seatName(a.seat)}: ${bubbleText(a)}`;
}

function scoreText(play) {
  return play ? numberText(scoreOf(play.result)) : "–";
}

/** The help a player's plays had (AIDS bits of any of them), in words beside their name; null with none. */
function aidsBadge(plays) {
  const bits = plays.reduce((b, p) => b | (p?.aids || 0), 0);
  if (!bits) return null;
  const words = [bits & AIDS.hint ? t("challenge.aid.hint") : null, bits & AIDS.takeBack ? t("challenge.aid.take_back") : null];
  return h("span", { class: "badge aided", dataset: { aids: bits } }, words.filter(Boolean).join(" · "));
}

/** Another player's deal `i`: their score and review, hidden until the player has played it. */
function theirCell(c, i, k, m, p) {
  if (p && !m) return h("td", { class: "theirs", dataset: { hidden: "true" } }, t("challenge.hidden"));
  return h("td", { class: "theirs" }, scoreText(p), p ? h("a", { class: "challenge-review",
    href: `#review=challenge:${c.id}:${i}:${k}` }, ` ${t("history.review")}`) : null);
}

function table(c, me) {
  const others = c.others;
  return h("table", { class: "challenge-table", id: "challenge-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("challenge.hand")),
      h("th", { scope: "col" }, me ? nameNode(me) : t("challenge.you"), " ", aidsBadge(c.mine)),
      ...others.flatMap((o) => [h("th", { scope: "col" }, nameNode(o.name), " ", aidsBadge(o.plays)),
        h("th", { scope: "col" }, t("challenge.diff"))]))),
    h("tbody", {}, ...c.mine.map((m, i) => h("tr", { dataset: { hand: i } },
      h("th", { scope: "row" }, String(i + 1)),
      h("td", { class: "mine" }, scoreText(m), m ? h("a", { class: "challenge-review",
        href: `#review=challenge:${c.id}:${i}:me` }, ` ${t("history.review")}`) : null),
      ...others.flatMap((o, k) => {
        const p = o.plays[i];
        const diff = m && p ? scoreOf(m.result) - scoreOf(p.result) : null;
        return [theirCell(c, i, k, m, p),
          h("td", { class: "diff" }, diff === null ? "–" : (diff > 0 ? signedNumber(diff) : numberText(diff)))];
      })))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("challenge.total")),
      h("td", {}, numberText(c.mine.reduce((s, m) => s + (m ? scoreOf(m.result) : 0), 0))),
      // theirs over the deals shown (those the player has played)
      ...others.flatMap((o) => [h("td", {}, numberText(o.plays.reduce((s, p, i) => s + (p && c.mine[i] ? scoreOf(p.result) : 0), 0))),
        h("td", {}, "")]))));
}

export async function mount(container, app, payload) {
  const status = h("p", { class: "challenge-status", id: "challenge-status", role: "status" });
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
          hands: c.mine.map((m) => m.actions), aids: c.mine.map((m) => m.aids || 0) });
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

  /** The challenges kept and a new one (`first`: a section before them, or null). */
  function list(first = null) {
    const all = [...loadChallenges(app.storage).list].reverse();
    const size = h("select", { id: "challenge-size" }, ...SIZES.map((n) => h("option", { value: n }, String(n))));
    fill(body, [
      first,
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
    status.dataset.checking = "true";
    const got = await decodeChallenge(payload);
    if (got?.newer) {                  // the link stays in the address: reloaded once updated, it opens
      delete status.dataset.checking;
      status.textContent = t("challenge.newer");
      status.dataset.newer = "true";
      list();
      return {};
    }
    const c0 = got && { seed: got.seed, n: got.n, rules: normalizeRules(got.rules), levels: got.levels };
    const checked = got ? await check(app, c0, got.hands, got.aids, (k, of) => {
      status.textContent = t("challenge.checking_deal", { n: k, total: of });
    }, () => status.isConnected) : { bad: true };
    if (checked.left || !status.isConnected) return {};       // another screen now: nothing kept
    delete status.dataset.checking;
    history.replaceState(null, "", `${location.pathname}${location.search}#challenge`);
    if (checked.bad) {
      status.textContent = t("challenge.bad");
      status.dataset.bad = "true";
      list();
      return {};
    }
    if (checked.unverified) {          // kept apart: neither kept nor merged with a challenge
      const u = checked.unverified;
      setBidiText(status, t("challenge.unverified", { name: isolate(got.name), deal: u.deal, move: u.at + 1,
        got: said(u.got), expected: said(u.expected) }));
      status.dataset.verified = "false";
      list(h("section", { class: "paper" }, h("p", {}, t("challenge.unverified_play")),
        h("button", { type: "button", class: "act", id: "challenge-play-anyway",
          onclick: () => show(ensureChallenge(c0, app.storage)) }, t("challenge.play_anyway"))));
      return {};
    }
    const c = ensureChallenge(c0, app.storage);
    const kept = recordOther(c.id, got.name, checked.plays, app.storage) && getChallenge(c.id, app.storage);
    status.dataset.verified = "true";
    // storage blocked or full: the challenge is shown as it came, for this visit, and the player is told
    setBidiText(status, t("challenge.received", { name: isolate(got.name) }) + (kept ? "" : ` ${t("challenge.not_kept")}`));
    show(kept || { ...c, others: [...c.others.filter((o) => o.name !== got.name),
      { name: got.name, plays: checked.plays, at: Date.now() }] });
    return {};
  }
  // back from a hand of a challenge: show that challenge, else the list
  const playing = app.currentChallenge() && getChallenge(app.currentChallenge(), app.storage);
  if (playing) show(playing);
  else list();
  return {};
}
