// Links that open a game: #game=CODE (a shared game code: the same cards and
// rules) and #record=... (base64url JSON of an engine record: an exact
// position).  readLink() tells them apart from anything else; a link that
// cannot be read is reported as a bad link (never as a damaged save).

import { decodeCode } from "./settings.js";

/** base64url text -> its JSON value, or undefined. */
export function decodeJSON(text) {
  try {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** A JSON value -> base64url text (UTF-8). */
export function encodeJSON(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The link in a URL fragment: null when the fragment opens no game, else
 * {kind: "game", seed, rules}, {kind: "record", record}, or
 * {kind: "bad", what} when it names a game but cannot be read.
 */
export function readLink(hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (!/^(game|record)=/.test(text)) return null;
  const params = new URLSearchParams(text);
  if (params.has("game")) {
    const parsed = decodeCode(params.get("game"));
    return parsed ? { kind: "game", ...parsed } : { kind: "bad", what: "game" };
  }
  const record = decodeJSON(params.get("record") || "");
  if (!record || typeof record !== "object" || Array.isArray(record)) return { kind: "bad", what: "record" };
  return { kind: "record", record };
}
