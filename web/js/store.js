// A game's state object, one per table: components read it and draw; changes
// go through update(), which batches the redraw into the next animation frame
// (chessground's way).  The game page and the rules demo each make their own.

/** The fields of a table's state, with their starting values. */
function initial() {
  return {
    settings: null,      // settings.js (levels, speed, watch, locale, rules)
    ready: false,        // the engine is loaded
    view: null,          // the engine's view for seat 0 (plus the bridge's display extras)
    shownTrick: null,    // the cards drawn on the table (a finished trick lingers)
    bubbles: {},         // seat -> its last auction word (the action: worded when drawn)
    message: null,       // {kind: "refusal"|"hint"|"note"|"lesson", text}
    hint: null,          // the hinted action (highlighted)
    thinking: null,      // seat whose bot is thinking
    busy: false,         // an action is being sent or animated
    queued: null,        // the player's action tapped while busy, sent when the engine is free (game.js)
    seed: null,          // the seed of the game in progress (for the game code)
    practice: false,     // a take-back was used in this game
    gameLevels: null,    // the bots' levels fixed by the game (a challenge, the deal of the day)
  };
}

/**
 * createStore({root}) -> {state, update, flush, onRender}.  `root` (an
 * element, usually <html>) receives data-busy: "true" at once when an action
 * starts, "false" with the redraw that ends it.
 */
export function createStore({ root = null, ...fields } = {}) {
  const state = { ...initial(), ...fields };
  const renderers = [];
  let scheduled = false;

  function flush() {
    scheduled = false;
    for (const fn of renderers) fn(state);
    if (root) root.dataset.busy = String(!!state.busy);
  }

  function update(patch = {}) {
    Object.assign(state, patch);
    if (root && patch.busy === true) root.dataset.busy = "true";
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(flush);
    }
  }

  return { state, update, flush, onRender: (fn) => renderers.push(fn) };
}
