import { contextFromTraceParent, SpanKind, type SpanOptions } from '@waymark/tracing';
import type { ClaimedDelivery } from '../app/deliveries-ports';

/**
 * The CLIENT span of one delivery attempt, in the trace of the click it delivers (the traceparent kept with the
 * delivery row), so a click's trace ends at each receiver it reached, retries included.
 */
export function attemptSpanOptions(delivery: ClaimedDelivery): SpanOptions {
  return {
    kind: SpanKind.CLIENT,
    parent: contextFromTraceParent(delivery.traceParent),
    attributes: {
      'waymark.service': 'notifier',
      'waymark.delivery.id': delivery.id,
      'waymark.delivery.attempt': delivery.attempts + 1,
      'waymark.channel.id': delivery.channelId,
      'waymark.event.id': delivery.eventId,
    },
  };
}
