// Memory snapshots of the started Python runtime, kept in Cache Storage.
//
// One snapshot per build version, made by the worker after the first start
// on this device (Python started, the engine imported), gzip-compressed
// (about 5 MB for 31 MB of memory).  The cache name starts with
// "touti-snapshot-" and holds only the current version: storing a new one
// deletes the others.  Used from the worker only.

const PREFIX = "touti-snapshot-";
const KEY = "/__touti_snapshot__";

function available() {
  return typeof caches !== "undefined" && typeof DecompressionStream !== "undefined";
}

/** The snapshot bytes of this version, or null. */
export async function readSnapshot(version) {
  if (!available()) return null;
  try {
    const cache = await caches.open(PREFIX + version);
    const res = await cache.match(KEY);
    if (!res) return null;
    const stream = res.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

/** Keeps this version's snapshot and deletes every other one. */
export async function storeSnapshot(version, bytes) {
  if (!available()) return;
  const name = PREFIX + version;
  const body = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  const compressed = await new Response(body).blob();
  const cache = await caches.open(name);
  await cache.put(KEY, new Response(compressed, {
    headers: { "content-type": "application/octet-stream" },
  }));
  for (const other of await caches.keys()) {
    if (other.startsWith(PREFIX) && other !== name) await caches.delete(other);
  }
}

/** Deletes every snapshot (after a failed restore). */
export async function dropSnapshots() {
  if (!available()) return;
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX)) await caches.delete(name);
  }
}
