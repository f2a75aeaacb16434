import type { Consumer } from 'kafkajs';
import type { BusLogger } from '../shared/bus-logger';
import { errorText } from '../shared/dead-letter';

/**
 * kafkajs restarts a consumer after a retriable crash by itself. After any other crash (a non-retriable broker
 * error, for instance) the consumer stays stopped for good and nothing else says so: the process would look
 * healthy while it consumes nothing. This reports such a crash through `onGiveUp` (the bus then reports itself
 * unhealthy, so /readyz fails and an orchestrator restarts the process). Returns the listener's remover.
 */
export function watchConsumerCrash(
  consumer: Pick<Consumer, 'on' | 'events'>,
  where: { topic: string; groupId: string },
  logger: BusLogger,
  onGiveUp: (error: Error) => void,
): () => void {
  return consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart) {
      logger.warn({ ...where, err: errorText(payload.error) }, 'consumer crashed; kafkajs restarts it');
      return;
    }
    logger.error({ ...where, err: errorText(payload.error) }, 'consumer crashed and will not be restarted; the bus reports unhealthy');
    onGiveUp(payload.error);
  });
}
