// Prints the gzipped size of the JavaScript the console's index.html loads first and fails above the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]);
if (scripts.length === 0) throw new Error('index.html loads no script: the budget check cannot measure the bundle');
let total = 0;
for (const file of scripts) total += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`console initial JavaScript: ${kb(total)} gzip (${scripts.length} files), budget ${kb(BUDGET_BYTES)}`);
if (total > BUDGET_BYTES) {
  console.error('console bundle over budget: split a route or drop a dependency');
  process.exit(1);
}
