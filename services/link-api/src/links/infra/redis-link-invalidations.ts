import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '@waymark/logging';
import type { InvalidationListener, LinkInvalidations, LinkRef } from './link-invalidations';

/** The Redis channel link-api instances announce changed links on. */
export const LINK_INVALIDATION_CHANNEL = 'waymark:link-api:links-changed';

/** A message: [tenantId, code] pairs. Messages come from Redis, so they are checked like any outside input. */
const InvalidationMessage = z.array(z.tuple([z.string().min(1).max(200), z.string().min(1).max(200)])).max(10_000);

/** Refs per message: a bulk import of 10,000 rows is announced in a few messages rather than one huge one. */
const REFS_PER_MESSAGE = 1_000;

/**
 * Invalidations over Redis pub/sub, which every instance already reaches for rate limits. `subscriber` is a
 * connection of its own (a subscribed connection can do nothing else). While it is not subscribed, `live()` is
 * false and the cache is cleared and bypassed: messages sent meanwhile are lost to this instance.
 */
export class RedisLinkInvalidations implements LinkInvalidations {
  private subscribed = false;
  private readonly listeners: InvalidationListener[] = [];

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly logger: Logger,
  ) {}

  static async start(publisher: Redis, subscriber: Redis, logger: Logger): Promise<RedisLinkInvalidations> {
    const feed = new RedisLinkInvalidations(publisher, subscriber, logger);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === LINK_INVALIDATION_CHANNEL) feed.receive(message);
    });
    for (const lost of ['close', 'end', 'reconnecting'] as const) subscriber.on(lost, () => feed.interrupted());
    // ioredis subscribes again by itself after a reconnect; live again once that subscription is confirmed.
    subscriber.on('ready', () => void feed.subscribe());
    await feed.subscribe();
    return feed;
  }

  async publish(refs: readonly LinkRef[]): Promise<void> {
    for (let i = 0; i < refs.length; i += REFS_PER_MESSAGE) {
      const message = JSON.stringify(refs.slice(i, i + REFS_PER_MESSAGE).map((ref) => [ref.tenantId, ref.code]));
      try {
        await this.publisher.publish(LINK_INVALIDATION_CHANNEL, message);
      } catch (err) {
        // Other instances keep what they cached until its TTL runs out: the bound on staleness documented for this.
        this.logger.warn(
          { err, links: refs.length },
          'could not announce changed links; other instances may serve them stale until their cache TTL',
        );
      }
    }
  }

  listen(listener: InvalidationListener): void {
    this.listeners.push(listener);
  }

  live(): boolean {
    return this.subscribed;
  }

  async close(): Promise<void> {
    this.subscribed = false;
    this.subscriber.disconnect();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(LINK_INVALIDATION_CHANNEL);
      this.subscribed = true;
    } catch (err) {
      this.logger.warn({ err }, 'could not subscribe to link invalidations; the link read cache is off until it can');
    }
  }

  private interrupted(): void {
    if (!this.subscribed) return;
    this.subscribed = false;
    for (const listener of this.listeners) listener.reset();
  }

  private receive(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      parsed = undefined;
    }
    const checked = InvalidationMessage.safeParse(parsed);
    if (!checked.success) {
      this.logger.warn({ length: message.length }, 'unreadable link invalidation; clearing the link read cache');
      for (const listener of this.listeners) listener.reset();
      return;
    }
    for (const [tenantId, code] of checked.data)
      for (const listener of this.listeners) listener.invalidate({ tenantId, code });
  }
}
