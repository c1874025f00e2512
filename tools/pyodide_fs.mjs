// Copies a Python source tree (its .py files and the package data the wheel
// carries, .json: the English catalogue; no __pycache__) into Pyodide's
// virtual file system, so that Node scripts run the repository's sources
// without building a wheel: bench/pyodide_speed.mjs, bench/bots_pyodide.mjs,
// tests/pyodide/bots_hand.mjs.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export function copyPythonTree(py, src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of readdirSync(src)) {
    const s = join(src, name);
    if (statSync(s).isDirectory()) {
      if (name !== "__pycache__") copyPythonTree(py, s, `${dst}/${name}`);
    } else if (name.endsWith(".py") || name.endsWith(".json")) {
      py.FS.writeFile(`${dst}/${name}`, readFileSync(s));
    }
  }
}
