// Engine speed under Pyodide (WebAssembly) in Node: runs bench/engine_speed.py
// on the same touti_core sources, so that the figure compares with CPython's.
//
//   node bench/pyodide_speed.mjs [seconds]
//
// Needs the pinned npm package (npm ci).
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import { copyPythonTree } from "../tools/pyodide_fs.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.argv[2] || 3);

const t0 = performance.now();
const py = await loadPyodide();
console.log(`pyodide ${py.version} loaded in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
copyPythonTree(py, join(root, "touti_core"), "/bench/touti_core");
py.FS.writeFile("/bench/engine_speed.py", readFileSync(join(root, "bench", "engine_speed.py")));
py.runPython(`
import sys
sys.path.insert(0, "/bench")
import engine_speed
engine_speed.main(["--seconds", "${seconds}"])
`);
