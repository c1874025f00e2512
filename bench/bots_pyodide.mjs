// Bot decision times under Pyodide (WebAssembly) in Node: runs bench/bots_speed.py
// on the same touti_core sources and the same deals as on CPython.
//
//   node bench/bots_pyodide.mjs [hands] [levels]
//
// Needs the pinned npm package (npm ci).  Figures are depressed when other
// work shares the machine.
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import { copyPythonTree } from "../tools/pyodide_fs.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const hands = Number(process.argv[2] || 12);
const levels = process.argv[3] || "easy,normal,strong";

const t0 = performance.now();
const py = await loadPyodide();
console.log(`pyodide ${py.version} loaded in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
copyPythonTree(py, join(root, "touti_core"), "/bench/touti_core");
py.FS.writeFile("/bench/bots_speed.py", readFileSync(join(root, "bench", "bots_speed.py")));
py.runPython(`
import sys
sys.path.insert(0, "/bench")
import bots_speed
bots_speed.main(["--hands", "${hands}", "--levels", "${levels}"])
`);
