import { clicksTopic, type ClickFact } from '@waymark/contracts';
import type { EventBus } from '@waymark/events';
import { TRACEPARENT_HEADER } from '@waymark/tracing';
import type { ClickPublisher } from './click-emitter';

/**
 * Click records published through an EventBus's ordinary publish (CLICK_PUBLISHER=inline, the embedded runner):
 * each text is parsed back into its object, and the bus checks it against the clicks.v1 schema and encodes it
 * again. Twice the work of the producer thread's path, on paths that are not the high-volume one.
 */
export function busClickPublisher(bus: Pick<EventBus, 'publish'>): ClickPublisher {
  return {
    publish: (batch) =>
      bus.publish(
        clicksTopic,
        batch.clicks().map((click) => ({
          key: click.key,
          value: JSON.parse(click.json) as ClickFact,
          // The visit's trace: the bus publishes the click in it (a producer span under the visit's span).
          ...(click.traceParent === undefined ? {} : { headers: { [TRACEPARENT_HEADER]: click.traceParent } }),
        })),
      ),
  };
}
