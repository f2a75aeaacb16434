import type { EventBus } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import type { ProductionConfig } from '../../config';
import { busClickPublisher } from './bus-click-publisher';
import type { ClickPublisher } from './click-emitter';
import { ThreadedClickPublisher } from './threaded-click-publisher';

export interface OpenedClickPublisher {
  readonly publisher: ClickPublisher;
  /** Ends what was opened for clicks alone (the thread); the bus stays its owner's to close. */
  close(): Promise<void>;
}

/**
 * The click publisher a standalone process uses, as CLICK_PUBLISHER says: a producer thread on the same brokers
 * (default), or `bus` itself (`inline`). Shared by main.ts, the integration tests and the benchmark, so they run the
 * production path.
 */
export function openClickPublisher(
  config: Pick<ProductionConfig, 'CLICK_PUBLISHER' | 'KAFKA_BROKERS'>,
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
