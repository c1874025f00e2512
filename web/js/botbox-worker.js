// The sandbox of the player's own bots: a module worker started from a data:
// URL (web/js/botbox.js), so that its origin is opaque.  From here a bot's
// code reaches no storage (no IndexedDB, no Cache Storage: both refuse an
// opaque origin), no service worker, no file of the site (a request to the
// site is cross-origin and the site allows none) and no other page of the
// site (a BroadcastChannel of an opaque origin hears nobody).  It talks only
// to the page that started it, which checks everything it says.
//
// This file imports nothing: the page sends the runtime (Pyodide's two
// modules as text, its WebAssembly compiled, the standard library), the
// engine's wheel and this sandbox's Python (web/py/botbox.py), all read from
// the site by the page (offline too, from its service worker), and this
// worker imports them from blob: URLs of its own.
//
// Messages from the page:
//   {type: "init", files: {pyodide, asm, install, botbox: text; stdlib, lock,
//                          wheel, bytecode: bytes}, module: WebAssembly.Module}
//   {type: "call", id, request: JSON text}      (web/py/botbox.py's requests)
// Messages to the page:
//   {type: "ready"} | {type: "failed", message} | {type: "answer", id, text}

const BASE = "https://sandbox.invalid/";
let handle = null;
let booting = null;

const blobURL = (text) => URL.createObjectURL(new Blob([text], { type: "text/javascript" }));

/** The only "network" of the sandbox: the files the page sent, by name. */
function serve(files) {
  const served = new Map([
    [`${BASE}pyodide.asm.wasm`, new Uint8Array(0)],      // the module came compiled
    [`${BASE}stdlib.zip`, files.stdlib],
    [`${BASE}lock.json`, files.lock],
  ]);
  self.fetch = async (input) => {
    const url = String(input?.url ?? input);
    if (served.has(url)) return new Response(served.get(url));
    throw new TypeError("the sandbox reaches no network");
  };
}

async function boot({ files, module }) {
  serve(files);
  WebAssembly.instantiateStreaming = async (_source, imports) =>
    ({ module, instance: await WebAssembly.instantiate(module, imports) });
  const [asm, { loadPyodide }, { installEngine }] = await Promise.all(
    [files.asm, files.pyodide, files.install].map((text) => import(blobURL(text))));
  const pyodide = await loadPyodide({
    indexURL: BASE, stdLibURL: `${BASE}stdlib.zip`, lockFileURL: `${BASE}lock.json`,
    createPyodideModule: asm.default, stdout: () => {}, stderr: () => {},
  });
  installEngine(pyodide, files.wheel, files.botbox, files.bytecode, "touti_botbox");
  handle = pyodide.runPython("import touti_botbox; touti_botbox.handle");
  // Nothing more to load: what could still reach out is taken away before any bot runs.
  for (const name of ["XMLHttpRequest", "WebSocket", "EventSource", "WebTransport", "importScripts"]) {
    try {
      delete self[name];
      self[name] = undefined;
    } catch { /* not there */ }
  }
}

self.onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type === "init" && !booting) {
    booting = boot(msg).then(() => self.postMessage({ type: "ready" }),
      (err) => self.postMessage({ type: "failed", message: String(err?.message || err).slice(0, 300) }));
    return;
  }
  if (msg.type === "call" && typeof msg.request === "string") {
    await booting;
    let text;
    try {
      text = handle(msg.request);
    } catch (err) {
      text = JSON.stringify({ ok: false, error: { code: "internal", message: String(err?.message || err).slice(0, 300), params: {} } });
    }
    self.postMessage({ type: "answer", id: msg.id, text: String(text) });
  }
};
