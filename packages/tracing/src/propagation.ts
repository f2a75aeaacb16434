import { context, propagation, ROOT_CONTEXT, type Context } from '@opentelemetry/api';

/** The W3C header that carries a span's trace id, span id and sampled flag between processes. */
export const TRACEPARENT_HEADER = 'traceparent';

/** A span context in the `traceparent` form: version 00, 32 hex trace id, 16 hex span id, 2 hex flags. */
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * The trace context of `ctx` (the active one by default) as message or request headers, through the registered
 * propagator (W3C trace context). Empty when tracing is off or nothing is being traced.
 */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The `traceparent` of `ctx` (the active one by default), if there is a span to continue. */
export function traceParentOf(ctx: Context = context.active()): string | undefined {
  return traceHeaders(ctx)[TRACEPARENT_HEADER];
}

/** A context that continues the trace the headers carry; `base` (the root context) when they carry none. */
export function contextFromHeaders(
  headers: Readonly<Record<string, string | undefined>>,
  base: Context = ROOT_CONTEXT,
): Context {
  return propagation.extract(base, headers);
}

/** Same for a stored `traceparent` (an outbox row, a delivery): malformed or missing values continue nothing. */
export function contextFromTraceParent(traceParent: string | null | undefined, base: Context = ROOT_CONTEXT): Context {
  if (traceParent === null || traceParent === undefined) return base;
  return contextFromHeaders({ [TRACEPARENT_HEADER]: traceParent }, base);
}

/** Whether a stored or received value has the `traceparent` form (what is worth keeping in a row). */
export function isTraceParent(value: unknown): value is string {
  return typeof value === 'string' && TRACEPARENT.test(value);
}
