import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Pool } from 'pg';
import { linkActivityTopic, type LinkActivity } from '@waymark/contracts';
import { findMigrationsDir, poolConfig, runMigrations } from '@waymark/db';
import { KafkaEventBus, type EventBus, type Subscription } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { createTestDatabase, getTestInfra, uniqueName } from '@waymark/testkit';
import { SCHEMA } from '../../src';
import type { StoredFact } from '../../src/clicks/app/clicks-ports';
import { writeFacts } from '../../src/clicks/infra/fact-writer';
import { PartitionManager } from '../../src/clicks/infra/partition-manager';
import { DAY_MS } from '../../src/clicks/domain/utc-day';
import { PgLinkRefRepository } from '../../src/links/infra/pg-link-ref.repository';
import { linkIncarnationKey, type LinkIncarnation } from '../../src/links/domain/link-incarnation';

export const logger = createLogger({ service: 'analytics-activity-test', level: 'error' });

export interface StoredLink {
  id: number;
  link: LinkIncarnation;
}

/** analytics-ingest's tables on a fresh database (no service running), the shared Kafka, and a fresh tenant. */
export interface ActivityStore {
  pool: Pool;
  bus: KafkaEventBus;
  tenantId: string;
  domain: string;
  /** The link id of `code` (created at `createdAt`), registered as the clicks consumer would. */
  link(code: string, createdAt?: string): Promise<StoredLink>;
  /** A new click (GET unless `head`) of a link, as the clicks consumer would store it. */
  fact(link: StoredLink, at: Date, options?: { head?: boolean; bot?: boolean }): StoredFact;
  /** Stores facts through the facts' statement; returns how many were new. */
  write(...facts: StoredFact[]): Promise<number>;
  /** Stores one new click of a link. */
  click(link: StoredLink, at: Date, options?: { head?: boolean; bot?: boolean }): Promise<number>;
  /** link_activity of a link: undefined when it has none. */
  activity(linkId: number): Promise<{ lastClickAt: Date; pending: boolean } | undefined>;
  /** Every link-activity.v1 value of this tenant seen since the store started, in arrival order per key. */
  received: LinkActivity[];
  stop(): Promise<void>;
}

export async function startActivityStore(): Promise<ActivityStore> {
  const databaseUrl = await createTestDatabase();
  await runMigrations({
    databaseUrl,
    schema: SCHEMA,
    migrationsDir: findMigrationsDir(path.join(__dirname, '..'), 'analytics-ingest'),
  });
  const pool = new Pool(poolConfig({ databaseUrl, schema: SCHEMA }, 6));
  const bus = await KafkaEventBus.connect({
    brokers: getTestInfra().kafka.brokers,
    clientId: uniqueName('activity'),
    logger,
  });
  const links = new PgLinkRefRepository(pool);
  const partitions = new PartitionManager(pool);
  const tenantId = uniqueName('tenant');
  const domain = `${uniqueName('d')}.test`;
  const received: LinkActivity[] = [];
  const subscription: Subscription = await bus.subscribe({
    topic: linkActivityTopic,
    mode: 'broadcast',
    handleBatch: async (messages) => {
      for (const m of messages) if (m.value?.tenantId === tenantId) received.push(m.value);
    },
  });
  const fact = ({ id, link }: StoredLink, at: Date, options: { head?: boolean; bot?: boolean } = {}): StoredFact => ({
    linkId: id,
    row: {
      at,
      eventId: randomUUID(),
      tenantId,
      domain,
      code: link.code,
      linkCreatedAt: link.createdAt,
      source: 'click',
      human: !options.head && !options.bot,
      head: options.head ?? false,
      device: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
      country: '',
      city: '',
      referrer: '',
      visitor: 1n,
      hllReg: 1,
      hllRho: 1,
      ip: null,
    },
  });
  const write = async (...facts: StoredFact[]): Promise<number> => {
    await partitions.ensure(facts.map((f) => Math.floor(f.row.at.getTime() / DAY_MS) * DAY_MS));
    return writeFacts(pool, facts);
  };
  return {
    pool,
    bus,
    tenantId,
    domain,
    received,
    async link(code, createdAt = '2025-05-01T00:00:00.000Z') {
      const link = { tenantId, domain, code, createdAt: new Date(createdAt) };
      const id = (await links.resolve([link])).get(linkIncarnationKey(link)) as number;
      return { id, link };
    },
    fact,
    write,
    click: (link, at, options) => write(fact(link, at, options)),
    async activity(linkId) {
      const { rows } = await pool.query<{ last_click_at: Date; pending: boolean }>(
        'SELECT last_click_at, pending FROM link_activity WHERE link_id = $1',
        [linkId],
      );
      return rows[0] ? { lastClickAt: rows[0].last_click_at, pending: rows[0].pending } : undefined;
    },
    async stop() {
      await subscription.stop();
      await bus.close();
      await pool.end();
    },
  };
}

/** `bus` with its publish replaced: a broker that refuses, or one the test watches or interleaves work with. */
export function busWithPublish(bus: EventBus, publish: EventBus['publish']): EventBus {
  return {
    publish,
    subscribe: (options) => bus.subscribe(options),
    healthy: () => bus.healthy(),
    close: () => bus.close(),
  };
}
