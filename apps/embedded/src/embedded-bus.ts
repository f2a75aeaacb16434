import { InProcessEventBus, PgEventLogStore } from '@waymark/events';
import type { Logger } from '@waymark/logging';

const BUS_SCHEMA = 'waymark_bus';

/**
 * The embedded bus of one thread: its log and consumer offsets in the embedded PostgreSQL (so a restart loses neither
 * events in flight nor the compacted state the redirector rebuilds its read model from). Every thread's bus names the
 * store's channel, so an append in one thread wakes the subscribers of every other. Only the main thread's bus
 * compacts the log (`maintainLog`); it declares every topic, since its services publish or consume each one.
 */
export function startEmbeddedBus(
  databaseUrl: string,
  logger: Logger,
  options: { maintainLog: boolean },
): Promise<InProcessEventBus> {
  return InProcessEventBus.start({
    store: new PgEventLogStore({ connectionString: databaseUrl, schema: BUS_SCHEMA }),
    logger,
    crossThreadChannel: `waymark-event-log:${BUS_SCHEMA}`,
    maintainLog: options.maintainLog,
  });
}
