import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONSOLE_HEADERS } from './console-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** The built console (apps/console/dist), found from this package's place in the repository unless configured. */
export function defaultConsoleDir(): string {
  return resolve(__dirname, '..', '..', '..', 'apps', 'console', 'dist');
}

/** What serveConsole did: sent the file, or found none, or found a path that cannot name one (its 400 is the caller's). */
export type ConsoleOutcome = 'served' | 'no-file' | 'malformed-path';

/**
 * Serves the console's static files at `/` of the API base URL, as the nginx gateway does in production. Answers
 * 'no-file' when the path is no console file, so the caller can send its 404. Hashed assets are cached for a year.
 */
export function serveConsole(dir: string, req: IncomingMessage, res: ServerResponse, path: string): ConsoleOutcome {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 'no-file';
  const decoded = path === '/' ? 'index.html' : decodedPath(path);
  if (decoded === undefined) return 'malformed-path';
  const relative = decoded.replace(/^\/+/, '');
  const file = normalize(join(dir, relative));
  if (!file.startsWith(dir + sep)) return 'no-file';
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return 'no-file';
    size = stat.size;
  } catch {
    return 'no-file';
  }
  const immutable = relative.startsWith('assets/');
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...CONSOLE_HEADERS,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return 'served';
}

/** `/%E0%A4%A` or `/%`: decodeURIComponent throws a URIError on them, which must not escape the request. */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
