// How deep a JSON text nests, read on the text before anything parses it:
// the links' guard (links.js) and the engine worker's (worker.js).  A value
// nested a few thousand deep overflows the stack of whatever reads it
// recursively (the browser's copy between threads, the engine's Python).

/**
 * How deep the JSON `text` nests: the most [ and { open at once, outside
 * strings (its brackets need not be balanced: JSON.parse judges the rest).
 * Stops counting once past `limit`.
 */
export function jsonDepth(text, limit = Infinity) {
  let depth = 0;
  let most = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1;                              // \ escapes the next character
      else if (c === 34) inString = false;               // "
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {                  // [ {
      depth += 1;
      if (depth > most) {
        most = depth;
        if (most > limit) return most;
      }
    } else if (c === 93 || c === 125) {                  // ] }
      depth -= 1;
    }
  }
  return most;
}

/**
 * How deep a value already parsed nests (arrays and objects; a bare value is
 * 0), counted without recursion, so a hostile value cannot overflow the
 * count itself.  Stops counting once past `limit`.
 */
export function valueDepth(value, limit = Infinity) {
  let most = 0;
  const stack = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop();
    if (!v || typeof v !== "object") continue;
    if (d > most) {
      most = d;
      if (most > limit) return most;
    }
    for (const x of Array.isArray(v) ? v : Object.values(v)) {
      if (x && typeof x === "object") stack.push([x, d + 1]);
    }
  }
  return most;
}
