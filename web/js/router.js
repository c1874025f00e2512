// Screens and their hash routes.  The game is the page's main screen (its
// table stays alive underneath); every other screen (#rules, #learn,
// #review, #history, #stats, #daily, #challenge, #sheet, #bots) is a module
// of views/ that draws into the #screen section.  <html data-view> names the
// screen shown.
//
// A route is "#name", or "#name=payload" for a screen opened with data (a
// challenge, a shared score sheet).  Links that open a game (#game=,
// #record=) are not routes: links.js reads them.
//
// A screen module exports `mount(container, app, payload)`, returning an
// object with an optional `unmount()`.  Screens are loaded on first use.
//
// "elsewhere" (the game in progress is open in another tab) has no route:
// the page shows it in the game's place when this tab does not own the game.

const SCREENS = {
  learn: () => import("./views/learn.js"),
  rules: () => import("./views/rules.js"),
  daily: () => import("./views/daily.js"),
  challenge: () => import("./views/challenge.js"),
  history: () => import("./views/history.js"),
  review: () => import("./views/review.js"),
  stats: () => import("./views/stats.js"),
  sheet: () => import("./views/sheet.js"),
  bots: () => import("./views/bots.js"),
  friends: () => import("./views/friends.js"),
  join: () => import("./views/join.js"),
  reply: () => import("./views/reply.js"),
  elsewhere: () => import("./views/elsewhere.js"),
};
/** Screens the page shows by itself, never by a link. */
const INNER = new Set(["elsewhere"]);
/** Screens a link opens that the menu does not list (a friend's invitation, its reply). */
const LINKED = new Set(["join", "reply"]);

/** The route of a fragment: {view, payload}; the game for anything that is not a screen. */
export function routeOf(hash) {
  const text = String(hash || "").replace(/^#/, "");
  const m = /^([a-z]+)(?:=(.*))?$/s.exec(text);
  if (m && Object.hasOwn(SCREENS, m[1]) && !INNER.has(m[1])) return { view: m[1], payload: m[2] ?? null };
  return { view: "game", payload: null };
}

export function isScreen(hash) {
  return routeOf(hash).view !== "game";
}

/** The screens the page has, in the order the menu lists them. */
export function screenNames() {
  return Object.keys(SCREENS).filter((name) => !INNER.has(name) && !LINKED.has(name));
}

/**
 * createRouter({root, game, screen, app}) -> {show(route), current()}:
 * `game` is the game's element (hidden while a screen is shown), `screen` the
 * section screens draw into, `app` what screens get (the engine, the store...),
 * `screens` the screens' loaders (SCREENS).  A screen whose route was left
 * while it was still mounting is unmounted as soon as its mount ends.
 */
export function createRouter({ root, game, screen, app, screens = SCREENS }) {
  let mounted = null;
  let current = "game";
  let shown = 0;

  async function show({ view, payload }) {
    const my = ++shown;
    mounted?.unmount?.();
    mounted = null;
    if (view === "game") {
      screen.hidden = true;
      screen.replaceChildren();
      app.store?.flush();            // the table as it is now, not as it was when it was hidden
      game.hidden = false;
      current = "game";
      root.dataset.view = "game";
      return;
    }
    const module = await screens[view]();
    if (my !== shown) return;
    game.hidden = true;
    screen.hidden = false;
    screen.replaceChildren();
    current = view;
    root.dataset.view = view;
    const got = await module.mount(screen, app, payload);
    if (my !== shown) {                // another route was shown while this screen mounted
      got?.unmount?.();
      return;
    }
    mounted = got;
    screen.querySelector("h1, h2")?.focus?.({ preventScroll: false });
  }

  return { show, current: () => current };
}
