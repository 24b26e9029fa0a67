// friend.js: New game → Play a friend (and Play anyone). The game (German Whist with its rules, or
// Android Whist), the grace period a player who left has to come back, the time per card, rated or
// not, listed in the lobby or not; then "Create the table" (table_new: the invite follows, on the
// online screen) or "Play anyone" (play_anyone: paired with someone who asked for the same rules, or
// waiting at a listed table). params.anyone: the screen opened for Play anyone (from the lobby).

import { CHOICES } from "../settings.js";
import { escapeHtml, pageSection } from "./page.js";

const GRACE = [["30", "30 seconds"], ["60", "1 minute"], ["180", "3 minutes"], ["600", "10 minutes"]];
const CLOCK = [["off", "Off"], ["15", "15 s"], ["30", "30 s"], ["60", "60 s"]];

export function mount(root, ctx, params = {}) {
  const { settings, online, go } = ctx;
  const anyone = !!params.anyone;
  const { section: s, body } = pageSection(root, "friend", anyone ? "Play anyone" : "Play a friend", () => go(anyone ? "lobby" : "home"));
  const select = (name, label, choices, value) => `<div class="setting"><label class="setting-label" for="f-${name}">${label}</label>
    <select id="f-${name}" name="${name}">${choices.map(([v, t]) => `<option value="${v}"${v === value ? " selected" : ""}>${escapeHtml(t)}</option>`).join("")}</select></div>`;
  const target = settings.get("target");
  const targets = [["1", "1"], ["3", "3"], ["10", "10"], ["25", "25"], ["50", "50"]];
  if (!targets.some(([v]) => v === target)) targets.push([target, target]);
  body.innerHTML = `
    <form id="friend-form" class="friend-form panel">
      <div class="setting" role="radiogroup" aria-labelledby="f-game-label">
        <span class="setting-label" id="f-game-label">Game</span>
        <div class="radio-row">
          <label><input type="radio" name="game" value="german" checked>German Whist</label>
          <label><input type="radio" name="game" value="android">Android Whist</label>
        </div>
      </div>
      <div id="german-rules">
        ${select("variant", "Game type", CHOICES.variant, settings.get("variant"))}
        ${select("scoring", "Scoring", CHOICES.scoring, settings.get("scoring"))}
        ${select("target", "Win target", targets, target)}
      </div>
      ${anyone ? "" : select("grace", "If a player leaves, wait", GRACE, "60")}
      ${select("clock", "Time per card", CLOCK, "off")}
      <div class="setting" role="group" aria-label="More">
        <div class="radio-row">
          <label><input type="checkbox" name="rated" checked>Rated</label>
          ${anyone ? "" : `<label><input type="checkbox" name="listed">Listed in the lobby</label>`}
        </div>
      </div>
      <p class="hint" id="friend-note">${anyone
        ? "You will be paired with someone who asked for the same rules, or wait at a table in the lobby."
        : "You get a link to send to your friend; whoever opens it plays the other seat."}</p>
      <div class="form-buttons">
        <button type="submit" id="create-table" class="primary">${anyone ? "Find a player" : "Create the table"}</button>
      </div>
      <p id="friend-error" class="error" role="alert" hidden></p>
    </form>`;
  const form = body.querySelector("#friend-form");
  const rulesBox = body.querySelector("#german-rules");
  const sync = () => {
    rulesBox.hidden = form.elements.game.value !== "german";
  };
  form.addEventListener("change", sync);
  sync();

  function options() {
    const f = form.elements;
    const o = { game: f.game.value };
    if (o.game === "german") {
      o.variant = f.variant.value;
      o.scoring = f.scoring.value;
      o.target = f.target.value;
    }
    if (f.grace) o.grace = f.grace.value;
    o.clock = f.clock.value;
    o.rated = f.rated.checked ? "yes" : "no";
    if (!anyone) o.listed = f.listed.checked ? "yes" : "no";
    return o;
  }
  let waiting = false;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (waiting) return;
    const err = body.querySelector("#friend-error");
    err.hidden = true;
    if (!online.create(options(), anyone)) {
      err.textContent = "Not connected: try again in a moment.";
      err.hidden = false;
      return;
    }
    waiting = true;
    body.querySelector("#create-table").disabled = true;
  });
  // The table is made: its screen shows the invite (or the table, when paired at once).
  const off = online.subscribe((kind, m) => {
    if (kind === "created") go("online", { table: m.table, secret: online.following.secret }, { replace: true });
    else if (kind === "error" && waiting) {
      waiting = false;
      body.querySelector("#create-table").disabled = false;
      const err = body.querySelector("#friend-error");
      err.textContent = m.message || m.code;
      err.hidden = false;
    }
  });
  return { title: anyone ? "German Whist — play anyone" : "German Whist — play a friend", unmount: off, section: s };
}
