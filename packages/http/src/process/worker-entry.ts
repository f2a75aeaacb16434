import path from 'node:path';

/**
 * How to start a worker thread (or child process) whose module `basename` sits beside `callerFilename` (pass
 * `__filename`), decided by how the caller itself runs:
 * - compiled (`dist/.../*.js`: production, the end-to-end suite from the build): the sibling `.js`;
 * - from TypeScript sources (jest, or `waymark-ts`): the sibling `.ts` through @waymark/runtime's runner, so the
 *   worker gets the same swc hook and @waymark/* → sources mapping. A worker inherits none of its parent's hooks.
 * Deciding by the caller's own extension, rather than by whether a `.js` happens to exist, means a build never loads
 * sources or the development runtime, and a run from sources never loads a stale build.
 */
export function workerEntry(callerFilename: string, basename: string): { script: string; argv: string[] } {
  const dir = path.dirname(callerFilename);
  if (path.extname(callerFilename) !== '.ts') return { script: path.join(dir, `${basename}.js`), argv: [] };
  return { script: require.resolve('@waymark/runtime/run-ts'), argv: [path.join(dir, `${basename}.ts`)] };
}
