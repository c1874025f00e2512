// Touti's service worker: the whole game offline, one version at a time.
//
// The build writes this file with its version and the list of every file the
// game needs (pages, scripts, styles, icons, scenarios, the engine wheel, the
// Pyodide runtime), so a new deployment is a new service worker.
//
// - install: precaches every file into "touti-<version>"; only complete,
//   same-origin 200 answers are stored, and each unversioned file (pages,
//   manifest) must belong to this version, otherwise the install fails and is
//   retried later: a cache never mixes two versions.
// - fetch: everything precached is answered from this version's cache (the
//   pages whatever their query string); anything else goes to the network.
// - activate: deletes every other cache of the site except the engine
//   worker's start-up snapshots ("touti-snapshot-*", which manage themselves)
//   and takes control of the open pages.
// - A new version waits ("installed") until the page asks for it
//   ({type: "skip-waiting"}): the page offers it between hands only.

const VERSION = "%VERSION%";
const FILES = %FILES%;
const CACHE = `touti-${VERSION}`;
const SNAPSHOTS = "touti-snapshot-";
/** Files under these folders never change under the same name (the HTTP cache may answer). */
const VERSIONED = /^(app|pyodide)\//;
/** Unversioned files that name the versioned ones: they must name this version. */
const PAGES = /\.(html|webmanifest)$/;
const PARALLEL = 4;

const scope = () => self.registration.scope;

async function fetchGood(path) {
  const versioned = VERSIONED.test(path);
  const res = await fetch(new Request(new URL(path, scope()), {
    cache: versioned ? "default" : "no-cache", credentials: "same-origin", redirect: "error",
  }));
  if (!res.ok || res.status !== 200 || res.type !== "basic") {
    throw new Error(`${path}: HTTP ${res.status} ${res.type}`);
  }
  if (PAGES.test(path)) {
    const text = await res.clone().text();
    if (!text.includes(VERSION)) throw new Error(`${path} belongs to another version`);
  }
  return res;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const queue = [...FILES];
  const worker = async () => {
    while (queue.length) {
      const path = queue.shift();
      const url = new URL(path, scope()).href;
      if (await cache.match(url)) continue;
      await cache.put(url, await fetchGood(path));
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } catch (err) {
    await caches.delete(CACHE);   // never leave a half-filled version behind
    throw err;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && !name.startsWith(SNAPSHOTS)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

async function answer(request) {
  const url = new URL(request.url);
  let path = url.href.slice(scope().length).split(/[?#]/)[0];
  if (path === "") path = "index.html";
  const cache = await caches.open(CACHE);
  const hit = await cache.match(new URL(path, scope()).href);
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope())) return;
  event.respondWith(answer(request));
});
