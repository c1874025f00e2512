// The router: a screen left while it is still mounting is unmounted when its
// mount ends, and never becomes the screen shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRouter } from "../../web/js/router.js";

function element() {
  return { hidden: false, dataset: {}, replaceChildren() {}, querySelector: () => null };
}

/** A screen whose mount waits until release() is called; it logs mounts and unmounts. */
function slowScreen(name, log) {
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const module = {
    async mount() {
      log.push(`mount ${name}`);
      await gate;
      return { unmount: () => log.push(`unmount ${name}`) };
    },
  };
  return { load: async () => module, release };
}

test("a screen left while mounting is unmounted when its mount ends", async () => {
  const log = [];
  const history = slowScreen("history", log);
  const stats = slowScreen("stats", log);
  const root = element();
  const router = createRouter({ root, game: element(), screen: element(), app: {},
    screens: { history: history.load, stats: stats.load } });
  const first = router.show({ view: "history", payload: null });
  await new Promise((r) => setTimeout(r, 0));
  const back = router.show({ view: "game", payload: null });      // left before it mounted
  await back;
  history.release();
  await first;
  assert.deepEqual(log, ["mount history", "unmount history"]);
  assert.equal(root.dataset.view, "game");
  assert.equal(router.current(), "game");

  // a screen that did mount is unmounted when the next route is shown, once
  stats.release();
  await router.show({ view: "stats", payload: null });
  await router.show({ view: "game", payload: null });
  assert.deepEqual(log, ["mount history", "unmount history", "mount stats", "unmount stats"]);
});
