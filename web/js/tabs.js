// One tab at a time owns the game in progress (its save and its history
// entry): two tabs of the site that both played would overwrite each other's
// game.  The owner holds a Web Lock for its life; a tab that opens while
// another holds it says so and offers to take over, which steals the lock:
// the tab that had it hears so at once (its lock request is aborted), stops
// its game and writes nothing more, and offers to take it back in turn.
// The taking tab then reads the save the other one left.
//
// A browser without Web Locks (old ones) keeps the former behaviour: every
// tab plays.

/** The lock's name (one per site: a lock is per origin). */
export const LOCK = "touti-game";

/**
 * createTabLock({onLost, locks}) -> {owner, claim(), take()}:
 * - `claim()` resolves true when this tab now owns the game, false when
 *   another tab does;
 * - `take()` takes it from the other tab (resolves true);
 * - `onLost()` runs when another tab took it.
 */
export function createTabLock({ onLost = () => {}, locks = globalThis.navigator?.locks } = {}) {
  const tab = { owner: false, claim: () => ask({ ifAvailable: true }), take: () => ask({ steal: true }) };
  function ask(options) {
    if (!locks) {
      tab.owner = true;
      return Promise.resolve(true);
    }
    return new Promise((answer) => {
      locks.request(LOCK, options, (lock) => {
        if (!lock) {
          answer(false);
          return undefined;
        }
        tab.owner = true;
        answer(true);
        return new Promise(() => {});          // held for the tab's life, or until taken
      }).catch(() => {                          // another tab took it (steal aborts this request)
        if (tab.owner) {
          tab.owner = false;
          onLost();
        }
      });
    });
  }
  return tab;
}
