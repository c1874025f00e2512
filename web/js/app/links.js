// Saves and links: the saved game resumed (a damaged save reported and moved
// aside), links (#game=CODE, #record=...) opened, a game of the history
// resumed, and the previous game brought back.
//
// Links never replace a game in progress without asking: the player chooses
// to resume theirs or open the link, and a replaced game is kept as the
// previous game (the menu brings it back).  The deal of the day, a challenge's
// deal and the history ask the same way over a game the player has begun.  A
// link that cannot be read is reported as a bad link, never as a damaged save.

import { h } from "../dom.js";
import { t, refusalText } from "../i18n.js";
import { loadGame, loadPrevious, quarantineGame, swapWithPrevious } from "../save.js";
import { readLink } from "../links.js";
import { recordOf } from "../history.js";
import { showCorruptSave, openDialog } from "../dialogs.js";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * createLinks({client, store, storage, tabs, ui, game, marks}) -> {gameInProgress,
 * resumeSaved, mayReplace, resumeEntry, openLink, takeLink, showBadLink,
 * linkFailed, confirmPrevious}:
 * - `client`: the engine (a record's link is checked by it first);
 * - `store`: the page's store.js; `storage`: the site's Store (storage.js);
 * - `tabs`: tabs.js (only the tab that owns the game swaps it with the previous one);
 * - `ui`: the page's parts ({bar}, read at each use); `game`: the page's game (game.js);
 * - `marks`: the game on the table (app/marks.js): its `current` and `replaced`.
 */
export function createLinks({ client, store, storage, tabs, ui, game, marks }) {
  const { state, update } = store;
  const { current, startNew, beginGame } = marks;

  /** Is there a game worth asking about: this tab's, or the saved one, not over and begun? */
  function gameInProgress(saved) {
    if (state.view) return !["game_over"].includes(state.view.phase) && state.view.action_count > 0;
    if (saved.status !== "ok") return false;
    const s = saved.save;
    if (s.phase) return s.phase !== "game_over" && s.record.actions?.length > 0;
    return Array.isArray(s.record.actions) && s.record.actions.length > 0;
  }

  /** Resumes the saved game, or starts a new one; a damaged save is reported and moved aside. */
  async function resumeSaved() {
    const saved = loadGame();
    if (saved.status === "ok") {
      Object.assign(current, { id: saved.save.gameId || null, kind: saved.save.kind || "game",
        practice: !!saved.save.practice, hinted: !!saved.save.hinted, ownBot: !!saved.save.ownBot, hands: -1, levels: saved.save.levels || null, of: saved.save.of || null });
      update({ practice: current.practice });
      const r = await game.resume(saved.save);
      if (r.ok) return;
      quarantineGame();
      showCorruptSave(r.reason, () => startNew());
      return;
    }
    if (saved.status === "corrupt") {
      quarantineGame();
      showCorruptSave(saved.reason, () => startNew());
      return;
    }
    await startNew();
  }

  /** Asks whether to open a link over the game in progress: resolves "open" or "keep". */
  function askLink() {
    return new Promise((resolve) => {
      const d = openDialog("link", t("link.title"), h("p", {}, t("link.text")), [
        [t("link.keep"), () => resolve("keep"), { id: "link-keep" }],
        [t("link.open"), () => resolve("open"), { class: "primary", id: "link-open" }],
      ]);
      d.addEventListener("cancel", () => resolve("keep"), { once: true });
    });
  }

  /** Asks before `what` ("daily", "challenge", "history") replaces the game in progress: resolves "open" or "keep". */
  function askReplace(what) {
    return new Promise((resolve) => {
      const d = openDialog("replace", t("replace.title", { what }), h("p", {}, t("replace.text")), [
        [t("link.keep"), () => resolve("keep"), { id: "replace-keep" }],
        [t("replace.go", { what }), () => resolve("open"), { class: "primary", id: "replace-go" }],
      ]);
      d.addEventListener("cancel", () => resolve("keep"), { once: true });
    });
  }

  /**
   * Has the player taken a decision in the game (or finished a hand of it)?  A
   * game the page started by itself, where only the bots spoke, is not asked about.
   */
  function playerActed(saved) {
    const record = state.view ? state.view.record : saved.status === "ok" ? saved.save.record : null;
    const actions = Array.isArray(record?.actions) ? record.actions : [];
    return actions.some((a) => a && (a.seat === 0 || a.type === "next_hand"));
  }

  /** A deal of the day or a challenge's deal whose one hand is played: over (its phase stays hand_over). */
  function dealPlayed(saved) {
    if (state.view) return current.kind !== "game" && state.view.history.length > 0;
    return saved.status === "ok" && (saved.save.kind || "game") !== "game" && saved.save.phase === "hand_over";
  }

  /**
   * Before `what` takes the table: over a game in progress that the player has
   * begun they are asked (false: they keep it, and it is shown again); the game
   * replaced becomes the previous game once the new one is saved (keep()), as
   * with links.
   */
  async function mayReplace(what) {
    const saved = loadGame();
    if (!gameInProgress(saved) || !playerActed(saved) || dealPlayed(saved)) return true;
    if (await askReplace(what) === "keep") {
      location.hash = "";
      if (!state.view) await resumeSaved();
      return false;
    }
    marks.replaced = storage.read("touti.game.v1");
    return true;
  }

  /** What a game of the history belongs to, checked (it came from storage or an imported file). */
  function entryOf(kind, of) {
    if (!of || typeof of !== "object") return null;
    if (kind === "daily" && typeof of.day === "string" && DAY.test(of.day)) return { day: of.day };
    if (kind === "challenge" && typeof of.id === "string" && Number.isInteger(of.hand) && of.hand >= 0) {
      return { id: of.id, hand: of.hand };
    }
    return null;
  }

  /**
   * Resumes a game of the history (`entry`: id, kind, levels, of, record) on
   * the table: {ok: true}, {ok: false, kept: true} when the player keeps the
   * game in progress, or {ok: false, reason} when its record is refused (the
   * game in progress then goes on).  When it is the previous game, the
   * previous game's save is used (it is saved at every action; the history at
   * each hand's start) and the two games change places.
   */
  async function resumeEntry(entry) {
    if (!entry || typeof entry.id !== "string") return { ok: false, reason: "" };
    if (entry.id === current.id && state.view) {         // already on the table
      location.hash = "";
      return { ok: true };
    }
    const previous = loadPrevious();
    const fromPrevious = previous.status === "ok" && previous.save.gameId === entry.id;
    const record = fromPrevious ? previous.save.record : recordOf(entry);
    if (!record) return { ok: false, reason: t("history.damaged") };
    if (!await mayReplace("history")) return { ok: false, kept: true };
    if (fromPrevious && marks.replaced === null) marks.replaced = storage.read("touti.game.v1");
    const meta = fromPrevious ? previous.save : entry;
    const kind = ["daily", "challenge"].includes(meta.kind) ? meta.kind : "game";
    const fixed = kind !== "game" && meta.levels && typeof meta.levels === "object" ? meta.levels : null;
    location.hash = "";
    Object.assign(current, { id: entry.id, kind, practice: !!meta.practice, hinted: !!meta.hinted,
      ownBot: !!meta.ownBot, hands: -1, levels: fixed, of: entryOf(kind, meta.of) });
    update({ practice: current.practice });
    const r = await game.resume({ record, levels: fixed });
    if (r.ok) {
      if (fromPrevious && loadPrevious().save?.gameId === entry.id) storage.remove("touti.game.previous");
      ui.bar.setPrevious(loadPrevious().status === "ok");
      return { ok: true };
    }
    marks.replaced = null;
    await resumeSaved();               // the game in progress goes on
    return { ok: false, reason: r.reason };
  }

  function showBadLink(reason) {
    openDialog("bad-link", t("link.bad.title"), h("p", {}, reason ? t("link.bad.reason", { reason }) : t("link.bad.text")),
      [[t("close"), null, { id: "bad-link-close" }]]);
  }

  /** Opens a link (asking first when a game is in progress). */
  async function openLink(link) {
    if (link.kind === "bad") {
      if (!state.view) await resumeSaved();
      showBadLink();
      return;
    }
    if (link.kind === "record") {                 // a record the engine refuses is a bad link
      const checked = await client.call({ op: "check", record: link.record });
      if (!checked.ok) {
        if (!state.view) await resumeSaved();
        showBadLink(refusalText(checked.error));
        return;
      }
    }
    const saved = loadGame();
    if (gameInProgress(saved)) {
      if (await askLink() === "keep") {
        if (!state.view) await resumeSaved();
        return;
      }
      marks.replaced = storage.read("touti.game.v1");
    }
    if (link.kind === "game") {
      await startNew(link.seed, link.rules);
      return;
    }
    beginGame();
    const r = await game.resume({ record: link.record });
    if (r.ok) return;
    marks.replaced = null;
    await resumeSaved();               // the game in progress goes on
    showBadLink(r.reason);
  }

  /** The fragment's link (and clears it from the address bar), or null. */
  function takeLink() {
    const link = readLink(location.hash);
    if (link) history.replaceState(null, "", location.pathname + location.search);
    return link;
  }

  function confirmPrevious() {
    openDialog("previous", t("previous.title"), h("p", {}, t("previous.text")), [
      [t("settings.cancel"), null],
      [t("previous.switch"), async () => {
        if (tabs.mayWrite() && swapWithPrevious()) await resumeSaved();
        ui.bar.setPrevious(loadPrevious().status === "ok");
      }, { class: "primary", id: "previous-switch" }],
    ]);
  }

  /** A link that failed half-way (it should never): reported as a bad link, the game in progress goes on. */
  async function linkFailed(err) {
    console.error(err);
    marks.replaced = null;
    if (!state.view) await resumeSaved();
    showBadLink();
  }

  return {
    gameInProgress, resumeSaved, mayReplace, resumeEntry, openLink, takeLink, showBadLink, linkFailed,
    confirmPrevious,
  };
}
