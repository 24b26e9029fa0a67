// node-esm.js: emscripten 3.1.6's ES module output reads `require` and `__dirname` when it runs under node,
// which an ES module does not have: under node (only) they are made here, at the module's top, for the
// factory's code to find (later emscripten versions do the same). A browser or a Web Worker skips it.
let require, __dirname; // eslint-disable-line no-unused-vars
if (typeof process == 'object' && process.versions && process.versions.node) {
  const { createRequire } = await import('module');
  require = createRequire(import.meta.url);
  __dirname = require('path').dirname(new URL(import.meta.url).pathname);
}
