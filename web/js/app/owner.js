// One tab at a time owns the game in progress (tabs.js): it alone plays it and
// writes its save.  A tab asks for it when it first shows or starts the game
// (a screen such as the lesson or the rules never does); in a tab that does
// not have it, the game's place shows "elsewhere" (views/elsewhere.js), whose
// "Play here" takes it over: the tab it is taken from stops and shows
// "elsewhere" in turn.

import { closeDialog } from "../dialogs.js";

/**
 * createOwner({root, store, tabs, ui, game, marks, links, app, router, showRoute})
 * -> {playHere(what, options), lostGame()}:
 * - `root`: the page's <html> (data-tab: "owner" or "elsewhere");
 * - `store`: the page's store.js; `tabs`: tabs.js (its onLost calls lostGame);
 * - `ui`: the page's parts ({log}, read at each use); `game`: the page's game;
 * - `marks`: app/marks.js; `links`: app/links.js;
 * - `app`, `router`, `showRoute`: app/screens.js's.  The screens' ways to the
 *   game (app.play, open, playDeal, resumeGame) are wrapped to go through
 *   playHere, and app.takeOver is "Play here".
 * Listens for the page coming back into view from its creation.
 */
export function createOwner({ root, store, tabs, ui, game, marks, links, app, router, showRoute }) {
  const { update } = store;
  const { openLink, linkFailed, resumeSaved } = links;
  /** What this tab was asked to do with the game while another tab had it ({link} or {run}): done at "Play here". */
  let pending = null;
  /** How many calls of playHere are putting a game on the table now. */
  let entering = 0;

  /**
   * This tab plays the game: `what` ({link} to open, or {run}) when given, else
   * the game on its table (the saved one when it has just gained the game).  It
   * owns the game, or gains it when no other tab has it (`take`: from the tab
   * that has it; `wait`: ms for one being reloaded to let go); otherwise `what`
   * waits for "Play here": false.
   */
  async function playHere(what = null, { take = false, wait } = {}) {
    const had = tabs.owns();
    if (what) pending = what;
    if (!had && !(take ? await tabs.take() : await tabs.claim(wait))) {
      root.dataset.tab = "elsewhere";
      return false;
    }
    root.dataset.tab = "owner";
    const todo = pending;
    pending = null;
    entering += 1;
    try {
      if (todo?.link) await openLink(todo.link).catch(linkFailed);
      else if (todo?.run) await todo.run();
      else if (!had && entering === 1) await resumeSaved();     // (not over a game another call is putting there)
    } finally {
      entering -= 1;
    }
    return true;
  }

  /** Another tab took the game over: this one stops it, drops its table and says where the game is. */
  function lostGame() {
    game.halt();
    root.dataset.tab = "elsewhere";
    pending = null;
    marks.replaced = null;
    closeDialog();
    marks.beginGame();
    update({ view: null, message: null, hint: null, bubbles: {} });
    store.flush();                         // no card of it is left to act with, even for a moment
    ui.log.clear();
    if (router.current() === "game") showRoute();
  }

  // the screens' ways to the game (views/: play, a deal, a game of the history) go
  // through this tab's ownership of it: when another tab has the game, "elsewhere"
  // says so, and "Play here" then does what was asked
  for (const name of ["play", "open", "playDeal", "resumeGame"]) {
    const run = app[name];
    if (typeof run !== "function") continue;
    app[name] = async (...args) => {
      let out = { ok: false };
      if (!(await playHere({ run: async () => { out = await run(...args); } }))) location.hash = "";
      return out;
    };
  }
  /** "Play here" (views/elsewhere.js): this tab takes the game over from the tab that has it. */
  app.takeOver = async () => {
    await playHere(null, { take: true });
    await showRoute();
  };

  // back in view with no other tab playing the game (that tab was closed): this one takes it
  document.addEventListener("visibilitychange", async () => {
    if (document.visibilityState !== "visible" || tabs.owns() || router.current() !== "elsewhere") return;
    if (await playHere()) showRoute();
  });

  return { playHere, lostGame };
}
