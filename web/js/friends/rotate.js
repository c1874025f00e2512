// A friend's page shows the table from its own seat: the engine's seats are
// renumbered so that the friend's seat is 0 (the table's south, "you"), and
// the teams follow (a friend in seat 1 or 3 is in team 1, shown as "us").
// The host sends views in the engine's numbering; the friend's page turns
// them here, and turns its own actions back before sending them.

/** The keys that hold a seat, wherever they appear (a trick's `winner` is a seat; the game's is a team). */
const SEAT_KEYS = ["seat", "to_act", "dealer", "forehand", "leader", "declarer", "proposer"];
/** The keys that hold one number per team, [team0, team1]. */
const TEAM_KEYS = ["points", "scores", "delta"];

/** A seat as the friend at `me` sees it (the friend's own seat is 0). */
export const seatFrom = (seat, me) => (typeof seat === "number" ? (seat - me + 4) % 4 : seat);
/** A seat the friend's page names, in the engine's numbering. */
export const seatTo = (seat, me) => (typeof seat === "number" ? (seat + me) % 4 : seat);
/** A team as the friend at `me` sees it (the friend's own team is 0). */
export const teamFrom = (team, me) => (typeof team === "number" && me % 2 ? 1 - team : team);

function turn(x, me, top) {
  if (Array.isArray(x)) return x.map((y) => turn(y, me, false));
  if (!x || typeof x !== "object") return x;
  const out = {};
  for (const [k, v] of Object.entries(x)) {
    if (SEAT_KEYS.includes(k)) out[k] = seatFrom(v, me);
    else if (k === "winner") out[k] = top ? teamFrom(v, me) : seatFrom(v, me);
    else if (TEAM_KEYS.includes(k) && Array.isArray(v) && v.length === 2) out[k] = me % 2 ? [v[1], v[0]] : [...v];
    else if ((k === "hands" || k === "hand_counts") && Array.isArray(v) && v.length === 4) {
      out[k] = [0, 1, 2, 3].map((s) => turn(v[seatTo(s, me)], me, false));
    } else if ((k === "proposed" || k === "people") && Array.isArray(v)) out[k] = v.map((s) => seatFrom(s, me));
    else out[k] = turn(v, me, false);
  }
  return out;
}

/** A view (or an action, a hand's result) in the numbering of the friend at seat `me`. */
export function viewFrom(view, me) {
  return turn(view, me, true);
}

/** An action of the friend's page, in the engine's numbering. */
export function actionTo(action, me) {
  return { ...action, seat: seatTo(action.seat, me) };
}
