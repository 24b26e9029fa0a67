// page.js: what the page screens (statistics, history, replay, rules) share: the section with its
// header and back button, and text escaping.

import { ICONS } from "../icons.js";

export const escapeHtml = (t) =>
  String(t).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// A <section id="screen-NAME" data-screen="NAME"> with a header (title, a back button #back-button
// that calls back()) appended to root; returns {section, body}.
export function pageSection(root, name, title, back) {
  const s = document.createElement("section");
  s.id = `screen-${name}`;
  s.dataset.screen = name;
  s.className = `screen page ${name}`;
  s.innerHTML = `<header class="page-head">
      <button id="back-button" class="icon-button" aria-label="Back" title="Back">${ICONS.back}</button>
      <h1>${escapeHtml(title)}</h1></header><div class="page-body"></div>`;
  root.append(s);
  s.querySelector("#back-button").addEventListener("click", back);
  return { section: s, body: s.querySelector(".page-body") };
}

export const SCORING_LABEL = { last13: "Last 13", every: "Every trick", difference: "Difference", total: "Running total" };

// "Classic · Last 13 · to 10" (Small Whist's last13 is "Last 7").
export function rulesText(variant, scoring, target) {
  const small = variant === "small";
  const sc = scoring === "last13" && small ? "Last 7" : SCORING_LABEL[scoring] ?? scoring;
  return `${small ? "Small Whist" : "Classic"} · ${sc}${target ? ` · to ${target}` : ""}`;
}
