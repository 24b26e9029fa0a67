// wasm_engine.mjs: our computer level in WebAssembly as a program of the engine line protocol
// (docs/protocol.md), the counterpart of `whist engine --level` through the module's gw_wasm_engine_* exports
// (docs/wasm.md): it reads whist's lines on standard input and answers on standard output, so that `whist
// arena` can play the WebAssembly build under node against the native one:
//   whist arena expert --engine-b 'node bench/wasm_engine.mjs --level expert --think-ms 200' --think-ms 200
// Options as `whist engine --level`'s: --level, --game, --seed, --think-ms, --iterations; and --module PATH
// (default: build-wasm/node/whist-engine-player.js beside this folder, the module with the player's exports,
// or $GW_WASM_PLAYER_MODULE). The think time is bounded
// by node's performance.now (emscripten_get_now), the clock the module lends the engine.
// Exit status: 0 the input ended, 1 a line refused (the reason on standard error, as whist engine words it),
// 2 usage error.
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LINE_MAX = 65536; // GW_PROTOCOL_LINE_MAX

function usage(message) {
  console.error(`wasm_engine: ${message}`);
  console.error('usage: node bench/wasm_engine.mjs --level L [--game G] [--seed N] [--think-ms T] [--iterations I] [--module PATH]');
  process.exit(2);
}

const NAMES = { '-l': 'level', '-g': 'game', '-s': 'seed', '-t': 'think-ms', '-i': 'iterations' };
const opts = {};
let modulePath = process.env.GW_WASM_PLAYER_MODULE || join(dirname(fileURLToPath(import.meta.url)), '..', 'build-wasm', 'node', 'whist-engine-player.js');
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  let name = args[i];
  let value;
  const eq = name.indexOf('=');
  if (name.startsWith('--') && eq > 0) [name, value] = [name.slice(0, eq), name.slice(eq + 1)];
  name = NAMES[name] ?? (name.startsWith('--') ? name.slice(2) : name);
  if (!['level', 'game', 'seed', 'think-ms', 'iterations', 'module'].includes(name)) usage(`unknown option '${args[i]}'`);
  if (value === undefined) {
    if (i + 1 >= args.length) usage(`${args[i]} needs a value`);
    value = args[++i];
  }
  if (name === 'module') modulePath = value;
  else opts[name] = value;
}
if (!opts.level) usage('--level is required');

const createWhistEngine = (await import(pathToFileURL(modulePath).href)).default;
const M = await createWhistEngine();

// One call: the export's JSON text answer, parsed, the text freed.
function call(name, types, ...values) {
  const ptr = M.ccall(name, 'number', types, values);
  const text = M.UTF8ToString(ptr);
  M._gw_wasm_free(ptr);
  return JSON.parse(text);
}

const { level, ...options } = opts;
const made = call('gw_wasm_engine_new', ['string'], JSON.stringify({ level, options }));
if (!made.ok) usage(made.error.message);

const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
for await (const line of input) {
  const r = Buffer.byteLength(line) > LINE_MAX
    ? { ok: false, error: { message: 'cannot read a line from whist: it is too long' } }
    : call('gw_wasm_engine_line', ['number', 'string'], made.engine, line);
  if (!r.ok) {
    console.error(`wasm_engine: ${r.error.message}`);
    process.exitCode = 1;
    break;
  }
  if (r.note) console.error(`wasm_engine: ${r.note}`);
  if (r.answer !== null) process.stdout.write(`${r.answer}\n`);
}
M.ccall('gw_wasm_engine_free', null, ['number'], [made.engine]);
input.close();
process.stdin.destroy();
