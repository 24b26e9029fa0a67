// settings.js (screen): every setting of the player, one control each (name="KEY"), applied at once
// (settings.set: the page follows and the server keeps it for every tab of the player), with a
// preview of the cards. A swipe to the left or #close-settings goes back home.

import { backElement, cardElement } from "../cards.js";
import { CHOICES } from "../settings.js";
import { escapeHtml, onSwipe, screenSection } from "./page.js";

// How each setting is shown: [key, label, kind ("radio", "select"), hint].
const GROUPS = [
  ["You", [["name", "Display name", "name", "Shown at the table and in your records; empty: “You”. No quotes or backslashes."]]],
  ["Look and feel", [
    ["sound", "Sound", "radio"],
    ["speed", "Speed", "radio", "How long the table pauses on each card and trick."],
    ["orientation", "Orientation", "radio"],
    ["hand-display", "Hand display", "radio"],
    ["faces", "Cards", "radio"],
    ["back", "Deck back", "radio"],
    ["suit-order", "Suit order", "select"],
  ]],
  ["Play", [
    ["single-click", "Single-click play", "radio", "On: a tap plays the card at once."],
    ["tracker", "Card tracker", "radio", "Shows the cards still out during German Whist."],
  ]],
  ["German Whist", [
    ["opponent", "Computer level", "select"],
    ["variant", "Game type", "select"],
    ["scoring", "Scoring", "select"],
    ["target", "Win target", "target", "A match is won on reaching this score. New games use it."],
  ]],
  ["Android Whist", [["android-opponent", "Computer level", "select"]]],
];

function control(key, label, kind, hint) {
  const id = `set-${key}`;
  const hintHtml = hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : "";
  const described = hint ? ` aria-describedby="${id}-hint"` : "";
  if (kind === "name") {
    return `<div class="setting"><label class="setting-label" for="${id}">${label}</label>
      <input type="text" id="${id}" name="name" maxlength="31" autocomplete="nickname" spellcheck="false" placeholder="You"${described}>${hintHtml}</div>`;
  }
  if (kind === "target") {
    return `<div class="setting"><label class="setting-label" for="${id}">${label}</label>
      <div class="target-row"><select id="${id}" name="target"${described}>
        <option value="10">10</option><option value="25">25</option><option value="50">50</option>
        <option value="custom">Custom…</option></select>
      <input type="number" id="target-custom" name="target-custom" min="1" max="1000" step="1" inputmode="numeric" aria-label="Custom win target, 1 to 1000" hidden></div>${hintHtml}</div>`;
  }
  const choices = CHOICES[key];
  if (kind === "select") {
    const opts = choices.map(([v, t]) => `<option value="${v}">${escapeHtml(t)}</option>`).join("");
    return `<div class="setting"><label class="setting-label" for="${id}">${label}</label>
      <select id="${id}" name="${key}"${described}>${opts}</select>${hintHtml}</div>`;
  }
  const radios = choices.map(([v, t]) => `<label><input type="radio" name="${key}" value="${v}">${key === "back" ? '<span class="swatch" aria-hidden="true"></span>' : ""}${escapeHtml(t)}</label>`).join("");
  return `<div class="setting" role="radiogroup" aria-labelledby="${id}-label"${described}>
    <span class="setting-label" id="${id}-label">${label}</span>
    <div class="radio-row${key === "back" ? " back-choices" : ""}">${radios}</div>${hintHtml}</div>`;
}

export function mount(root, ctx) {
  const { settings, go } = ctx;
  const s = screenSection("settings", "page settings", `
    <header class="page-head">
      <h1>Settings</h1>
      <button id="close-settings" class="primary" aria-label="Close the settings">Close <span aria-hidden="true">›</span></button>
    </header>
    <form class="settings-form" novalidate>
      ${GROUPS.map(([title, items]) => `<fieldset class="panel"><legend class="visually-hidden">${title}</legend><h2 aria-hidden="true">${title}</h2>
        ${items.map((it) => control(...it)).join("")}
        ${title === "Look and feel" ? '<div class="setting"><span class="setting-label">Preview</span><div class="preview" id="preview" aria-hidden="true"></div></div>' : ""}
      </fieldset>`).join("")}
    </form>`);
  root.append(s);
  const form = s.querySelector("form");

  // Each deck back choice shows its pattern: the look css/cards.css gives a back under each
  // data-back, read from a probe card and copied to the choice's swatch.
  const probe = backElement("");
  probe.style.position = "absolute";
  probe.style.visibility = "hidden";
  s.append(probe);
  const was = document.body.dataset.back;
  for (const input of s.querySelectorAll('[name="back"]')) {
    document.body.dataset.back = input.value;
    const cs = getComputedStyle(probe);
    const sw = input.parentElement.querySelector(".swatch");
    for (const prop of ["background-color", "background-image", "background-size", "background-position"]) sw.style.setProperty(prop, cs.getPropertyValue(prop));
  }
  document.body.dataset.back = was;
  probe.remove();

  function preview() {
    const p = s.querySelector("#preview");
    p.replaceChildren(cardElement("AS"), cardElement("QH"), cardElement("TD"), backElement());
  }

  // Puts the settings' values into the controls (not into the one being typed in).
  function fill() {
    const v = settings.all();
    for (const [key, value] of Object.entries(v)) {
      if (key === "target") continue;
      const els = form.querySelectorAll(`[name="${key}"]`);
      for (const el of els) {
        if (el === document.activeElement && el.type === "text") continue;
        if (el.type === "radio") el.checked = el.value === value;
        else el.value = value;
      }
    }
    const sel = form.querySelector('[name="target"]');
    const custom = form.querySelector("#target-custom");
    const preset = ["10", "25", "50"].includes(v.target);
    if (document.activeElement !== custom) {
      sel.value = preset ? v.target : "custom";
      custom.hidden = preset;
      custom.value = v.target;
    }
    // The scoring's first choice is named after the deck: Last 13, or Last 7 in Small Whist.
    const last = form.querySelector('[name="scoring"] option[value="last13"]');
    if (last) last.textContent = v.variant === "small" ? "Last 7 (endgame tricks)" : "Last 13 (endgame tricks)";
    preview();
  }
  fill();

  function nameOk(t) {
    return new TextEncoder().encode(t).length <= 31 && !/[\u0000-\u001f\u007f"\\]/.test(t);
  }

  form.addEventListener("change", (e) => {
    const el = e.target;
    if (!el.name) return;
    if (el.name === "target") {
      const custom = form.querySelector("#target-custom");
      if (el.value === "custom") {
        custom.hidden = false;
        custom.focus();
        return;
      }
      custom.hidden = true;
      settings.set({ target: el.value });
      return;
    }
    if (el.name === "target-custom") {
      const n = Number(el.value);
      if (Number.isInteger(n) && n >= 1 && n <= 1000) settings.set({ target: String(n) });
      else el.setCustomValidity("A whole number from 1 to 1000.");
      el.reportValidity();
      return;
    }
    if (el.name === "name") {
      const t = el.value.trim();
      if (!nameOk(t)) {
        el.setCustomValidity("At most 31 bytes, with no quotes, backslashes or control characters.");
        el.reportValidity();
        return;
      }
      el.setCustomValidity("");
      settings.set({ name: t });
      return;
    }
    if (el.type === "radio" && !el.checked) return;
    settings.set({ [el.name]: el.value });
  });
  form.addEventListener("input", (e) => {
    if (e.target.name === "target-custom" || e.target.name === "name") e.target.setCustomValidity("");
  });
  form.addEventListener("submit", (e) => e.preventDefault());
  const off = settings.onChange(fill);

  s.querySelector("#close-settings").addEventListener("click", () => {
    const name = form.querySelector('[name="name"]');
    if (name.value.trim() !== settings.get("name") && nameOk(name.value.trim())) settings.set({ name: name.value.trim() });
    go("home");
  });
  const onKey = (e) => {
    if (e.key === "Escape" && !e.target.matches("select")) go("home");
  };
  document.addEventListener("keydown", onKey);
  onSwipe(s, (way) => way === "left" && go("home"));

  return {
    title: "Settings · German Whist",
    onMessage(m) {
      if (m.type === "error" && m.code) {
        const p = s.querySelector(".page-head h1");
        p.setAttribute("data-error", m.message ?? m.code);
      }
    },
    unmount() {
      off();
      document.removeEventListener("keydown", onKey);
    },
  };
}
