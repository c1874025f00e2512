// The engine's home: a module Web Worker that runs Pyodide and touti_core.
//
// Messages from the page:
//   {type: "init", config}         start Pyodide, install the engine wheel
//   {type: "call", id, request}    one request for py/bridge.py (op: new, load,
//                                  view, act, bot, hint); answered with
//                                  {type: "answer", id, answer}
// Messages to the page:
//   {type: "progress", stage}      "runtime", "engine", "ready"
//   {type: "failed", message}      start-up failed (the page offers a retry)
//
// Python runs here, never on the page's thread: a bot may think as long as it
// likes while the page stays smooth.
//
// Start-up speed: the first visit boots Pyodide normally and keeps a memory
// snapshot of the freshly started interpreter (gzip, in Cache Storage, named
// by the build's version).  Later visits restore that snapshot instead of
// starting Python again (about 0.3 s instead of 2 s).  Any problem with the
// snapshot falls back to the normal start and the snapshot is dropped.

import { storeSnapshot, readSnapshot, dropSnapshots } from "./snapshot.js";

/** Python run once the runtime is up: unpack a wheel and import the engine. */
const INSTALL = `
import importlib, sys, sysconfig, zipfile
def _touti_install(path, modules):
    site = sysconfig.get_path("purelib")
    with zipfile.ZipFile(path) as z:
        z.extractall(site)
    importlib.invalidate_caches()
    for name in modules:
        importlib.import_module(name)
`;

let handle = null;
let booting = null;
let failNow = null;

function post(msg) {
  self.postMessage(msg);
}

function describe(err) {
  if (!err) return "unknown error";
  const text = String(err.message || err);
  return text.split("\n").filter(Boolean).slice(-3).join(" ");
}

// Pyodide reports a wasm that cannot be instantiated with a warning and then
// waits for ever: turn that warning into an immediate failure.
const warn = console.warn.bind(console);
console.warn = (...args) => {
  const text = args.map(String).join(" ");
  if (failNow && /wasm instantiation failed|Aborted\(/.test(text)) {
    failNow(new Error(`the runtime could not start (${text.slice(0, 200)})`));
  }
  warn(...args);
};

async function fetchBytes(url, integrity) {
  const name = url.split("/").pop();
  let res;
  try {
    res = await fetch(url, integrity ? { integrity } : {});
  } catch (err) {
    throw new Error(`${name} could not be loaded${integrity ? " or does not match its sha256" : ""} (${err.message})`);
  }
  if (!res.ok) throw new Error(`${name} could not be loaded (HTTP ${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Installs the engine wheel and the bridge into the running interpreter. */
function install(pyodide, wheel, bridge) {
  const dir = "/tmp/touti";
  pyodide.FS.mkdirTree(dir);
  pyodide.FS.writeFile(`${dir}/engine.whl`, wheel);
  pyodide.FS.writeFile(`${dir}/touti_bridge.py`, bridge);
  pyodide.runPython(INSTALL);
  pyodide.runPython(`import sys; sys.path.insert(0, "${dir}")\n` +
    `_touti_install("${dir}/engine.whl", ["touti_core.api", "touti_core.bots", "touti_bridge"])`);
}

async function boot(config) {
  post({ type: "progress", stage: "runtime" });
  const t0 = performance.now();
  // The engine wheel is fetched with its sha256 (from the build's lock file):
  // a wheel that does not match is refused by the browser.
  const wheel = fetchBytes(config.wheel, config.wheelIntegrity);
  const bridge = fetchBytes(config.bridge);
  wheel.catch(() => {});
  bridge.catch(() => {}); // reported below, when awaited
  const hang = new Promise((_, reject) => { failNow = reject; });
  const { loadPyodide } = await import(config.pyodide + "pyodide.mjs");
  const base = { indexURL: config.pyodide, lockFileURL: config.lock, stdout: () => {},
    stderr: (line) => warn("[python]", line) };
  let pyodide = null;
  let snapshot = null;
  const saved = await readSnapshot(config.version);
  if (saved) {
    try {
      pyodide = await Promise.race([loadPyodide({ ...base, _loadSnapshot: saved }), hang]);
      post({ type: "progress", stage: "engine" });
      // The modules are in the snapshot; the files go back for later imports.
      install(pyodide, await wheel, await bridge);
    } catch (err) {
      warn("snapshot restore failed, starting afresh:", err);
      pyodide = null;
      await dropSnapshots();
    }
  }
  if (!pyodide) {
    const canSnapshot = typeof caches !== "undefined" && typeof CompressionStream !== "undefined";
    pyodide = await Promise.race([loadPyodide({ ...base, _makeSnapshot: canSnapshot }), hang]);
    post({ type: "progress", stage: "engine" });
    install(pyodide, await wheel, await bridge);
    if (canSnapshot) {
      try {
        snapshot = pyodide.makeMemorySnapshot();
      } catch (err) {
        warn("no snapshot:", err);
      }
    }
  }
  handle = pyodide.runPython("import touti_bridge; touti_bridge.handle");
  // Warm the engine up (a first deal) so the first real request is quick.
  JSON.parse(handle(JSON.stringify({ op: "new", seed: 1 })));
  failNow = null;
  console.log(`engine ready in ${Math.round(performance.now() - t0)} ms` +
    (saved && !snapshot ? " (from snapshot)" : ""));
  post({ type: "progress", stage: "ready" });
  if (snapshot) storeSnapshot(config.version, snapshot).catch((err) => warn("snapshot not stored:", err));
}

self.onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type === "init") {
    if (!booting) {
      booting = boot(msg.config).catch((err) => {
        post({ type: "failed", message: describe(err) });
        throw err;
      });
      booting.catch(() => {});
    }
    return;
  }
  if (msg.type === "call") {
    let answer;
    try {
      await booting;
      answer = JSON.parse(handle(JSON.stringify(msg.request)));
    } catch (err) {
      answer = { ok: false, error: { code: "internal", message: describe(err), params: {} } };
    }
    post({ type: "answer", id: msg.id, answer });
  }
};

self.addEventListener("unhandledrejection", (event) => {
  if (!handle) post({ type: "failed", message: describe(event.reason) });
});
