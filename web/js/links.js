// Links that open a game: #game=CODE (a shared game code: the same cards and
// rules) and #record=... (base64url JSON of an engine record: an exact
// position).  readLink() tells them apart from anything else; a link that
// cannot be read is reported as a bad link (never as a damaged save).
//
// Every link's data (#game=, #record=, #sheet=, #challenge=) first passes one
// guard: its text is at most LINK_MAX_CHARS long and its JSON nests at most
// LINK_MAX_DEPTH deep, checked on the text before JSON.parse and before
// anything reaches the engine's worker (a value nested thousands deep cannot
// even be posted to it: the browser's copy overflows its stack).  Nothing the
// page writes comes near either limit: a record nests 4 deep, a sheet 5.

import { decodeCode } from "./settings.js";
import { jsonDepth } from "./json-depth.js";

export { jsonDepth };

/** The longest link payload read (characters): far above any game's record, below what browsers keep of a URL. */
export const LINK_MAX_CHARS = 1_000_000;
/** The deepest nesting of a link's JSON ([ and {). */
export const LINK_MAX_DEPTH = 32;

/** Is `text` a string short enough to be read as a link (at most `maxChars`)? */
export function linkSized(text, maxChars = LINK_MAX_CHARS) {
  return typeof text === "string" && text.length <= maxChars;
}

/**
 * A link's JSON text -> its value, or undefined when it is not JSON, or is
 * longer than `maxChars` or nests deeper than LINK_MAX_DEPTH (refused before
 * it is parsed).
 */
export function parseLinkJSON(text, maxChars = LINK_MAX_CHARS) {
  if (!linkSized(text, maxChars) || jsonDepth(text, LINK_MAX_DEPTH) > LINK_MAX_DEPTH) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** base64url text -> its JSON value, or undefined (the link guard above applies). */
export function decodeJSON(text, maxChars = LINK_MAX_CHARS) {
  if (!linkSized(text, maxChars)) return undefined;
  let json;
  try {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    json = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return parseLinkJSON(json, maxChars);
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
  if (!linkSized(text, LINK_MAX_CHARS + 16)) return { kind: "bad", what: text.startsWith("game") ? "game" : "record" };
  const params = new URLSearchParams(text);
  if (params.has("game")) {
    const parsed = decodeCode(params.get("game"));
    return parsed ? { kind: "game", ...parsed } : { kind: "bad", what: "game" };
  }
  const record = decodeJSON(params.get("record") || "");
  if (!record || typeof record !== "object" || Array.isArray(record)) return { kind: "bad", what: "record" };
  return { kind: "record", record };
}
