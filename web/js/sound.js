// sound.js: the table's few sounds, synthesized with Web Audio (no sound files): a bright two-note
// chime when a trump is turned up or played by the computer, a soft tick when a card is played, a
// short low buzz when a card bounces, and a little fanfare for a won match. The sound setting is
// asked on every call; browsers start audio only after a user gesture, so the context is made (or
// resumed) on the first tap or key.

let ctx = null;

function audio() {
  if (ctx) return ctx;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  try {
    ctx = new AC();
  } catch {
    ctx = null;
  }
  return ctx;
}

// Called from a user gesture (pointerdown, keydown): lets later sounds play.
export function unlockSound() {
  const a = audio();
  if (a && a.state === "suspended") a.resume().catch(() => {});
}

// One tone: frequency f Hz from t seconds after now, for d seconds, peak gain g, wave type.
function tone(a, f, t, d, g, type = "sine") {
  const o = a.createOscillator();
  const v = a.createGain();
  o.type = type;
  o.frequency.setValueAtTime(f, a.currentTime + t);
  v.gain.setValueAtTime(0.0001, a.currentTime + t);
  v.gain.exponentialRampToValueAtTime(g, a.currentTime + t + 0.015);
  v.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + t + d);
  o.connect(v).connect(a.destination);
  o.start(a.currentTime + t);
  o.stop(a.currentTime + t + d + 0.05);
}

const SOUNDS = {
  trump(a) {
    tone(a, 880, 0, 0.35, 0.18, "triangle");
    tone(a, 1318.5, 0.11, 0.5, 0.14, "triangle");
    tone(a, 1760, 0.11, 0.3, 0.04, "sine");
  },
  card(a) {
    tone(a, 520, 0, 0.07, 0.05, "square");
  },
  bounce(a) {
    tone(a, 150, 0, 0.16, 0.12, "sawtooth");
  },
  win(a) {
    [523.3, 659.3, 784, 1046.5].forEach((f, i) => tone(a, f, i * 0.12, 0.4, 0.12, "triangle"));
  },
};

// Plays sound name ("trump", "card", "bounce", "win") when on is true (the sound setting).
export function play(name, on) {
  if (!on) return;
  const a = ctx; // made by unlockSound on the first gesture (browsers refuse audio before one)
  if (!a || a.state !== "running") return;
  try {
    SOUNDS[name]?.(a);
  } catch {
    // a sound is never worth an error on the table
  }
}
