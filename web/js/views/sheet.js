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
//
// The parts: the sheets kept (sheet-store.js), a sheet in words and as CSV
// (sheet-words.js), the forms of a new sheet and of a hand (sheet-forms.js);
// here the screen's frame (createScreen) and its pages, each a function of
// the screen: the list, a new sheet, an open sheet (its status, its hands'
// table, its tools, the hand taken back or added), a shared link.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { encodeJSON, decodeJSON } from "../links.js";
import { openDialog } from "../dialogs.js";
import { screenHeader } from "./common.js";
import { bidiNodes, setBidiText } from "../bidi.js";
import { sheetStore } from "../sheet-store.js";
import { playerName, sheetName, teamName, refusalWords, columns, toCSV, fileName } from "../sheet-words.js";
import { FORMAT, field, newSheetForm, entryForm } from "../sheet-forms.js";

// ------------------------------------------------------------------- screen
/**
 * The screen's frame and what its pages share: the notice, the storage line
 * and the body a page fills; the sheet open (`current`); the engine's limits.
 */
function createScreen(container, app) {
  const store = sheetStore(app.storage);
  const notice = h("p", { class: "scoresheet-notice", id: "sheet-notice", role: "status" });
  const kept = h("p", { class: "scoresheet-notice warn", id: "sheet-storage", role: "status" });
  const body = h("div", { class: "scoresheet", id: "sheet-body" });
  container.append(screenHeader(t("scoresheet.title")), notice, kept, body);
  const screen = {
    store,
    body,
    alive: true,
    current: null,          // the sheet open: {id, sheet, scored}
    limits: null,           // the engine's limits (the longest names)
    engine: (sheet) => app.client.call({ op: "sheet", sheet }),
    say(text, kind = "info") {
      setBidiText(notice, text);
      notice.dataset.kind = kind;
    },
    storageNote() {
      const status = app.storage.status;
      kept.textContent = status === "blocked" ? t("scoresheet.not_kept") : status === "full" ? t("scoresheet.not_saved") : "";
      kept.dataset.storage = status;
    },
    save(id, sheet) {
      store.put(id, sheet);
      screen.storageNote();
    },
    show(...children) {
      body.replaceChildren(...children);
      body.querySelector("h2")?.focus({ preventScroll: true });
    },
  };
  return screen;
}

export async function mount(container, app, payload) {
  const screen = createScreen(container, app);
  // the engine's limits (the longest names), from an empty sheet
  const blank = { format: FORMAT, name: "", names: ["", "", "", ""], dealer: 0, rules: {}, hands: [] };
  screen.limits = (await screen.engine(blank)).sheet.limits;
  screen.storageNote();
  if (typeof payload === "string") await importLink(screen, payload);
  else showList(screen);
  return { unmount() { screen.alive = false; } };
}

// ------------------------------------------------------------------ the list
function showList(screen) {
  screen.current = null;
  const { store } = screen;
  const items = store.ids().map((id) => [id, store.get(id)]).filter(([, s]) => s !== undefined);
  screen.show(h("section", { class: "paper", "aria-labelledby": "sheet-list-title" },
    h("h2", { id: "sheet-list-title", tabindex: "-1" }, t("scoresheet.list.title")),
    h("p", {}, t("scoresheet.intro")),
    items.length
      ? h("ul", { class: "scoresheet-list", id: "sheet-list" }, ...items.map(([id, s]) => listItem(screen, id, s)))
      : h("p", { id: "sheet-list-empty" }, t("scoresheet.list.empty")),
    h("div", { class: "field-buttons" },
      h("button", { type: "button", class: "primary", id: "sheet-new", onclick: () => showNew(screen) }, t("scoresheet.new")))));
}

function listItem(screen, id, sheet) {
  const readable = sheet && Array.isArray(sheet.hands);
  const name = readable ? sheetName(sheet) : t("scoresheet.damaged");
  const toList = () => showList(screen);
  return h("li", { dataset: { id } },
    h("span", { class: "scoresheet-item" }, bidiNodes(readable
      ? t("scoresheet.list.item", { name, n: sheet.hands.length }) : name)),
    h("span", { class: "scoresheet-item-buttons" },
      readable ? h("button", { type: "button", class: "act quiet", "aria-label": t("scoresheet.open_named", { name }),
        onclick: () => openSheet(screen, id, sheet) }, t("scoresheet.open")) : null,
      readable ? h("button", { type: "button", class: "act quiet", "aria-label": t("scoresheet.rename_named", { name }),
        onclick: () => rename(screen, id, sheet, toList) }, t("scoresheet.rename")) : null,
      h("button", { type: "button", class: "act quiet", "aria-label": t("scoresheet.delete_named", { name }),
        onclick: () => confirmDelete(screen, id, readable ? sheet : null, toList) }, t("scoresheet.delete"))));
}

function rename(screen, id, sheet, after) {
  const { limits } = screen;
  const input = h("input", { id: "sheet-rename-input", value: sheet.name || "", autocomplete: "off", dir: "auto",
    maxlength: limits.name });
  const d = openDialog("sheet-rename", t("scoresheet.rename.title"),
    field("sheet-rename-input", t("scoresheet.rename.label"), input),
    [[t("scoresheet.cancel"), null], [t("scoresheet.save"), () => {
      const next = { ...sheet, name: input.value.trim().slice(0, limits.name) || sheet.name || "" };
      screen.save(id, next);
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

function confirmDelete(screen, id, sheet, after) {
  const name = sheet ? sheetName(sheet) : t("scoresheet.damaged");
  openDialog("sheet-delete", t("scoresheet.delete.title"),
    h("p", {}, bidiNodes(t("scoresheet.delete.text", { name, n: sheet ? sheet.hands.length : 0 }))),
    [[t("scoresheet.cancel"), null], [t("scoresheet.delete"), () => {
      screen.store.remove(id);
      screen.say(t("scoresheet.deleted", { name }));
      after();
    }, { class: "primary danger", id: "sheet-delete-yes" }]]);
}

// --------------------------------------------------------------- a new sheet
function showNew(screen) {
  screen.say("");
  const form = newSheetForm(screen.limits, {
    cancel: () => showList(screen),
    create: async (sheet) => {
      const ans = await screen.engine(sheet);
      if (!screen.alive) return null;
      if (!ans.ok) return refusalWords(ans.error, sheet);
      const id = screen.store.newId();
      screen.save(id, sheet);
      openSheet(screen, id, sheet);
      return null;
    },
  });
  screen.show(h("section", { class: "paper" }, form));
}

// ------------------------------------------------------------- an open sheet
async function openSheet(screen, id, sheet, draft = null) {
  const ans = await screen.engine(sheet);
  if (!screen.alive) return;
  if (!ans.ok) {
    screen.say(t("scoresheet.unreadable", { reason: refusalWords(ans.error, sheet) }), "error");
    showList(screen);
    return;
  }
  screen.current = { id, sheet, scored: ans.sheet };
  renderSheet(screen, draft);
}

/** The open sheet: its status, the next hand's form (`draft`: a hand taken back), its hands, its tools. */
function renderSheet(screen, draft) {
  const { sheet, scored } = screen.current;
  screen.show(
    h("section", { class: "paper scoresheet-head", "aria-labelledby": "sheet-title" },
      h("h2", { id: "sheet-title", tabindex: "-1" }, bidiNodes(sheetName(sheet))),
      h("p", { id: "sheet-rules" }, t("scoresheet.rules_line", {
        target: scored.target, cap: t(`rules.ghna_cap.${scored.rules.ghna_cap}`) })),
      sheetStatus(sheet, scored)),
    scored.winner === null ? entryForm(sheet, scored, draft, (entry) => addHand(screen, entry)) : null,
    h("section", { class: "paper", "aria-labelledby": "sheet-hands-title" },
      h("h2", { id: "sheet-hands-title", class: "scoresheet-sub" }, t("scoresheet.hands")),
      scored.hands.length ? handsTable(sheet, scored) : h("p", { id: "sheet-no-hand" }, t("scoresheet.empty"))),
    toolbar(screen));
}

/** The scores, and the next hand's dealer and mâle or the winner. */
function sheetStatus(sheet, scored) {
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

function handsTable(sheet, scored) {
  const cols = columns(sheet);
  return h("div", { class: "scoresheet-scroll", role: "region", tabindex: "0", "aria-labelledby": "sheet-hands-title" },
    h("table", { class: "scoresheet-table", id: "sheet-table" },
      h("caption", { class: "sr-only" }, bidiNodes(t("scoresheet.caption", { name: sheetName(sheet) }))),
      h("thead", {}, h("tr", {}, ...cols.map(([head]) => h("th", { scope: "col" }, bidiNodes(head))))),
      h("tbody", {}, ...scored.hands.map((r, i) => h("tr", {
        class: r.cancelled ? "cancelled" : r.made ? "made" : "failed", dataset: { hand: i + 1 } },
      ...cols.map(([, fn], c) => (c === 0 ? h("th", { scope: "row" }, fn(r, i)) : h("td", {}, bidiNodes(fn(r, i))))))))));
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30000);
}

/** The box of a sheet's link, shown by "Share": the link and its copy button. */
function shareBox() {
  const link = h("input", { id: "sheet-link", readonly: true, value: "" });
  const copied = h("span", { role: "status", id: "sheet-copied" });
  const box = h("div", { class: "scoresheet-share", id: "sheet-share-box", hidden: true },
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
  return { box, link };
}

function toolbar(screen) {
  const { id, sheet, scored } = screen.current;
  const share = shareBox();
  const button = (bid, text, onclick, attrs = {}) => h("button", { type: "button", id: bid, onclick, ...attrs }, text);
  return h("section", { class: "paper scoresheet-tools", "aria-label": t("scoresheet.tools") },
    h("div", { class: "field-buttons" },
      button("sheet-undo", t("scoresheet.undo"), () => undo(screen), { disabled: !sheet.hands.length }),
      button("sheet-export-json", t("scoresheet.export_json"), () =>
        download(fileName(sheet, "json"), "application/json", `${JSON.stringify(sheet, null, 1)}\n`)),
      button("sheet-export-csv", t("scoresheet.export_csv"), () =>
        download(fileName(sheet, "csv"), "text/csv;charset=utf-8", toCSV(sheet, scored))),
      button("sheet-share", t("scoresheet.share"), () => {
        share.link.value = `${location.origin}${location.pathname}${location.search}#sheet=${encodeJSON(sheet)}`;
        share.box.hidden = false;
        share.link.focus();
        share.link.select();
      }),
      button("sheet-rename", t("scoresheet.rename"), () => rename(screen, id, sheet, (next) => openSheet(screen, id, next))),
      button("sheet-delete", t("scoresheet.delete"), () => confirmDelete(screen, id, sheet, () => showList(screen))),
      button("sheet-all", t("scoresheet.all"), () => {
        screen.say("");
        showList(screen);
      })),
    share.box);
}

/** The last hand taken back: the sheet without it, its entry in the form to correct. */
async function undo(screen) {
  const { id, sheet } = screen.current;
  if (!sheet.hands.length) return;
  const removed = sheet.hands[sheet.hands.length - 1];
  const next = { ...sheet, hands: sheet.hands.slice(0, -1) };
  const ans = await screen.engine(next);
  if (!screen.alive || !ans.ok) return;
  screen.save(id, next);
  screen.current = { id, sheet: next, scored: ans.sheet };
  screen.say(t("scoresheet.undone", { n: sheet.hands.length }));
  renderSheet(screen, removed);
}

/** A hand's entry added, when the engine accepts it; else its refusal for the form ({text, code}). */
async function addHand(screen, entry) {
  const { id, sheet } = screen.current;
  const next = { ...sheet, hands: [...sheet.hands, entry] };
  const ans = await screen.engine(next);
  if (!screen.alive || screen.current?.id !== id) return null;
  if (!ans.ok) return { text: refusalWords(ans.error, next), code: ans.error.code };
  screen.save(id, next);
  screen.current = { id, sheet: next, scored: ans.sheet };
  screen.say(t("scoresheet.added", { n: next.hands.length }));
  renderSheet(screen, null);
  (screen.body.querySelector("#entry-declarer") || screen.body.querySelector("#sheet-winner"))?.focus?.();
  return null;
}

// ------------------------------------------------------------- a shared link
async function importLink(screen, text) {
  history.replaceState(null, "", `${location.pathname}${location.search}#sheet`);
  const data = decodeJSON(text);
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    screen.say(t("scoresheet.bad_link"), "error");
    showList(screen);
    return;
  }
  const ans = await screen.engine(data);
  if (!screen.alive) return;
  if (!ans.ok) {
    screen.say(t("scoresheet.bad_link_reason", { reason: refusalWords(ans.error, null) }), "error");
    showList(screen);
    return;
  }
  const id = screen.store.newId();
  screen.save(id, data);
  screen.say(t("scoresheet.imported", { name: sheetName(data) }));
  await openSheet(screen, id, data);
}
