// The score sheet's forms (the #sheet screen: views/sheet.js): a new sheet
// (names, first dealer, rules) and the entry of a hand (played, conceded or
// cancelled: declarer, contract, trump, card points, Ghna).  A form collects
// and checks what only the form can (a number typed); the engine scores the
// sheet and refuses what the rules do not allow: the screen hands a form's
// sheet or entry to the engine, and a refusal back to the form.

import { h } from "./dom.js";
import { t, suitName, locale } from "./i18n.js";
import { ruleSchema, defaultRules, TARGETS } from "./settings.js";
import { isolate, setBidiText } from "./bidi.js";
import { playerName } from "./sheet-words.js";

export const FORMAT = "touti-sheet/1";
export const SUITS = ["O", "C", "E", "B"];
const SEATS = [0, 1, 2, 3];

// ------------------------------------------------------------------ fields
export function field(id, label, control, extra = null) {
  return h("div", { class: "field" }, h("label", { for: id }, label), control, extra);
}

function select(id, options, value) {
  return h("select", { id, name: id }, ...options.map(([v, text]) =>
    h("option", { value: String(v), selected: String(v) === String(value) }, text)));
}

function ruleField(f, value) {
  const id = `sheet-rule-${f.name}`;
  if (f.kind === "bool") {
    return h("div", { class: "field check" }, h("input", { type: "checkbox", id, name: f.name, checked: value }),
      h("label", { for: id }, t(`rules.${f.name}`)));
  }
  const options = f.kind === "choice" ? f.choices.map((k) => [k, t(`rules.${f.name}.${k}`)])
    : TARGETS.map((n) => [n, String(n)]);
  return field(id, t(`rules.${f.name}`), select(id, options, value));
}

function readRule(f, form) {
  const el = form.querySelector(`#sheet-rule-${f.name}`);
  if (f.kind === "bool") return el.checked;
  return f.kind === "int" ? Number(el.value) : el.value;
}

// --------------------------------------------------------------- a new sheet
/**
 * The form of a new sheet.  `create(sheet)` hands the sheet to the screen and
 * resolves to the words of the engine's refusal (shown in the form), or null.
 */
export function newSheetForm(limits, { create, cancel }) {
  const rules = defaultRules();
  const playerDefault = (s) => t("scoresheet.player_default", { n: s + 1 });
  const names = SEATS.map((s) => h("input", { id: `sheet-player-${s}`, autocomplete: "off", dir: "auto", maxlength: limits.player,
    placeholder: playerDefault(s) }));
  const dealer = select("sheet-dealer", SEATS.map((s) => [s, playerDefault(s)]), 0);
  for (const input of names) {
    input.addEventListener("input", () => SEATS.forEach((s) => {
      dealer.options[s].textContent = isolate(names[s].value.trim() || playerDefault(s));
    }));
  }
  const name = h("input", { id: "sheet-name", autocomplete: "off", dir: "auto", maxlength: limits.name,
    placeholder: t("scoresheet.name_default", { date: new Date().toLocaleDateString(locale()) }) });
  const error = h("p", { class: "field-error", id: "sheet-new-error", role: "alert" });
  const form = h("form", { class: "settings scoresheet-form", id: "sheet-new-form", novalidate: true },
    h("h2", { tabindex: "-1" }, t("scoresheet.new.title")),
    field("sheet-name", t("scoresheet.name"), name),
    h("fieldset", {}, h("legend", {}, t("scoresheet.players")),
      h("p", { class: "help" }, t("scoresheet.players.help")),
      ...SEATS.map((s) => field(`sheet-player-${s}`, t("scoresheet.player", { n: s + 1, team: (s % 2) + 1 }), names[s])),
      field("sheet-dealer", t("scoresheet.first_dealer"), dealer)),
    h("fieldset", {}, h("legend", {}, t("scoresheet.rules")),
      h("p", { class: "help" }, t("scoresheet.rules.help")),
      ...ruleSchema().map((f) => ruleField(f, rules[f.name]))),
    error,
    h("div", { class: "field-buttons" },
      h("button", { type: "button", onclick: cancel }, t("scoresheet.cancel")),
      h("button", { type: "submit", class: "primary", id: "sheet-create" }, t("scoresheet.create"))));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const refused = await create({
      format: FORMAT,
      name: name.value.trim() || name.placeholder,
      names: SEATS.map((s) => names[s].value.trim() || playerDefault(s)),
      dealer: Number(dealer.value),
      rules: Object.fromEntries(ruleSchema().map((f) => [f.name, readRule(f, form)])),
      hands: [],
    });
    if (refused) setBidiText(error, refused);
  });
  return form;
}

// --------------------------------------------------------- a hand's entry
/** The card points typed: a number, or NaN when nothing is typed. */
export const pointsOf = (text) => (text.trim() === "" ? NaN : Number(text));

/** The kinds of entry the rules allow (a concession only when the rules have it). */
export const entryKinds = (rules) => ["played", ...(rules.concession ? ["conceded"] : []), "cancelled"];

/**
 * The entry of a hand from the form's values (as the form holds them:
 * strings; `ghna`: for each of SUITS the seat that declared it, or ""), or
 * null when the card points are no whole number.
 */
export function readEntry(kind, { declarer, contract, trump, points, ghna }) {
  if (kind === "cancelled") return { cancelled: true };
  const n = pointsOf(points);
  if (!Number.isInteger(n)) return null;
  const entry = {
    declarer: Number(declarer), contract: Number(contract), trump, card_points: n,
    ghna: SUITS.map((s, i) => [s, ghna[i]]).filter(([, v]) => v !== "").map(([s, v]) => ({ seat: Number(v), suit: s })),
  };
  if (kind === "conceded") entry.conceded = true;
  return entry;
}

/** The entry's controls, set as in `draft` (a hand taken back) or as a new hand. */
function entryControls(sheet, scored, draft) {
  const nameOf = (s) => t("scoresheet.seat_team", { name: playerName(sheet, s), team: (s % 2) + 1 });
  return {
    declarer: select("entry-declarer", SEATS.map((s) => [s, nameOf(s)]), draft?.declarer ?? scored.forehand),
    contract: select("entry-contract", scored.contracts.map((c) => [c.amount, String(c.amount)]),
      draft?.contract ?? scored.contracts[0].amount),
    trump: select("entry-trump", SUITS.map((s) => [s, t(`suit.title.${s}`)]), draft?.trump ?? SUITS[0]),
    points: h("input", { type: "number", id: "entry-points", name: "entry-points", inputmode: "numeric",
      min: 0, max: scored.hand_points, step: 1, value: draft?.card_points ?? "", "aria-describedby": "entry-defence" }),
    defence: h("output", { id: "entry-defence", for: "entry-points", "aria-live": "polite" }),
    cap: h("p", { class: "help", id: "entry-cap" }),
    declaredBy: new Map((draft?.ghna || []).map((g) => [g.suit, g.seat])),    // the draft's Ghna, until the first refresh
    ghna: SUITS.map((s) => select(`entry-ghna-${s}`, [], "")),
    ghnaLabels: SUITS.map((s) => h("label", { for: `entry-ghna-${s}` })),
    error: h("p", { class: "field-error", id: "entry-error", role: "alert" }),
    conceded: h("p", { class: "help", id: "entry-conceded-help" }, t("scoresheet.entry.conceded_help")),
    cancelled: h("p", { class: "help", id: "entry-cancelled-help" }, t("scoresheet.entry.cancelled_help")),
  };
}

/** The entry's words and choices after each change: the fields of its kind, the defence's points, the cap, who may declare a Ghna. */
function refreshEntry(c, kind, sheet, scored) {
  c.playedFields.hidden = kind === "cancelled";
  c.cancelled.hidden = kind !== "cancelled";
  c.conceded.hidden = kind !== "conceded";
  const n = pointsOf(c.points.value);
  c.defence.textContent = Number.isInteger(n) && n >= 0 && n <= scored.hand_points
    ? t("scoresheet.entry.defence", { points: scored.hand_points - n }) : "";
  const contract = scored.contracts.find((x) => String(x.amount) === c.contract.value);
  c.cap.textContent = contract.cap === null ? t("scoresheet.entry.no_cap")
    : t("scoresheet.entry.cap", { contract: contract.amount, cap: contract.cap });
  const d = Number(c.declarer.value);
  SUITS.forEach((s, i) => {
    const value = s === c.trump.value ? scored.ghna_values.trump : scored.ghna_values.other;
    c.ghnaLabels[i].textContent = t("scoresheet.entry.ghna_suit", { suit: suitName(s), value });
    const was = c.ghna[i].value === "" ? c.declaredBy.get(s) : Number(c.ghna[i].value);
    const side = [d, (d + 2) % 4];
    c.ghna[i].replaceChildren(h("option", { value: "" }, t("scoresheet.entry.ghna_none")),
      ...side.map((seat) => h("option", { value: String(seat), selected: seat === was }, t("scoresheet.entry.ghna_by", { who: playerName(sheet, seat) }))));
  });
  c.declaredBy.clear();
}

/**
 * The form of the next hand of `sheet` (`scored`: the engine's sheet), set as
 * `draft` when a hand was taken back.  `add(entry)` hands the entry to the
 * screen and resolves to the engine's refusal ({text, code}, shown in the
 * form), or null.
 */
export function entryForm(sheet, scored, draft, add) {
  const c = entryControls(sheet, scored, draft);
  const kinds = entryKinds(scored.rules);
  const kindNow = draft?.cancelled ? "cancelled" : draft?.conceded && scored.rules.concession ? "conceded" : "played";
  const radios = kinds.map((k) => h("div", { class: "field check" },
    h("input", { type: "radio", name: "entry-kind", id: `entry-kind-${k}`, value: k, checked: k === kindNow }),
    h("label", { for: `entry-kind-${k}` }, t(`scoresheet.entry.${k}`))));
  c.playedFields = h("div", { class: "scoresheet-played" },
    field("entry-declarer", t("scoresheet.entry.declarer"), c.declarer),
    field("entry-contract", t("scoresheet.entry.contract"), c.contract),
    field("entry-trump", t("scoresheet.entry.trump"), c.trump),
    field("entry-points", t("scoresheet.entry.points"), c.points, c.defence),
    h("fieldset", { class: "scoresheet-ghna" }, h("legend", {}, t("scoresheet.entry.ghna")),
      h("p", { class: "help" }, t("scoresheet.entry.ghna_help")), c.cap,
      ...SUITS.map((s, i) => h("div", { class: "field" }, c.ghnaLabels[i], c.ghna[i]))));
  const form = h("form", { class: "paper settings scoresheet-form", id: "sheet-entry", novalidate: true,
    "aria-labelledby": "entry-title" },
    h("h2", { id: "entry-title", class: "scoresheet-sub" }, t("scoresheet.entry.title", { n: scored.hands.length + 1 })),
    h("fieldset", { class: "scoresheet-kind" }, h("legend", {}, t("scoresheet.entry.kind")), ...radios),
    c.conceded, c.cancelled, c.playedFields, c.error,
    h("div", { class: "field-buttons" },
      h("button", { type: "submit", class: "primary", id: "entry-add" }, t("scoresheet.entry.add"))));

  const kind = () => form.querySelector("input[name='entry-kind']:checked")?.value || "played";
  const refresh = () => refreshEntry(c, kind(), sheet, scored);
  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
  refresh();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    c.error.textContent = "";
    const entry = readEntry(kind(), { declarer: c.declarer.value, contract: c.contract.value, trump: c.trump.value,
      points: c.points.value, ghna: c.ghna.map((g) => g.value) });
    if (entry === null) {
      c.error.textContent = t("scoresheet.entry.points_missing", { maximum: scored.hand_points });
      c.points.focus();
      return;
    }
    const refused = await add(entry);
    if (refused) {
      setBidiText(c.error, refused.text);
      c.error.dataset.code = refused.code;
    }
  });
  return form;
}
