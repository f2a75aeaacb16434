/** A request as the use cases see it: already reduced to plain values by the HTTP layer. */
export interface VisitRequest {
  /** Host header, lower-cased, port kept (the embedded mode serves `localhost:PORT`). */
  readonly host: string;
  /** Path without the query, as sent (percent-encoding kept). */
  readonly path: string;
  /** Query string without `?`, as sent. */
  readonly rawQuery: string;
  readonly method: string;
  readonly ip: string;
  readonly ua: string;
  readonly referer: string | null;
  readonly accept: string | undefined;
  /** `Accept-Language`, for GS1 link selection by `hreflang`. */
  readonly acceptLanguage?: string;
  readonly nowMs: number;
  /** The W3C traceparent of the request's span when it is traced: the click event carries it on. */
  readonly traceParent?: string;
}

export interface VisitResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Omitted for HEAD by the HTTP layer, which still sends the GET headers. */
  readonly body?: string;
}

/** `go.acme.example:8081` is tried as sent, then without its port. */
export function hostCandidates(host: string): string[] {
  const colon = host.lastIndexOf(':');
  if (colon > 0 && !host.endsWith(']') && /^\d+$/.test(host.slice(colon + 1))) return [host, host.slice(0, colon)];
  return [host];
}

/** Redirects and pages may never be cached: a re-pointed link must take effect at once for everybody. */
export const NO_STORE = 'private, no-store, max-age=0';
