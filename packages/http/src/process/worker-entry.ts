import { existsSync } from 'node:fs';
import path from 'node:path';

/** This package's root (holding package.json), whether this file runs from `src/` or from `dist/src/`. */
function packageRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = parent;
  }
  return dir;
}

/**
 * How to start a worker thread whose module `basename` sits beside `callerFilename` (pass `__filename`), decided by
 * how the caller itself runs:
 * - compiled (`dist/.../*.js`: production, the benchmarks, the end-to-end suite from the build): the sibling `.js`;
 * - from TypeScript sources (jest with swc, or `test/support/run-ts.js`): the sibling `.ts` through run-ts.js, so the
 *   worker gets the same swc hook and the same @waymark/* → sources mapping. A worker thread inherits none of
 *   jest's or a parent's module hooks.
 * Deciding by the caller's own extension, rather than by whether a `.js` happens to exist, means a build never loads
 * sources (swc is a dev dependency) and a run from sources never loads a stale build.
 */
export function workerEntry(callerFilename: string, basename: string): { script: string; argv: string[] } {
  const dir = path.dirname(callerFilename);
  if (path.extname(callerFilename) !== '.ts') return { script: path.join(dir, `${basename}.js`), argv: [] };
  return { script: path.join(packageRoot(), 'test', 'support', 'run-ts.js'), argv: [path.join(dir, `${basename}.ts`)] };
}
