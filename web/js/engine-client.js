// The page's handle on the engine worker: start-up with progress and a
// watchdog, then requests as promises.
//
// The worker reports every kind of progress (bytes downloaded, the runtime
// still compiling, Python reading its files while it starts or imports the
// engine, a snapshot being restored: see worker.js), so that a slow network
// or a slow phone is never taken for a hung start.
//
// The game page's head also loads this module on its own
// (<script type="module" async data-start-engine>): it then starts the
// worker at once, before the page's other modules have arrived, and the
// page's EngineClient takes that worker over (with the progress it reported
// meanwhile) when it starts.

/** Start-up gives up when nothing at all progresses for this long (a hung start). */
export const STALL_MS = 15000;

export class EngineError extends Error {}

/** The config as the worker needs it: every path absolute. */
function workerConfig(config) {
  const cfg = { ...config };
  for (const key of ["pyodide", "lock", "bridge", "wheel", "bytecode", "stdlib"]) {
    if (cfg[key]) cfg[key] = new URL(cfg[key], document.baseURI).href;
  }
  return cfg;
}

/** A started engine worker (the init message sent, the runtime on its way). */
export function newWorker(config) {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const cfg = workerConfig(config);
  worker.postMessage({ type: "init", config: cfg });
  compileRuntime(cfg.pyodide + "pyodide.asm.wasm", (msg) => worker.postMessage(msg));
  return worker;
}

/**
 * The runtime's WebAssembly is downloaded and compiled here, on the page, and
 * the compiled module is handed to the worker: Chromium keeps the machine code
 * of a module compiled from the page's own request in its code cache, so every
 * later start (and every later page) skips compiling it again.  Compiled in the
 * worker it never did (docs/web-runtime.md).  The compiling itself runs off the
 * page's thread.  The worker hears of every chunk of bytes (counted on a clone,
 * which keeps the response the browser's own), of the download's end, then of
 * the module or of why there is none:
 *   {type: "runtime-bytes", bytes}, {type: "runtime-downloaded"},
 *   {type: "runtime", module} or {type: "runtime", error}
 */
function compileRuntime(url, tell) {
  const name = url.split("/").pop();
  fetch(url).catch((err) => {
    throw new Error(`${name} could not be loaded (${err.message})`);
  }).then((res) => {
    if (!res.ok) throw new Error(`${name} could not be loaded (HTTP ${res.status})`);
    countBytes(res.clone(), tell);
    return WebAssembly.compileStreaming(res).catch((err) => {
      throw new Error(`the runtime could not be compiled (${err.message || err})`);
    });
  }).then((module) => tell({ type: "runtime", module }), (err) => tell({ type: "runtime", error: err.message }));
}

async function countBytes(res, tell) {
  try {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      tell({ type: "runtime-bytes", bytes: value.byteLength });
    }
    tell({ type: "runtime-downloaded" });
  } catch {
    // the download failed: compiling fails too, and says why
  }
}

/** A worker started before any client, with what it said so far (taken once). */
let early = null;

function startEarly() {
  const el = document.getElementById("touti-build");
  if (!el || typeof Worker === "undefined") return;
  try {
    const config = JSON.parse(el.textContent);
    const said = [];
    const worker = newWorker(config);
    worker.onmessage = (event) => said.push(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      said.push({ type: "failed", message: event.message || "the engine worker could not be started" });
    };
    early = { version: config.version, worker, said };
  } catch {
    early = null;        // the client starts its own worker
  }
}

if (typeof document !== "undefined" && document.querySelector("script[data-start-engine]")) startEarly();

export class EngineClient {
  /**
   * @param {object} config  the build's paths (app, pyodide, lock, bridge, wheel, bytecode, stdlib)
   * @param {(stage: string, bytes?: number, total?: number) => void} onProgress
   *        stage: runtime, download (bytes of about total), compile, start,
   *        restore, engine, ready
   */
  constructor(config, onProgress = () => {}) {
    this.config = config;
    this.onProgress = onProgress;
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.ready = null;
  }

  /** Starts the worker; resolves when the engine is ready, rejects with a reason. */
  start() {
    this.stop();
    this.ready = new Promise((resolve, reject) => {
      let timer = 0;
      const fail = (message) => {
        clearTimeout(timer);
        this.stop();
        reject(new EngineError(message));
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => fail("stalled"), STALL_MS);
      };
      arm();
      const onMessage = (msg) => {
        if (msg.type === "progress") {
          try {
            this.onProgress(msg.stage, msg.bytes, msg.total);
          } catch (err) {
            console.error(err);          // the page's display: never the start itself
          }
          if (msg.stage === "ready") {
            clearTimeout(timer);
            resolve();
          } else {
            arm();
          }
        } else if (msg.type === "failed") {
          fail(msg.message);
        } else if (msg.type === "answer") {
          const p = this.pending.get(msg.id);
          if (p) {
            this.pending.delete(msg.id);
            p.resolve(msg.answer);
          }
        }
      };
      let worker;
      let said = [];
      if (early && early.version === this.config.version) {
        ({ worker, said } = early);          // started by the page's head: take it over
        early = null;
      } else {
        try {
          worker = newWorker(this.config);
        } catch (err) {
          fail(String(err.message || err));
          return;
        }
      }
      this.worker = worker;
      worker.onmessage = (event) => onMessage(event.data);
      worker.onerror = (event) => {
        event.preventDefault?.();
        fail(event.message || "the engine worker could not be started");
      };
      // what the worker said before: once the page's module that called start()
      // has finished initialising (its progress callback may use it)
      if (said.length) {
        queueMicrotask(() => {
          for (const msg of said) {
            if (this.worker === worker) onMessage(msg);
          }
        });
      }
    });
    return this.ready;
  }

  /** One request to the engine; resolves with its answer ({ok, ...}). */
  call(request) {
    if (!this.worker) return Promise.reject(new EngineError("the engine is not running"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        // sent as JSON text: a value nested thousands deep (a bot's answer can be anything) would
        // overflow the worker's copy of it, which then drops the message unanswered; the
        // worker refuses a text nested too deep unread
        this.worker.postMessage({ type: "call", id, request: JSON.stringify(request) });
      } catch (err) {
        // the page could not write the request (nested too deep, or not data):
        // the engine could not have read it either, and says so as it would
        this.pending.delete(id);
        console.error(err);
        resolve({ ok: false, error: { code: "malformed", params: {},
          message: "The engine cannot read this: it is too large or nested too deep." } });
      }
    });
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new EngineError("the engine was stopped"));
    this.pending.clear();
  }
}
