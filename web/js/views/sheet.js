// The table score sheet (#sheet): for people playing with real cards.
//
// A sheet is the engine's "touti-sheet/1" (touti_core/sheet.py): the four
// players' names, the first dealer, the rules and one entry per hand.  The
// engine scores it (op "sheet": Ghna values and cap, made or failed, the
// dealer and mâle of every hand, the winner) and refuses impossible entries;
// this screen collects the entries, shows the engine's results and refusals,
// and keeps the sheets in the site's storage (touti.sheets.index lists the
// ids, touti.sheets.<id> holds a sheet), or for this visit only when the
// browser keeps nothing.  An index that cannot be read is set aside (aside.js)
// and made again from the sheets kept.
//
// #sheet=<base64url JSON> shares a sheet: opening it imports a copy as a new
// sheet (never over one); a link the engine cannot read is reported.

import { h } from "../dom.js";
import { t, refusalText, suitName, listOf, locale } from "../i18n.js";
import { encodeJSON, decodeJSON } from "../links.js";
import { ruleSchema, defaultRules, TARGETS } from "../settings.js";
import { openDialog } from "../dialogs.js";
import { screenHeader } from "./common.js";
import { isolate, bidiNodes, setBidiText } from "../bidi.js";
import { readKept } from "../aside.js";

const PREFIX = "touti.sheets.";
const INDEX = `${PREFIX}index`;
const FORMAT = "touti-sheet/1";
const SUITS = ["O", "C", "E", "B"];
const SEATS = [0, 1, 2, 3];

// ------------------------------------------------------------------ storage
/** The sheets of this visit, by store: what the browser does not keep lives here. */
const visits = new WeakMap();

function sheetStore(storage) {
  if (!visits.has(storage)) visits.set(storage, { index: [], sheets: new Map() });
  const mem = visits.get(storage);
  const parse = (key) => {
    const text = storage.read(key);
    if (text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  };
  const isId = (id) => typeof id === "string" && /^s[a-z0-9]{1,24}$/.test(id);
  function ids() {
    const stored = readKept(INDEX, (v) => (Array.isArray(v) ? v : null), storage);
    if (stored === null) {
      // a damaged index is set aside (aside.js); the sheets are still there: the list is made again from them
      const found = storage.keys().filter((k) => k.startsWith(PREFIX) && isId(k.slice(PREFIX.length)))
        .map((k) => k.slice(PREFIX.length));
      mem.index = [...new Set([...mem.index, ...found])];
      storage.write(INDEX, JSON.stringify(mem.index));
    } else if (stored !== undefined) {
      mem.index = stored.filter(isId);
    }
    return [...mem.index];
  }
  /** A sheet (null: damaged; undefined: none). */
  function get(id) {
    const stored = parse(PREFIX + id);
    if (stored !== undefined) return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : null;
    return mem.sheets.get(id);
  }
  /** Keeps a sheet; false when the browser did not keep it (it stays for this visit). */
  function put(id, sheet) {
    const list = ids();
    if (!list.includes(id)) list.unshift(id);
    mem.index = list;
    mem.sheets.set(id, sheet);
    const kept = storage.write(PREFIX + id, JSON.stringify(sheet));
    return storage.write(INDEX, JSON.stringify(list)) && kept;
  }
  function remove(id) {
    mem.index = ids().filter((x) => x !== id);
    mem.sheets.delete(id);
    storage.remove(PREFIX + id);
    storage.write(INDEX, JSON.stringify(mem.index));
  }
  function newId() {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    return `s${[...bytes].map((b) => b.toString(36).padStart(2, "0")).join("")}`;
  }
  return { ids, get, put, remove, newId };
}

// -------------------------------------------------------------------- words
// the names people typed are isolated for bidirectional text (bidi.js): plain text
// carries them between FSI and PDI, and bidiNodes() makes each a <bdi> in the page
const playerName = (sheet, seat) => isolate(sheet?.names?.[seat] || t("scoresheet.player_default", { n: seat + 1 }));
const sheetName = (sheet) => (sheet?.name ? isolate(sheet.name) : t("scoresheet.untitled"));
const teamName = (sheet, team) => t("scoresheet.team", { a: playerName(sheet, team), b: playerName(sheet, team + 2) });

/** An engine refusal in words, with the players' names for its seats. */
function refusalWords(error, sheet) {
  const params = { ...(error.params || {}) };
  if (Number.isInteger(params.seat)) params.who = playerName(sheet, params.seat);
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
function columns(sheet) {
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

function toCSV(sheet, scored) {
  const cols = columns(sheet);
  const plain = (s) => s.replace(/[\u2068\u2069]/g, "");      // the names as typed: no isolate marks
  const cell = (text) => {
    const s = plain(text);
    return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const rows = [cols.map(([head]) => head), ...scored.hands.map((r, i) => cols.map(([, fn]) => fn(r, i)))];
  return `\ufeff${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30000);
}

const fileName = (sheet, ext) => `${(sheet.name || "").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "-").trim() || "touti"}.${ext}`;

// -------------------------------------------------------------------- forms
function field(id, label, control, extra = null) {
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

// ------------------------------------------------------------------- screen
export async function mount(container, app, payload) {
  const store = sheetStore(app.storage);
  const notice = h("p", { class: "scoresheet-notice", id: "sheet-notice", role: "status" });
  const kept = h("p", { class: "scoresheet-notice warn", id: "sheet-storage", role: "status" });
  const body = h("div", { class: "scoresheet", id: "sheet-body" });
  container.append(screenHeader(t("scoresheet.title")), notice, kept, body);
  let alive = true;
  let current = null;         // {id, sheet, scored}

  const engine = (sheet) => app.client.call({ op: "sheet", sheet });
  // the engine's limits (the longest names), from an empty sheet
  const blank = { format: FORMAT, name: "", names: ["", "", "", ""], dealer: 0, rules: {}, hands: [] };
  const { limits } = (await engine(blank)).sheet;
  function say(text, kind = "info") {
    setBidiText(notice, text);
    notice.dataset.kind = kind;
  }
  function storageNote() {
    const status = app.storage.status;
    kept.textContent = status === "blocked" ? t("scoresheet.not_kept") : status === "full" ? t("scoresheet.not_saved") : "";
    kept.dataset.storage = status;
  }
  function save(id, sheet) {
    store.put(id, sheet);
    storageNote();
  }
  function show(...children) {
    body.replaceChildren(...children);
    body.querySelector("h2")?.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------ the list
  function showList() {
    current = null;
    const items = store.ids().map((id) => [id, store.get(id)]).filter(([, s]) => s !== undefined);
    show(h("section", { class: "paper", "aria-labelledby": "sheet-list-title" },
      h("h2", { id: "sheet-list-title", tabindex: "-1" }, t("scoresheet.list.title")),
      h("p", {}, t("scoresheet.intro")),
      items.length
        ? h("ul", { class: "scoresheet-list", id: "sheet-list" }, ...items.map(([id, s]) => listItem(id, s)))
        : h("p", { id: "sheet-list-empty" }, t("scoresheet.list.empty")),
      h("div", { class: "field-buttons" },
        h("button", { type: "button", class: "primary", id: "sheet-new", onclick: showNew }, t("scoresheet.new")))));
  }

  function listItem(id, sheet) {
    const readable = sheet && Array.isArray(sheet.hands);
    const name = readable ? sheetName(sheet) : t("scoresheet.damaged");
    return h("li", { dataset: { id } },
      h("span", { class: "scoresheet-item" }, bidiNodes(readable
        ? t("scoresheet.list.item", { name, n: sheet.hands.length }) : name)),
      h("span", { class: "scoresheet-item-buttons" },
        readable ? h("button", { type: "button", class: "act quiet", "aria-label": t("scoresheet.open_named", { name }),
          onclick: () => openSheet(id, sheet) }, t("scoresheet.open")) : null,
        readable ? h("button", { type: "button", class: "act quiet", "aria-label": t("scoresheet.rename_named", { name }),
          onclick: () => rename(id, sheet, showList) }, t("scoresheet.rename")) : null,
        h("button", { type: "button", class: "act quiet", "aria-label": t("scoresheet.delete_named", { name }),
          onclick: () => confirmDelete(id, readable ? sheet : null, showList) }, t("scoresheet.delete"))));
  }

  function rename(id, sheet, after) {
    const input = h("input", { id: "sheet-rename-input", value: sheet.name || "", autocomplete: "off", dir: "auto",
      maxlength: limits.name });
    const d = openDialog("sheet-rename", t("scoresheet.rename.title"),
      field("sheet-rename-input", t("scoresheet.rename.label"), input),
      [[t("scoresheet.cancel"), null], [t("scoresheet.save"), () => {
        const next = { ...sheet, name: input.value.trim().slice(0, limits.name) || sheet.name || "" };
        save(id, next);
        after(next);
      }, { class: "primary", id: "sheet-rename-save" }]]);
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        d.querySelector("#sheet-rename-save").click();
      }
    });
    input.focus();
    input.select();
  }

  function confirmDelete(id, sheet, after) {
    const name = sheet ? sheetName(sheet) : t("scoresheet.damaged");
    openDialog("sheet-delete", t("scoresheet.delete.title"),
      h("p", {}, bidiNodes(t("scoresheet.delete.text", { name, n: sheet ? sheet.hands.length : 0 }))),
      [[t("scoresheet.cancel"), null], [t("scoresheet.delete"), () => {
        store.remove(id);
        say(t("scoresheet.deleted", { name }));
        after();
      }, { class: "primary danger", id: "sheet-delete-yes" }]]);
  }

  // ------------------------------------------------------- a new sheet
  function showNew() {
    say("");
    const rules = defaultRules();
    const names = SEATS.map((s) => h("input", { id: `sheet-player-${s}`, autocomplete: "off", dir: "auto", maxlength: limits.player,
      placeholder: t("scoresheet.player_default", { n: s + 1 }) }));
    const dealer = select("sheet-dealer", SEATS.map((s) => [s, t("scoresheet.player_default", { n: s + 1 })]), 0);
    for (const input of names) {
      input.addEventListener("input", () => SEATS.forEach((s) => {
        dealer.options[s].textContent = isolate(names[s].value.trim() || t("scoresheet.player_default", { n: s + 1 }));
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
        h("button", { type: "button", onclick: showList }, t("scoresheet.cancel")),
        h("button", { type: "submit", class: "primary", id: "sheet-create" }, t("scoresheet.create"))));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const sheet = {
        format: FORMAT,
        name: name.value.trim() || name.placeholder,
        names: SEATS.map((s) => names[s].value.trim() || t("scoresheet.player_default", { n: s + 1 })),
        dealer: Number(dealer.value),
        rules: Object.fromEntries(ruleSchema().map((f) => [f.name, readRule(f, form)])),
        hands: [],
      };
      const ans = await engine(sheet);
      if (!alive) return;
      if (!ans.ok) {
        setBidiText(error, refusalWords(ans.error, sheet));
        return;
      }
      const id = store.newId();
      save(id, sheet);
      openSheet(id, sheet);
    });
    show(h("section", { class: "paper" }, form));
  }

  // ------------------------------------------------------ an open sheet
  async function openSheet(id, sheet, draft = null) {
    const ans = await engine(sheet);
    if (!alive) return;
    if (!ans.ok) {
      say(t("scoresheet.unreadable", { reason: refusalWords(ans.error, sheet) }), "error");
      showList();
      return;
    }
    current = { id, sheet, scored: ans.sheet };
    renderSheet(draft);
  }

  function renderSheet(draft) {
    const { sheet, scored } = current;
    show(
      h("section", { class: "paper scoresheet-head", "aria-labelledby": "sheet-title" },
        h("h2", { id: "sheet-title", tabindex: "-1" }, bidiNodes(sheetName(sheet))),
        h("p", { id: "sheet-rules" }, t("scoresheet.rules_line", {
          target: scored.target, cap: t(`rules.ghna_cap.${scored.rules.ghna_cap}`) })),
        status()),
      scored.winner === null ? entryForm(draft) : null,
      h("section", { class: "paper", "aria-labelledby": "sheet-hands-title" },
        h("h2", { id: "sheet-hands-title", class: "scoresheet-sub" }, t("scoresheet.hands")),
        scored.hands.length ? table() : h("p", { id: "sheet-no-hand" }, t("scoresheet.empty"))),
      toolbar());
  }

  function status() {
    const { sheet, scored } = current;
    const line = scored.winner === null
      ? h("p", { id: "sheet-next", class: "scoresheet-next", dataset: { dealer: scored.dealer, forehand: scored.forehand } },
        bidiNodes(t("scoresheet.next", { n: scored.hands.length + 1, dealer: playerName(sheet, scored.dealer), male: playerName(sheet, scored.forehand) })))
      : h("p", { id: "sheet-winner", class: "scoresheet-winner", dataset: { winner: scored.winner } },
        bidiNodes(t("scoresheet.winner", { team: teamName(sheet, scored.winner), a: scored.scores[scored.winner], b: scored.scores[1 - scored.winner] })));
    return h("div", { class: "scoresheet-status" },
      h("ul", { class: "scoresheet-scores", id: "sheet-scores" }, ...[0, 1].map((team) =>
        h("li", { class: `team-${team}`, dataset: { team, score: scored.scores[team] } },
          bidiNodes(t("scoresheet.score", { team: teamName(sheet, team), points: scored.scores[team] }))))),
      line);
  }

  function table() {
    const { sheet, scored } = current;
    const cols = columns(sheet);
    return h("div", { class: "scoresheet-scroll", role: "region", tabindex: "0", "aria-labelledby": "sheet-hands-title" },
      h("table", { class: "scoresheet-table", id: "sheet-table" },
        h("caption", { class: "sr-only" }, bidiNodes(t("scoresheet.caption", { name: sheetName(sheet) }))),
        h("thead", {}, h("tr", {}, ...cols.map(([head]) => h("th", { scope: "col" }, bidiNodes(head))))),
        h("tbody", {}, ...scored.hands.map((r, i) => h("tr", {
          class: r.cancelled ? "cancelled" : r.made ? "made" : "failed", dataset: { hand: i + 1 } },
        ...cols.map(([, fn], c) => (c === 0 ? h("th", { scope: "row" }, fn(r, i)) : h("td", {}, bidiNodes(fn(r, i))))))))));
  }

  function toolbar() {
    const { id, sheet, scored } = current;
    const link = h("input", { id: "sheet-link", readonly: true, value: "" });
    const copied = h("span", { role: "status", id: "sheet-copied" });
    const shareBox = h("div", { class: "scoresheet-share", id: "sheet-share-box", hidden: true },
      field("sheet-link", t("scoresheet.share.label"), link),
      h("p", { class: "help" }, t("scoresheet.share.help")),
      h("div", { class: "field-buttons" }, copied, h("button", { type: "button", id: "sheet-copy", onclick: async () => {
        link.select();
        try {
          await navigator.clipboard.writeText(link.value);
          copied.textContent = t("scoresheet.copied");
        } catch {
          copied.textContent = t("scoresheet.copy_by_hand");
        }
      } }, t("scoresheet.copy"))));
    const button = (bid, text, onclick, attrs = {}) => h("button", { type: "button", id: bid, onclick, ...attrs }, text);
    return h("section", { class: "paper scoresheet-tools", "aria-label": t("scoresheet.tools") },
      h("div", { class: "field-buttons" },
        button("sheet-undo", t("scoresheet.undo"), undo, { disabled: !sheet.hands.length }),
        button("sheet-export-json", t("scoresheet.export_json"), () =>
          download(fileName(sheet, "json"), "application/json", `${JSON.stringify(sheet, null, 1)}\n`)),
        button("sheet-export-csv", t("scoresheet.export_csv"), () =>
          download(fileName(sheet, "csv"), "text/csv;charset=utf-8", toCSV(sheet, scored))),
        button("sheet-share", t("scoresheet.share"), () => {
          link.value = `${location.origin}${location.pathname}${location.search}#sheet=${encodeJSON(sheet)}`;
          shareBox.hidden = false;
          link.focus();
          link.select();
        }),
        button("sheet-rename", t("scoresheet.rename"), () => rename(id, sheet, (next) => openSheet(id, next))),
        button("sheet-delete", t("scoresheet.delete"), () => confirmDelete(id, sheet, showList)),
        button("sheet-all", t("scoresheet.all"), () => {
          say("");
          showList();
        })),
      shareBox);
  }

  async function undo() {
    const { id, sheet } = current;
    if (!sheet.hands.length) return;
    const removed = sheet.hands[sheet.hands.length - 1];
    const next = { ...sheet, hands: sheet.hands.slice(0, -1) };
    const ans = await engine(next);
    if (!alive || !ans.ok) return;
    save(id, next);
    current = { id, sheet: next, scored: ans.sheet };
    say(t("scoresheet.undone", { n: sheet.hands.length }));
    renderSheet(removed);
  }

  // ------------------------------------------------------ entering a hand
  function entryForm(draft) {
    const { sheet, scored } = current;
    const kinds = ["played", ...(scored.rules.concession ? ["conceded"] : []), "cancelled"];
    const kindNow = draft?.cancelled ? "cancelled" : draft?.conceded && scored.rules.concession ? "conceded" : "played";
    const radios = kinds.map((k) => h("div", { class: "field check" },
      h("input", { type: "radio", name: "entry-kind", id: `entry-kind-${k}`, value: k, checked: k === kindNow }),
      h("label", { for: `entry-kind-${k}` }, t(`scoresheet.entry.${k}`))));
    const nameOf = (s) => t("scoresheet.seat_team", { name: playerName(sheet, s), team: (s % 2) + 1 });
    const declarer = select("entry-declarer", SEATS.map((s) => [s, nameOf(s)]), draft?.declarer ?? scored.forehand);
    const contract = select("entry-contract", scored.contracts.map((c) => [c.amount, String(c.amount)]),
      draft?.contract ?? scored.contracts[0].amount);
    const trump = select("entry-trump", SUITS.map((s) => [s, t(`suit.title.${s}`)]), draft?.trump ?? SUITS[0]);
    const points = h("input", { type: "number", id: "entry-points", name: "entry-points", inputmode: "numeric",
      min: 0, max: scored.hand_points, step: 1, value: draft?.card_points ?? "", "aria-describedby": "entry-defence" });
    const defence = h("output", { id: "entry-defence", for: "entry-points", "aria-live": "polite" });
    const cap = h("p", { class: "help", id: "entry-cap" });
    const declaredBy = new Map((draft?.ghna || []).map((g) => [g.suit, g.seat]));
    const ghna = SUITS.map((s) => select(`entry-ghna-${s}`, [], ""));
    const ghnaLabels = SUITS.map((s) => h("label", { for: `entry-ghna-${s}` }));
    const error = h("p", { class: "field-error", id: "entry-error", role: "alert" });
    const conceded = h("p", { class: "help", id: "entry-conceded-help" }, t("scoresheet.entry.conceded_help"));
    const cancelled = h("p", { class: "help", id: "entry-cancelled-help" }, t("scoresheet.entry.cancelled_help"));
    const playedFields = h("div", { class: "scoresheet-played" },
      field("entry-declarer", t("scoresheet.entry.declarer"), declarer),
      field("entry-contract", t("scoresheet.entry.contract"), contract),
      field("entry-trump", t("scoresheet.entry.trump"), trump),
      field("entry-points", t("scoresheet.entry.points"), points, defence),
      h("fieldset", { class: "scoresheet-ghna" }, h("legend", {}, t("scoresheet.entry.ghna")),
        h("p", { class: "help" }, t("scoresheet.entry.ghna_help")), cap,
        ...SUITS.map((s, i) => h("div", { class: "field" }, ghnaLabels[i], ghna[i]))));
    const form = h("form", { class: "paper settings scoresheet-form", id: "sheet-entry", novalidate: true,
      "aria-labelledby": "entry-title" },
      h("h2", { id: "entry-title", class: "scoresheet-sub" }, t("scoresheet.entry.title", { n: scored.hands.length + 1 })),
      h("fieldset", { class: "scoresheet-kind" }, h("legend", {}, t("scoresheet.entry.kind")), ...radios),
      conceded, cancelled, playedFields, error,
      h("div", { class: "field-buttons" },
        h("button", { type: "submit", class: "primary", id: "entry-add" }, t("scoresheet.entry.add"))));

    const kind = () => form.querySelector("input[name='entry-kind']:checked")?.value || "played";
    function refresh() {
      const k = kind();
      playedFields.hidden = k === "cancelled";
      cancelled.hidden = k !== "cancelled";
      conceded.hidden = k !== "conceded";
      const n = points.value.trim() === "" ? NaN : Number(points.value);
      defence.textContent = Number.isInteger(n) && n >= 0 && n <= scored.hand_points
        ? t("scoresheet.entry.defence", { points: scored.hand_points - n }) : "";
      const c = scored.contracts.find((x) => String(x.amount) === contract.value);
      cap.textContent = c.cap === null ? t("scoresheet.entry.no_cap")
        : t("scoresheet.entry.cap", { contract: c.amount, cap: c.cap });
      const d = Number(declarer.value);
      SUITS.forEach((s, i) => {
        const value = s === trump.value ? scored.ghna_values.trump : scored.ghna_values.other;
        ghnaLabels[i].textContent = t("scoresheet.entry.ghna_suit", { suit: suitName(s), value });
        const was = ghna[i].value === "" ? declaredBy.get(s) : Number(ghna[i].value);
        const side = [d, (d + 2) % 4];
        ghna[i].replaceChildren(h("option", { value: "" }, t("scoresheet.entry.ghna_none")),
          ...side.map((seat) => h("option", { value: String(seat), selected: seat === was }, t("scoresheet.entry.ghna_by", { who: playerName(sheet, seat) }))));
      });
      declaredBy.clear();
    }
    form.addEventListener("input", refresh);
    form.addEventListener("change", refresh);
    refresh();

    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      error.textContent = "";
      let entry;
      if (kind() === "cancelled") {
        entry = { cancelled: true };
      } else {
        const n = points.value.trim() === "" ? NaN : Number(points.value);
        if (!Number.isInteger(n)) {
          error.textContent = t("scoresheet.entry.points_missing", { maximum: scored.hand_points });
          points.focus();
          return;
        }
        entry = {
          declarer: Number(declarer.value), contract: Number(contract.value), trump: trump.value, card_points: n,
          ghna: SUITS.map((s, i) => [s, ghna[i].value]).filter(([, v]) => v !== "").map(([s, v]) => ({ seat: Number(v), suit: s })),
        };
        if (kind() === "conceded") entry.conceded = true;
      }
      const { id } = current;
      const next = { ...current.sheet, hands: [...current.sheet.hands, entry] };
      const ans = await engine(next);
      if (!alive || current?.id !== id) return;
      if (!ans.ok) {
        setBidiText(error, refusalWords(ans.error, next));
        error.dataset.code = ans.error.code;
        return;
      }
      save(id, next);
      current = { id, sheet: next, scored: ans.sheet };
      say(t("scoresheet.added", { n: next.hands.length }));
      renderSheet(null);
      (body.querySelector("#entry-declarer") || body.querySelector("#sheet-winner"))?.focus?.();
    });
    return form;
  }

  // ---------------------------------------------------- a shared link
  async function importLink(text) {
    history.replaceState(null, "", `${location.pathname}${location.search}#sheet`);
    const data = decodeJSON(text);
    if (!data || typeof data !== "object" || Array.isArray(data)) {
      say(t("scoresheet.bad_link"), "error");
      showList();
      return;
    }
    const ans = await engine(data);
    if (!alive) return;
    if (!ans.ok) {
      say(t("scoresheet.bad_link_reason", { reason: refusalWords(ans.error, null) }), "error");
      showList();
      return;
    }
    const id = store.newId();
    save(id, data);
    say(t("scoresheet.imported", { name: sheetName(data) }));
    await openSheet(id, data);
  }

  storageNote();
  if (typeof payload === "string") await importLink(payload);
  else showList();
  return { unmount() { alive = false; } };
}
