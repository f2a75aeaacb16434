import type { IncomingMessage } from 'node:http';
import {
  contextFromHeaders,
  SpanKind,
  SpanStatusCode,
  trace,
  traceParentOf,
  waymarkTracer,
  type Span,
} from '@waymark/tracing';

export interface VisitSpan {
  /** The span's traceparent when it is recorded (sampled): the visit's click event carries it. */
  readonly traceParent: string | undefined;
  end(status: number): void;
}

/**
 * The SERVER span of one visit, continuing the caller's `traceparent`. Called only while tracing is on; the span is
 * ended by hand (no active context is needed: the click's trace travels in its record, see ClickBatch).
 */
export function startVisitSpan(req: IncomingMessage, path: string): VisitSpan {
  const headers = { traceparent: one(req.headers.traceparent), tracestate: one(req.headers.tracestate) };
  const parent = contextFromHeaders(headers);
  const method = req.method ?? 'GET';
  const attributes = { 'http.request.method': method, 'url.path': path, 'waymark.service': 'redirector' };
  const span: Span = waymarkTracer().startSpan(`${method} visit`, { kind: SpanKind.SERVER, attributes }, parent);
  return {
    traceParent: span.isRecording() ? traceParentOf(trace.setSpan(parent, span)) : undefined,
    end(status) {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
