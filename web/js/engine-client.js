// The page's handle on the engine worker: start-up with progress and a
// watchdog, then requests as promises.

/** Start-up gives up when no progress (a stage, or downloaded bytes) comes for this long. */
export const STALL_MS = 15000;

export class EngineError extends Error {}

export class EngineClient {
  /**
   * @param {object} config  the build's paths (app, pyodide, lock, bridge, package)
   * @param {(stage: string, bytes?: number) => void} onProgress
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
    const base = document.baseURI;
    const abs = (p) => new URL(p, base).href;
    const cfg = { ...this.config };
    for (const key of ["pyodide", "lock", "bridge", "wheel", "snapshot"]) {
      if (cfg[key]) cfg[key] = abs(cfg[key]);
    }
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
      let worker;
      try {
        worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
      } catch (err) {
        fail(String(err.message || err));
        return;
      }
      this.worker = worker;
      worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.type === "progress") {
          this.onProgress(msg.stage, msg.bytes);
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
      worker.onerror = (event) => {
        event.preventDefault?.();
        fail(event.message || "the engine worker could not be started");
      };
      worker.postMessage({ type: "init", config: cfg });
    });
    return this.ready;
  }

  /** One request to the engine; resolves with its answer ({ok, ...}). */
  call(request) {
    if (!this.worker) return Promise.reject(new EngineError("the engine is not running"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: "call", id, request });
    });
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new EngineError("the engine was stopped"));
    this.pending.clear();
  }
}
