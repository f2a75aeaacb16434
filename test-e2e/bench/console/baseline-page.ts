import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_DIST } from '../../support/built-console';

/** The baseline page's path: a static HTML file served beside the console, by the same server, with its headers. */
export const BASELINE_PATH = '/bench-baseline.html';

/** A static page shaped like the console's links list: a heading, a search field and a table of 25 links. */
function baselineHtml(): string {
  const rows = Array.from(
    { length: 25 },
    (_, i) => `<tr><td><a href="#/links/l${i}">http://localhost/l${i}</a></td><td>https://example.com/${i}</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Baseline</title></head>
<body><main><h1>Links</h1><label>Search <input type="search"></label>
<table><thead><tr><th>Short URL</th><th>Destination</th></tr></thead><tbody>
${rows}
</tbody></table></main></body></html>
`;
}

/**
 * A copy of the built console with the baseline page beside it, for WAYMARK_CONSOLE_DIR: the console and the
 * baseline are then served by the same embedded server from the same directory.
 */
export function consoleDirWithBaseline(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  cpSync(CONSOLE_DIST, dir, { recursive: true });
  writeFileSync(join(dir, BASELINE_PATH.slice(1)), baselineHtml());
  return dir;
}
