// The game on the page's table and its marks: what it is (its id in the
// history, its kind, the bots' levels it fixes, what it belongs to) and how
// it was played (a take-back made it practice, a hint was shown, a bot of the
// player's own sat at the table).  keep() saves it after every action and
// records it in the history as each hand begins and ends; the one hand of a
// deal of the day or of a challenge keeps its result there too.

import { t } from "../i18n.js";
import { USER_LEVEL, randomSeed } from "../settings.js";
import { saveGame } from "../save.js";
import { newGameId, recordGame, markPractice, markGame } from "../history.js";
import { recordDay } from "../daily.js";
import { recordMine, AIDS } from "../challenges.js";
import { encodeActions } from "../compact.js";
import { closeDialog } from "../dialogs.js";

/**
 * createMarks({store, storage, tabs, ui, game}) -> the game on the table:
 * {current, replaced, keep, markAided, askHint, beginGame, startNew, takeBack}.
 * - `store`: the page's store.js; `storage`: the site's Store (storage.js);
 * - `tabs`: tabs.js (a tab that does not own the game never writes its save);
 * - `ui`: the page's parts ({bar}, read at each use);
 * - `game()`: the page's game (game.js), which saves through keep().
 * `replaced` is the save of the game this tab replaces (a link, a deal, the
 * history): kept as the previous game once the new one is saved, or null.
 */
export function createMarks({ store, storage, tabs, ui, game }) {
  const { state, update } = store;

  /**
   * The game on the table: its id in the history, its kind ("game", "daily",
   * "challenge"), whether a take-back made it practice, whether a hint was
   * shown (`hinted`) or a bot of the player's own sat at the table (`ownBot`):
   * the history and a challenge's link mark them; the bots' levels it fixes,
   * and what it belongs to (the day, or the challenge and its hand).
   */
  const current = { id: null, kind: "game", practice: false, hinted: false, ownBot: false, hands: -1, levels: null, of: null };

  const marks = {
    current,
    /** The save of the game this tab replaces through a link: kept as the previous game once the new one is saved. */
    replaced: null,
    keep,
    markAided,
    askHint,
    beginGame,
    startNew,
    takeBack,
  };

  /** Marks the game on the table as played with `flag` ("hinted", "ownBot"): kept in its save and its history entry. */
  function markAided(flag) {
    if (current[flag]) return;
    current[flag] = true;
    markGame(current.id, flag).catch(() => {});
    if (state.view) keep(state.view, state.seed);
  }

  /** The hint (the menu, the H key): a game where one was shown is marked. */
  async function askHint() {
    if (await game().askHint()) markAided("hinted");
  }

  function keep(view, seed) {
    if (!tabs.mayWrite()) return;          // another tab has the game: this one never writes its save
    const levels = current.levels || state.settings.levels;
    if (!current.ownBot && [1, 2, 3].some((s) => USER_LEVEL.test(levels[s] || ""))) {
      current.ownBot = true;
      if (current.id) markGame(current.id, "ownBot").catch(() => {});
    }
    // The game this one replaces is kept as the previous game first; while the
    // browser refuses it (storage full), this game is not saved over it: the
    // status says the game is not being saved, and the next action tries again.
    if (marks.replaced !== null && storage.write("touti.game.previous", marks.replaced)) {
      marks.replaced = null;
      ui.bar.setPrevious(true);
    }
    if (!current.id) {
      current.id = newGameId();
      current.hands = -1;
    }
    if (marks.replaced === null) saveGame(view.record, { seed, phase: view.phase, savedAt: Date.now(), gameId: current.id,
      kind: current.kind, practice: current.practice, hinted: current.hinted, ownBot: current.ownBot,
      levels: current.levels, of: current.of });
    if (view.history.length !== current.hands) {          // a game begins, or a hand ends
      const ended = current.hands >= 0 && view.history.length > current.hands;
      current.hands = view.history.length;
      recordGame(current.id, view, { levels: current.levels || state.settings.levels, kind: current.kind,
        of: current.of, practice: current.practice, hinted: current.hinted, ownBot: current.ownBot }).catch((err) => storage.setStatus(err?.name === "VersionError" ? "newer" : "full"));
      if (ended && view.history.length === 1) handEnded(view);
    }
  }

  /** The one hand of a deal of the day or of a challenge is over: its result is kept. */
  function handEnded(view) {
    const result = view.history[0];
    if (current.kind === "daily" && current.of) recordDay(current.of.day, result, view.record, current.id);
    if (current.kind === "challenge" && current.of) {
      recordMine(current.of.id, current.of.hand, encodeActions(view.record.actions), result, storage,
        (current.hinted ? AIDS.hint : 0) | (current.practice ? AIDS.takeBack : 0));
    }
  }

  /** A new game on the table: a new entry of the history. */
  function beginGame(kind = "game", levels = null, of = null) {
    Object.assign(current, { id: null, kind, practice: false, hinted: false, ownBot: false, hands: -1, levels, of });
    update({ practice: false });
  }

  /** Starts a new game on the table (`kind` "daily" or "challenge": one hand, the bots' `levels` fixed, `of` what it belongs to). */
  function startNew(seed = randomSeed(), rules = state.settings.rules, kind = "game", { levels = null, of = null } = {}) {
    closeDialog();
    beginGame(kind, levels, of);
    return game().newGame(seed, rules, { oneHand: kind !== "game", levels });
  }

  /** Take back the player's last decision of this hand (with take-backs allowed): practice. */
  async function takeBack() {
    const v = state.view;
    if (!v || state.busy || !state.settings.takeBacks) return;
    const actions = v.record.actions;
    const start = actions.length - v.hand_actions.length;
    let i = actions.length - 1;
    while (i >= start && actions[i].seat !== 0) i -= 1;
    if (i < start) {
      update({ message: { kind: "note", text: t("takeback.none") } });
      return;
    }
    current.practice = true;
    markPractice(current.id).catch(() => {});
    update({ practice: true });
    await game().resume({ record: { ...v.record, actions: actions.slice(0, i) } });
    update({ message: { kind: "note", text: t("takeback.done") } });
  }

  return marks;
}
