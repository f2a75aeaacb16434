'use strict';
// Runs a TypeScript file in a plain child process (outside jest's sandbox, so real signals reach real
// listeners): `node run-ts.js file.ts [args...]`. Types are stripped by swc, as jest does.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

// Workspace imports resolve to sources, as jest's moduleNameMapper does, so no build is needed.
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspace(request, ...rest) {
  const match = /^@waymark\/([^/]+)$/.exec(request);
  if (match) {
    for (const group of ['packages', 'services']) {
      const entry = path.join(REPO_ROOT, group, match[1], 'src', 'index.ts');
      if (fs.existsSync(entry)) return entry;
    }
  }
  return resolveFilename.call(this, request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    module: { type: 'commonjs' },
    jsc: { parser: { syntax: 'typescript', decorators: true }, target: 'es2022', transform: { legacyDecorator: true } },
  });
  module._compile(code, filename);
};

const [, , entry, ...args] = process.argv;
process.argv = [process.argv[0], entry, ...args];
require(path.resolve(entry));
