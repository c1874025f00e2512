// Your bots (#bots): a bot of the player's own, a Python package with
// choose(view, legal) (docs/bot-api.md), loaded as a wheel — a file the player
// picks, or a URL of this site — into the bots' sandbox (botbox.js: a worker
// of an opaque origin, never the engine's); then seated at any of the three
// bot seats, and measured in a duplicate arena against a built-in level.
//
// - A loaded bot lives in the sandbox for this visit.  Its wheel is kept on
//   this device (userbots.js) and listed here, so that after a reload (its
//   seats are then played by the normal bot again) one click loads it again,
//   offline too, and gives it back the seats the settings kept for it.
// - The engine checks each of its decisions: an illegal answer, an exception
//   or a decision over the time cap is played by the normal bot instead and
//   said on the table (game.js) and here, with the bot's name.
// - The arena plays one deal a request, so the game in progress is untouched
//   and stays responsive: built-in levels in the engine's own session
//   ("arena"), a loaded bot in its sandbox (where the bot is); the figures are
//   touti_core.bots.arena.summarize's, as the command line prints them.
// - Forgetting a kept wheel gives its bots' seats back to the normal bot, in
//   the stored settings too.

import { h, fill } from "../dom.js";
import { t, seatName } from "../i18n.js";
import {
  saveSettings, loadSettings, seatLevels, levelName, LEVELS, USER_LEVEL, dropUserLevels, normalize,
} from "../settings.js";
import {
  keptWheels, forgetWheel, loadWheel, acceptLoaded, wheelOfUrl, isWheelName, botErrorText,
  MAX_WHEEL,
} from "../userbots.js";
import { screenHeader } from "./common.js";

const ARENA_SESSION = "arena";
const signed = (x) => (x === null || x === undefined ? "—" : `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(2)}`);

export function mount(container, app) {
  const { ownBots, store } = app;
  const status = h("p", { class: "bots-status", id: "bots-status", role: "status", dataset: { state: "idle" } });
  const file = h("input", { type: "file", id: "bots-file", accept: ".whl" });
  const url = h("input", { type: "text", id: "bots-url", autocomplete: "off", spellcheck: "false",
    placeholder: "bots/my_bot-0.1.0-py3-none-any.whl" });
  const seats = h("div", { id: "bots-seats" });
  const loadedList = h("div", { id: "bots-loaded-list" });
  const keptList = h("div", { id: "bots-kept-list" });
  const arena = arenaSection(app, () => loaded);
  let loaded = [];
  let busy = false;
  let alive = true;

  function say(state, text) {
    status.dataset.state = state;
    status.textContent = text;
  }

  function refresh() {
    loaded = ownBots.loaded();
    acceptLoaded(loaded);
    draw();
  }

  async function load(filename, data) {
    if (busy) return;
    busy = true;
    say("loading", t("bots.load.loading", { file: filename }));
    let ans;
    try {
      ans = await loadWheel(ownBots, filename, data, app.storage);
    } catch (err) {
      ans = { ok: false, error: { code: "internal", message: String(err.message || err) } };
    }
    busy = false;
    if (!alive) return;
    if (!ans.ok) {
      say("failed", botErrorText(ans.error));
      return;
    }
    loaded = ownBots.loaded();
    reseat(ans.bots.map((b) => b.level));
    const names = ans.bots.map((b) => b.name).join(", ");
    say("loaded", `${t("bots.load.done", { names, n: ans.bots.length })} ${ans.kept ? t("bots.load.kept") : t("bots.load.not_kept")}`);
    draw();
  }

  file.addEventListener("change", async () => {
    const f = file.files[0];
    if (!f) return;
    if (!isWheelName(f.name)) return say("failed", t("bots.error.name", { file: f.name }));
    if (f.size > MAX_WHEEL) return say("failed", t("bots.error.size", { file: f.name }));
    await load(f.name, new Uint8Array(await f.arrayBuffer()));
    file.value = "";
  });

  async function loadUrl(event) {
    event.preventDefault();
    const wheel = wheelOfUrl(url.value);
    if (!wheel) return say("failed", t("bots.error.url"));
    let bytes;
    try {
      const res = await fetch(wheel.url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      return say("failed", t("bots.error.fetch", { file: wheel.filename, detail: String(err.message || err) }));
    }
    if (bytes.length > MAX_WHEEL) return say("failed", t("bots.error.size", { file: wheel.filename }));
    await load(wheel.filename, bytes);
  }

  /** A bot loaded again takes back the seats the stored settings give it (a reload had given them to the normal bot). */
  function reseat(levels) {
    const stored = loadSettings(app.storage).levels;
    const settings = store.state.settings;
    const back = [1, 2, 3].filter((seat) => levels.includes(stored[seat]) && settings.levels[seat] !== stored[seat]);
    if (back.length) {
      store.update({ settings: { ...settings, levels: { ...settings.levels,
        ...Object.fromEntries(back.map((seat) => [seat, stored[seat]])) } } });
    }
  }

  function setSeat(seat, level) {
    const settings = store.state.settings;
    const next = { ...settings, levels: { ...settings.levels, [seat]: level } };
    saveSettings(next);
    store.update({ settings: next });
  }

  function drawSeats() {
    const levels = store.state.settings.levels;
    fill(seats, [1, 2, 3].map((seat) => {
      const id = `bots-seat-${seat}`;
      const select = h("select", { id, onchange: () => setSeat(seat, select.value) },
        ...seatLevels().map((l) => h("option", { value: l, selected: l === levels[seat] }, levelName(l))));
      return h("div", { class: "field" }, h("label", { for: id }, t("settings.level_for", { who: seatName(seat) })), select);
    }));
  }

  function botItem(bot) {
    const fell = bot.problems.illegal + bot.problems.error + bot.problems.slow + bot.problems.hung;
    return h("li", { class: "bots-bot", dataset: { bot: bot.name, level: bot.level, decisions: bot.decisions, problems: fell } },
      h("strong", {}, bot.name), " ",
      h("span", { class: "bots-source" }, t("bots.loaded.source", { source: bot.source, version: bot.version || "?" })), " · ",
      t("bots.loaded.decisions", { n: bot.decisions, fell }),
      bot.recent.length ? h("ul", { class: "bots-problems" }, ...bot.recent.slice(-5).map((p) =>
        h("li", { dataset: { kind: p.kind } }, t(`bots.problem.${p.kind}`, { detail: p.detail, seconds: (p.ms / 1000).toFixed(1) })))) : null);
  }

  function keptItem(w) {
    const busyNow = () => busy;
    return h("li", { class: "bots-kept", dataset: { file: w.filename } },
      h("span", {}, w.filename, " ", t("bots.kept.bots", { names: w.bots.join(", ") })), " ",
      h("button", { type: "button", class: "act bots-kept-load", onclick: () => { if (!busyNow()) load(w.filename, w.data); } },
        t("bots.kept.load")), " ",
      h("button", { type: "button", class: "act quiet bots-kept-forget", onclick: () => forget(w) },
        t("bots.kept.forget")));
  }

  /** Forgets a kept wheel: its bots' seats go back to the normal bot, stored settings too. */
  async function forget(w) {
    await forgetWheel(w.filename, app.storage);
    dropUserLevels(w.bots.map((name) => `user:${name}`), app.storage);
    store.update({ settings: normalize(store.state.settings) });
    if (alive) draw();
  }

  function draw() {
    drawSeats();
    fill(loadedList, loaded.length ? [h("ul", { id: "bots-loaded" }, ...loaded.map(botItem))]
      : [h("p", { id: "bots-none" }, t("bots.loaded.none"))]);
    const kept = keptWheels(app.storage);
    fill(keptList, kept.length ? [h("ul", { id: "bots-kept" }, ...kept.map(keptItem))]
      : [h("p", {}, t("bots.kept.none"))]);
    arena.draw();
  }

  container.replaceChildren(
    screenHeader(t("screen.bots")),
    h("section", { class: "paper", "aria-labelledby": "bots-load-title" },
      h("h2", { id: "bots-load-title" }, t("bots.load.title")),
      h("p", {}, t("bots.load.help")),
      h("p", { id: "bots-sandbox" }, t("bots.sandbox")),
      h("div", { class: "field" }, h("label", { for: "bots-file" }, t("bots.load.file")), file),
      h("form", { class: "field", id: "bots-url-form", onsubmit: loadUrl },
        h("label", { for: "bots-url" }, t("bots.load.url")), url,
        h("button", { type: "submit", class: "act", id: "bots-url-load" }, t("bots.load.url_button"))),
      status,
      // what a player understands first (above); the developer's words after, and where the guide is
      h("details", { class: "bots-guide", id: "bots-guide" }, h("summary", {}, t("bots.guide.title")),
        h("p", {}, t("bots.guide.text")))),
    h("section", { class: "paper", "aria-labelledby": "bots-seats-title" },
      h("h2", { id: "bots-seats-title" }, t("bots.seats.title")),
      h("p", {}, t("bots.seats.help")), seats),
    h("section", { class: "paper", "aria-labelledby": "bots-loaded-title" },
      h("h2", { id: "bots-loaded-title" }, t("bots.loaded.title")),
      h("p", {}, t("bots.loaded.help")), loadedList),
    h("section", { class: "paper", "aria-labelledby": "bots-kept-title" },
      h("h2", { id: "bots-kept-title" }, t("bots.kept.title")),
      h("p", {}, t("bots.kept.help")), keptList),
    arena.element);
  draw();
  refresh();
  return { unmount() { alive = false; arena.stop(); } };
}

/** The browser arena: a loaded bot (or a level) against a built-in level on N duplicate deals. */
function arenaSection(app, loadedBots) {
  const { client, ownBots } = app;
  const a = h("select", { id: "bots-arena-a" });
  const b = h("select", { id: "bots-arena-b" }, ...LEVELS.map((l) => h("option", { value: l, selected: l === "normal" }, levelName(l))));
  const deals = h("input", { type: "number", id: "bots-arena-deals", min: 1, max: 1000, value: 20 });
  const seed = h("input", { type: "number", id: "bots-arena-seed", min: 0, value: 1 });
  const progress = h("progress", { id: "bots-arena-progress", max: 1, value: 0, hidden: true });
  const result = h("div", { id: "bots-arena-result", role: "status", dataset: { state: "idle" } });
  const run = h("button", { type: "button", class: "primary", id: "bots-arena-run", onclick: () => start() }, t("bots.arena.run"));
  const stopButton = h("button", { type: "button", class: "act quiet", id: "bots-arena-stop", hidden: true, onclick: () => stop() },
    t("bots.arena.stop"));
  let running = 0;

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

  function show(ans, params) {
    const s = ans.summary;
    const p = s.paired_difference;
    const [lo, hi] = p.ci95;
    result.dataset.state = ans.played >= ans.deals ? "done" : "running";
    Object.assign(result.dataset, { played: ans.played, mean: p.mean, lo: lo ?? "", hi: hi ?? "" });
    const wheel = loadedBots().find((bot) => bot.level === params.a);
    const command = `python -m touti_core arena --a ${wheel ? wheel.source : params.a} --b ${params.b} `
      + `--deals ${params.deals} --seed ${params.seed}`;
    const loaded = Object.values(s.loaded || {})[0];
    fill(result, [
      h("p", { class: "bots-arena-diff" }, t("bots.arena.difference", {
        a: levelName(params.a), b: levelName(params.b), diff: signed(p.mean), lo: signed(lo), hi: signed(hi) })),
      h("p", {}, t("bots.arena.played", { played: ans.played, deals: ans.deals, hands: s.hands,
        ma: s.mean_per_hand.A.toFixed(1), mb: s.mean_per_hand.B.toFixed(1) })),
      loaded ? h("p", { id: "bots-arena-fell" }, t("bots.arena.fell", {
        fell: loaded.illegal + loaded.error + loaded.slow + (loaded.hung || 0), n: loaded.decisions })) : null,
      h("p", {}, t("bots.arena.command"), " ", h("code", {}, command)),
    ]);
  }

  async function start() {
    const my = ++running;
    const params = { a: a.value, b: b.value, deals: Math.max(1, Math.min(1000, Math.round(Number(deals.value) || 1))),
      seed: Math.max(0, Math.round(Number(seed.value) || 0)) };
    run.disabled = true;
    stopButton.hidden = false;
    progress.hidden = false;
    progress.max = params.deals;
    progress.value = 0;
    result.dataset.state = "running";
    fill(result, [h("p", {}, t("bots.arena.starting"))]);
    // a loaded bot plays its arena in its sandbox, the built-in levels in the engine
    const own = USER_LEVEL.test(params.a);
    const step = () => (own ? ownBots.arenaStep() : client.call({ op: "arena_step", session: ARENA_SESSION }));
    let first;
    try {
      first = await (own ? ownBots.arenaStart(params) : client.call({ op: "arena_start", session: ARENA_SESSION, ...params }));
    } catch (err) {
      first = { ok: false, error: { code: "internal", message: String(err.message || err), params: {} } };
    }
    if (my !== running) return;
    if (!first.ok) {
      result.dataset.state = "failed";
      fill(result, [h("p", {}, botErrorText(first.error))]);
      return stop();
    }
    for (;;) {
      let ans;
      try {
        ans = await step();
      } catch (err) {
        ans = { ok: false, error: { code: "internal", message: String(err.message || err), params: {} } };
      }
      if (my !== running) return;
      if (!ans.ok) {
        result.dataset.state = "failed";
        fill(result, [h("p", {}, botErrorText(ans.error))]);
        break;
      }
      progress.value = ans.played;
      show(ans, params);
      if (ans.played >= ans.deals) break;
    }
    stop();
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
