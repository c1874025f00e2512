// The page's one state object.  Components read it and draw; changes go
// through update(), which batches the redraw into the next animation frame.

export const state = {
  config: null,        // the build's paths
  settings: null,      // settings.js
  ready: false,        // the engine is loaded
  view: null,          // the engine's view for seat 0 (plus display extras)
  shownTrick: null,    // the cards drawn on the table (a finished trick lingers)
  bubbles: {},         // seat -> text of its last auction word
  message: null,       // {kind: "refusal"|"hint"|"note", text}
  hint: null,          // the hinted action (highlighted)
  thinking: null,      // seat whose bot is thinking
  busy: false,         // an action is being sent or animated
  dialog: null,        // the open dialog's name
  seed: null,          // the seed of the game in progress (for the game code)
};

const renderers = [];
let scheduled = false;

/** Registers a draw function (called with the state after each batch of updates). */
export function onRender(fn) {
  renderers.push(fn);
}

export function update(patch = {}) {
  Object.assign(state, patch);
  // "busy" shows at once (a click is being handled); "idle" comes with the redraw.
  if (patch.busy === true) document.documentElement.dataset.busy = "true";
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(flush);
  }
}

/** Draws now (before an animation that must start from the new layout). */
export function flush() {
  scheduled = false;
  for (const fn of renderers) fn(state);
  document.documentElement.dataset.busy = String(!!state.busy);
}
