import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isTransientFailure } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import { isTracingOn } from '@waymark/tracing';
import { GS1_PRIMARY_KEY_AIS } from '@waymark/contracts';
import { HEALTH_PATH, METRICS_PATH, READY_PATH } from '@waymark/http';
import { describeResolver } from '../gs1/app/describe-resolver';
import { resolveDigitalLink } from '../gs1/app/resolve-digital-link';
import { orCompressedDigitalLink } from '../gs1/app/visit-compressed-link';
import type { VisitDeps } from '../links/app/links-ports';
import { visitShortLink } from '../links/app/visit-short-link';
import { json } from '../links/domain/json-response';
import type { VisitRequest, VisitResponse } from '../shared-kernel/visit';
import { BatchedResponses } from './batched-responses';
import { startVisitSpan } from './visit-span';

export interface ListenerOptions {
  readonly deps: VisitDeps;
  /** The express app of probes and metrics: everything that is not a visitor's path goes there. */
  readonly probes: RequestListener;
  /** False: `/metrics` is a visitor's path like any other (the embedded mode, where no gateway hides it). */
  readonly serveMetrics?: boolean;
  readonly clientIp: (req: IncomingMessage) => string;
  readonly ready: () => boolean;
  readonly clock: () => Date;
  readonly logger: Logger;
  /** Called with the status of every visitor response (metrics). */
  readonly onResponse?: (status: number) => void;
}

const GS1_KEYS = new Set(GS1_PRIMARY_KEY_AIS);
const WELL_KNOWN = '/.well-known/gs1resolver';
/** A miss whose catch-up ran out of time: never a 404 that may be wrong; the visitor's browser may try again. */
const CATCHING_UP: VisitResponse = json(
  503,
  { error: 'The link directory is catching up; try again', code: 'unavailable' },
  { 'retry-after': '1' },
);
const NOT_READY: VisitResponse = json(
  503,
  { error: 'The read model is still loading', code: 'unavailable' },
  { 'retry-after': '1' },
);

/**
 * The visitor path on plain node:http, in front of the express app: a redirect must cost little more than a
 * bare 302, so express (probes, metrics) only sees the paths that are not a visitor's.
 */
export function redirectorListener(options: ListenerOptions): RequestListener {
  const responses = new BatchedResponses();
  const probePaths = new Set(
    options.serveMetrics === false ? [HEALTH_PATH, READY_PATH] : [HEALTH_PATH, READY_PATH, METRICS_PATH],
  );
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (probePaths.has(path)) {
      options.probes(req, res);
      return;
    }
    // Tracing off costs this one check; on, the span's traceparent rides in the request to the click event.
    const span = isTracingOn() ? startVisitSpan(req, path) : undefined;
    const request = toVisitRequest(req, path, q < 0 ? '' : url.slice(q + 1), options, span?.traceParent);
    const head = request.method === 'HEAD';
    let response: VisitResponse | Promise<VisitResponse>;
    try {
      response = options.ready() ? route(options.deps, request) : NOT_READY;
    } catch (error) {
      response = Promise.reject(error);
    }
    const send = (resolved: VisitResponse): void => {
      responses.write(res, resolved, head);
      options.onResponse?.(resolved.status);
      span?.end(resolved.status);
    };
    if (!(response instanceof Promise)) {
      send(response);
      return;
    }
    response.then(send, (error: unknown) => {
      if (isTransientFailure(error)) {
        options.logger.warn({ err: error, path }, 'visit answered 503: the read model could not catch up in time');
        send(CATCHING_UP);
        return;
      }
      options.logger.error({ err: error, path }, 'visit failed');
      send(json(500, { error: 'Internal error', code: 'internal_error' }));
    });
  };
}

function route(deps: VisitDeps, request: VisitRequest): VisitResponse | Promise<VisitResponse> {
  const path = request.path;
  if (path === WELL_KNOWN || path === `${WELL_KNOWN}/`) return describeResolver(deps, request);
  const second = path.indexOf('/', 1);
  const first = second < 0 ? path.slice(1) : path.slice(1, second);
  if (GS1_KEYS.has(first)) return resolveDigitalLink(deps, request);
  const code = path.endsWith('/') ? path.slice(1, -1) : path.slice(1);
  if (code === '') return deps.pages.page('not_found', request.host);
  // Short codes have no slash: a longer path may be a Digital Link behind a custom stem (`/shop/01/<gtin>`).
  if (code.includes('/')) return resolveDigitalLink(deps, request, true);
  return orCompressedDigitalLink(deps, request, visitShortLink(deps, request, code));
}

function toVisitRequest(
  req: IncomingMessage,
  path: string,
  rawQuery: string,
  options: ListenerOptions,
  traceParent: string | undefined,
): VisitRequest {
  const referer = req.headers.referer;
  const request: VisitRequest = {
    host: (req.headers.host ?? '').toLowerCase(),
    path,
    rawQuery,
    method: req.method ?? 'GET',
    ip: options.clientIp(req),
    ua: req.headers['user-agent'] ?? '',
    referer: referer === undefined || referer === '' ? null : referer,
    accept: req.headers.accept,
    acceptLanguage: req.headers['accept-language'],
    nowMs: options.clock().getTime(),
  };
  return traceParent === undefined ? request : { ...request, traceParent };
}
