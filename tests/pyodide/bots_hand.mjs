// Plays whole hands between bots of every level under Pyodide in Node, through
// touti_core.api views and touti_core.bots.choose (as the web worker does),
// and prints the final states as JSON.
//
//   node tests/pyodide/bots_hand.mjs <source root> <seed> <hands>
//
// tests/test_bots_pyodide.py plays the same hands on CPython and compares:
// the bots decide the same in the browser as on CPython.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";
import { copyPythonTree } from "../../tools/pyodide_fs.mjs";

const [root, seed, hands] = process.argv.slice(2);

const py = await loadPyodide();
copyPythonTree(py, join(root, "touti_core"), "/src/touti_core");
py.FS.writeFile("/src/bots_hands.py", readFileSync(join(root, "tests", "pyodide", "bots_hands.py")));
const out = py.runPython(`
import sys
sys.path.insert(0, "/src")
import json, bots_hands
json.dumps({"python": sys.version.split()[0], "states": bots_hands.play(${Number(seed)}, ${Number(hands)})})
`);
console.log(out);
