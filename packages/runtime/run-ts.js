#!/usr/bin/env node
'use strict';
// `waymark-ts file.ts [args...]` (or `node run-ts.js file.ts [args...]`): runs a TypeScript entry point through the
// register hook in a plain process or worker thread, outside jest, so real signals reach real listeners.
const path = require('node:path');
require('./register');

const [, , entry, ...args] = process.argv;
if (!entry) {
  process.stderr.write('usage: waymark-ts <file.ts> [args...]\n');
  process.exit(2);
}
process.argv = [process.argv[0], entry, ...args];
require(path.resolve(entry));
