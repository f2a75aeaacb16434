/** Response headers the shared HTTP layer sends, declared once under `components.headers`. */
export const COMMON_HEADERS = {
  'x-request-id': {
    description:
      "The id of this request in the logs: the caller's own `x-request-id` when it is plain and short, else a new UUID.",
    schema: { type: 'string' },
    example: '0b9f6c1e-3c1d-4b8e-9a51-6f3f1f0e2d7a',
  },
  RateLimit: {
    description:
      'Requests left (`r`) and seconds until the quota is fully restored (`t`), draft-ietf-httpapi-ratelimit-headers.',
    schema: { type: 'string' },
    example: '"pro";r=118;t=1',
  },
  'RateLimit-Policy': {
    description: "The plan's quota (`q`) per window of `w` seconds, shared by every key of the tenant.",
    schema: { type: 'string' },
    example: '"pro";q=120;w=60',
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
    example: 5,
  },
  ETag: {
    description: 'The version of the resource; send it back in `If-Match` so a change applies only to this version.',
    schema: { type: 'string' },
    example: '"m7q2x9k1"',
  },
  'Idempotent-Replayed': {
    description: '`true` when this is the kept answer of an earlier request with the same Idempotency-Key and body.',
    schema: { type: 'string', enum: ['true'] },
  },
  Location: {
    description: 'The path of the resource this request created.',
    schema: { type: 'string' },
    example: '/v1/links/spring25?domain=go.acme.example',
  },
  'WWW-Authenticate': {
    description: 'The scheme that would succeed: the API key as a bearer token (or in `x-api-key`).',
    schema: { type: 'string' },
    example: 'Bearer realm="waymark"',
  },
} as const;

export type HeaderName = keyof typeof COMMON_HEADERS;

export function headerRefs(names: readonly HeaderName[]): Record<string, { $ref: string }> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

export const UNSUPPORTED_MEDIA_TYPE = {
  description: 'unsupported_media_type: the request body is not JSON',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/HttpErrorBody' } } },
};

export const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Makes the POST safe to retry: the same key and body from the same API key within 24 h return the first answer ' +
    '(marked `Idempotent-Replayed: true`) instead of acting twice, once the key, its rate limit and its scope are ' +
    'checked; the key with another body, or from another API key of the tenant, is 422, and while the first ' +
    'request runs, 409. Keys are per tenant; use a UUID.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  example: '5f0c6b8e-2a41-4f57-9a36-1b8f3d2c7e90',
};

export const IDEMPOTENCY_RESPONSES = {
  '409': {
    description: 'conflict: a request with this Idempotency-Key is still running',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/HttpErrorBody' } } },
  },
  '422': {
    description: 'idempotency_key_reused: the Idempotency-Key was used with another request or by another API key',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/HttpErrorBody' } } },
  },
};

export const INTERNAL_ERROR = {
  description: 'internal_error: a bug, logged with the request id; the body never carries details',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/HttpErrorBody' } } },
};
