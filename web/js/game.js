// The flow of a game on the page: start or resume a game, send the player's
// actions, let the bots play (they think in the worker), animate each
// result, keep the log and save after every action.  Every decision about
// the rules is the engine's: this module only asks and shows.

import { state, update, flush } from "./state.js";
import { sleep } from "./dom.js";
import { t, seatName, refusalText, teamName } from "./i18n.js";
import { SPEEDS } from "./settings.js";
import { saveGame } from "./save.js";
import { cardRect, shake } from "./hand.js";
import { animatePlay, animateCollect } from "./trick.js";
import {
  logLine, clearLog, actionText, bubbleText, trickText, ghnaText, handEndText,
  auctionWonText, replayLines,
} from "./log.js";

let client = null;
let token = 0; // a new game or a resume stops the loops of the previous one
let saving = true; // the embedded rules demo plays without touching the saved game

const AUCTION_WORDS = new Set(["bid", "pass", "announce", "signal", "no_signal"]);

/** Uses `engineClient`; `{save: false}` never writes the saved game. */
export function attach(engineClient, { save: keep = true } = {}) {
  client = engineClient;
  saving = keep;
}

function speed() {
  return SPEEDS[state.settings.speed] ?? 1;
}

function save(view) {
  if (!saving) return;
  saveGame(view.record, { seed: state.seed, savedAt: Date.now() });
}

function show(view) {
  update({ view, shownTrick: view.trick });
}

function botLevel(seat) {
  return seat === 0 || seat === null ? "normal" : state.settings.levels[seat];
}

/** Who plays each seat, as the bots are told: a level, or null for the player. */
function tableLevels() {
  return [0, 1, 2, 3].map((s) => (s === 0 && !state.settings.watch ? null : botLevel(s)));
}

/** The seats a person plays (the engine's worker lets the page act for these only). */
function people() {
  return state.settings.watch ? [] : [0];
}

/** Starts a new game from `seed` with `rules` (the settings' rules by default). */
export async function newGame(seed, rules = state.settings.rules) {
  const my = ++token;
  update({ busy: true, message: null, hint: null, bubbles: {}, thinking: null });
  const ans = await client.call({ op: "new", seed, rules, people: people() });
  if (my !== token) return;
  if (!ans.ok) {
    update({ busy: false, message: { kind: "refusal", text: refusalText(ans.error) } });
    return;
  }
  clearLog();
  logLine(t("log.new_game", { who: seatName(ans.view.dealer) }), "new-hand");
  update({ seed });
  show(ans.view);
  save(ans.view);
  update({ busy: false });
  run(my);
}

/** Resumes a saved game; {ok: false, reason} when the engine refuses its record. */
export async function resume(saved) {
  const my = ++token;
  update({ busy: true, message: null, hint: null, bubbles: {}, thinking: null });
  const ans = await client.call({ op: "load", record: saved.record, people: people() });
  if (my !== token) return { ok: true };
  if (!ans.ok) {
    update({ busy: false });
    return { ok: false, reason: ans.error.message };
  }
  const v = ans.view;
  clearLog();
  for (const line of replayLines(v)) logLine(line);
  logLine(t("log.resumed"), "note");
  const bubbles = {};
  if (v.phase === "auction" || v.phase === "signal") {
    for (const a of v.hand_actions) if (AUCTION_WORDS.has(a.type)) bubbles[a.seat] = bubbleText(a);
  }
  update({ seed: typeof saved.record.seed === "number" ? saved.record.seed : null, bubbles });
  show(v);
  save(v);
  update({ busy: false });
  run(my);
  return { ok: true };
}

/** The player acts (seat 0): the engine accepts it or says why not. */
export async function act(action) {
  if (state.busy || !state.view || !client) return;
  const my = token;
  const prev = state.view;
  update({ busy: true, message: null, hint: null });
  let ans;
  try {
    ans = await client.call({ op: "act", action });
  } catch {
    return;
  }
  if (my !== token) return;
  if (!ans.ok) {
    update({ busy: false, message: { kind: "refusal", text: refusalText(ans.error) } });
    if (action.type === "play") shake(action.card);
    return;
  }
  await present(ans, prev);
  update({ busy: false });
  run(my);
}

export function playCard(card) {
  return act({ type: "play", seat: 0, card });
}

/** Asks the engine's hint for the player's turn and highlights it. */
export async function askHint() {
  if (state.busy || !client) return;
  const ans = await client.call({ op: "hint", table: tableLevels() });
  if (!ans.ok) return update({ message: { kind: "refusal", text: refusalText(ans.error) } });
  if (!ans.hint || state.settings.watch) return update({ message: { kind: "note", text: t("hint.none") }, hint: null });
  update({ hint: ans.hint.action, message: { kind: "hint", text: `${t("hint.title")}: ${ans.hint.reason}` } });
}

/** Restarts the bots after a settings change (watch mode switched on, say). */
export async function kick() {
  if (state.busy || !state.view || !client) return;
  const my = token;
  const ans = await client.call({ op: "people", people: people() });
  if (my !== token || state.busy) return;
  if (ans.ok) show(ans.view);
  run(token);
}

async function run(my) {
  while (my === token) {
    const v = state.view;
    if (!v || v.phase === "game_over") break;
    const watch = state.settings.watch;
    const seat = v.to_act;
    const botTurn = v.phase === "hand_over" ? watch : seat !== 0 || watch;
    if (!botTurn) break;
    const pace = (v.phase === "hand_over" ? 2500 : v.phase === "play" ? 450 : 650) * speed();
    update({ busy: true, thinking: seat });
    let ans;
    try {
      [ans] = await Promise.all([client.call({ op: "bot", level: botLevel(seat), table: tableLevels() }), sleep(pace)]);
    } catch {
      return;
    }
    if (my !== token) return;
    update({ thinking: null });
    if (!ans.ok) {
      update({ message: { kind: "refusal", text: refusalText(ans.error) } });
      break;
    }
    await present(ans, v);
  }
  if (my === token) update({ busy: false, thinking: null });
}

/** Shows one accepted action: log, bubble, card flights, phase changes; then saves. */
async function present(ans, prev) {
  const v = ans.view;
  const a = ans.action;
  const sp = speed();
  const bubbles = { ...state.bubbles };
  if (a?.type === "next_hand") {
    logLine(t("log.new_hand", { n: v.hand_number + 1, who: seatName(v.dealer) }), "new-hand");
    for (const k of Object.keys(bubbles)) delete bubbles[k];
  } else if (a?.type === "ghna") {
    const g = v.ghna.at(-1);
    if (g) logLine(ghnaText(g), "ghna");
    bubbles[a.seat] = bubbleText(a);
  } else if (a) {
    logLine(actionText(a));
    if (AUCTION_WORDS.has(a.type) || a.type === "concede") bubbles[a.seat] = bubbleText(a);
  }
  if (prev.phase === "ghna" && v.phase === "play") {
    for (const k of Object.keys(bubbles)) delete bubbles[k];
  }
  if (a?.type === "play" && prev.hand_number === v.hand_number) {
    for (const k of Object.keys(bubbles)) delete bubbles[k];
    const from = a.seat === 0 ? cardRect(a.card) : null;
    const finished = v.tricks.length > prev.tricks.length;
    update({ view: v, shownTrick: finished ? v.tricks.at(-1).cards : v.trick, bubbles });
    flush();
    await animatePlay(a.seat, from, sp);
    if (finished) {
      const trick = v.tricks.at(-1);
      if (sp > 0) await sleep(650 * sp);
      await animateCollect(trick.winner, sp);
      logLine(trickText(trick), "trick");
      update({ shownTrick: v.trick });
    }
  } else {
    update({ view: v, shownTrick: v.trick, bubbles });
  }
  if ((prev.phase === "auction" || prev.phase === "signal") && v.phase === "trump") {
    logLine(auctionWonText(v.contract), "contract");
  }
  if (prev.phase === "trump" && v.phase === "play") update({ bubbles: {} });
  const over = (p) => p === "hand_over" || p === "game_over";
  if (over(v.phase) && !over(prev.phase) && v.last_hand) {
    logLine(handEndText(v.last_hand), "result");
    if (v.phase === "game_over" && v.winner !== null) {
      logLine(t("log.winner", { team: teamName(v.winner), a: v.scores[v.winner], b: v.scores[1 - v.winner] }), "result");
    }
  }
  save(v);
}
