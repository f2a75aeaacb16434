import {
  context,
  INVALID_SPAN_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { isTracingOn } from './tracing-provider';

/** Every Waymark span comes from this tracer; the service is told by the resource (`service.name`) and attributes. */
export function waymarkTracer(): Tracer {
  return trace.getTracer('waymark');
}

export interface SpanOptions {
  readonly kind: SpanKind;
  readonly attributes?: Attributes;
  /** The context to continue (a received or stored traceparent); the active one by default. */
  readonly parent?: Context;
}

const NOT_TRACED = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Runs `work` in a new span made the active one, ended when `work` settles; a failure records the error on it.
 * With tracing off `work` runs as it is, given a span that records nothing.
 */
export async function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  if (!isTracingOn()) return work(NOT_TRACED);
  const parent = options.parent ?? context.active();
  const span = waymarkTracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    markFailed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Records a failure on a span: the exception event and an error status. */
export function markFailed(span: Span, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  span.recordException(error instanceof Error ? error : new Error(message));
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/**
 * A statement group for work on raw pg (Prisma makes its own): one INTERNAL span named `name` (what the work does,
 * such as `store clicks`) under which instrumentation-pg's statement spans nest. Off, this is `work()`.
 */
export function inStatementGroup<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!isTracingOn()) return work();
  const attributes = { 'db.system.name': 'postgresql', 'waymark.db.group': name };
  return inSpan(name, { kind: SpanKind.INTERNAL, attributes }, () => work());
}
