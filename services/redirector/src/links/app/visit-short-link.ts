import { splitScanMarker } from '../domain/scan-marker';
import { withPassthroughQuery } from '../domain/destination-url';
import { linkOutcome } from '../domain/link-outcome';
import type { LinkEntry } from '../../shared-kernel/link-entry';
import { findLink } from '../../shared-kernel/find-link';
import { thenMaybe } from '../../shared-kernel/maybe-async';
import type { VisitDeps } from './links-ports';
import { NO_STORE, type VisitRequest, type VisitResponse } from '../../shared-kernel/visit';

const METHOD_NOT_ALLOWED: VisitResponse = {
  status: 405,
  headers: {
    allow: 'GET, HEAD',
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
  },
  body: JSON.stringify({ error: 'Only GET and HEAD are served on short links', code: 'method_not_allowed' }),
};

/**
 * A visit to `/<code>`: 302 to the destination (visitor's query passed on, scan marker removed) and one click
 * event for a GET; the branded 404 for unknown, disabled and deleted links; the branded 410 after expiry.
 */
export function visitShortLink(
  deps: VisitDeps,
  request: VisitRequest,
  code: string,
): VisitResponse | Promise<VisitResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return METHOD_NOT_ALLOWED;
  return thenMaybe(findLink(deps.links, request.host, code), (entry) => answer(deps, request, entry));
}

function answer(deps: VisitDeps, request: VisitRequest, entry: LinkEntry | undefined): VisitResponse {
  if (entry === undefined) return deps.pages.page('not_found', request.host);
  const outcome = linkOutcome(entry, request.nowMs);
  if (outcome === 'unavailable') return deps.pages.page('unavailable', request.host, entry.tenantId);
  if (outcome === 'expired') return deps.pages.page('expired', request.host, entry.tenantId);
  const query = splitScanMarker(request.rawQuery);
  if (request.method === 'GET') {
    const context = { source: query.scanned ? 'qr' : 'click', bot: deps.isBot(request.ua) } as const;
    deps.clicks.record({ entry, request, context });
  }
  return {
    status: 302,
    headers: { location: withPassthroughQuery(entry.destination, query.passthrough), 'cache-control': NO_STORE },
  };
}
