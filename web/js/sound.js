// The game's sounds, made here with the Web Audio API (no sound file at all:
// nothing to download, nothing to precache): a card played, a trick won, your
// turn, a refused card (with a short vibration where the device has one).
// Quiet and short; a setting mutes them.  The audio starts with the first
// gesture of the player (browsers require one).

let ctx = null;

/**
 * The audio, made at the player's first gesture (unlockOnGesture), in the
 * gesture itself as Safari requires; null before it: a browser keeps audio
 * silent until then anyway, and making it costs a phone tens of milliseconds
 * (in the middle of a trick, when the first card sounded).
 */
function audio(make = false) {
  if (!ctx && make) {
    const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Ctx) return null;
    try {
      ctx = new Ctx();
    } catch {
      return null;
    }
  }
  if (ctx?.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

/** A note: frequency (Hz), start (s from now), length (s), wave, volume. */
function note(a, freq, at, len, type = "sine", volume = 0.08) {
  const t0 = a.currentTime + at;
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(volume, t0 + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
  osc.connect(gain).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + len + 0.02);
}

/** The snap's noise, made once for the context. */
let noise = null;

/** A short burst of noise: the snap of a card on the table. */
function snap(a, volume = 0.12) {
  if (!noise) {
    const len = 0.06;
    noise = a.createBuffer(1, Math.floor(a.sampleRate * len), a.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  }
  const src = a.createBufferSource();
  const gain = a.createGain();
  gain.gain.value = volume;
  src.buffer = noise;
  src.connect(gain).connect(a.destination);
  src.start();
}

const SOUNDS = {
  card: (a) => snap(a),
  trick: (a) => { note(a, 523, 0, 0.12, "triangle"); note(a, 659, 0.09, 0.16, "triangle"); },
  turn: (a) => note(a, 880, 0, 0.18, "sine", 0.06),
  refused: (a) => { note(a, 196, 0, 0.16, "square", 0.04); note(a, 165, 0.1, 0.2, "square", 0.04); },
};

/** Plays a sound of the game (unless muted); a refused card also vibrates briefly. */
export function play(name, on = true) {
  if (name === "refused") globalThis.navigator?.vibrate?.(80);
  if (!on || !Object.hasOwn(SOUNDS, name)) return;
  const a = audio();
  if (a) SOUNDS[name](a);
}

/** Unlocks the audio at the player's first gesture. */
export function unlockOnGesture() {
  const go = () => {
    audio(true);
    removeEventListener("pointerdown", go);
    removeEventListener("keydown", go);
  };
  addEventListener("pointerdown", go);
  addEventListener("keydown", go);
}
