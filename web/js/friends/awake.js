// A phone at a table with friends stays awake (Screen Wake Lock), asked again
// when the page comes back into view; nothing where the browser has none.

let lock = null;
let wanted = false;

async function ask() {
  if (!wanted || lock || document.visibilityState !== "visible" || !navigator.wakeLock) return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; });
  } catch {
    lock = null;
  }
}

document.addEventListener("visibilitychange", ask);

/** Keeps the screen on (true) or lets it sleep again (false). */
export function keepAwake(on) {
  wanted = on;
  if (on) ask();
  else lock?.release().catch(() => {});
}
