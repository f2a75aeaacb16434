import path from 'node:path';
import { loadPublicOpenApi } from './public-openapi';

/**
 * The committed copy of the public document (`api/openapi.json` at the repository root). Clients such as
 * `@waymark/sdk` are generated from this file, so they never import a service; a test fails when it drifts.
 */
export const PUBLIC_OPENAPI_FILE = path.resolve(
  path.dirname(require.resolve('@waymark/link-api/package.json')),
  '..',
  '..',
  'api',
  'openapi.json',
);

/** The public document exactly as it is committed: two-space JSON with a final newline. */
export function publicOpenApiText(): string {
  return `${JSON.stringify(loadPublicOpenApi(), null, 2)}\n`;
}
