import path from 'node:path';

/**
 * How to start a worker module that sits beside this file, decided by how this very file runs:
 * - compiled (`dist/src/infra/*.js`, production and the benchmark): the sibling `.js`;
 * - from TypeScript sources (jest with swc, or `packages/http/test/support/run-ts.js`, which the end-to-end suite uses
 *   with WAYMARK_E2E_FROM=sources): the sibling `.ts` through run-ts.js itself, so the worker gets the same swc hook
 *   and the same @waymark/* → sources mapping. A worker thread inherits none of jest's or a parent's module hooks.
 * Deciding by this file's own extension, rather than by whether a `.js` happens to exist, means a build never loads
 * sources (swc is a dev dependency) and a run from sources never loads a stale build. The same idea as
 * export-renderer's worker-source, which inlines its own copy of the hook.
 */
export function workerSource(basename: string): { script: string; argv: string[] } {
  if (path.extname(__filename) !== '.ts') return { script: path.join(__dirname, `${basename}.js`), argv: [] };
  const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
  const runTs = path.join(repoRoot, 'packages', 'http', 'test', 'support', 'run-ts.js');
  return { script: runTs, argv: [path.join(__dirname, `${basename}.ts`)] };
}
