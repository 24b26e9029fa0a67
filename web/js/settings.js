// settings.js: the player's settings, kept by the server (they follow the player's token to every
// tab): the values from `welcome` and `settings` messages, changes sent back as `settings` messages,
// and the look they give the page (data-* attributes on <body> that the CSS reads).

export const DEFAULTS = Object.freeze({
  name: "",
  sound: "on",
  speed: "normal",
  orientation: "auto",
  "hand-display": "row",
  faces: "modern",
  back: "blue",
  "suit-order": "alternate",
  "single-click": "off",
  tracker: "off",
  opponent: "hard",
  "android-opponent": "hard",
  variant: "classic",
  scoring: "last13",
  target: "10",
});

// The choices of each setting with a fixed list, in the order a menu shows them, with labels.
export const CHOICES = Object.freeze({
  sound: [["on", "On"], ["off", "Off"]],
  speed: [["normal", "Normal"], ["fast", "Fast"], ["instant", "Instant"]],
  orientation: [["auto", "Follow the device"], ["portrait", "Portrait"], ["landscape", "Landscape"]],
  "hand-display": [["row", "One row"], ["stacked", "Stacked"]],
  faces: [["modern", "Modern"], ["classic", "Classic"]],
  back: [["blue", "Blue"], ["red", "Red"], ["green", "Green"], ["purple", "Purple"],
    ["lattice", "Lattice"], ["checks", "Checks"], ["waves", "Waves"], ["stars", "Stars"]],
  "suit-order": [["alternate", "Alternate (trump first, colours alternate)"],
    ["classic", "Classic (spades, hearts, diamonds, clubs)"]],
  "single-click": [["off", "Off (tap to raise, tap again to play)"], ["on", "On"]],
  tracker: [["off", "Off"], ["on", "On"]],
  opponent: [["random", "Random"], ["easy", "Easy"], ["hard", "Hard"], ["expert", "Expert"],
    ["oracle", "Oracle (cheats: sees your cards)"]],
  "android-opponent": [["random", "Random"], ["easy", "Easy"], ["hard", "Hard"]],
  variant: [["classic", "Classic (52 cards)"], ["small", "Small Whist (28 cards)"]],
  scoring: [["last13", "Last 13 (endgame tricks)"], ["every", "Every trick"],
    ["difference", "Difference"], ["total", "Running total"]],
});

// Milliseconds the table pauses on a finished trick and on each draw, by speed.
export const PACE = Object.freeze({
  normal: { trick: 1100, draw: 650, deal: 500 },
  fast: { trick: 450, draw: 250, deal: 200 },
  instant: { trick: 0, draw: 0, deal: 0 },
});

export function createSettings(net) {
  const values = { ...DEFAULTS };
  const subs = new Set();

  function apply() {
    const b = document.body;
    b.dataset.speed = values.speed;
    b.dataset.faces = values.faces;
    b.dataset.back = values.back;
    b.dataset.handDisplay = values["hand-display"];
    b.dataset.orientation = values.orientation;
    b.dataset.tracker = values.tracker;
  }
  function take(all) {
    for (const k of Object.keys(DEFAULTS)) if (typeof all?.[k] === "string") values[k] = all[k];
    apply();
    for (const fn of subs) fn(values);
  }
  net.on("welcome", (m) => m.settings && take(m.settings));
  net.on("settings", (m) => take(m.settings));
  apply();

  return {
    get(key) {
      return values[key];
    },
    all() {
      return { ...values };
    },
    // Changes some settings now (the page follows at once) and asks the server to keep them.
    set(patch) {
      const clean = {};
      for (const [k, v] of Object.entries(patch)) {
        if (k in DEFAULTS) {
          clean[k] = String(v);
          values[k] = String(v);
        }
      }
      apply();
      for (const fn of subs) fn(values);
      net.send({ type: "settings", settings: clean });
    },
    // fn(values) after every change; returns the function that unsubscribes.
    onChange(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    // The `new` message's options for a German Whist match or an Android Whist rubber.
    newGameOptions(game) {
      if (game === "android") return { game: "android", opponent: values["android-opponent"] };
      return {
        game: "german",
        variant: values.variant,
        scoring: values.scoring,
        target: values.target,
        opponent: values.opponent,
      };
    },
  };
}
