import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mergeOpenApi, withApiConventions, type MergedOpenApi } from '@waymark/http';
import type { Logger } from '@waymark/logging';

/** Services that serve the public API behind the gateway; each generates its tsoa document at build time. */
export const API_SERVICES = ['link-api', 'analytics-ingest', 'notifier', 'gs1-catalog'] as const;

export const PUBLIC_API_VERSION = '1.0';

/** Where a service's generated OpenAPI document lives: `services/<name>/src/generated/openapi.json`. */
export function openApiPathOf(service: string): string {
  return path.join(
    path.dirname(require.resolve(`@waymark/${service}/package.json`)),
    'src',
    'generated',
    'openapi.json',
  );
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
    else
      logger?.warn(
        { service, file },
        'no generated OpenAPI document for this service; it is left out of /v1/openapi.json',
      );
  }
  const merged = mergeOpenApi(withOneSecurityScheme(documents), {
    title: 'Waymark API',
    version: PUBLIC_API_VERSION,
    description:
      'Branded short links, dynamic QR codes, click/scan analytics, signed notifications and GS1 Digital Links. ' +
      'Errors are `{error, code}`; the codes and statuses are listed on each operation.',
    everyOperationMayAnswer: { '503': DEPENDENCY_UNREACHABLE },
  });
  return withApiConventions(merged, {
    servers: [
      {
        url: EMBEDDED_API_URL,
        description:
          'The embedded mode on this machine (`npm start`); GET /v1/openapi.json names the host that served it',
      },
    ],
    tags: PUBLIC_TAGS,
    license: { name: 'Proprietary' },
    contact: { name: 'Waymark operators' },
    apiKeyScheme: 'api_key',
    idempotentPosts: true,
  });
}

/** The embedded mode's gateway address, the default a generated client starts from. */
const EMBEDDED_API_URL = 'http://127.0.0.1:8000';

/** Every tag the controllers use, in the order readers meet them. */
const PUBLIC_TAGS = [
  { name: 'Account', description: 'The calling key (its scopes), its tenant (plan, entitlements) and its branding.' },
  {
    name: 'Links',
    description: "Branded short links on the tenant's verified domains: create, list, re-point, disable and delete.",
  },
  {
    name: 'QR',
    description: 'The QR code of a link as SVG; it encodes the short URL, so a printed code follows every re-point.',
  },
  {
    name: 'Analytics',
    description:
      'Click and scan counts per link and per tenant: series, human/bot split and breakdowns, as JSON or CSV.',
  },
  {
    name: 'Notification channels',
    description: 'Webhook, Slack and email channels alerted on each click or scan, and their per-attempt delivery log.',
  },
  {
    name: 'GS1 Digital Links',
    description: 'GS1 Digital Links managed in bulk, keyed by GTIN with optional variant, batch and serial.',
  },
  {
    name: 'GS1 exports',
    description: 'Print-ready artwork (QR, GS1 DataMatrix, EAN-13) rendered asynchronously into a downloadable zip.',
  },
  { name: 'Description', description: 'This OpenAPI document.' },
  {
    name: 'admin',
    description:
      'The operator API of an installation (`/admin/v1`): tenants, plans, domains and API keys. Operator token only.',
  },
];

/** Any operation answers this while a dependency it needs is unreachable, or while the service sheds load. */
const DEPENDENCY_UNREACHABLE = {
  description:
    'unavailable: a service the request depends on is unreachable, or the service is overloaded and sheds load; ' +
    'retry after Retry-After seconds',
  headers: { 'Retry-After': { description: 'seconds to wait before retrying', schema: { type: 'integer' } } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/HttpErrorBody' } } },
};

type Doc = { components?: { securitySchemes?: Record<string, Record<string, unknown>> } };

/**
 * The API key scheme is one for the whole API (defined by @waymark/auth, documented by link-api); other services
 * declare it too, sometimes without its description. A scheme of the same name and the same mechanism (type, name,
 * in, scheme) is taken as link-api's wording; a different mechanism under the same name still fails the merge.
 */
function withOneSecurityScheme(documents: unknown[]): unknown[] {
  const own = (documents[0] as Doc | undefined)?.components?.securitySchemes ?? {};
  const mechanism = (s: Record<string, unknown>) => JSON.stringify([s.type, s.name, s.in, s.scheme]);
  return documents.map((doc, i) => {
    const schemes = (doc as Doc).components?.securitySchemes;
    if (i === 0 || !schemes) return doc;
    const aligned = Object.fromEntries(
      Object.entries(schemes).map(([name, scheme]) => [
        name,
        own[name] && mechanism(own[name]) === mechanism(scheme) ? own[name] : scheme,
      ]),
    );
    return { ...(doc as object), components: { ...(doc as Doc).components, securitySchemes: aligned } };
  });
}
