import type { MergedOpenApi } from './merge-openapi';
import {
  COMMON_HEADERS,
  headerRefs,
  IDEMPOTENCY_KEY_PARAMETER,
  IDEMPOTENCY_RESPONSES,
  INTERNAL_ERROR,
  UNSUPPORTED_MEDIA_TYPE,
  type HeaderName,
} from './common-headers';

export interface ApiConventionsOptions {
  readonly servers: readonly { url: string; description?: string }[];
  /** Every tag an operation uses, in display order, each with a sentence for readers. */
  readonly tags: readonly { name: string; description: string }[];
  readonly contact?: { name?: string; url?: string; email?: string };
  readonly license?: { name: string; url?: string };
  /** Every POST authenticated by API key honours Idempotency-Key (createHttpApp's `idempotency`). */
  readonly idempotentPosts: boolean;
  /** The API key scheme's name in the controllers' `@Security(name, scopes)`. */
  readonly apiKeyScheme: string;
}

type Operation = {
  security?: Record<string, string[]>[];
  responses?: Record<string, Response>;
  description?: string;
  [key: string]: unknown;
};
type Response = {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Record<string, unknown> }>;
};

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);

/**
 * Documents what the shared HTTP layer does for every operation, which no single controller declares: the headers
 * every response carries (request id, rate limit), 429 and 500, both ways of sending an API key, servers and tag
 * descriptions. It also rewrites three tsoa habits that API linters and client generators reject: scopes listed on
 * an API key scheme (OpenAPI 3.0 allows them only for OAuth; they move to `x-required-scopes` and the description),
 * `$ref` with sibling keywords (wrapped in `allOf`), and text bodies streamed from a Readable typed as bytes.
 */
export function withApiConventions(doc: MergedOpenApi, options: ApiConventionsOptions): MergedOpenApi {
  const paths: MergedOpenApi['paths'] = {};
  const versionedPaths = Object.keys(doc.paths).filter((path) => Object.values(doc.paths[path]!).some(takesIfMatch));
  for (const [path, operations] of Object.entries(doc.paths)) {
    const versioned = {
      reads: versionedPaths.includes(path),
      // A create on a collection whose items are versioned answers the new item's ETag (etag/etag-header.ts).
      creates: versionedPaths.some((item) => /^\/\{[^/]+\}$/.test(item.slice(path.length)) && item.startsWith(path)),
    };
    paths[path] = Object.fromEntries(
      Object.entries(operations).map(([method, op]) => [
        method,
        METHODS.has(method) ? conventionalOperation(method, op as Operation, options, versioned) : op,
      ]),
    );
  }
  const schemas = (doc.components.schemas ?? {}) as Record<string, unknown>;
  const components = withoutRefSiblings(doc.components, schemas) as MergedOpenApi['components'];
  return {
    ...doc,
    info: {
      ...doc.info,
      ...(options.contact ? { contact: options.contact } : {}),
      ...(options.license ? { license: options.license } : {}),
    },
    servers: options.servers.map((s) => ({ ...s })),
    tags: options.tags.map((t) => ({ ...t })),
    paths: withoutRefSiblings(paths, schemas) as MergedOpenApi['paths'],
    components: {
      ...components,
      headers: { ...(components.headers ?? {}), ...COMMON_HEADERS },
      securitySchemes: {
        ...(components.securitySchemes ?? {}),
        [options.apiKeyScheme]: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'An API key (`wm_live_...`) in the `x-api-key` header. Each operation names the scope it needs.',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The same API key as `Authorization: Bearer <key>`.',
        },
      },
    },
  };
}

/** Which answers of a path carry a resource's ETag. */
interface Versioning {
  /** The path's writes take If-Match: its 200 answers carry the resource's ETag. */
  reads: boolean;
  /** The path creates items of a versioned path: its 201 answers carry the new item's ETag. */
  creates: boolean;
}

/** A path whose writes take If-Match serves an ETag with each 200 representation of the resource. */
function takesIfMatch(op: unknown): boolean {
  const parameters = (op as { parameters?: { in?: string; name?: string }[] }).parameters ?? [];
  return parameters.some((p) => p.in === 'header' && p.name?.toLowerCase() === 'if-match');
}

function conventionalOperation(
  method: string,
  op: Operation,
  options: ApiConventionsOptions,
  versioned: Versioning,
): Operation {
  const scopes = (op.security ?? []).flatMap((requirement) => requirement[options.apiKeyScheme] ?? []);
  const usesApiKey = (op.security ?? []).some((requirement) => options.apiKeyScheme in requirement);
  const result: Operation = { ...op };
  if (usesApiKey) {
    result.security = [{ [options.apiKeyScheme]: [] }, { bearer: [] }];
    result['x-required-scopes'] = scopes;
    if (scopes.length > 0)
      result.description =
        `${op.description ?? ''}\n\nRequires the scope ${scopes.map((s) => `\`${s}\``).join(', ')}.`.trim();
  } else if (op.security) {
    // Other schemes (the operator's bearer token) take no scopes in OpenAPI 3.0.
    result.security = op.security.map((requirement) =>
      Object.fromEntries(Object.keys(requirement).map((name) => [name, []])),
    );
  }
  const idempotent = usesApiKey && method === 'post' && options.idempotentPosts;
  const responses: Record<string, Response> = {
    '500': INTERNAL_ERROR,
    ...(idempotent ? IDEMPOTENCY_RESPONSES : {}),
    ...(op.responses ?? {}),
  };
  if (idempotent) result.parameters = [...((op.parameters as unknown[]) ?? []), IDEMPOTENCY_KEY_PARAMETER];
  if (op.requestBody) responses['415'] = UNSUPPORTED_MEDIA_TYPE;
  if (usesApiKey && !responses['429']) responses['429'] = { description: 'rate_limited' };
  result.responses = Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      conventionalResponse(status, response, usesApiKey, versioned, idempotent),
    ]),
  );
  return result;
}

function conventionalResponse(
  status: string,
  response: Response,
  rateLimited: boolean,
  versioned: Versioning,
  idempotent: boolean,
): Response {
  const names: HeaderName[] = ['x-request-id'];
  if (rateLimited) names.push('RateLimit', 'RateLimit-Policy');
  if (status === '429') names.push('Retry-After');
  if (status === '401') names.push('WWW-Authenticate');
  if (status === '201' || status === '202') names.push('Location');
  if ((status === '200' && versioned.reads) || (status === '201' && versioned.creates)) names.push('ETag');
  if (idempotent && status.startsWith('2')) names.push('Idempotent-Replayed');
  const result: Response = { ...response, headers: { ...headerRefs(names), ...(response.headers ?? {}) } };
  if (status === '429' && !response.content) result.content = INTERNAL_ERROR.content;
  if (response.content)
    result.content = Object.fromEntries(
      Object.entries(response.content).map(([type, media]) => [type, textMedia(type, media)]),
    );
  return result;
}

/**
 * A Readable body (SVG, CSV) comes out of tsoa as `format: byte`, and a handler returning `Report | Readable`
 * gives both media types the union. Text media are a string; JSON is the report alone.
 */
function textMedia(type: string, media: { schema?: Record<string, unknown> }): { schema?: Record<string, unknown> } {
  const schema = media.schema ?? {};
  const members = Array.isArray(schema.anyOf) ? (schema.anyOf as Record<string, unknown>[]) : [schema];
  const isStream = (m: Record<string, unknown>) =>
    m.type === 'string' && (m.format === 'byte' || m.format === 'binary');
  if (!members.some(isStream)) return media;
  if (type.startsWith('text/') || type === 'image/svg+xml') return { ...media, schema: { type: 'string' } };
  const rest = members.filter((m) => !isStream(m));
  return rest.length === 1 ? { ...media, schema: rest[0] } : media;
}

/**
 * OpenAPI 3.0 ignores keywords beside `$ref`, so `allOf: [{ $ref }]` keeps a description or example. A nullable
 * reference cannot be written as `nullable` beside that `allOf`: strict validators apply the referenced schema to
 * null too and refuse it (`must be object`). A scalar alias (DateTime, Count) is inlined with `nullable`; any other
 * reference becomes `anyOf: [{ $ref }, NULL_ONLY]`.
 */
function withoutRefSiblings(node: unknown, schemas: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutRefSiblings(item, schemas));
  if (typeof node !== 'object' || node === null) return node;
  const object = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, withoutRefSiblings(v, schemas)]),
  ) as Record<string, unknown>;
  const ref = typeof object.$ref === 'string' ? object.$ref : singleAllOfRef(object);
  if (ref === undefined) return object;
  const { $ref: _ref, allOf: _allOf, ...siblings } = object;
  if (Object.keys(siblings).length === 0) return { $ref: ref };
  if (!siblings.nullable) return { allOf: [{ $ref: ref }], ...siblings };
  const target = schemas[ref.replace('#/components/schemas/', '')] as Record<string, unknown> | undefined;
  if (target && target.type && target.type !== 'object' && !siblings.type) return { ...target, ...siblings };
  const { nullable: _nullable, type: _type, ...described } = siblings;
  return { anyOf: [{ $ref: ref }, NULL_ONLY], ...described };
}

/** The OpenAPI 3.0 schema of null alone (3.1 would say `type: 'null'`): `nullable` admits it, the enum nothing else. */
const NULL_ONLY = { type: 'object', nullable: true, enum: [null] } as const;

function singleAllOfRef(object: Record<string, unknown>): string | undefined {
  const allOf = object.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 1) return undefined;
  const only = allOf[0] as { $ref?: unknown };
  return typeof only.$ref === 'string' && Object.keys(only).length === 1 ? only.$ref : undefined;
}
