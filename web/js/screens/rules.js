// rules.js: the rules in short: German Whist (the deal, the foreplay, the endgame, both decks, the
// four ways of scoring, a match) and Android Whist (seats, commands, scoring), and the keys.

import { escapeHtml, pageSection } from "./page.js";
import { TABLE_HELP_KEYS, TABLE_KEYS } from "../keys.js";
import { COMMANDS } from "./android.js";

// The keys, from the tables that act on them: the German table's (keys.js), the Android table's
// commands (android.js), the replay's and the pages'.
function keysHtml() {
  const kbd = (k) => `<kbd>${escapeHtml(k)}</kbd>`;
  const row = (keys, what) => `<tr><th scope="row">${keys.join(" ")}</th><td>${escapeHtml(what)}</td></tr>`;
  const table = (caption, rows) => `<table class="keys"><caption>${escapeHtml(caption)}</caption><tbody>${rows.join("")}</tbody></table>`;
  const german = [
    ...TABLE_KEYS.map(([keys, what]) => row(keys.map(kbd), what)),
    ...TABLE_HELP_KEYS.map((k) => row([kbd(k.key)], k.what)),
  ];
  const commandKey = (key) => (key === key.toLowerCase() ? kbd(key) : `${kbd("Shift")}+${kbd(key.toLowerCase())}`);
  const android = [
    row(TABLE_KEYS[0][0].slice(0, 2).map(kbd), "move between your cards"),
    row(TABLE_KEYS[1][0].map(kbd), "play the card (the first press raises it)"),
    row(TABLE_KEYS[2][0].map(kbd), "type a card to play it"),
    ...COMMANDS.map(([command, key]) => row([commandKey(key)], `tell your android: ${command.replace("-", " ")}`)),
    row([kbd("Escape")], "lower the raised card"),
  ];
  const replay = [
    row([kbd("←"), kbd("→")], "the trick before, the trick after"),
    row([kbd("Home"), kbd("End")], "the deal, the last trick"),
  ];
  return `<h2 id="r-keys">Keys</h2>
    ${table("At the German Whist table", german)}
    ${table("At the Android Whist table", android)}
    ${table("In a replay", replay)}
    <p>On every page (settings, statistics, history, replay, rules), ${kbd("Escape")} goes back.</p>`;
}

const TEXT = `
<nav aria-label="Contents"><ul class="rules-toc">
  <li><a href="#r-german">German Whist</a></li><li><a href="#r-scoring">Scoring</a></li>
  <li><a href="#r-android">Android Whist</a></li><li><a href="#r-keys">Keys</a></li></ul></nav>
<section class="panel rules-text" aria-labelledby="r-german">
<h2 id="r-german">German Whist</h2>
<p>A game for two with one pack. Aces are high, then king, queen, jack, ten and down to the two. You play against the computer.</p>
<h3>The deal and trump</h3>
<p>Each player gets 13 cards, dealt one at a time, the non-dealer first. The rest of the pack is the stock; its top card is turned face up, and the suit of that first card is trump for the whole hand. The deal changes sides every hand.</p>
<h3>Tricks</h3>
<p>The leader plays any card; the other player must follow suit if possible, and otherwise may play anything. The higher trump wins the trick; with no trump in it, the higher card of the suit led wins. The winner leads next. The non-dealer leads first.</p>
<h3>The foreplay: 13 tricks for cards</h3>
<p>While the stock lasts, every trick is played for the face-up card. The winner takes it into hand; the loser takes the next card of the stock, which the winner does not see. Then the next card is turned up. So the foreplay is about building the hand you want for later, not about the tricks themselves.</p>
<h3>The endgame: 13 tricks for points</h3>
<p>With the stock gone, the winner of the last foreplay trick leads and the last 13 tricks are played out with no drawing. Someone who kept track of the cards now knows both hands exactly.</p>
<h3>Small Whist</h3>
<p>The same game with 28 cards: the twos to sevens are taken out. Each hand holds 7 cards, and the foreplay and the endgame are 7 tricks each.</p>
</section>
<section class="panel rules-text" aria-labelledby="r-scoring">
<h2 id="r-scoring">Scoring a hand</h2>
<table><thead><tr><th scope="col">Scoring</th><th scope="col">What counts</th><th scope="col">Points</th></tr></thead><tbody>
<tr><th scope="row">Last 13 (Last 7 in Small Whist)</th><td>Endgame tricks</td><td>The player with more endgame tricks scores those over 6 (Small: over 3). Winning all of them, a slam, scores 10 (Small: 5). 8 tricks to 5 scores 2.</td></tr>
<tr><th scope="row">Every trick</th><td>All 26 tricks (Small: 14)</td><td>The player with more scores those over 13 (Small: over 6); a tie scores nothing. 23 to 3 scores 10.</td></tr>
<tr><th scope="row">Difference</th><td>Endgame tricks</td><td>The winner scores the difference: 8 to 5 scores 3.</td></tr>
<tr><th scope="row">Running total</th><td>Endgame tricks</td><td>Both players score their own endgame tricks every hand: 8 to 5 scores 8 and 5.</td></tr>
</tbody></table>
<p>A match goes on until a score reaches the win target (10, 25, 50 or your own number, in the Settings); the higher score wins it.</p>
</section>
<section class="panel rules-text" aria-labelledby="r-android">
<h2 id="r-android">Android Whist</h2>
<p>Whist for four seats and two people: each of you is partnered by an android that you cannot see into and can only steer by commands. Here the computer takes the other person's place.</p>
<h3>Seats</h3>
<p>D deals and N sits opposite the android L, so clockwise: <b>D</b> (a person), <b>L</b> (an android), <b>X</b> (an android), <b>N</b> (a person). D plays with X, N with L; the deal alternates between the two people. You see your own cards and the <em>other side's</em> android face up, never your own android's. The dealer's last card is turned face up: its suit is trump, and the card stays in the dealer's hand. L leads the first trick; follow suit if you can; the highest trump wins, or else the highest card of the suit led.</p>
<h3>Commands</h3>
<p>When your android is to play, you give it a command and its card follows from its hand. Following a lead: <b>duck</b> plays its lowest card of the suit led; <b>beat</b> the lowest card that beats the card winning so far (ruffing if it has none of the suit), or its lowest of the suit when nothing beats; <b>high</b> its highest card if that one wins, else its lowest of the suit. Leading: a suit (its lowest card of that suit), <b>shortest</b> (its lowest card of its shortest suit that is not trump) or <b>longest</b> (its lowest card of its longest suit); the <b>high</b> forms play the highest card of that suit instead.</p>
<p>An android that cannot carry out a command answers <b>“Error.”</b>, and you give another one. After an error, every command is open, even while following. Only the commands an android accepts at that moment are offered.</p>
<h3>Score</h3>
<p>The side with more than six tricks scores a point for each trick over six. The first side to 5 points wins a game; a rubber is the best of three games. A game is worth 3 if the losers had no points, 2 if they had 1 or 2, and 1 if they had 3 or 4; the rubber's winner adds 2. Honours count for nothing.</p>
</section>
<section class="panel rules-text" aria-labelledby="r-keys" id="rules-keys"></section>`;

export function mount(root, ctx) {
  const { go } = ctx;
  const { body } = pageSection(root, "rules", "Rules", () => go("home"));
  // (fixed text of this file and of keys.js: nothing a player or the server gave)
  body.innerHTML = TEXT;
  body.querySelector("#rules-keys").innerHTML = keysHtml();
  for (const a of body.querySelectorAll('a[href^="#r-"]')) {
    a.addEventListener("click", (e) => {
      e.preventDefault();
      body.querySelector(a.getAttribute("href"))?.scrollIntoView({ behavior: "smooth" });
    });
  }
  const onKey = (e) => e.key === "Escape" && go("home");
  document.addEventListener("keydown", onKey);
  return {
    title: "Rules · German Whist",
    unmount() {
      document.removeEventListener("keydown", onKey);
    },
  };
}
