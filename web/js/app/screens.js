// The screens (views/) on hash routes: what they get from the page (the
// `app` object: the engine, the game's store, storage, and ways back to the
// table), the router, and showRoute (the fragment's screen; the game's place
// is "elsewhere" when another tab has the game).

import { $ } from "../dom.js";
import { loadGame } from "../save.js";
import { createRouter, routeOf } from "../router.js";

/**
 * createScreens({root, config, base, client, ownBots, store, storage, tabs, ui, game, marks, links})
 * -> {app, router, showRoute()}:
 * - `config`, `base`: the build's config and the app folder's URL;
 * - `client`: the engine; `ownBots`: the sandbox of the player's own bots;
 * - `store`: the page's store.js; `storage`: the site's Store (storage.js);
 * - `tabs`: tabs.js; `ui`: the page's parts ({log}, read at each use);
 * - `game`: the page's game (game.js); `marks`: app/marks.js; `links`: app/links.js.
 * The ways to the game of `app` (play, open, playDeal, resumeGame) go through
 * this tab's ownership of it once app/owner.js has wrapped them.
 */
export function createScreens({ root, config, base, client, ownBots, store, storage, tabs, ui, game, marks, links }) {
  const { state } = store;
  const { current, startNew } = marks;
  const { gameInProgress, mayReplace, resumeEntry } = links;

  /** What the screens (views/) get: the engine, the game's store, storage, and ways back to the table. */
  const app = {
    client,
    ownBots,
    store,
    storage,
    config,
    base,
    /** Starts a game on the table and shows it. */
    async play(seed, rules = state.settings.rules) {
      location.hash = "";
      await startNew(seed, rules);
    },
    /** Resumes a record on the table and shows it; {ok, reason}. */
    async open(record) {
      location.hash = "";
      return game.resume({ record });
    },
    /**
     * Plays one deal on the table (the seed's first deal): `kind` "daily" or
     * "challenge", the bots' `levels` fixed, `of` what it belongs to.  Over a
     * game in progress the player is asked first, and the replaced game is
     * kept as the previous game (and stays in the history, to resume); the
     * same deal still in progress on the table is simply shown again.
     */
    async playDeal(seed, { rules, levels, kind, of }) {
      if (state.view && current.kind === kind && JSON.stringify(current.of) === JSON.stringify(of)
          && gameInProgress(loadGame())) {
        location.hash = "";
        return;
      }
      if (!await mayReplace(kind)) return;
      location.hash = "";
      await startNew(seed, rules, kind, { levels, of });
    },
    /** Resumes a game of the history on the table (asking first over another one): see resumeEntry. */
    resumeGame: (entry) => resumeEntry(entry),
    /** The id of the challenge whose hand is on the table, or null. */
    currentChallenge: () => (current.kind === "challenge" ? current.of?.id ?? null : null),
  };
  const router = createRouter({ root, game: $("#app"), screen: $("#screen"), app });

  /**
   * Shows the fragment's screen (the game's is "elsewhere" when another tab has
   * it); one that fails leaves the page working (the menu, the table).
   */
  function showRoute() {
    const route = routeOf(location.hash);
    const shown = route.view === "game" && !tabs.owns() ? { view: "elsewhere", payload: null } : route;
    return router.show(shown).catch((err) => {
      ui.log.line(String(err?.message || err), "error");
      console.error(err);              // for whoever reads the console (and the browser tests' reports)
    });
  }

  return { app, router, showRoute };
}
