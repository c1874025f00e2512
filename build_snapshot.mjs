// Makes the start-up snapshot of the page's Python runtime (run by build.py).
//
//   node build_snapshot.mjs <wheel> <bridge.py> <out.bin.gz>
//
// Starts the pinned Pyodide (npm package), installs the engine exactly as the
// worker does (web/js/install.js), and writes a gzip memory snapshot.  The
// worker restores it instead of starting Python (about 2 s saved at the
// first visit); any failure there falls back to a normal start.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
import { installEngine } from "./web/js/install.js";

const [wheel, bridge, out] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
installEngine(pyodide, readFileSync(wheel), readFileSync(bridge));
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(snapshot, { level: 6 }));
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory`);
