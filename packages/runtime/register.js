'use strict';
// The swc require hook for running TypeScript sources without a build: `.ts` files are stripped of their types (as
// jest's transform does) and `@waymark/<name>` resolves to that workspace's `src/index.ts` (as jest's
// moduleNameMapper does). Development only: compiled code in dist/ never loads this file.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const WORKSPACE_GROUPS = ['packages', 'services', 'apps'];

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspace(request, ...rest) {
  const match = /^@waymark\/([^/]+)$/.exec(request);
  if (match) {
    for (const group of WORKSPACE_GROUPS) {
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
