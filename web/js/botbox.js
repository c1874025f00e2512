// The sandbox of the player's own bots, on the page's side (docs/bot-api.md).
//
// A wheel's code never runs in the engine's worker, nor anywhere with the
// site's origin: it runs in a worker started from a data: URL, whose origin
// is opaque (botbox-worker.js: no storage, no cache, no service worker, no
// file of the site), with a Python of its own.  It is given one seat's view
// (made by the engine: `bot_view`) and its answer goes to the engine, which
// judges it like any bot's (`bot` with the answer).  Hints, reviews and
// challenges are the engine's alone: nothing a wheel does reaches them.
//
// A watchdog covers every step: the sandbox's start (BOOT_MS), installing
// and importing a wheel (LOAD_MS), each decision (HUNG_MS) and each deal of
// its arena (ARENA_MS).  A step over its limit, or a sandbox that floods
// the page with messages, stops the sandbox: its bots are gone for this
// visit, and the page says so and seats the normal bot instead.

/** A decision of a bot of one's own not answered within this time stops the sandbox
 * (far above its cap, touti_core.bots.plugins.CAP_SECONDS: 2 s, after which a decision
 * that did come back is discarded). */
export const HUNG_MS = 10_000;
/** Starting the sandbox's Python (the runtime comes from the site, no network). */
export const BOOT_MS = 60_000;
/** Installing and importing a wheel's bots. */
export const LOAD_MS = 20_000;
/** One deal of the sandbox's arena (both tables, four bots each). */
export const ARENA_MS = 60_000;
/** Messages the page did not ask for, before the sandbox is stopped. */
export const MAX_UNASKED = 50;
/** The longest answer the page reads from the sandbox (characters). */
export const MAX_ANSWER_TEXT = 200_000;

export class BotBoxStopped extends Error {
  /** @param {string} why  "hung", "flood", "failed", "stopped" */
  constructor(why, message = why) {
    super(message);
    this.why = why;
  }
}

async function text(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url.split("/").pop()} could not be loaded (HTTP ${res.status})`);
  return res.text();
}

async function bytes(url, integrity) {
  const res = await fetch(url, integrity ? { integrity } : {});
  if (!res.ok) throw new Error(`${url.split("/").pop()} could not be loaded (HTTP ${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

/** What the sandbox is given to start: read from the site by the page (its service worker offline). */
async function sandboxFiles(config) {
  const at = (path) => new URL(path, document.baseURI).href;
  const pyodide = at(config.pyodide);
  const [worker, pyodideText, asm, install, botbox, stdlib, lock, wheel, bytecode, module] = await Promise.all([
    text(new URL("./botbox-worker.js", import.meta.url).href),
    text(`${pyodide}pyodide.mjs`), text(`${pyodide}pyodide.asm.mjs`),
    text(new URL("./install.js", import.meta.url).href), text(at(config.botbox)),
    bytes(at(config.stdlib)), text(at(config.lock)),
    bytes(at(config.wheel), config.wheelIntegrity),
    config.bytecode ? bytes(at(config.bytecode), config.bytecodeIntegrity) : null,
    fetch(`${pyodide}pyodide.asm.wasm`).then((res) => WebAssembly.compileStreaming(res)),
  ]);
  return { worker, module, files: { pyodide: pyodideText, asm, install, botbox, stdlib, lock, wheel, bytecode } };
}

/** A worker whose origin is opaque: started from a data: URL of its source. */
function opaqueWorker(source) {
  const bin = String.fromCharCode(...new TextEncoder().encode(source));
  return new Worker(`data:text/javascript;base64,${btoa(bin)}`, { type: "module" });
}

export class BotBox {
  /**
   * @param config        the build's paths (pyodide, stdlib, lock, wheel, bytecode, botbox)
   * @param onStopped     ({why, bot, had}) => void: the sandbox was stopped (its bots are
   *                      gone): why ("hung", "flood", "failed"), the bot it was asking
   *                      (or null), whether any bot was loaded
   * @param makeWorker    (source) => Worker (the tests give their own)
   */
  constructor(config, { onStopped = () => {}, makeWorker = opaqueWorker } = {}) {
    this.config = config;
    this.onStopped = onStopped;
    this.makeWorker = makeWorker;
    this.worker = null;
    this.ready = null;
    this.pending = new Map();
    this.nextId = 1;
    this.unasked = 0;
    this.asking = null;
    /** The loaded bots by name: {name, level, source, version, decisions, problems, recent}. */
    this.bots = new Map();
  }

  /** Starts the sandbox (once); resolves when its Python is ready. */
  start() {
    if (this.ready) return this.ready;
    this.ready = (async () => {
      const { worker: source, module, files } = await sandboxFiles(this.config);
      const worker = this.makeWorker(source);
      this.worker = worker;
      worker.onmessage = (event) => this.hear(worker, event.data);
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.stop("failed", event.message || "the sandbox could not start");
      };
      const started = new Promise((resolve, reject) => {
        this.pending.set(0, { resolve, reject });
      });
      worker.postMessage({ type: "init", files, module });
      await this.within(started, BOOT_MS, "the sandbox did not start", "failed");
    })();
    this.ready.catch(() => { this.ready = null; });
    return this.ready;
  }

  /** A message of the sandbox: only answers to what was asked are read. */
  hear(worker, msg) {
    if (worker !== this.worker) return;
    const ok = msg && typeof msg === "object";
    if (ok && (msg.type === "ready" || msg.type === "failed") && this.pending.has(0)) {
      const p = this.pending.get(0);
      this.pending.delete(0);
      if (msg.type === "ready") p.resolve();
      else p.reject(new BotBoxStopped("failed", String(msg.message).slice(0, 300)));
      return;
    }
    if (ok && msg.type === "answer" && this.pending.has(msg.id) && msg.id !== 0 && typeof msg.text === "string"
        && msg.text.length <= MAX_ANSWER_TEXT) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      let answer;
      try {
        answer = JSON.parse(msg.text);
      } catch {
        answer = null;
      }
      p.resolve(answer && typeof answer === "object" && !Array.isArray(answer) ? answer
        : { ok: false, error: { code: "internal", message: "the sandbox answered garbage", params: {} } });
      return;
    }
    this.unasked += 1;                // not asked for: a bot trying to reach the page
    if (this.unasked > MAX_UNASKED) this.stop("flood", "the sandbox sent messages nobody asked for");
  }

  /** `promise`, or the sandbox stopped with `why` after `ms`. */
  within(promise, ms, message, why = "hung") {
    let timer = 0;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => {
        const err = new BotBoxStopped(why, message);
        reject(err);
        this.stop(why, message);
      }, ms);
    });
    return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
  }

  async call(request, ms, message) {
    await this.start();
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ type: "call", id, request: JSON.stringify(request) });
    return this.within(answer, ms, message);
  }

  /** Installs a wheel (base64) and imports its bots: {ok, bots} or {ok: false, error}. */
  async load(filename, data) {
    let ans;
    try {
      ans = await this.call({ op: "load", filename, data }, LOAD_MS, "installing it took too long");
    } catch (err) {
      const detail = String(err.message || err).slice(0, 300);
      return err.why === "hung"
        ? { ok: false, error: { code: "bot_load_hung", message: detail, params: { bot: filename, seconds: LOAD_MS / 1000 } } }
        : { ok: false, error: { code: "sandbox_failed", message: detail, params: { detail } } };
    }
    if (ans.ok) {
      const bots = Array.isArray(ans.bots) ? ans.bots.filter((b) => b && typeof b.name === "string") : [];
      for (const b of bots) {
        this.bots.set(b.name, { name: b.name, level: `user:${b.name}`, source: String(b.source), version: b.version ?? null,
          decisions: 0, problems: { illegal: 0, error: 0, slow: 0, hung: 0 }, recent: [] });
      }
      return { ok: true, bots: bots.map((b) => this.bots.get(b.name)) };
    }
    return ans;
  }

  /**
   * A loaded bot's answer to `view`: {answer, ms}, or {failure: {kind, detail}, ms}
   * (kind "error": it raised or answered no JSON; "hung": no answer within
   * HUNG_MS, the sandbox is stopped).  The time is the page's own measure.
   */
  async choose(name, view) {
    const t0 = performance.now();
    let ans;
    try {
      this.asking = name;
      ans = await this.call({ op: "choose", bot: name, view, legal: view.legal }, HUNG_MS,
        `${name} did not answer within ${HUNG_MS / 1000} s`);
    } catch (err) {
      const kind = err.why === "hung" ? "hung" : "error";
      return { failure: { kind, detail: String(err.message || err).slice(0, 300) }, ms: performance.now() - t0 };
    } finally {
      this.asking = null;
    }
    const ms = performance.now() - t0;
    if (ans.ok && ans.failure && typeof ans.failure === "object") {
      return { failure: { kind: "error", detail: String(ans.failure.detail ?? "").slice(0, 300) }, ms };
    }
    if (ans.ok && "answer" in ans) return { answer: ans.answer, ms };
    return { failure: { kind: "error", detail: String(ans.error?.message || "no answer").slice(0, 300) }, ms };
  }

  /** Counts a decision the engine judged (its `fallback` report, if any). */
  judged(name, problem) {
    const bot = this.bots.get(name);
    if (!bot) return;
    bot.decisions += 1;
    if (problem && Object.hasOwn(bot.problems, problem.kind)) {
      bot.problems[problem.kind] += 1;
      bot.recent = [...bot.recent, problem].slice(-20);
    }
  }

  /** The sandbox's duplicate arena (a loaded bot against a built-in level). */
  arenaStart(params) {
    return this.call({ op: "arena_start", ...params }, LOAD_MS, "the arena did not start");
  }

  arenaStep() {
    return this.call({ op: "arena_step" }, ARENA_MS, `a deal of the arena took over ${ARENA_MS / 1000} s`);
  }

  loaded() {
    return [...this.bots.values()];
  }

  /** Stops the sandbox: its bots are gone (a later load starts a new one). */
  stop(why = "stopped", message = why) {
    const worker = this.worker;
    if (worker) worker.terminate();
    this.worker = null;
    this.ready = null;
    this.unasked = 0;
    const had = this.bots.size > 0;
    const bot = this.asking;
    this.asking = null;
    this.bots.clear();
    for (const p of this.pending.values()) p.reject(new BotBoxStopped(why, message));
    this.pending.clear();
    if (worker && why !== "stopped") this.onStopped({ why, bot, had });
  }
}
