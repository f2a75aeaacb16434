import type { EventBus } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import { busClickPublisher } from './bus-click-publisher';
import type { ClickPublisher } from '../emitter/click-publisher';
import { ThreadedClickPublisher } from './threaded-click-publisher';

export interface OpenedClickPublisher {
  readonly publisher: ClickPublisher;
  /** Ends what was opened for clicks alone (the thread); the bus stays its owner's to close. */
  close(): Promise<void>;
}

/** The settings that choose a standalone process's click publisher (the redirector's env variables of these names). */
export interface ClickPublisherConfig {
  readonly CLICK_PUBLISHER: 'thread' | 'inline';
  readonly KAFKA_BROKERS: string[];
}

/**
 * The click publisher a standalone process uses, as CLICK_PUBLISHER says: a producer thread on the same brokers
 * (default), or `bus` itself (`inline`). Shared by main.ts, the integration tests and the benchmark, so they run the
 * production path.
 */
export function openClickPublisher(
  config: ClickPublisherConfig,
  deps: { bus: EventBus; clientId: string; logger: Logger },
): OpenedClickPublisher {
  if (config.CLICK_PUBLISHER === 'inline')
    return { publisher: busClickPublisher(deps.bus), close: async () => undefined };
  const threaded = new ThreadedClickPublisher({
    brokers: config.KAFKA_BROKERS,
    clientId: deps.clientId,
    logger: deps.logger,
  });
  return { publisher: threaded, close: () => threaded.close() };
}
