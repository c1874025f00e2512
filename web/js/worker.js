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
// Start-up speed: the build ships a memory snapshot of the runtime with the
// engine already imported (made under Node by build_snapshot.mjs with the
// same install code, web/js/install.js).  Restoring it skips Python's own
// start (about 2 s).  It is kept in Cache Storage, named by the build's
// version, so a reload needs no download.  If there is no snapshot, or it
// cannot be restored, Pyodide starts normally and the worker keeps a snapshot
// of its own for the next visit.  A start that hangs is caught by the page's
// watchdog (no stage and no downloaded byte for 15 s).

import { storeSnapshot, storeCompressed, readSnapshot, dropSnapshots } from "./snapshot.js";
import { installEngine } from "./install.js";

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

// While starting, every download reports its bytes: the page's watchdog
// then tells a slow network (bytes keep coming) from a hung start.
const realFetch = self.fetch.bind(self);
let received = 0;
let lastReport = 0;
self.fetch = async (input, init) => {
  const res = await realFetch(input, init);
  if (handle || !res.body) return res;
  const counter = new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      const now = performance.now();
      if (now - lastReport > 250) {
        lastReport = now;
        post({ type: "progress", stage: "download", bytes: received });
      }
      controller.enqueue(chunk);
    },
  });
  return new Response(res.body.pipeThrough(counter),
    { status: res.status, statusText: res.statusText, headers: res.headers });
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

/** This version's snapshot: from Cache Storage, else the build's (then cached). */
async function findSnapshot(config) {
  const cached = await readSnapshot(config.version);
  if (cached || !config.snapshot) return cached;
  try {
    const res = await fetch(config.snapshot, config.snapshotIntegrity ? { integrity: config.snapshotIntegrity } : {});
    if (!res.ok) return null;
    storeCompressed(config.version, res.clone()).catch((err) => warn("snapshot not kept:", err));
    const stream = res.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (err) {
    warn("no snapshot:", err);
    return null;
  }
}

async function boot(config) {
  post({ type: "progress", stage: "runtime" });
  const t0 = performance.now();
  // The engine wheel is fetched with its sha256 (from the build): a wheel
  // that does not match is refused by the browser.
  const wheel = fetchBytes(config.wheel, config.wheelIntegrity);
  const bridge = fetchBytes(config.bridge);
  wheel.catch(() => {});
  bridge.catch(() => {}); // reported below, when awaited
  const hang = new Promise((_, reject) => { failNow = reject; });
  const [{ loadPyodide }, saved] = await Promise.all([
    import(config.pyodide + "pyodide.mjs"), findSnapshot(config)]);
  const base = { indexURL: config.pyodide, lockFileURL: config.lock, stdout: () => {},
    stderr: (line) => warn("[python]", line) };
  let pyodide = null;
  let snapshot = null;
  if (saved) {
    try {
      pyodide = await Promise.race([loadPyodide({ ...base, _loadSnapshot: saved }), hang]);
      post({ type: "progress", stage: "engine" });
      // The modules are in the snapshot; the files go back for later imports.
      installEngine(pyodide, await wheel, await bridge);
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
    installEngine(pyodide, await wheel, await bridge);
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
      answer = JSON.parse(await settle(handle(JSON.stringify(msg.request))));
    } catch (err) {
      answer = { ok: false, error: { code: "internal", message: describe(err), params: {} } };
    }
    post({ type: "answer", id: msg.id, answer });
  }
};

// ---------------------------------------------- the bridge's asynchronous op
// Every op answers with its JSON text at once, but for load_bot (a bot of the
// player's own: micropip, loaded then, installs its wheel), which answers with
// a Python awaitable of that text: it is awaited here, and requests that come
// meanwhile are answered as usual.
async function settle(out) {
  return typeof out === "string" ? out : await out;
}

self.addEventListener("unhandledrejection", (event) => {
  if (!handle) post({ type: "failed", message: describe(event.reason) });
});
