// The flow of a game on a table: start or resume a game, send the player's
// actions, let the bots play (they think in the worker), animate each
// result, keep the log and save after every action.  Every decision about
// the rules is the engine's: this module only asks and shows.
//
// createGame(deps) makes one game's flow for one table; the game page and
// the rules demo each make their own (the demo never saves).

import { sleep } from "./dom.js";
import { t, who, refusalText, hintText } from "./i18n.js";
import { SPEEDS, USER_LEVEL } from "./settings.js";
import { fallbackText } from "./userbots.js";

import {
  actionText, trickText, ghnaText, handEndText, auctionWonText, replayLines,
} from "./log.js";

const AUCTION_WORDS = new Set(["bid", "pass", "announce", "signal", "no_signal"]);

/**
 * createGame({client, store, ui, save, motion}) -> the game's flow:
 * {newGame, resume, act, playCard, askHint, kick}.
 * - `client`: the engine (engine-client.js); `store`: the table's store.js;
 * - `ui`: {table, log}: createTable's instance (flights, the hand's card boxes)
 *   and createLog's, read at each use (the page rebuilds them when the language changes);
 * - `save(view, seed)`: keeps the game (or nothing);
 * - `motion()`: false when the player prefers reduced motion (no card flights);
 * - `session`: the engine's session of this game (the page's game is "game");
 * - `script(view)`: when given, the action of the seat to act other than the
 *   player (the lesson's written hand) instead of a bot's, or null to stop;
 * - `persons`: the seats the page acts for (default: the player's, or none when watching);
 * - `onEvent(name)`: "card" (a card played), "trick" (a trick won), "refused" (a refused move),
 *   "watched" (a bot made the player's move: the player watches the bots play);
 * - `ownBots`: the sandbox of the player's own bots (botbox.js), which plays the
 *   seats of "user:<name>" levels: the engine gives it the seat's view and
 *   judges its answer.
 * - `remote(view)`: a table with friends, on the host's page: for a friend's
 *   turn, a promise of its action's answer from the engine ({dropped: true} when
 *   the friend left: a bot plays on), else null; `persons` is then a function
 *   (the seats people play change as friends come and go);
 * - `shown(ans)`: each answer as it is shown (the host sends it to the friends);
 * - `follow`: a friend's page: {next(): the host's next {view, action} (null:
 *   the table closed), send(action)}; the page never asks an engine itself.
 */
export function createGame({
  client, store, ui, save = () => {}, motion = () => true, session = "game", script = null,
  persons = null, onEvent = () => {}, ownBots = null, remote = null, shown = null, follow = null,
}) {
  const { state, update, flush } = store;
  const call = (request) => client.call({ session, ...request });
  const log = { line: (...a) => ui.log.line(...a), clear: () => ui.log.clear() };
  let token = 0; // a new game or a resume stops the loops of the previous one
  // A tap while the engine is busy (the bots play, a card flies) is never lost:
  // the action is kept in `state.queued` (the hand shows a queued card as chosen)
  // and sent as soon as the engine is free; a hint asked meanwhile waits the same way.
  let sending = null;      // the player's action on its way to the engine
  let hintWaiting = null;  // {promise, resolve} of a hint asked while busy

  /** Forgets what waits for the engine (a new game, a resume, a halt). */
  function dropWaiting() {
    if (hintWaiting) hintWaiting.resolve(false);
    hintWaiting = null;
    sending = null;
  }

  /** The engine is free: the queued action is sent, else the hint asked meanwhile. */
  function drain(my) {
    if (my !== token || state.busy) return;
    const q = state.queued;
    if (q) {
      update({ queued: null });
      // a card no longer held was played by that tap already (a double tap)
      if (q.type !== "play" || state.view?.hand_sorted?.includes(q.card)) {
        act(q);
        return;
      }
    }
    if (hintWaiting) {
      const { resolve } = hintWaiting;
      hintWaiting = null;
      askHint().then(resolve);
    }
  }

  function speed() {
    if (!motion()) return 0;
    return Object.hasOwn(SPEEDS, state.settings.speed) ? SPEEDS[state.settings.speed] : 1;
  }

  function show(view) {
    update({ view, shownTrick: view.trick });
  }

  /** A bot's level: the game's own (a challenge, the deal of the day) or the settings'. */
  function botLevel(seat) {
    return seat === 0 || seat === null ? "normal" : (state.gameLevels || state.settings.levels)[seat];
  }

  /** Who plays each seat, as the bots are told: a level, or null for the player. */
  function tableLevels() {
    return [0, 1, 2, 3].map((s) => (s === 0 && !state.settings.watch ? null : botLevel(s)));
  }

  /** The seats a person plays (the engine's worker lets the page act for these only). */
  function people() {
    if (persons) return typeof persons === "function" ? persons() : persons;
    return state.settings.watch ? [] : [0];
  }

  /**
   * Starts a new game from `seed` with `rules` (the settings' rules by default);
   * `oneHand`: only the seed's first deal; `levels`: the bots' levels of this game.
   */
  async function newGame(seed, rules = state.settings.rules, { oneHand = false, levels = null } = {}) {
    const my = ++token;
    dropWaiting();
    update({ busy: true, message: null, hint: null, bubbles: {}, thinking: null, gameLevels: levels, queued: null });
    const ans = await call({ op: "new", seed, rules, people: people(), one_hand: oneHand });
    if (my !== token) return { ok: false };
    if (!ans.ok) {
      update({ busy: false, message: { kind: "refusal", text: refusalText(ans.error) } });
      return { ok: false, error: ans.error };
    }
    log.clear();
    log.line(t("log.new_game", who(ans.view.dealer)), "new-hand");
    update({ seed });
    show(ans.view);
    save(ans.view, seed);
    update({ busy: false });
    run(my);
    return { ok: true };
  }

  /** Resumes a record; {ok: false, error} when the engine refuses it. */
  async function resume(saved) {
    const my = ++token;
    dropWaiting();
    update({ busy: true, message: null, hint: null, bubbles: {}, thinking: null, gameLevels: saved.levels || null,
      queued: null });
    const ans = await call({ op: "load", record: saved.record, people: people() });
    if (my !== token) return { ok: true };
    if (!ans.ok) {
      update({ busy: false });
      return { ok: false, error: ans.error, reason: refusalText(ans.error) };
    }
    const v = ans.view;
    log.clear();
    for (const line of replayLines(v)) log.line(line);
    log.line(t("log.resumed"), "note");
    const bubbles = {};
    if (v.phase === "auction" || v.phase === "signal") {
      for (const a of v.hand_actions) if (AUCTION_WORDS.has(a.type)) bubbles[a.seat] = a;
    }
    const seed = typeof saved.record.seed === "number" ? saved.record.seed : null;
    update({ seed, bubbles });
    show(v);
    save(v, seed);
    update({ busy: false });
    run(my);
    return { ok: true };
  }

  /**
   * The player acts (seat 0): the engine accepts it or says why not.  While the
   * engine is busy the action is queued (the last one tapped), and sent when it is free.
   */
  async function act(action) {
    if (follow) {                                   // a friend's page: the host's engine judges it
      if (state.view) follow.send(action);
      return;
    }
    if (!state.view) return;
    if (state.busy) {
      // the action on its way tapped again is that same tap; watching, nothing is the player's
      if (!state.settings.watch && JSON.stringify(action) !== JSON.stringify(sending)) {
        update({ queued: action });
      }
      return;
    }
    const my = token;
    const prev = state.view;
    sending = action;
    update({ busy: true, message: null, hint: null });
    let ans;
    try {
      ans = await call({ op: "act", action });
    } catch {
      return;
    }
    if (my !== token) return;
    if (!ans.ok) {
      sending = null;
      update({ busy: false, message: { kind: "refusal", text: refusalText(ans.error) } });
      if (action.type === "play") ui.table.hand.shake(action.card);
      onEvent("refused");
      drain(my);
      return;
    }
    await present(ans, prev);
    sending = null;
    update({ busy: false });
    run(my);
  }

  /**
   * Asks the engine's hint for the player's turn and highlights it; true when a
   * hint was shown.  It says at once that it is looking; asked while the engine is
   * busy, it is answered as soon as the engine is free.
   */
  async function askHint() {
    if (!state.view) return false;
    if (state.settings.watch) {        // nothing is the player's to do: said at once
      update({ message: { kind: "note", text: t("hint.none") }, hint: null });
      return false;
    }
    update({ message: { kind: "note", text: t("hint.waiting") } });
    if (state.busy) {
      if (!hintWaiting) {
        let resolve;
        const promise = new Promise((r) => { resolve = r; });
        hintWaiting = { promise, resolve };
      }
      return hintWaiting.promise;
    }
    const asked = state.view;
    const ans = await call({ op: "hint", table: tableLevels() });
    if (state.view !== asked) return false;   // the player moved on meanwhile
    if (!ans.ok) {
      update({ message: { kind: "refusal", text: refusalText(ans.error) } });
      return false;
    }
    if (!ans.hint || state.settings.watch) {
      update({ message: { kind: "note", text: t("hint.none") }, hint: null });
      return false;
    }
    update({ hint: ans.hint.action, message: { kind: "hint", text: `${t("hint.title")}: ${hintText(ans.hint)}` } });
    return true;
  }

  /** Tells the engine who plays which seat again, then lets the bots go on (watch mode changed). */
  async function kick() {
    if (state.busy || !state.view) return;
    const my = token;
    const ans = await call({ op: "people", people: people() });
    if (my !== token || state.busy) return;
    if (ans.ok) show(ans.view);
    run(token);
  }

  async function run(my) {
    while (my === token) {
      if (follow) {
        if (!await followOne(my)) return;
        continue;
      }
      const v = state.view;
      if (!v || v.phase === "game_over") break;
      const watch = state.settings.watch;
      const seat = v.to_act;
      const botTurn = v.phase === "hand_over" ? watch : seat !== 0 || watch;
      if (!botTurn) break;
      const pace = (v.phase === "hand_over" ? 2500 : v.phase === "play" ? 450 : 650) * speed();
      const scripted = script ? script(v) : null;
      if (script && !scripted) break;
      update({ busy: true, thinking: seat });
      let ans;
      try {
        if (remote) await call({ op: "people", people: people() });   // friends come and go
        const theirs = remote ? remote(v) : null;
        const level = botLevel(seat);
        const asked = theirs || (scripted ? call({ op: "act", action: scripted })
          : ownBots && USER_LEVEL.test(level) && v.phase !== "hand_over" ? ownBotTurn(level)
            : call({ op: "bot", level, table: tableLevels() }));
        [ans] = await Promise.all([asked, theirs ? null : sleep(pace)]);
      } catch {
        return;
      }
      if (my !== token) return;
      update({ thinking: null });
      if (ans.dropped) continue;                  // a friend left: a bot takes the seat
      if (!ans.ok) {
        update({ message: { kind: "refusal", text: refusalText(ans.error) } });
        break;
      }
      if (ans.fallback && ans.fallback.kind !== "hung") {   // a bot of the player's own failed: the normal
        // bot played (views/bots.js); one that hung stopped its sandbox, which main.js says
        // (ownBotsStopped)
        log.line(fallbackText(ans.fallback), "error");
        update({ message: { kind: "refusal", text: fallbackText(ans.fallback) } });
      }
      await present(ans, v);
      if (watch && seat === 0 && v.phase !== "hand_over") onEvent("watched");
    }
    if (my === token) {
      update({ busy: false, thinking: null });
      drain(my);
    }
  }

  /**
   * A seat of the player's own bot: the engine gives its seat's view to the
   * sandbox, whose answer (or failure) the engine then judges; a refused one is
   * played by the normal bot and reported (`fallback`).
   */
  async function ownBotTurn(level) {
    const name = level.slice("user:".length);
    const got = await call({ op: "bot_view" });
    if (!got.ok) return got;
    const res = await ownBots.choose(name, got.view);
    const ask = (said) => call({ op: "bot", level, table: tableLevels(), ms: res.ms, ...said });
    let ans = await ask(res.failure ? { failure: res.failure } : { answer: res.answer });
    if (!ans.ok && !res.failure && ["bad_request", "malformed"].includes(ans.error?.code)) {
      // an answer the engine cannot even read (nested too deep, not data): the bot failed, and the
      // normal bot plays for it, as for any answer the engine refuses
      // (the detail is technical, as a bot's exception is: the engine's own code for it)
      ans = await ask({ failure: { kind: "error", detail: `${ans.error.code}: an answer too large or nested too deep` } });
    }
    if (ans.ok) ownBots.judged(name, ans.fallback || null);
    return ans;
  }

  /** Shows one accepted action: log, bubble, card flights, phase changes; then saves. */
  async function present(ans, prev) {
    shown?.(ans);
    const v = ans.view;
    const a = ans.action;
    const sp = speed();
    const playing = a?.type === "play" && prev.hand_number === v.hand_number;
    // where a card flies from, read before this action changes the page (a read
    // after any change, a log line too, lays the page out once more in this task)
    const from = !playing || sp <= 0 ? null
      : a.seat === 0 ? ui.table.hand.cardRect(a.card) : ui.table.seatRect(a.seat);
    const bubbles = { ...state.bubbles };
    const clear = () => { for (const k of Object.keys(bubbles)) delete bubbles[k]; };
    if (a?.type === "next_hand") {
      log.line(t("log.new_hand", { n: v.hand_number + 1, ...who(v.dealer) }), "new-hand");
      clear();
    } else if (a?.type === "ghna") {
      const g = v.ghna.at(-1);
      if (g) log.line(ghnaText(g), "ghna");
      bubbles[a.seat] = a;
    } else if (a) {
      log.line(actionText(a));
      if (AUCTION_WORDS.has(a.type) || a.type === "concede") bubbles[a.seat] = a;
    }
    if (prev.phase === "ghna" && v.phase === "play") clear();
    if (playing) {
      clear();
      const finished = v.tricks.length > prev.tricks.length;
      update({ view: v, shownTrick: finished ? v.tricks.at(-1).cards : v.trick, bubbles });
      flush();
      onEvent("card");
      await ui.table.trick.animatePlay(a.seat, from, sp);
      if (finished) {
        const trick = v.tricks.at(-1);
        ui.table.trick.announce(t("trick.taken", { ...who(trick.winner), points: trick.points }),
          Math.max(1200, 2000 * sp));
        onEvent("trick");
        if (sp > 0) await sleep(650 * sp);
        await ui.table.trick.animateCollect(trick.winner, sp);
        log.line(trickText(trick), "trick");
        update({ shownTrick: v.trick });
      }
    } else {
      update({ view: v, shownTrick: v.trick, bubbles });
    }
    if ((prev.phase === "auction" || prev.phase === "signal") && v.phase === "trump") {
      log.line(auctionWonText(v.contract), "contract");
    }
    if (prev.phase === "trump" && v.phase === "play") update({ bubbles: {} });
    const over = (p) => p === "hand_over" || p === "game_over";
    if (over(v.phase) && !over(prev.phase)) update({ bubbles: {} });   // what was said ends with the hand
    if (over(v.phase) && !over(prev.phase) && v.last_hand) {
      log.line(handEndText(v.last_hand), "result");
      if (v.phase === "game_over" && v.winner !== null) {
        log.line(t("log.winner", { team: v.winner, a: v.scores[v.winner], b: v.scores[1 - v.winner] }), "result");
      }
    }
    save(v, state.seed);
  }

  /** A friend's page: the host's next action shown; false once this flow stopped or the table closed. */
  async function followOne(my) {
    const v = state.view;
    update({ busy: false, thinking: v && v.to_act !== 0 && v.to_act !== null ? v.to_act : null });
    const ans = await follow.next();
    if (my !== token || !ans) return false;
    update({ busy: true, thinking: null });
    await present(ans, state.view || ans.view);
    return true;
  }

  /** A friend's page: shows the host's table as it is now, then follows it. */
  function followFrom(view) {
    const my = ++token;
    log.clear();
    update({ message: null, hint: null, bubbles: {}, thinking: null });
    show(view);
    run(my);
  }

  /** Stops this game's flow here (another tab took the game): nothing more is asked or saved. */
  function halt() {
    token += 1;
    dropWaiting();
    update({ busy: true, thinking: null, queued: null });
  }

  return {
    newGame, resume, act, askHint, kick, halt, followFrom,
    playCard: (card) => act({ type: "play", seat: 0, card }),
  };
}

