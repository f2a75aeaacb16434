import { Pool } from 'pg';
import { context, inStatementGroup, isTraceParent, ROOT_CONTEXT, TRACEPARENT_HEADER } from '@waymark/tracing';
import type { TopicDef } from '@waymark/contracts';
import type { EventBus } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import { poolConfig, type DatabaseTarget } from '../pg/pool-config';
import { parseSchemaName } from '../pg/schema-name';
import { PgListener } from '../pg/pg-listener';
import { outboxChannel } from './outbox-sql';
import { PublicationWaiters } from './publication-waiters';
import {
  claimPending,
  deletePublishedBefore,
  markPublished,
  newestRowId,
  pendingBacklog,
  oldestPendingId,
  withoutKeysOf,
  type OutboxBacklog,
  type PendingEvent,
} from './outbox-store';

// TopicDef is invariant in its value type (keyOf takes it, schema yields it), so a list of mixed topics needs `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTopicDef = TopicDef<any>;

export interface OutboxRelayOptions extends DatabaseTarget {
  bus: EventBus;
  /** Every topic this service enqueues to (e.g. contracts' ALL_TOPICS); rows of other topics stay pending (logged). */
  topics: readonly AnyTopicDef[];
  logger: Logger;
  /** Rows per transaction. Default 100. */
  batchSize?: number;
  /** Polling fallback when no notification arrives. Default 1000 ms. */
  pollIntervalMs?: number;
  /** How long published rows are kept before deletion; 0 deletes them when marked. Default one hour. */
  retainPublishedMs?: number;
  /** How often writers waiting for their rows to be published look again, all together. Default 10 ms. */
  publishedPollMs?: number;
}

/**
 * Publishes committed outbox rows through the event bus, in id order per key, and marks them published.
 * A row is marked in the same transaction that locked it, after the bus accepted it: a crash in between leaves it
 * pending and it is published again (at least once; consumers dedupe by eventId). Several relays may run at once.
 */
export class OutboxRelay {
  private readonly pool: Pool;
  private readonly listener: PgListener;
  private readonly topics: Map<string, AnyTopicDef>;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly retainPublishedMs: number;
  private pollTimer: NodeJS.Timeout | undefined;
  private draining: Promise<number> | undefined;
  private followUp: Promise<number> | undefined;
  private lastSweep = 0;
  private running = false;
  private publishedCount = 0;
  private readonly waiters: PublicationWaiters;

  constructor(private readonly options: OutboxRelayOptions) {
    const target = { databaseUrl: options.databaseUrl, schema: parseSchemaName(options.schema) };
    this.pool = new Pool(poolConfig(target, 2));
    this.pool.on('error', (error) => options.logger.warn({ err: error }, 'outbox relay pool connection error'));
    this.topics = new Map(options.topics.map((topic) => [topic.name, topic]));
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.retainPublishedMs = options.retainPublishedMs ?? 3_600_000;
    const topics = [...this.topics.keys()];
    this.waiters = new PublicationWaiters(
      {
        // The shared rounds serve every waiting writer, so they run in none's trace (like a drain).
        drain: () => context.with(ROOT_CONTEXT, () => this.publishPending()),
        oldestPending: () => context.with(ROOT_CONTEXT, () => oldestPendingId(this.pool, topics)),
      },
      options.publishedPollMs ?? 10,
    );
    this.listener = new PgListener(target, {
      channels: [outboxChannel(target.schema)],
      onNotify: () => this.wake(),
      onListening: () => this.wake(),
      logger: options.logger,
      purpose: 'outbox',
      retryMs: this.pollIntervalMs,
    });
  }

  async start(): Promise<void> {
    this.running = true;
    await this.listener.start();
    this.pollTimer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.wake();
  }

  /**
   * Publishes everything pending now and resolves with how many the drain that covered it published. A call during
   * a drain queues one more pass after it (shared by every call in the meantime): the drain under way may already
   * have looked past a row committed just now, for instance while it was sweeping.
   */
  async publishPending(): Promise<number> {
    if (!this.draining) {
      // A drain serves every caller waiting on it, so it runs in none's trace: its statements are no request's work
      // (each published row's span continues the row's own trace).
      this.draining = context.with(ROOT_CONTEXT, () => this.drain()).finally(() => (this.draining = undefined));
      return this.draining;
    }
    this.followUp ??= this.draining
      .catch(() => 0)
      .then(() => {
        this.followUp = undefined;
        return this.publishPending();
      });
    return this.followUp;
  }

  /**
   * Resolves once every row committed before the call, of this relay's topics, is published, by this relay or by
   * another instance's (which may hold a row locked, or hold back a later row of its key, while this one drains).
   */
  async publishedThroughNow(): Promise<void> {
    return inStatementGroup('await outbox published', async () => {
      const head = await newestRowId(this.pool);
      await this.waiters.waitFor(BigInt(head));
    });
  }

  /** Events this relay published since it started (for the published counter). */
  get published(): number {
    return this.publishedCount;
  }

  /** What waits in this schema's outbox now, whichever relay will publish it. */
  backlog(): Promise<OutboxBacklog> {
    return pendingBacklog(this.pool);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.pollTimer);
    await this.listener.stop();
    await this.followUp?.catch(() => undefined); // covers the drain under way too: the follow-up waits for it
    await this.draining?.catch(() => undefined);
    await this.pool.end();
  }

  private wake(): void {
    if (!this.running) return;
    this.publishPending().catch((error) =>
      this.options.logger.error({ err: error }, 'outbox relay failed; retrying on next poll'),
    );
  }

  private async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, published } = await this.publishBatch();
      total += published;
      if (claimed < this.batchSize) break;
      if (published === 0) break; // everything in reach is held back; poll later
    }
    await this.sweep();
    return total;
  }

  private async publishBatch(): Promise<{ claimed: number; published: number }> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const claimed = await claimPending(client, this.batchSize);
      const ready = withoutKeysOf(claimed, (event) => !this.knownTopic(event));
      for (const run of runsByTopic(ready, this.topics)) {
        await this.options.bus.publish(run.topic, run.events.map(toMessage));
      }
      await markPublished(
        client,
        ready.map((event) => event.id),
        this.retainPublishedMs === 0,
      );
      await client.query('COMMIT');
      this.publishedCount += ready.length;
      return { claimed: claimed.length, published: ready.length };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private knownTopic(event: PendingEvent): boolean {
    if (this.topics.has(event.topic)) return true;
    this.options.logger.error(
      { topic: event.topic, outboxId: event.id },
      'outbox row for a topic this relay does not know',
    );
    return false;
  }

  private async sweep(): Promise<void> {
    if (this.retainPublishedMs === 0 || Date.now() - this.lastSweep < Math.min(this.retainPublishedMs, 60_000)) return;
    this.lastSweep = Date.now();
    await deletePublishedBefore(this.pool, this.retainPublishedMs);
  }
}

/** The row's trace goes out as the `traceparent` header, where the bus continues it (tracedPublish). */
function toMessage(event: PendingEvent) {
  const traced = isTraceParent(event.traceParent);
  const headers = traced ? { ...event.headers, [TRACEPARENT_HEADER]: event.traceParent as string } : event.headers;
  return { key: event.key, value: event.value, headers };
}

/** Consecutive events of one topic, so each bus call keeps the outbox order. */
function runsByTopic(
  events: PendingEvent[],
  topics: Map<string, AnyTopicDef>,
): { topic: AnyTopicDef; events: PendingEvent[] }[] {
  const runs: { topic: AnyTopicDef; events: PendingEvent[] }[] = [];
  for (const event of events) {
    const last = runs[runs.length - 1];
    if (last && last.topic.name === event.topic) last.events.push(event);
    else runs.push({ topic: topics.get(event.topic) as AnyTopicDef, events: [event] });
  }
  return runs;
}
