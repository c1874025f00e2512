// The score sheet's parts that need no page (web/js/sheet-store.js,
// sheet-words.js, sheet-forms.js): the sheets kept on the device, the CSV
// export and the file names, and a hand's entry read from the form's values.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useCatalogue } from "../../web/js/i18n.js";
import { Store } from "../../web/js/storage.js";
import { memoryStore } from "./memory-store.mjs";
import { sheetStore, PREFIX, INDEX } from "../../web/js/sheet-store.js";
import { toCSV, fileName, refusalWords, playerName } from "../../web/js/sheet-words.js";
import { readEntry, entryKinds, pointsOf } from "../../web/js/sheet-forms.js";

useCatalogue("en", JSON.parse(readFileSync(new URL("../../web/messages/en.json", import.meta.url), "utf8")));

const SHEET = { format: "touti-sheet/1", name: "Friday", names: ["Amine", "Sara, \"the\" ace", "Omar", "Lina"],
  dealer: 1, rules: { target: 200 }, hands: [] };

// the engine's scored sheet (touti_core/sheet.py score_sheet) of a played hand and a cancelled one
const SCORED = { hands: [
  { cancelled: false, declarer: 0, contract: 90, trump: "E", points: [95, 75], card_points: [55, 75],
    ghna: [{ seat: 2, suit: "E", value: 40 }], made: true, conceded: false, delta: [90, 0], dealer: 1, forehand: 2,
    scores: [90, 0] },
  { cancelled: true, declarer: null, contract: null, trump: null, points: [0, 0], card_points: [0, 0], ghna: [],
    made: null, conceded: false, delta: [0, 0], dealer: 2, forehand: 3, scores: [90, 0] },
] };

test("sheets are kept newest first, read back, and removed", () => {
  const storage = memoryStore();
  const store = sheetStore(storage);
  assert.deepEqual(store.ids(), []);
  const a = store.newId();
  const b = store.newId();
  assert.match(a, /^s[a-z0-9]{16}$/);
  assert.notEqual(a, b);
  assert.equal(store.put(a, { ...SHEET, name: "A" }), true);
  assert.equal(store.put(b, { ...SHEET, name: "B" }), true);
  store.put(a, { ...SHEET, name: "A2" });             // written again: stays where it was
  assert.deepEqual(store.ids(), [b, a]);
  assert.equal(store.get(a).name, "A2");
  assert.deepEqual(JSON.parse(storage.read(INDEX)), [b, a]);
  assert.equal(store.get("snone"), undefined);
  storage.write(`${PREFIX}sbad`, "{not json");
  assert.equal(store.get("sbad"), null);               // damaged, told apart from absent
  store.remove(b);
  assert.deepEqual(store.ids(), [a]);
  assert.equal(storage.read(PREFIX + b), null);
});

test("a damaged index is set aside and made again from the sheets kept", () => {
  const storage = memoryStore();
  storage.write(`${PREFIX}sabc`, JSON.stringify(SHEET));
  storage.write(`${PREFIX}sdef`, JSON.stringify(SHEET));
  storage.write(`${PREFIX}NOT-AN-ID`, JSON.stringify(SHEET));
  storage.write(INDEX, "[broken");
  const ids = sheetStore(storage).ids();
  assert.deepEqual([...ids].sort(), ["sabc", "sdef"]);
  assert.deepEqual(JSON.parse(storage.read(INDEX)).sort(), ["sabc", "sdef"]);
  assert.ok(storage.keys().some((k) => k.startsWith(`${INDEX}.corrupt.`)), storage.keys());
});

test("a browser that keeps nothing keeps the sheets for the visit", () => {
  const storage = new Store(() => { throw new Error("blocked"); });
  const store = sheetStore(storage);
  const id = store.newId();
  assert.equal(store.put(id, SHEET), false);
  assert.equal(storage.status, "blocked");
  assert.deepEqual(sheetStore(storage).ids(), [id]);    // the same visit, the same sheets
  assert.equal(sheetStore(storage).get(id), SHEET);
  assert.deepEqual(sheetStore(memoryStore()).ids(), []);
});

test("the CSV has the table's columns, the names as typed, quoted where needed", () => {
  const csv = toCSV(SHEET, SCORED);
  assert.ok(csv.startsWith("\ufeff") && csv.endsWith("\r\n"));
  assert.ok(!/[\u2068\u2069]/.test(csv));
  const lines = csv.slice(1).split("\r\n");
  assert.equal(lines.length, 4);
  assert.equal(lines[0], "Hand,Dealer,Mâle,Declarer,Contract,Trumps,Points: Amine and Omar,"
    + "\"Points: Sara, \"\"the\"\" ace and Lina\",Ghna,Result,Score: Amine and Omar,\"Score: Sara, \"\"the\"\" ace and Lina\"");
  assert.equal(lines[1], "1,\"Sara, \"\"the\"\" ace\",Omar,Amine,90,swords,95,75,swords +40 (Omar),made,90,0");
  assert.equal(lines[2], "2,Omar,Lina,—,—,—,—,—,—,all passed,90,0");
});

test("a file name keeps the sheet's name without what file systems refuse", () => {
  assert.equal(fileName({ name: "Friday: 3/12" }, "csv"), "Friday- 3-12.csv");
  assert.equal(fileName({ name: "" }, "json"), "touti.json");
  assert.equal(fileName({ name: "\u0001?" }, "json"), "-.json");
  assert.equal(fileName({}, "csv"), "touti.csv");
});

test("a refusal names the player of its seat", () => {
  const text = refusalWords({ code: "sheet_ghna_defenders", params: { seat: 1, hand: 2 } }, SHEET);
  assert.ok(text.includes(playerName(SHEET, 1)), text);
  assert.equal(playerName(null, 2), "\u2068Player 3\u2069");
});

test("a hand's entry is read from the form's values, its keys in the engine's order", () => {
  const values = { declarer: "1", contract: "110", trump: "C", points: " 72 ", ghna: ["", "3", "", "1"] };
  const entry = readEntry("played", values);
  assert.deepEqual(entry, { declarer: 1, contract: 110, trump: "C", card_points: 72,
    ghna: [{ seat: 3, suit: "C" }, { seat: 1, suit: "B" }] });
  assert.deepEqual(Object.keys(entry), ["declarer", "contract", "trump", "card_points", "ghna"]);
  assert.equal(readEntry("conceded", values).conceded, true);
  assert.deepEqual(readEntry("cancelled", { ...values, points: "" }), { cancelled: true });
  for (const points of ["", "  ", "7.5", "abc"]) assert.equal(readEntry("played", { ...values, points }), null, points);
  assert.ok(Number.isNaN(pointsOf("")));
  assert.deepEqual(entryKinds({ concession: true }), ["played", "conceded", "cancelled"]);
  assert.deepEqual(entryKinds({ concession: false }), ["played", "cancelled"]);
});

test("a browser whose storage is full shows this visit's sheets as they are, listed", () => {
  const storage = memoryStore();
  const store = sheetStore(storage);
  const kept = store.newId();
  assert.equal(store.put(kept, SHEET), true);
  storage.full();
  const edited = { ...SHEET, name: "Saturday" };
  assert.equal(store.put(kept, edited), false);           // its change is not kept...
  const fresh = store.newId();
  assert.equal(store.put(fresh, SHEET), false);           // ...nor the new sheet
  const again = sheetStore(storage);                      // the list drawn again, in the same visit
  assert.deepEqual(again.ids(), [fresh, kept]);
  assert.equal(again.get(kept), edited);                  // as the player left it, not the older copy
  assert.equal(again.get(fresh), SHEET);
  assert.deepEqual(JSON.parse(storage.read(INDEX)), [kept]);    // storage holds what it held
  storage.full(false);
  assert.equal(again.put(fresh, SHEET), true);            // room again: kept, and the visit's copy let go
  assert.deepEqual(JSON.parse(storage.read(INDEX)), [fresh, kept]);
  assert.deepEqual(sheetStore(memoryStore()).ids(), []);
});

test("a sheet kept while the index could not be is still listed", () => {
  const storage = memoryStore();
  const store = sheetStore(storage);
  const id = store.newId();
  const write = storage.write.bind(storage);
  storage.write = (key, text) => (key === INDEX ? false : write(key, text));   // the index alone refused
  assert.equal(store.put(id, SHEET), false);
  assert.ok(storage.read(PREFIX + id));
  storage.write = write;
  write(INDEX, "[]");                                     // the kept index, without it
  assert.deepEqual(sheetStore(storage).ids(), [id]);
});
