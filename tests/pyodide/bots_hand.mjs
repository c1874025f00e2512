// Plays whole hands between bots of every level under Pyodide in Node, through
// touti_core.api views and touti_core.bots.choose (as the web worker does),
// and prints the final states as JSON.
//
//   node tests/pyodide/bots_hand.mjs <source root> <seed> <hands>
//
// tests/test_bots_pyodide.py plays the same hands on CPython and compares:
// the bots decide the same in the browser as on CPython.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const [root, seed, hands] = process.argv.slice(2);

function copyTree(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of readdirSync(src)) {
    const s = join(src, name);
    if (statSync(s).isDirectory()) {
      if (name !== "__pycache__") copyTree(py, s, `${dst}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dst}/${name}`, readFileSync(s));
    }
  }
}

const py = await loadPyodide();
copyTree(py, join(root, "touti_core"), "/src/touti_core");
py.FS.writeFile("/src/bots_hands.py", readFileSync(join(root, "tests", "pyodide", "bots_hands.py")));
const out = py.runPython(`
import sys
sys.path.insert(0, "/src")
import json, bots_hands
json.dumps({"python": sys.version.split()[0], "states": bots_hands.play(${Number(seed)}, ${Number(hands)})})
`);
console.log(out);
