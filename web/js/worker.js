// The engine's home: a module Web Worker that runs Pyodide and touti_core.
//
// Messages from the page:
//   {type: "init", config}         start Pyodide, install the engine wheel
//   {type: "call", id, request}    one request for py/bridge.py, as JSON text (op: new, load,
//                                  view, act, bot, hint, ...); answered with
//                                  {type: "answer", id, answer}
//   {type: "runtime-bytes", bytes}, {type: "runtime-downloaded"},
//   {type: "runtime", module | error}
//                                  the runtime's WebAssembly, downloaded and
//                                  compiled by the page (engine-client.js)
// Messages to the page (the page's watchdog counts each one as progress):
//   {type: "progress", stage, bytes?, total?}
//       "runtime"   the start begins
//       "download"  bytes received so far, of about total (the runtime, the
//                   standard library, the engine)
//       "compile"   the runtime's WebAssembly is still compiling (every second
//                   once its last byte arrived)
//       "start"     Python starts (again whenever it reads a file)
//       "restore"   Python comes back from the snapshot of an earlier start
//       "engine"    the engine is installed and imported (again per file read)
//       "ready"
//   {type: "failed", message}      start-up failed (the page offers a retry)
//
// Python runs here, never on the page's thread: a bot may think as long as it
// likes while the page stays smooth.
//
// Start-up (docs/web-runtime.md): the WebAssembly starts compiling as its
// bytes arrive (on the page, whose compiled module the browser keeps), next
// to the downloads of the standard library (bytecode of only the modules the
// game imports) and of the engine.  The first start on a device runs
// Python's own start; the worker then keeps a memory snapshot
// of the started runtime, engine imported, in Cache Storage
// (touti-snapshot-<version>), and every later start restores it instead.  A
// snapshot that cannot be restored is dropped and Python starts afresh.

// (the worker's helpers are imported once its downloads have started: see boot)

let handle = null;
let booting = null;
let jsonDepth = null;        // json-depth.js's, imported with the other helpers

/**
 * A request nested deeper than this is refused unread.  Python reads JSON
 * recursively, and a few thousand levels (a bot's answer can be anything)
 * overflow this worker's stack and stop its Python for good: every later
 * request would go unanswered.  The page's own requests nest a few levels deep
 * (a score sheet's, the deepest, about six).
 */
const MAX_DEPTH = 32;
const TOO_DEEP = { ok: false, error: { code: "bad_request", params: { field: "json" },
  message: "The page sent a request the engine cannot read (json)." } };
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

// ------------------------------------------------------------------ progress
let stage = "runtime";
let then = "start";          // the stage once the runtime is compiled: "start" or "restore"
let lastReport = 0;
let received = 0;
let expected = 0;

/** Progress of the current stage, at most every 250 ms unless `now`. */
function report(now = false) {
  const t = performance.now();
  if (!now && t - lastReport < 250) return;
  lastReport = t;
  post(stage === "download"
    ? { type: "progress", stage, bytes: received, total: Math.max(expected, received) }
    : { type: "progress", stage });
}

/** Bytes of a start-up download arrived (here, or on the page for the runtime). */
function downloaded(bytes) {
  received += bytes;
  if (stage === "runtime") stage = "download";
  report();
}

function enter(name) {
  stage = name;
  report(true);
}

// While starting, every download reports its bytes: the page's watchdog then
// tells a slow network (bytes keep coming) from a hung start.  A download the
// worker started early is handed over when Pyodide asks for the same URL.
const realFetch = self.fetch.bind(self);
const handoff = new Map();
const hrefOf = (input) => new URL(typeof input === "string" ? input : input.url || String(input), location).href;

self.fetch = async (input, init) => {
  const href = hrefOf(input);
  if (handoff.has(href)) {
    const early = handoff.get(href);
    handoff.delete(href);
    return early;
  }
  const res = await realFetch(input, init);
  if (handle || !res.body) return res;
  const counter = new TransformStream({
    transform(chunk, controller) {
      downloaded(chunk.byteLength);
      controller.enqueue(chunk);
    },
  });
  return new Response(res.body.pipeThrough(counter),
    { status: res.status, statusText: res.statusText, headers: res.headers });
};

/** Starts a download now; Pyodide's own request for that URL gets this one. */
function early(url) {
  const response = self.fetch(url);
  handoff.set(hrefOf(url), response);
  response.catch(() => {});
  return response;
}

// Python reads its modules through the virtual file system: each read is
// progress (Python's start, the engine's imports), reported by the stage.
function watchFiles(FS) {
  const read = FS.read;
  FS.read = function (...args) {
    if (!handle) report();
    return read.apply(this, args);
  };
}

// ------------------------------------------------------------------ runtime
/**
 * The runtime's WebAssembly comes compiled from the page (engine-client.js:
 * compiled there, Chromium keeps its machine code for the next start), with
 * the progress of its download; Pyodide's instantiation then uses that
 * module.  Failing to load or compile it fails the start at once.
 */
const runtimeSaid = [];                         // until boot listens
let hearRuntime = (msg) => runtimeSaid.push(msg);

function compileRuntime(config, fail) {
  let gotModule;
  const compiled = new Promise((resolve, reject) => { gotModule = { resolve, reject }; });
  compiled.catch((err) => fail(err));
  let beat = 0;
  const hear = (msg) => {
    if (msg.type === "runtime-bytes") {
      downloaded(msg.bytes);
    } else if (msg.type === "runtime-downloaded") {
      // once its last byte is in, compiling may go on a while: say so every second
      if (stage === "download") stage = "compile";
      beat = setInterval(() => { if (!handle) report(true); }, 1000);
    } else if (msg.type === "runtime") {
      clearInterval(beat);
      if (msg.module) gotModule.resolve(msg.module);
      else gotModule.reject(new Error(msg.error));
    }
  };
  hearRuntime = hear;
  for (const msg of runtimeSaid.splice(0)) hear(msg);
  // Pyodide asks for the file too, only to hand its response to
  // instantiateStreaming (below, which does not read it): no second download
  handoff.set(hrefOf(config.pyodide + "pyodide.asm.wasm"), Promise.resolve(new Response(null)));
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = await compiled;
    enter(then);              // Python starts (or comes back from a snapshot) right after this
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

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

/** The standard library's response (Pyodide reads it), once known to be good. */
async function standardLibrary(url) {
  const res = await early(url).catch((err) => {
    throw new Error(`${url.split("/").pop()} could not be loaded (${err.message})`);
  });
  if (!res.ok) throw new Error(`${url.split("/").pop()} could not be loaded (HTTP ${res.status})`);
}

async function boot(config) {
  enter("runtime");
  const t0 = performance.now();
  const times = {};                        // ms since the start, for the benchmark
  const mark = (name) => { times[name] = Math.round(performance.now() - t0); };
  expected = config.download || 0;
  const hang = new Promise((_, reject) => { failNow = reject; });
  hang.catch(() => {});
  let failure = null;       // a file that could not be loaded, a runtime that does not compile
  const fail = (err) => {
    failure ??= err;
    failNow?.(err);
  };
  compileRuntime(config, fail);
  const stdlib = standardLibrary(config.stdlib);
  // The engine wheel is fetched with its sha256 (from the build): a wheel
  // that does not match is refused by the browser.
  const wheel = fetchBytes(config.wheel, config.wheelIntegrity);
  // its bytecode too, and the bridge
  const compiledEngine = config.bytecode ? fetchBytes(config.bytecode, config.bytecodeIntegrity) : Promise.resolve(null);
  const bridge = fetchBytes(config.bridge);
  for (const p of [wheel, bridge, stdlib, compiledEngine]) p.catch(fail);
  const runtime = import(config.pyodide + "pyodide.asm.mjs");   // Pyodide imports it later
  runtime.catch(() => {});
  const [{ storeSnapshot, readSnapshot, dropSnapshots }, { installEngine, installEngineLater }, depth] = await Promise.race([
    Promise.all([import("./snapshot.js"), import("./install.js"), import("./json-depth.js")]), hang]);
  jsonDepth = depth.jsonDepth;
  const canStore = typeof caches !== "undefined";
  const [{ loadPyodide }, saved] = await Promise.race([Promise.all([
    import(config.pyodide + "pyodide.mjs"), readSnapshot(config.version).finally(() => mark("snapshot read")),
    stdlib]), hang]);
  mark("files");
  const base = {
    indexURL: config.pyodide, lockFileURL: config.lock, stdLibURL: config.stdlib,
    stdout: () => {}, stderr: (line) => warn("[python]", line), fsInit: watchFiles,
  };
  let pyodide = null;
  let snapshot = null;
  if (saved) {
    try {
      then = "restore";
      pyodide = await Promise.race([loadPyodide({ ...base, _loadSnapshot: saved }), hang]);
      mark("python");
      enter("engine");
      // The modules are in the snapshot; the files go back when a later import needs them.
      installEngineLater(pyodide, await wheel, await bridge, await compiledEngine);
    } catch (err) {
      if (failure) throw failure;
      warn("snapshot restore failed, starting afresh:", err);
      pyodide = null;
      await dropSnapshots();
    }
  }
  if (!pyodide) {
    then = "start";
    pyodide = await Promise.race([loadPyodide({ ...base, _makeSnapshot: canStore }), hang]);
    mark("python");
    enter("engine");
    installEngine(pyodide, await Promise.race([wheel, hang]), await Promise.race([bridge, hang]),
      await Promise.race([compiledEngine, hang]));
    if (canStore) {
      try {
        snapshot = pyodide.makeMemorySnapshot();
      } catch (err) {
        warn("no snapshot:", err);
      }
    }
  }
  mark("engine");
  handle = pyodide.runPython("import touti_bridge; touti_bridge.handle");
  // Warm the engine up (a first deal) so the first real request is quick.
  JSON.parse(handle(JSON.stringify({ op: "new", seed: 1 })));
  failNow = null;
  mark("ready");
  times.restored = Boolean(saved && !snapshot);
  times.origin = performance.timeOrigin + t0;    // when this start began (ms since 1970)
  console.log(`engine ready in ${times.ready} ms` + (times.restored ? " (from snapshot)" : ""));
  post({ type: "progress", stage: "ready", times });
  if (snapshot) storeSnapshot(config.version, snapshot).catch((err) => warn("snapshot not stored:", err));
}

self.onmessage = async (event) => {
  const msg = event.data || {};
  if (String(msg.type).startsWith("runtime")) {
    hearRuntime(msg);
    return;
  }
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
      // (the page sends text; a request as an object, as the startup test and benchmark post it, is written here)
      const text = typeof msg.request === "string" ? msg.request : JSON.stringify(msg.request);
      answer = jsonDepth(text, MAX_DEPTH) > MAX_DEPTH ? TOO_DEEP : JSON.parse(handle(text));
    } catch (err) {
      answer = { ok: false, error: { code: "internal", message: describe(err), params: {} } };
    }
    post({ type: "answer", id: msg.id, answer });
  }
};

self.addEventListener("unhandledrejection", (event) => {
  if (!handle) post({ type: "failed", message: describe(event.reason) });
});
