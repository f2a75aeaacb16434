import type { Gs1Issue } from '@waymark/gs1';
import { json } from '../../links/domain/json-response';
import type { VisitResponse } from '../../shared-kernel/visit';

/**
 * CORS on every resolver answer (GS1 resolver standard): any origin may read redirects and linksets. The allowed
 * methods go on every answer, not only the preflight, because GS1's resolver test suite reads them from a GET.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-expose-headers': 'Link, Location, Content-Type',
};

export function withCors(response: VisitResponse): VisitResponse {
  return { ...response, headers: { ...response.headers, ...CORS_HEADERS, vary: 'Accept, Accept-Language' } };
}

export const PREFLIGHT: VisitResponse = withCors({
  status: 204,
  headers: {
    allow: 'GET, HEAD, OPTIONS',
    'access-control-allow-methods': 'GET, HEAD, OPTIONS',
    'access-control-allow-headers': 'Accept, Accept-Language, Content-Type',
    'access-control-max-age': '86400',
  },
});

export const METHOD_NOT_ALLOWED: VisitResponse = withCors(
  json(
    405,
    { error: 'The resolver serves GET, HEAD and OPTIONS', code: 'method_not_allowed' },
    { allow: 'GET, HEAD, OPTIONS' },
  ),
);

/** 400 for a syntactically invalid Digital Link, with the precise reason from @waymark/gs1. */
export function invalidDigitalLink(issue: Gs1Issue): VisitResponse {
  const detail = issue.ai === undefined ? { reason: issue.reason } : { reason: issue.reason, ai: issue.ai };
  return withCors(json(400, { error: issue.message, code: 'invalid_digital_link', ...detail }));
}
