import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** apps/console/dist: what `npm run build` writes and what the gateway image and the embedded mode serve. */
export const CONSOLE_DIST = resolve(__dirname, '..', '..', 'apps', 'console', 'dist');

export interface BuiltConsole {
  dir: string;
  indexHtml: string;
  /** URL paths of the scripts and stylesheets index.html loads (`/assets/index-<hash>.js`...). */
  assets: string[];
}

/** The built console, read from disk, so a test compares what a gateway sends with the files themselves. */
export function builtConsole(): BuiltConsole {
  const index = resolve(CONSOLE_DIST, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: run \`npm run build\` (npm test builds first)`);
  const indexHtml = readFileSync(index, 'utf8');
  const loads = /<(?:script|link)\b[^>]*\b(?:src|href)="\.?\/(assets\/[^"]+)"/g;
  const assets = [...indexHtml.matchAll(loads)].map((m) => `/${m[1]}`);
  if (assets.length === 0) throw new Error(`${index} loads no asset: the console build changed shape`);
  return { dir: CONSOLE_DIST, indexHtml, assets };
}

/** The file behind a console URL path, to compare with a response body. */
export function consoleFile(urlPath: string): Buffer {
  return readFileSync(resolve(CONSOLE_DIST, `.${urlPath}`));
}
