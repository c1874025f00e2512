// A screen that follows the history while it is shown (#history, #stats).
// After a change of the history (history.js's notices: an event in this tab,
// a BroadcastChannel message from the site's other tabs) it draws again a
// moment later, once for a burst of changes.  Its draws run one after the
// other (each reads the history afresh), and none once the screen is left:
// by its unmount (router.js), or when another screen took its place without
// unmounting it (its element is no longer in the page).

import { onHistoryChange } from "./history.js";

/** How long after a change of the history a screen draws it again (a burst of changes: once), in ms. */
export const REDRAW_MS = 150;

/**
 * followHistory({shown, redraw, failed, delay, listen}) -> {serial(fn), attempt(fn), alive(), stop()}
 *
 * `shown()` says whether the screen is still in the page; `redraw()` draws it
 * again (a promise); `failed(err)` is told when a draw run by `attempt` (the
 * redraws after a change are) failed: the history could not be read;
 * `listen(fn)` calls `fn` on each change and returns its `off()`
 * (`onHistoryChange`).  `serial(fn)` runs `fn` after the draws before it
 * (never once stopped) and returns its promise; `attempt(fn)` is the same,
 * its failure given to `failed` (not once stopped); `stop()` ends the
 * following (the screen's unmount).
 */
export function followHistory({ shown, redraw, failed = () => {}, delay = REDRAW_MS, listen = onHistoryChange }) {
  let alive = true;
  let queue = Promise.resolve();
  let timer = 0;

  function serial(fn) {
    const run = queue.catch(() => {}).then(() => (alive ? fn() : undefined));
    queue = run;
    return run;
  }

  function attempt(fn) {
    return serial(fn).catch((err) => (alive ? failed(err) : undefined));
  }

  function stop() {
    alive = false;
    clearTimeout(timer);
    off();
  }

  const off = listen(() => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!shown()) stop();
      else attempt(redraw);
    }, delay);
  });

  return { serial, attempt, stop, alive: () => alive };
}
