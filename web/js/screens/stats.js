// stats.js: the statistics screen, as the terminal game's: German Whist per set of rules and
// computer level (matches, hands, win rate, slams, streaks, assisted hands) with the total over all,
// then Android Whist per computer level (games against a person, at an online table, on rows of their
// own), and the player's ratings per rule family (rated games between people). Asks the server
// ({"type":"stats"}) for this player's.

import { escapeHtml, pageSection, rulesText } from "./page.js";

const pct = (won, all) => (all ? `${Math.round((100 * won) / all)}%` : "–");

function grid(items) {
  return `<dl class="stat-grid">${items.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join("")}</dl>`;
}

function germanBlock(r, title, total) {
  return `<div class="stat-block${total ? " total" : ""}" data-row="${escapeHtml(title)}"><h3>${escapeHtml(title)}</h3>${grid([
    ["Matches", r.matches], ["Matches won", r.matches_won], ["Hands", r.hands], ["Hands won", r.hands_won],
    ["Win %", pct(r.hands_won, r.hands)], ["Slams", r.slams], ["Streak", r.current_streak],
    ["Best", r.longest_streak], ["Assisted", r.assisted],
  ])}</div>`;
}

function androidBlock(r, title, total) {
  return `<div class="stat-block${total ? " total" : ""}" data-row="${escapeHtml(title)}"><h3>${escapeHtml(title)}</h3>${grid([
    ["Rubbers", r.rubbers], ["Rubbers won", r.rubbers_won], ["Games", r.games], ["Games won", r.games_won],
    ["Hands", r.hands], ["Hands won", r.hands_won], ["Points", r.points], ["Against", r.points_against],
    ["Streak", r.current_streak], ["Best", r.longest_streak],
  ])}</div>`;
}

// Who a row's games were against: a person (an online table), or a computer level.
const against = (r) => (r.vs === "person" ? "against a person" : `computer: ${r.opponent}`);

// A rule family as people say it: "german-classic-last13" is "German Whist · Classic · Last 13".
function familyName(f) {
  if (f === "android") return "Android Whist";
  const [, variant, scoring] = /^german-([a-z]+)-([a-z0-9]+)$/.exec(f) ?? [];
  if (!variant) return f;
  return `German Whist · ${rulesText(variant, scoring, "")}`;
}

function ratingsBlock(list) {
  const rows = list.map((r) => `<tr data-family="${escapeHtml(r.family)}"><th scope="row">${escapeHtml(familyName(r.family))}</th>
    <td>${Math.round(r.rating)}</td><td>± ${Math.round(2 * r.rd)}</td><td>${r.games}</td></tr>`).join("");
  return `<section class="panel" id="stats-ratings" aria-labelledby="stats-ratings-h"><h2 id="stats-ratings-h">Ratings</h2>
    <table class="ratings"><thead><tr><th scope="col">Rules</th><th scope="col">Rating</th><th scope="col">Within</th><th scope="col">Games</th></tr></thead>
    <tbody>${rows}</tbody></table>
    <p class="stat-note">Glicko-2, from rated games against people; a new player starts at 1500. “Within”: twice the rating's deviation.</p></section>`;
}

export function render(msg) {
  const german = msg.german ?? [];
  const android = msg.android ?? [];
  const gTotal = german[german.length - 1];
  const aTotal = android[android.length - 1];
  const parts = [];
  if (gTotal && gTotal.hands > 0) {
    parts.push(`<section class="panel" id="stats-german" aria-labelledby="stats-german-h"><h2 id="stats-german-h">German Whist</h2>`);
    for (const r of german.slice(0, -1)) parts.push(germanBlock(r, `${rulesText(r.variant, r.scoring, r.target)} · ${against(r)}`, false));
    parts.push(germanBlock(gTotal, "All German Whist", true));
    parts.push(`<p class="stat-note">Winning streak now: ${gTotal.current_streak} hand${gTotal.current_streak === 1 ? "" : "s"}; longest: ${gTotal.longest_streak}.</p></section>`);
  }
  if (aTotal && aTotal.hands > 0) {
    parts.push(`<section class="panel" id="stats-android" aria-labelledby="stats-android-h"><h2 id="stats-android-h">Android Whist</h2>`);
    for (const r of android.slice(0, -1)) parts.push(androidBlock(r, r.vs === "person" ? "Against a person" : `Computer: ${r.opponent}`, false));
    parts.push(androidBlock(aTotal, "All Android Whist", true));
    parts.push("</section>");
  }
  if (msg.ratings?.length) parts.push(ratingsBlock(msg.ratings));
  if (!parts.length) {
    return `<p class="panel" id="stats-empty">No games played yet: every hand you finish, of German Whist or Android Whist, is counted here.</p>`;
  }
  parts.push(`<p class="stat-note on-felt-muted">Win % counts the hands you (your side) scored in. Streak: hands won in a row up to now; Best: the most in a row. Matches and rubbers: finished ones. Assisted: hands in which you took back a card.</p>`);
  return parts.join("");
}

export function mount(root, ctx) {
  const { net, go } = ctx;
  const { body } = pageSection(root, "stats", "Statistics", () => go("home"));
  body.innerHTML = `<p class="loading" role="status">Reading the statistics…</p>
    <p><button id="stats-history">History</button></p>`;
  const ask = () => net.send({ type: "stats" });
  ask();
  const offOpen = net.on("status", (st) => st === "open" && ask());
  const onKey = (e) => e.key === "Escape" && go("home");
  document.addEventListener("keydown", onKey);
  function footer() {
    const p = document.createElement("p");
    const b = document.createElement("button");
    b.id = "stats-history";
    b.textContent = "History";
    b.addEventListener("click", () => go("history"));
    p.append(b);
    body.append(p);
  }
  body.querySelector("#stats-history").addEventListener("click", () => go("history"));
  return {
    title: "Statistics · German Whist",
    onMessage(m) {
      if (m.type === "stats") {
        body.innerHTML = render(m);
        footer();
      } else if (m.type === "error" && body.querySelector(".loading")) {
        body.querySelector(".loading").textContent = `The statistics cannot be read: ${m.message ?? m.code}`;
      }
    },
    unmount() {
      offOpen();
      document.removeEventListener("keydown", onKey);
    },
  };
}
