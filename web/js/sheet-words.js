// A score sheet in words (the #sheet screen: views/sheet.js): the players'
// and teams' names, the engine's refusals with those names, the columns of
// the sheet's table, and the same columns as a CSV file.
//
// The names people typed are isolated for bidirectional text (bidi.js): plain
// text carries them between FSI and PDI, and bidiNodes() makes each a <bdi>
// in the page.

import { t, refusalText, suitName, listOf } from "./i18n.js";
import { isolate, numberText } from "./bidi.js";

export const playerName = (sheet, seat) => isolate(sheet?.names?.[seat] || t("scoresheet.player_default", { n: seat + 1 }));
export const sheetName = (sheet) => (sheet?.name ? isolate(sheet.name) : t("scoresheet.untitled"));
export const teamName = (sheet, team) => t("scoresheet.team", { a: playerName(sheet, team), b: playerName(sheet, team + 2) });

/** An engine refusal in words, with the players' names for its seats (a negative number typed kept as typed: numberText). */
export function refusalWords(error, sheet) {
  const params = { ...(error.params || {}) };
  if (Number.isInteger(params.seat)) params.who = playerName(sheet, params.seat);
  for (const [k, v] of Object.entries(params)) if (typeof v === "number" && v < 0) params[k] = numberText(v);
  return refusalText({ ...error, params });
}

function ghnaText(sheet, list) {
  if (!list.length) return t("scoresheet.none");
  return listOf(list.map((g) => t("scoresheet.ghna_item", { suit: suitName(g.suit), value: g.value, who: playerName(sheet, g.seat) })));
}

function resultText(hand) {
  if (hand.cancelled) return t("scoresheet.result.cancelled");
  return t("scoresheet.result", { made: String(hand.made), conceded: String(hand.conceded) });
}

/** The columns of the sheet's table and of its CSV: [heading, cell of a hand]. */
export function columns(sheet) {
  const none = t("scoresheet.none");
  const played = (fn) => (r) => (r.cancelled ? none : fn(r));
  return [
    [t("scoresheet.col.hand"), (r, i) => String(i + 1)],
    [t("scoresheet.col.dealer"), (r) => playerName(sheet, r.dealer)],
    [t("scoresheet.col.male"), (r) => playerName(sheet, r.forehand)],
    [t("scoresheet.col.declarer"), played((r) => playerName(sheet, r.declarer))],
    [t("scoresheet.col.contract"), played((r) => String(r.contract))],
    [t("scoresheet.col.trump"), played((r) => suitName(r.trump))],
    [t("scoresheet.col.points", { team: teamName(sheet, 0) }), played((r) => String(r.points[0]))],
    [t("scoresheet.col.points", { team: teamName(sheet, 1) }), played((r) => String(r.points[1]))],
    [t("scoresheet.col.ghna"), played((r) => ghnaText(sheet, r.ghna))],
    [t("scoresheet.col.result"), (r) => resultText(r)],
    [t("scoresheet.col.total", { team: teamName(sheet, 0) }), (r) => String(r.scores[0])],
    [t("scoresheet.col.total", { team: teamName(sheet, 1) }), (r) => String(r.scores[1])],
  ];
}

/** The sheet as the engine scored it, a CSV file's text (a byte-order mark, CRLF lines, the names as typed). */
export function toCSV(sheet, scored) {
  const cols = columns(sheet);
  const plain = (s) => s.replace(/[\u2066-\u2069]/g, "");      // the names as typed, the numbers: no isolate marks
  const cell = (text) => {
    const s = plain(text);
    return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const rows = [cols.map(([head]) => head), ...scored.hands.map((r, i) => cols.map(([, fn]) => fn(r, i)))];
  return `\ufeff${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** The name of a file of the sheet (its name without the characters file systems refuse). */
export const fileName = (sheet, ext) => `${(sheet.name || "").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-").trim() || "touti"}.${ext}`;
