// The statistics (#stats), from the history kept on this device: games won
// of the games finished (a game still in progress is counted apart, and a
// one-hand deal, of the day or of a challenge, is no game to win), hands
// won, contracts taken and made by the player's team, average points a
// hand, Ghna declared, and the points lost a hand in the reviews with their
// trend over time, for each set of bots played against.
//
// While it is shown, the screen follows the history as #history does
// (follow.js): a game recorded, played, imported or cleared here or in
// another tab changes its figures a moment later, without leaving it; a
// history that cannot be read is said, with "Try again" (common.js).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { loadHistory } from "../history.js";
import { followHistory } from "../follow.js";
import { levelName } from "../settings.js";
import { screenHeader, unreadableHistory } from "./common.js";

/** Is this game over: won by a team (a one-hand deal has no winner: see isDeal)? */
export function isFinished(g) {
  return g.winner !== null && g.winner !== undefined;
}

/** A one-hand game (the deal of the day, a challenge's deal) whose hand is played: no game to win. */
export function isDeal(g) {
  return !isFinished(g) && (g.kind ?? "game") !== "game" && g.hands.length > 0;
}

/** The figures of some games (the player's team is team 0). */
export function figures(games) {
  const f = { games: 0, won: 0, unfinished: 0, hands: 0, handsWon: 0, taken: 0, made: 0, points: 0, ghna: 0, ghnaPoints: 0,
    reviewed: [] };
  for (const g of games) {
    if (isFinished(g)) {
      f.games += 1;
      if (g.winner === 0) f.won += 1;
    } else if (!isDeal(g)) f.unfinished += 1;
    for (const hand of g.hands) {
      const r = hand.result;
      if (r.cancelled) continue;
      f.hands += 1;
      if (r.delta[0] > 0) f.handsWon += 1;
      f.points += r.points[0];
      if (r.declarer % 2 === 0) {
        f.taken += 1;
        if (r.made) f.made += 1;
      }
      for (const gh of r.ghna) {
        if (Number.isInteger(gh?.seat) && Number.isFinite(gh.value) && gh.seat % 2 === 0) {   // an imported line may hold anything
          f.ghna += 1;
          f.ghnaPoints += gh.value;
        }
      }
      // the card play's cost is certain, the auction's an estimate: kept apart, as the review says them
      if (hand.review) f.reviewed.push({ at: hand.at, lost: hand.review.lost_play, auction: hand.review.lost_auction });
    }
  }
  f.reviewed.sort((a, b) => a.at - b.at);
  return f;
}

const pct = (a, b) => (b ? Math.round((100 * a) / b) : 0);
const avg = (a, b) => (b ? Math.round((10 * a) / b) / 10 : 0);

function row(key, value) {
  return h("tr", {}, h("th", { scope: "row" }, t(key)), h("td", {}, value));
}

function trend(reviewed) {
  if (!reviewed.length) return h("p", { class: "stats-none" }, t("stats.no_reviews"));
  const recent = reviewed.slice(-20);
  const most = Math.max(10, ...recent.map((r) => r.lost));
  const half = Math.floor(reviewed.length / 2);
  const first = reviewed.slice(0, Math.max(1, half));
  const last = reviewed.slice(half);
  const mean = (xs) => avg(xs.reduce((s, x) => s + x.lost, 0), xs.length);
  const auction = avg(reviewed.reduce((s, x) => s + (x.auction || 0), 0), reviewed.length);
  return h("div", { class: "stats-trend" },
    h("p", { id: "stats-lost-play", dataset: { points: mean(reviewed) } }, t("stats.lost", { points: mean(reviewed), n: reviewed.length })),
    h("p", { id: "stats-lost-auction", dataset: { points: auction } }, t("stats.lost_auction", { points: auction })),
    reviewed.length >= 2 ? h("p", {}, t("stats.trend", { before: mean(first), after: mean(last) })) : null,
    h("ol", { class: "stats-bars", "aria-label": t("stats.bars") }, ...recent.map((r) => h("li", {
      class: "stats-bar", title: String(r.lost), dataset: { lost: r.lost },
    }, h("span", { class: `bar-fill h${Math.min(10, Math.round((10 * r.lost) / most))}` }), h("span", { class: "sr-only" }, String(r.lost))))));
}

function section(title, games) {
  const f = figures(games);
  return h("section", { class: "paper stats-section" },
    h("h2", {}, title),
    h("table", { class: "stats-table" }, h("tbody", {},
      row("stats.games", t("stats.games_value", { a: f.won, b: f.games, pct: pct(f.won, f.games), open: f.unfinished })),
      row("stats.hands", t("stats.hands_value", { a: f.handsWon, b: f.hands, pct: pct(f.handsWon, f.hands) })),
      row("stats.contracts", t("stats.made", { a: f.made, b: f.taken, pct: pct(f.made, f.taken) })),
      row("stats.points", String(avg(f.points, f.hands))),
      row("stats.ghna", t("stats.ghna_value", { n: f.ghna, points: f.ghnaPoints })))),
    trend(f.reviewed));
}

/** The bots a game was played against, as one label. */
function opponents(g) {
  const l = g.levels || {};
  return [1, 2, 3].map((s) => l[s] || "normal");
}

/** The figures of all games, then of each set of bots played against. */
function sections(games) {
  const groups = new Map();
  for (const g of games) {
    const key = opponents(g).join("/");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(g);
  }
  const label = (key) => t("stats.against", {
    right: levelName(key.split("/")[0]), partner: levelName(key.split("/")[1]), left: levelName(key.split("/")[2]) });
  return [games.length ? section(t("stats.all"), games) : h("p", { class: "paper" }, t("history.empty")),
    ...[...groups].map(([key, gs]) => section(label(key), gs))];
}

export async function mount(container) {
  const body = h("div", { class: "stats-body", id: "stats-body" });
  // the figures drawn afresh from the history (the header, and its focus, stay)
  async function draw() {
    const games = (await loadHistory()).games;
    if (!follow.alive()) return;
    body.replaceChildren(...sections(games));
    trouble.hide();
  }
  // the history that cannot be read (now): said, with "Try again"; the figures drawn before stay
  const trouble = unreadableHistory(() => follow.attempt(draw));
  const follow = followHistory({ shown: () => body.isConnected, redraw: draw, failed: (err) => {
    console.warn("The history could not be read", err);
    trouble.show();
  } });
  container.replaceChildren(
    screenHeader(t("screen.stats"), h("a", { href: "#history", class: "act quiet", id: "stats-history" }, t("screen.history"))),
    trouble.node, body);
  await follow.attempt(draw);
  return { unmount: follow.stop };
}
