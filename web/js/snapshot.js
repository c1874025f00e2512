// Memory snapshots of the started Python runtime, kept in Cache Storage.
//
// One snapshot per build version, made by the worker after the first start
// on this device (Python started, the engine imported).  The cache name
// starts with "touti-snapshot-" and holds only the current version: storing
// a new one deletes the others.  Used from the worker only.
//
// Stored without its zero pages (about 14 MB for 31 MB of memory, half of it
// zeros) rather than gzip-compressed (5 MB): reading it back takes 0.1 s
// instead of 0.5 s on a phone-speed CPU (Chromium, CPU x4), and keeping it
// costs no compression (1.9 s of the worker's time after the first start).
// Format: "TSN1", the memory's length and its number of 64 KiB pages (u32
// little-endian), a bit per page (set: the page follows), the pages.

const PREFIX = "touti-snapshot-";
const KEY = "/__touti_snapshot__";
const MAGIC = 0x314e5354;          // "TSN1"
const PAGE = 65536;

function available() {
  return typeof caches !== "undefined";
}

/** The snapshot as stored: its non-zero pages and where they go. */
export function pack(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const head = new Uint8Array(12 + Math.ceil(pages / 8));
  const view = new DataView(head.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, bytes.length, true);
  view.setUint32(8, pages, true);
  const parts = [head];
  const words = bytes.length % 4 === 0 && bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4) : null;
  for (let i = 0; i < pages; i++) {
    const start = i * PAGE;
    const end = Math.min(bytes.length, start + PAGE);
    let zero = true;
    if (words) {
      for (let w = start / 4; w < end / 4; w++) if (words[w]) { zero = false; break; }
    } else {
      for (let b = start; b < end; b++) if (bytes[b]) { zero = false; break; }
    }
    if (!zero) {
      head[12 + (i >> 3)] |= 1 << (i & 7);
      parts.push(bytes.subarray(start, end));
    }
  }
  return new Blob(parts);
}

/** The memory back from pack's bytes, or null if they are not a snapshot. */
export function unpack(stored) {
  if (stored.length < 12) return null;
  const view = new DataView(stored.buffer, stored.byteOffset, stored.length);
  if (view.getUint32(0, true) !== MAGIC) return null;
  const length = view.getUint32(4, true);
  const pages = view.getUint32(8, true);
  if (pages !== Math.ceil(length / PAGE)) return null;
  const out = new Uint8Array(length);
  let at = 12 + Math.ceil(pages / 8);
  for (let i = 0; i < pages; i++) {
    if (stored[12 + (i >> 3)] & (1 << (i & 7))) {
      const size = Math.min(length, (i + 1) * PAGE) - i * PAGE;
      if (at + size > stored.length) return null;
      out.set(stored.subarray(at, at + size), i * PAGE);
      at += size;
    }
  }
  return at === stored.length ? out : null;
}

/** The snapshot bytes of this version, or null. */
export async function readSnapshot(version) {
  if (!available()) return null;
  try {
    const cache = await caches.open(PREFIX + version);
    const res = await cache.match(KEY);
    if (!res) return null;
    return unpack(new Uint8Array(await res.arrayBuffer()));
  } catch {
    return null;
  }
}

/** Keeps this version's snapshot and deletes every other one. */
export async function storeSnapshot(version, bytes) {
  if (!available()) return;
  const name = PREFIX + version;
  const cache = await caches.open(name);
  await cache.put(KEY, new Response(pack(bytes), {
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
