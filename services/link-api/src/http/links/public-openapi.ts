import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mergeOpenApi, type MergedOpenApi } from '@waymark/http';
import type { Logger } from '@waymark/logging';

/** Services that serve the public API behind the gateway; each generates its tsoa document at build time. */
export const API_SERVICES = ['link-api', 'analytics-ingest', 'notifier', 'gs1-catalog'] as const;

export const PUBLIC_API_VERSION = '1.0';

/** Where a service's generated OpenAPI document lives: `services/<name>/src/generated/openapi.json`. */
export function openApiPathOf(service: string): string {
  return path.join(path.dirname(require.resolve(`@waymark/${service}/package.json`)), 'src', 'generated', 'openapi.json');
}

/**
 * The one public description (GET /v1/openapi.json): every API service's tsoa document merged, interface version
 * 1.0. It is read once at start-up from the build output; a service whose document is missing (not built in this
 * checkout) is left out with a warning, so the document lists exactly the routes that exist.
 */
export function loadPublicOpenApi(logger?: Pick<Logger, 'warn'>): MergedOpenApi {
  const documents: unknown[] = [];
  for (const service of API_SERVICES) {
    const file = openApiPathOf(service);
    if (existsSync(file)) documents.push(JSON.parse(readFileSync(file, 'utf8')));
    else logger?.warn({ service, file }, 'no generated OpenAPI document for this service; it is left out of /v1/openapi.json');
  }
  return mergeOpenApi(documents, {
    title: 'Waymark API',
    version: PUBLIC_API_VERSION,
    description:
      'Branded short links, dynamic QR codes, click/scan analytics, signed notifications and GS1 Digital Links. ' +
      'Errors are `{error, code}`; the codes and statuses are listed on each operation.',
  });
}
