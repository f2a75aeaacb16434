import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * How to start a worker whose module sits beside this file: the compiled `.js` in a build, or the `.ts` source when
 * the service runs from sources (tests, `run-ts`), loaded through swc as jest does, with workspace imports mapped to
 * their sources. Worker threads do not inherit jest's or a parent's module hooks, hence the explicit loader.
 */
export function workerSource(basename: string): { script: string; eval: boolean } {
  const compiled = path.join(__dirname, `${basename}.js`);
  if (existsSync(compiled)) return { script: compiled, eval: false };
  const source = path.join(__dirname, `${basename}.ts`);
  const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
  return { script: sourceLoader(repoRoot, source), eval: true };
}

function sourceLoader(repoRoot: string, entry: string): string {
  return `
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require(require.resolve('@swc/core', { paths: [${JSON.stringify(repoRoot)}] }));
const root = ${JSON.stringify(repoRoot)};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@waymark\\/([^/]+)$/.exec(request);
  if (match) {
    for (const group of ['packages', 'services']) {
      const candidate = path.join(root, group, match[1], 'src', 'index.ts');
      if (fs.existsSync(candidate)) return candidate;
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
require(${JSON.stringify(entry)});
`;
}
