import { linkSized, parseLinkJSON } from "./links.js";

// JSON packed for a link: raw deflate, then base64url (challenge links,
// friends' invitations and replies).  Unpacking is guarded: a short link may
// inflate to megabytes, so it stops at a byte limit.

async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

/** `bytes` inflated (raw deflate), or null once they pass `limit` bytes. */
export async function inflate(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

export function b64url(bytes) {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function unb64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** A JSON value -> deflated base64url text. */
export async function packJSON(value) {
  return b64url(await pipe(new TextEncoder().encode(JSON.stringify(value)), new CompressionStream("deflate-raw")));
}

/**
 * Deflated base64url text -> its JSON value, or null when it is longer than
 * `maxChars`, inflates past `maxBytes`, nests too deep, or is not deflated JSON.
 */
export async function unpackJSON(text, { maxChars, maxBytes }) {
  if (typeof text !== "string" || !linkSized(text, maxChars) || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bytes = await inflate(unb64url(text), maxBytes);
    // the links' guard (links.js): size, then how deep the JSON nests
    return bytes === null ? null : parseLinkJSON(new TextDecoder("utf-8", { fatal: true }).decode(bytes), maxBytes) ?? null;
  } catch {
    return null;
  }
}
