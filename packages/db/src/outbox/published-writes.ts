import type { Logger } from '@waymark/logging';
import type { OutboxRelay } from './outbox-relay';

/** After a commit, waits until its outbox rows are on the bus. Repositories call it before answering a write. */
export type AwaitPublished = () => Promise<void>;

/**
 * Acknowledge-after-publish: a write's HTTP answer waits until its outbox rows are on the bus (put there by this
 * instance's relay or another's), so any
 * service that catches up to the topic's head after the answer sees the change (read-your-writes across services).
 * Bounded: when the bus is down or slow past `timeoutMs`, the answer goes out anyway, since the rows are committed and
 * the relay publishes them once it can; the write is durable, only its visibility elsewhere waits.
 */
export function awaitPublished(
  relay: Pick<OutboxRelay, 'publishedThroughNow'>,
  logger: Logger,
  timeoutMs = 10_000,
): AwaitPublished {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    try {
      const outcome = await Promise.race([relay.publishedThroughNow(), timedOut]);
      if (outcome === 'timeout')
        logger.warn({ timeoutMs }, 'a write was acknowledged before its event was published (the relay is slow)');
    } catch (error) {
      logger.warn({ err: error }, 'a write was acknowledged before its event was published (the bus is unavailable)');
    } finally {
      clearTimeout(timer);
    }
  };
}
