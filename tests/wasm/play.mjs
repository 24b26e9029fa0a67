// play.mjs MODULE WHIST DIR: the WebAssembly module (build-wasm/web/whist-engine.js) under node, through its
// exports only (docs/wasm.md): a whole German Whist match and a whole Android Whist rubber against the
// computer (think-ms 0 and a few iterations or samples, so that it is quick), the person playing the first
// legal action (German Whist: the hint's best card in the first hand); a save and a load mid-match, after
// which the match goes on from the same view; the hint, and a hand's replay with its review; the records of
// every finished hand written to DIR and read by the native `whist check` (WHIST); in the German match, an
// undo (table_undo: refused before the person's first card, then taking back a card, the hand Assisted);
// each hand's slam flag against its score event; and the statistics (gw_wasm_stats) counted from the facts of
// those games against the figures counted here from their events. Exits 0, or 1 with the first problem.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modulePath, whist, dir] = process.argv.slice(2);
if (!modulePath || !whist || !dir) {
  console.error('usage: node play.mjs MODULE WHIST DIR');
  process.exit(2);
}
const createWhistEngine = (await import(pathToFileURL(modulePath).href)).default;
const M = await createWhistEngine();

// One call: the export's JSON text answer, parsed, the text freed.
function call(name, types, ...args) {
  const ptr = M.ccall(name, 'number', types, args);
  assert.ok(ptr, `${name} returned no text`);
  const text = M.UTF8ToString(ptr);
  M._gw_wasm_free(ptr);
  return JSON.parse(text);
}

const S0 = '0123456789abcdef0123456789abcdef';
const S1 = 'fedcba9876543210fedcba9876543210';
const ME = 1; // the person's connection
let now = 1000;

// A table driven to its end as a browser's worker would: the person's messages, the computer when due.
class Game {
  constructor(options, limits, extra = {}) {
    this.limits = limits;
    this.records = [];
    this.scores = new Map(); // the score events by hand
    this.config = null;
    this.view = null;
    this.legal = [];
    this.last = 0; // the last table event seen
    this.over = null;
    const r = call('gw_wasm_new', ['string', 'number'], JSON.stringify({ id: 'local', options, secrets: [S0, S1], ...extra }), now);
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(r.phase, 'waiting');
    this.h = r.table;
    this.take(call('gw_wasm_join', ['number', 'string', 'number'], this.h,
      JSON.stringify({ conn: ME, secret: S0, identity: 'me', name: 'Me', since: 0 }), now));
  }

  // The messages of a call: the view, the legal actions, the table's events, the end; the records.
  take(r) {
    assert.equal(r.ok, true, JSON.stringify(r.error));
    for (const m of r.out) {
      assert.equal(m.conn, ME);
      const msg = JSON.parse(m.text);
      if (msg.type === 'error') throw new Error(`the table refused: ${m.text}`);
      if (msg.type === 'table_view') {
        this.view = msg.view;
        this.legal = msg.legal;
      }
      if (msg.type === 'event' && typeof msg.number === 'number') this.last = Math.max(this.last, msg.number);
      if (msg.type === 'event' && msg.kind === 'score') this.scores.set(msg.hand, msg);
      if (msg.type === 'table') this.config = msg.config;
      if (msg.type === 'table_over') this.over = msg;
    }
    for (const hand of r.hands) this.records.push(hand);
    this.result = r;
    return r;
  }

  send(msg) {
    return this.take(this.raw(msg));
  }

  // The answer to a message, not taken (a refusal stays an answer).
  raw(msg) {
    now += 10;
    return call('gw_wasm_message', ['number', 'number', 'string', 'number'], this.h, ME, JSON.stringify(msg), now);
  }

  // One step: the computer, the person's action, or the next hand. False once the match is over.
  step(chooser) {
    if (this.result.phase === 'over') return false;
    now += 10;
    if (this.result.computer_due) {
      this.take(call('gw_wasm_computer', ['number', 'number'], this.h, now));
    } else if (this.view && this.view.state === 'hand_over') {
      this.send({ type: 'table_next' });
    } else if (this.legal.length > 0) {
      const choice = chooser ? chooser(this) : this.legal[0];
      const action = /^[2-9TJQKA][SHDC]$/.test(choice) ? { type: 'play', card: choice } : { type: 'command', command: choice };
      this.send({ type: 'table_act', action });
    } else {
      throw new Error(`nothing to do: ${JSON.stringify(this.result)}`);
    }
    return true;
  }

  save() {
    const r = call('gw_wasm_save', ['number'], this.h);
    assert.equal(r.ok, true);
    assert.equal(typeof r.save, 'string');
    return r.save;
  }

  // Save, close, load and join again from the last event seen: the same view, and the same save again.
  saveAndLoad() {
    const before = this.view, text = this.save();
    M.ccall('gw_wasm_close', null, ['number'], [this.h]);
    const gone = call('gw_wasm_save', ['number'], this.h);
    assert.equal(gone.ok, false);
    assert.equal(gone.error.code, 'no_table');
    now += 1000;
    const r = call('gw_wasm_load', ['string', 'number'], JSON.stringify({ save: text, options: this.limits }), now);
    assert.equal(r.ok, true, JSON.stringify(r));
    this.h = r.table;
    this.view = null;
    this.take(call('gw_wasm_join', ['number', 'string', 'number'], this.h,
      JSON.stringify({ conn: ME, secret: S0, identity: 'me', name: 'Me', since: this.last }), now));
    assert.deepEqual(this.view, before, 'the view after a load is the view before the save');
    const again = JSON.parse(this.save()), first = JSON.parse(text);
    assert.equal(typeof first.record, 'string');
    assert.equal(again.record, first.record, 'the match saved again is the match saved');
  }

  close() {
    M.ccall('gw_wasm_close', null, ['number'], [this.h]);
  }
}

// Writes the records to DIR/NAME.gwr and has the native whist check them: one line per hand, all valid.
function check(name, records) {
  const file = join(dir, `${name}.gwr`);
  writeFileSync(file, records.map((h) => h.record).join('\n'));
  const out = execFileSync(whist, ['check', file], { encoding: 'utf8' });
  const lines = out.split('\n').filter((l) => /^hand \d+:/.test(l));
  assert.equal(lines.length, records.length, `whist check read every hand of ${name}:\n${out}`);
  assert.ok(lines.every((l) => /scores \d+|no score/.test(l)), `every hand of ${name} is finished:\n${out}`);
}

// Each hand's slam flag is its score's: under last13 the hand's winner took every counted trick.
function checkSlams(g) {
  let slams = 0;
  for (const h of g.records) {
    const e = g.scores.get(h.number);
    assert.ok(e, `hand ${h.number} has its score event`);
    const slam = g.config.scoring === 'last13' && e.winner !== null && e.tricks[1 - e.winner] === 0;
    assert.equal(h.slam, slam, `hand ${h.number}'s slam flag (tricks ${e.tricks}, winner ${e.winner})`);
    slams += slam;
  }
  return slams;
}

// The facts of a finished game, as the web client's worker keeps them (web/js/engine-worker.js).
function facts(g) {
  const c = g.config, opponent = c.players[1].level;
  const hands = g.records.map((h) => {
    const e = g.scores.get(h.number);
    return c.game === 'german'
      ? { game: 'german', variant: c.variant, scoring: c.scoring, target: c.target, opponent, winner: e.winner, slam: h.slam, assisted: h.assisted }
      : { game: 'android', opponent, winner: e.winner, points: e.winner === null ? 0 : e.points[e.winner], game_winner: e.game_winner };
  });
  const game = c.game === 'german'
    ? { game: 'german', variant: c.variant, scoring: c.scoring, target: c.target, opponent, winner: g.over.winner }
    : { game: 'android', opponent, winner: g.over.winner };
  return { hands, games: [game] };
}

// The statistics of the games (in the order played) counted here from their events, to hold the module's
// against: per German Whist rules and opponent, per Android Whist opponent, and the totals.
function expectedStats(played) {
  const rows = new Map(), arows = new Map();
  const GERMAN = ['hands', 'hands_won', 'slams', 'assisted', 'longest_streak', 'current_streak', 'matches', 'matches_won'];
  const ANDROID = ['hands', 'hands_won', 'points', 'points_against', 'games', 'games_won', 'longest_streak', 'current_streak', 'rubbers', 'rubbers_won'];
  const zeros = (keys) => Object.fromEntries(keys.map((k) => [k, 0]));
  const germanTotal = zeros(GERMAN), androidTotal = zeros(ANDROID);
  for (const g of played) {
    const c = g.config, opponent = c.players[1].level, german = c.game === 'german';
    const [map, k, total] = german ? [rows, `${c.variant}/${c.scoring}/${c.target}/${opponent}`, germanTotal] : [arows, opponent, androidTotal];
    if (!map.has(k)) map.set(k, german ? { variant: c.variant, opponent, scoring: c.scoring, target: c.target, ...zeros(GERMAN) } : { opponent, ...zeros(ANDROID) });
    // each hand and the match (rubber) count in its row and in the total
    for (const x of [map.get(k), total]) {
      for (const h of g.records) {
        const e = g.scores.get(h.number), won = e.winner === 0;
        x.hands++;
        x.hands_won += won;
        x.current_streak = won ? x.current_streak + 1 : 0;
        x.longest_streak = Math.max(x.longest_streak, x.current_streak);
        if (german) {
          x.slams += won && h.slam;
          x.assisted += h.assisted;
        } else {
          if (won) x.points += e.points[0];
          if (e.winner === 1) x.points_against += e.points[1];
          if (e.game_winner !== null) {
            x.games++;
            x.games_won += e.game_winner === 0;
          }
        }
      }
      x[german ? 'matches' : 'rubbers']++;
      x[german ? 'matches_won' : 'rubbers_won'] += g.over.winner === 0;
    }
  }
  return { rows, arows, germanTotal, androidTotal };
}

// The module's statistics of the games played against the figures counted from their events.
function checkStats(played) {
  const all = { hands: [], games: [] };
  for (const g of played) {
    const f = facts(g);
    all.hands.push(...f.hands);
    all.games.push(...f.games);
  }
  const r = call('gw_wasm_stats', ['string'], JSON.stringify(all));
  assert.equal(r.ok, true, JSON.stringify(r));
  const m = r.message, want = expectedStats(played);
  assert.equal(m.type, 'stats');
  assert.deepEqual(m.ratings, [], 'no ratings offline');
  const pick = (row, keys) => Object.fromEntries(keys.map((k) => [k, row[k]]));
  const gkeys = Object.keys(want.germanTotal);
  assert.equal(m.german.length, want.rows.size + 1, 'a row per rules and opponent, then the total');
  for (const w of want.rows.values()) {
    const row = m.german.find((x) => x.variant === w.variant && x.scoring === w.scoring && x.target === w.target && x.opponent === w.opponent);
    assert.ok(row, `a row for ${w.variant} ${w.scoring} ${w.target} ${w.opponent}`);
    assert.equal(row.vs, 'computer');
    assert.deepEqual(pick(row, gkeys), pick(w, gkeys), `${w.scoring} ${w.opponent}`);
  }
  const total = m.german.at(-1);
  assert.deepEqual([total.variant, total.scoring, total.target, total.opponent, total.vs], ['all', 'all', 0, 'all', 'all']);
  assert.deepEqual(pick(total, gkeys), want.germanTotal, 'the German total row');
  const akeys = Object.keys(want.androidTotal);
  assert.equal(m.android.length, want.arows.size + 1);
  for (const w of want.arows.values()) assert.deepEqual(pick(m.android.find((x) => x.opponent === w.opponent), akeys), pick(w, akeys), w.opponent);
  assert.deepEqual(pick(m.android.at(-1), akeys), want.androidTotal, 'the Android total row');
  // Bad facts are refused with their reason.
  for (const bad of ['[]', '{"hands": [{"game": "chess"}]}', '{"games": [{"game": "android", "opponent": "hard", "winner": 2}]}']) {
    const no = call('gw_wasm_stats', ['string'], bad);
    assert.equal(no.ok, false, bad);
    assert.equal(no.error.code, 'bad_request', `${bad}: ${JSON.stringify(no.error)}`);
  }
  return m;
}

// The tests, in a function so that a failure prints its message and stack alone (node would print the line
// of the module's one-line source where it was thrown).
function main() {
  mkdirSync(dir, { recursive: true });

  // ---- the module answers: its version, and bad requests refused with a code ----
  {
    const v = call('gw_wasm_version', []);
    assert.equal(v.ok, true);
    assert.match(v.version, /^\d+\.\d+\.\d+$/);
    for (const [request, code] of [['not json', 'bad_request'], ['{"nonsense":1}', 'bad_request'],
      ['{"options":{"game":"chess"},"secrets":["' + S0 + '","' + S1 + '"]}', 'bad_value'],
      ['{"options":{"game":"german"},"secrets":["' + S0 + '","' + S0 + '"]}', 'bad_value'],
      ['{"options":{"game":"german"}}', 'bad_value']]) {
      const r = call('gw_wasm_new', ['string', 'number'], request, 0);
      assert.equal(r.ok, false, request);
      assert.equal(r.error.code, code, `${request}: ${JSON.stringify(r.error)}`);
    }
    assert.equal(call('gw_wasm_tick', ['number', 'number'], 7, 0).error.code, 'no_table');
  }

  const played = []; // every finished game, in the order played, for the statistics
  // ---- German Whist: a whole match against the expert ----
  const germanLimits = { 'think-ms': '0', iterations: '6' };
  {
    const g = new Game({ game: 'german', variant: 'small', scoring: 'every', target: '8', opponent: 'expert', seed: '20240611', ...germanLimits }, germanLimits, { undo: true });
    let hints = 0, loaded = false, steps = 0, undone = false;
    // Before the person's first card there is nothing to take back: cannot_undo, nothing changes.
    while (g.result.computer_due) g.step();
    const refused = g.raw({ type: 'table_undo' });
    assert.equal(refused.out.length, 1);
    assert.equal(JSON.parse(refused.out[0].text).code, 'cannot_undo', refused.out[0].text);
    assert.equal(g.view.can_undo, false);
    const viaHint = (game) => {
      if (game.records.length > 0) return game.legal[0];
      const r = call('gw_wasm_hint', ['number', 'number'], game.h, 0);
      assert.equal(r.ok, true, JSON.stringify(r));
      assert.equal(r.message.type, 'hint');
      const best = r.message.cards[0].card;
      assert.ok(game.legal.includes(best), `the hint's card ${best} is legal: ${game.legal}`);
      hints++;
      return best;
    };
    while (g.step(viaHint)) {
      steps++;
      if (!undone && g.records.length === 0 && g.view.can_undo && g.legal.length > 0 && steps > 6) {
        // Take back the person's last card (and the computer's after it): the undo event, a view of the
        // person to play again with more cards in hand.
        const before = g.view, last = g.last, r = g.send({ type: 'table_undo' });
        const events = r.out.map((m) => JSON.parse(m.text)).filter((m) => m.type === 'event');
        assert.equal(events.length, 1);
        assert.equal(events[0].kind, 'undo');
        assert.equal(events[0].player, 0);
        assert.equal(events[0].number, last + 1);
        assert.ok(g.view.table.moves.length < before.table.moves.length, 'the cards are taken back');
        assert.ok(g.legal.length > 0, 'the person is to play again');
        undone = true;
      }
      if (!loaded && g.records.length === 1 && g.view.state === 'playing' && g.view.hand_number === 2 && steps % 3 === 0) {
        g.saveAndLoad();
        loaded = true;
      }
      assert.ok(steps < 5000, 'the match ends');
    }
    assert.ok(hints > 0, 'hints were asked');
    assert.ok(undone, 'a card was taken back');
    assert.match(g.records[0].record, /\[Assisted "/, 'the hand with the undo is assisted');
    assert.equal(g.records[0].assisted, true, 'its entry says so (the history marks it)');
    assert.ok(g.records.slice(1).every((h) => h.assisted === !!/\[Assisted "/.test(h.record)), 'the flag is the record\'s');
    assert.ok(loaded, `the match was saved and loaded mid-hand (hands ${g.records.map((h) => h.number)})`);
    assert.equal(g.over.how, 'played');
    assert.ok(g.records.length >= 2, 'a match of more than one hand');
    assert.equal(call('gw_wasm_hint', ['number', 'number'], g.h, 0).error.code, 'no_hint');
    check('german', g.records);
    checkSlams(g);
    played.push(g);
    // The replay of the first hand with the review of the person's cards.
    const r = call('gw_wasm_review', ['string'], JSON.stringify({ record: g.records[0].record, seat: 0, iterations: 4 }));
    assert.equal(r.ok, true, JSON.stringify(r));
    const m = r.message;
    assert.equal(m.type, 'replay');
    assert.equal(m.game, 'german');
    assert.equal(m.complete, true);
    assert.ok(m.tricks.length > 0);
    assert.ok(m.verdicts.length + m.foreplay.length > 0, 'cards were judged');
    assert.equal(m.review.iterations, 4);
    const bad = call('gw_wasm_review', ['string'], JSON.stringify({ record: 'nonsense' }));
    assert.equal(bad.ok, false);
    g.close();
    console.log(`german: ${g.records.length} hands, ${hints} hints, winner ${g.over.winner}, saved and loaded mid-hand`);
  }

  // ---- German Whist under last13 against random (quick): the slams ----
  {
    const g = new Game({ game: 'german', variant: 'small', scoring: 'last13', target: '10', opponent: 'random', seed: '2', ...germanLimits }, germanLimits);
    for (let steps = 0; g.step(); steps++) assert.ok(steps < 5000, 'the match ends');
    const slams = checkSlams(g);
    assert.ok(slams > 0, `a slam among the ${g.records.length} hands (the seed has one)`);
    played.push(g);
    g.close();
    console.log(`german last13: ${g.records.length} hands, ${slams} slams, winner ${g.over.winner}`);
  }

  // ---- Android Whist: a whole rubber against the hard computer ----
  {
    const limits = { 'think-ms': '0', samples: '2' };
    const g = new Game({ game: 'android', opponent: 'hard', seed: '7', ...limits }, limits);
    let steps = 0, loaded = false;
    while (g.step()) {
      steps++;
      if (!loaded && g.records.length === 1 && g.view.state === 'playing' && steps % 5 === 0) {
        g.saveAndLoad();
        loaded = true;
      }
      assert.ok(steps < 20000, 'the rubber ends');
    }
    assert.ok(loaded, 'the rubber was saved and loaded mid-hand');
    assert.equal(g.over.how, 'played');
    check('android', g.records);
    played.push(g);
    const r = call('gw_wasm_review', ['string'], JSON.stringify({ record: g.records[0].record, seat: 1 }));
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(r.message.game, 'android');
    assert.equal(call('gw_wasm_hint', ['number', 'number'], g.h, 0).ok, false);
    g.close();
    console.log(`android: ${g.records.length} hands, winner ${g.over.winner}, saved and loaded mid-hand`);
  }

  // ---- the statistics of those games, from their facts ----
  const m = checkStats(played);
  console.log(`stats: ${m.german.length - 1} German rows, ${m.android.length - 1} Android rows, ${m.german.at(-1).hands} + ${m.android.at(-1).hands} hands`);
}

// The page's settings (gw_wasm_settings): checked as whist serve checks a settings message, the same codes.
function settings() {
  const set = (kept, patch) => call('gw_wasm_settings', ['string', 'string'], kept, patch);
  const d = set('', '');
  assert.equal(d.ok, true, JSON.stringify(d));
  assert.equal(d.settings.speed, 'normal');
  assert.equal(d.settings.opponent, 'hard');
  assert.equal(Object.keys(d.settings).length, 15);
  // kept values this whist does not take are left out; a patch changes only its keys
  const k = set(JSON.stringify({ speed: 'instant', back: 'plaid', nope: 'x' }), JSON.stringify({ name: 'Ann', target: '7' }));
  assert.equal(k.ok, true, JSON.stringify(k));
  assert.deepEqual([k.settings.speed, k.settings.back, k.settings.name, k.settings.target], ['instant', 'blue', 'Ann', '7']);
  for (const [patch, code] of [
    [{ colour: 'red' }, 'unknown_field'],
    [{ speed: 3 }, 'wrong_type'],
    [{ target: '0' }, 'bad_value'],
    [{ opponent: 'oracle2' }, 'bad_value'],
    [{ name: 'a"b' }, 'bad_value'],
    [[], 'wrong_type'],
  ]) {
    const r = set('', JSON.stringify(patch));
    assert.equal(r.ok, false, JSON.stringify(patch));
    assert.equal(r.error.code, code, `${JSON.stringify(patch)}: ${JSON.stringify(r)}`);
  }
  assert.equal(set('', '{"speed":').error.code, 'bad_request');
  console.log('settings: defaults, kept, patched and refused as whist serve does');
}

try {
  main();
  settings();
  console.log('wasm play: ok');
} catch (e) {
  console.error(`wasm play: FAILED: ${e && e.stack ? e.stack : e}`);
  process.exit(1);
}
