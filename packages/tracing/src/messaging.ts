import { context, SpanKind, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { contextFromHeaders, TRACEPARENT_HEADER, traceHeaders } from './propagation';
import { markFailed, waymarkTracer } from './spans';
import { isTracingOn } from './tracing-provider';

/** A message as the buses hand it around: only its headers matter here. */
export interface HeaderCarrier {
  readonly headers: Record<string, string>;
}

export interface MessagingTarget {
  /** `kafka`, or the embedded mode's in-process bus. */
  readonly system: string;
  readonly topic: string;
}

/**
 * Publishes `messages` inside PRODUCER spans and writes each span's `traceparent` into the headers of the messages
 * it covers. A message that already carries a traceparent (an outbox row's, a click's from its visit) gets a span
 * of its own in that trace; the rest share one span under the active context. The headers are changed in place,
 * so pass the bus's own copies. With tracing off this is `send()`.
 */
export async function tracedPublish(
  target: MessagingTarget,
  messages: readonly HeaderCarrier[],
  send: () => Promise<void>,
): Promise<void> {
  if (!isTracingOn()) return send();
  const spans: Span[] = [];
  let shared: Record<string, string> | undefined;
  const unparented = messages.filter((m) => m.headers[TRACEPARENT_HEADER] === undefined).length;
  const start = (parent: Context, count: number): Record<string, string> => {
    const options = { kind: SpanKind.PRODUCER, attributes: attributes(target, 'send', count) };
    const span = waymarkTracer().startSpan(`publish ${target.topic}`, options, parent);
    spans.push(span);
    return traceHeaders(trace.setSpan(parent, span));
  };
  for (const message of messages) {
    if (message.headers[TRACEPARENT_HEADER] !== undefined) {
      Object.assign(message.headers, start(contextFromHeaders(message.headers), 1));
    } else {
      shared ??= start(context.active(), unparented);
      Object.assign(message.headers, shared);
    }
  }
  await settle(spans, send);
}

/**
 * Runs a consumer's handler for a batch inside one CONSUMER span per message, each continuing the trace its
 * headers carry. A batch of one message runs with its span active, so the handler's own spans nest under it.
 * With tracing off this is `handle()`.
 */
export async function tracedConsume(
  target: MessagingTarget & { readonly group: string },
  messages: readonly HeaderCarrier[],
  handle: () => Promise<void>,
): Promise<void> {
  if (!isTracingOn()) return handle();
  const options = {
    kind: SpanKind.CONSUMER,
    attributes: { ...attributes(target, 'process', 1), 'messaging.consumer.group.name': target.group },
  };
  const spans = messages.map((message) =>
    waymarkTracer().startSpan(`process ${target.topic}`, options, contextFromHeaders(message.headers)),
  );
  const only = spans.length === 1 ? spans[0] : undefined;
  const active = only ? trace.setSpan(context.active(), only) : context.active();
  await settle(spans, () => context.with(active, handle));
}

async function settle(spans: Span[], work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    for (const span of spans) markFailed(span, error);
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}

function attributes(target: MessagingTarget, operation: 'send' | 'process', count: number): Attributes {
  return {
    'messaging.system': target.system,
    'messaging.destination.name': target.topic,
    'messaging.operation.type': operation,
    ...(count > 1 ? { 'messaging.batch.message_count': count } : {}),
  };
}
