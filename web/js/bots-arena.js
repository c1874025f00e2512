// The browser arena of "Your bots" (#bots: views/bots.js): a loaded bot (or
// a level) against a built-in level on N duplicate deals, one deal a request
// so the game in progress is untouched and the page stays responsive:
// built-in levels in the engine's own session ("arena"), a loaded bot in its
// sandbox (botbox.js, where the bot is).  The figures are
// touti_core.bots.arena.summarize's, as the command line prints them, and the
// command that gives the same is shown.
//
// Hooks: #bots-arena (its fields #bots-arena-a, -b, -deals, -seed; #bots-arena-run,
// #bots-arena-stop, #bots-arena-progress); #bots-arena-result (data-state:
// idle, running, done or failed; data-played, -mean, -lo, -hi).

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { levelName, LEVELS, USER_LEVEL } from "./settings.js";
import { botErrorText } from "./userbots.js";
import { numberText, signedNumber } from "./bidi.js";

export const ARENA_SESSION = "arena";

/**
 * A difference in points, signed ("+1.50", "−0.25"; held left to right in a
 * right-to-left language: bidi.js), or "—" when there is none (no interval yet).
 */
export const signed = (x) => (x === null || x === undefined ? "—" : signedNumber(x, 2));

/** The arena's parameters from its fields: 1 to 1000 deals, a seed from 0 (whole numbers). */
export function arenaParams({ a, b, deals, seed }) {
  return { a, b, deals: Math.max(1, Math.min(1000, Math.round(Number(deals) || 1))),
    seed: Math.max(0, Math.round(Number(seed) || 0)) };
}

/** The command line that plays the same arena (`wheel`: the loaded bot of side A, if any). */
export function arenaCommand(params, wheel) {
  return `python -m touti_core arena --a ${wheel ? wheel.source : params.a} --b ${params.b} `
    + `--deals ${params.deals} --seed ${params.seed}`;
}

/** The figures so far: the paired difference and its interval, the deals played, the command line. */
function showResult(result, ans, params, wheel) {
  const s = ans.summary;
  const p = s.paired_difference;
  const [lo, hi] = p.ci95;
  result.dataset.state = ans.played >= ans.deals ? "done" : "running";
  Object.assign(result.dataset, { played: ans.played, mean: p.mean, lo: lo ?? "", hi: hi ?? "" });
  const loaded = Object.values(s.loaded || {})[0];
  fill(result, [
    h("p", { class: "bots-arena-diff" }, t("bots.arena.difference", {
      a: levelName(params.a), b: levelName(params.b), diff: signed(p.mean), lo: signed(lo), hi: signed(hi) })),
    h("p", {}, t("bots.arena.played", { played: ans.played, deals: ans.deals, hands: s.hands,
      ma: numberText(s.mean_per_hand.A, 1), mb: numberText(s.mean_per_hand.B, 1) })),
    loaded ? h("p", { id: "bots-arena-fell" }, t("bots.arena.fell", {
      fell: loaded.illegal + loaded.error + loaded.slow + (loaded.hung || 0), n: loaded.decisions })) : null,
    h("p", {}, t("bots.arena.command"), " ", h("code", {}, arenaCommand(params, wheel))),
  ]);
}

function showFailure(result, error) {
  result.dataset.state = "failed";
  fill(result, [h("p", {}, botErrorText(error))]);
}

/** An answer, or the failure of a request that threw (the sandbox or the engine went away). */
async function ask(request) {
  try {
    return await request();
  } catch (err) {
    return { ok: false, error: { code: "internal", message: String(err.message || err), params: {} } };
  }
}

/**
 * Plays an arena one deal a request, showing the figures after each, until
 * its last deal, a failure, or another run (`current()` false: nothing more
 * is shown).  A loaded bot plays its arena in its sandbox, the built-in
 * levels in the engine.
 */
async function playArena({ client, ownBots }, params, { progress, result, loadedBots, current }) {
  const own = USER_LEVEL.test(params.a);
  const first = await ask(() => (own ? ownBots.arenaStart(params)
    : client.call({ op: "arena_start", session: ARENA_SESSION, ...params })));
  if (!current()) return;
  if (!first.ok) return showFailure(result, first.error);
  const step = () => (own ? ownBots.arenaStep() : client.call({ op: "arena_step", session: ARENA_SESSION }));
  for (;;) {
    const ans = await ask(step);
    if (!current()) return;
    if (!ans.ok) return showFailure(result, ans.error);
    progress.value = ans.played;
    showResult(result, ans, params, loadedBots().find((bot) => bot.level === params.a));
    if (ans.played >= ans.deals) return;
  }
}

/**
 * createArena(app, loadedBots) -> {element, draw(), stop()}: `loadedBots()`
 * lists the bots loaded now (side A may be one of them); draw() lists them
 * again; stop() stops a run (and the screen's unmount does).
 */
export function createArena(app, loadedBots) {
  const a = h("select", { id: "bots-arena-a" });
  const b = h("select", { id: "bots-arena-b" }, ...LEVELS.map((l) => h("option", { value: l, selected: l === "normal" }, levelName(l))));
  const deals = h("input", { type: "number", id: "bots-arena-deals", min: 1, max: 1000, value: 20 });
  const seed = h("input", { type: "number", id: "bots-arena-seed", min: 0, value: 1 });
  const progress = h("progress", { id: "bots-arena-progress", max: 1, value: 0, hidden: true });
  const result = h("div", { id: "bots-arena-result", role: "status", dataset: { state: "idle" } });
  const run = h("button", { type: "button", class: "primary", id: "bots-arena-run", onclick: () => start() }, t("bots.arena.run"));
  const stopButton = h("button", { type: "button", class: "act quiet", id: "bots-arena-stop", hidden: true, onclick: () => stop() },
    t("bots.arena.stop"));
  let running = 0;              // the run in progress; a run whose number is no longer this one stops

  function draw() {
    const current = a.value;
    const choices = [...loadedBots().map((bot) => bot.level), ...LEVELS];
    fill(a, choices.map((l) => h("option", { value: l, selected: l === current }, levelName(l))), choices.join("|"));
    if (!choices.includes(current)) a.value = choices[0];
  }

  function stop() {
    running += 1;
    run.disabled = false;
    stopButton.hidden = true;
  }

  async function start() {
    const my = ++running;
    const params = arenaParams({ a: a.value, b: b.value, deals: deals.value, seed: seed.value });
    run.disabled = true;
    stopButton.hidden = false;
    progress.hidden = false;
    progress.max = params.deals;
    progress.value = 0;
    result.dataset.state = "running";
    fill(result, [h("p", {}, t("bots.arena.starting"))]);
    await playArena(app, params, { progress, result, loadedBots, current: () => my === running });
    if (my === running) stop();
  }

  const element = h("section", { class: "paper", id: "bots-arena", "aria-labelledby": "bots-arena-title" },
    h("h2", { id: "bots-arena-title" }, t("bots.arena.title")),
    h("p", {}, t("bots.arena.help")),
    h("div", { class: "field" }, h("label", { for: "bots-arena-a" }, t("bots.arena.a")), a),
    h("div", { class: "field" }, h("label", { for: "bots-arena-b" }, t("bots.arena.b")), b),
    h("div", { class: "field" }, h("label", { for: "bots-arena-deals" }, t("bots.arena.deals")), deals),
    h("div", { class: "field" }, h("label", { for: "bots-arena-seed" }, t("bots.arena.seed")), seed),
    h("div", { class: "field-buttons" }, stopButton, run),
    progress, result);
  return { element, draw, stop };
}
