import { CLICK_CHANNELS, CLICK_CHANNELS_HEADER, clicksTopic, type ClickFact } from '@waymark/contracts';
import type { EventBus } from '@waymark/events';
import { TRACEPARENT_HEADER } from '@waymark/tracing';
import type { ClickPublisher } from '../emitter/click-publisher';

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
        batch.clicks().map((click) => {
          const value = JSON.parse(click.json) as ClickFact;
          // Whether the click names a channel: the notifier skips those that name none before decoding them.
          const names = Array.isArray(value.notifyChannels) && value.notifyChannels.length > 0;
          const headers: Record<string, string> = { [CLICK_CHANNELS_HEADER]: CLICK_CHANNELS[names ? 'some' : 'none'] };
          // The visit's trace: the bus publishes the click in it (a producer span under the visit's span).
          if (click.traceParent !== undefined) headers[TRACEPARENT_HEADER] = click.traceParent;
          return { key: click.key, value, headers };
        }),
      ),
  };
}
