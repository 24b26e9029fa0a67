// keys.js: the keys of the German Whist table, in one place: the table acts on them (screens/table.js)
// and the Rules screen lists them (screens/rules.js). The Android Whist table's command keys are its
// COMMANDS (screens/android.js), listed by the Rules screen from there too.

// The table's help keys: key, what it does (the table's action of that name).
export const TABLE_HELP_KEYS = Object.freeze([
  { key: "h", action: "hint", what: "a hint: what each card you may play is worth" },
  { key: "u", action: "undo", what: "undo: take back your last card (the hand then counts as assisted)" },
  { key: "t", action: "tracker", what: "the card tracker, on or off" },
  { key: "l", action: "last", what: "the last trick" },
]);

// Every other key the table takes: the keys (as shown), what they do.
export const TABLE_KEYS = Object.freeze([
  [["←", "→", "↑", "↓", "Home", "End"], "move between your cards"],
  [["Enter", "Space"], "raise the card, then play it"],
  [["as", "10h", "qd"], "type a card as at the terminal: it is raised, and Enter plays it"],
  [["Backspace"], "take back a typed letter"],
  [["Escape"], "lower the raised card, forget what was typed"],
]);
