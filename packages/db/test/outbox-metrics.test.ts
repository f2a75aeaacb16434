import { Client } from 'pg';
import { Registry } from 'prom-client';
import { createLogger } from '@waymark/logging';
import { uniqueName, waitFor } from '@waymark/testkit';
import { enqueue, OutboxRelay, registerOutboxMetrics } from '../src';
import type { PrismaClient } from './fixtures/src/generated/prisma/client';
import { RecordingBus } from './fixtures/recording-bus';
import { migratedDatabase } from './fixtures/test-database';
import { widgetTopic } from './fixtures/widget-topic';

const schema = 'outbox_metrics_test';
const logger = createLogger({ service: 'db-test', level: 'silent' });

async function sample(registry: Registry, name: string): Promise<number> {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (!line) throw new Error(`${name} is not exposed`);
  return Number(line.split(' ').pop());
}

describe('outbox metrics', () => {
  let databaseUrl: string;
  let prisma: PrismaClient;
  let sql: Client;
  const topic = widgetTopic(uniqueName('widgets'));

  beforeAll(async () => {
    ({ databaseUrl, prisma } = await migratedDatabase(schema));
    sql = new Client({ connectionString: databaseUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await prisma.$disconnect();
  });

  it('expose the backlog and its age while rows wait, and count what the relay published', async () => {
    const bus = new RecordingBus();
    const relay = new OutboxRelay({ databaseUrl, schema, bus, topics: [topic], logger });
    const registry = new Registry();
    registerOutboxMetrics(registry, relay);
    try {
      expect(await sample(registry, 'outbox_pending_events')).toBe(0);
      expect(await sample(registry, 'outbox_oldest_pending_age_seconds')).toBe(0);
      const widgets = [1, 2].map((n) => ({
        value: { version: 1 as const, eventId: uniqueName('evt'), id: 'w', name: `w #${n}` },
      }));
      await prisma.$transaction(async (tx) => enqueue(tx, topic, widgets));
      // As if the relay had been down for a minute.
      await sql.query(`UPDATE ${schema}.outbox SET created_at = now() - interval '60 seconds'`);

      expect(await sample(registry, 'outbox_pending_events')).toBe(2);
      expect(await sample(registry, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(60);
      expect(await sample(registry, 'outbox_published_events_total')).toBe(0);

      await relay.start();
      await waitFor(() => bus.published.length === 2, { timeoutMs: 5000, message: 'the relay to publish' });
      await waitFor(async () => (await sample(registry, 'outbox_pending_events')) === 0, {
        timeoutMs: 5000,
        message: 'no backlog',
      });
      expect(await sample(registry, 'outbox_oldest_pending_age_seconds')).toBe(0);
      expect(await sample(registry, 'outbox_published_events_total')).toBe(2);
    } finally {
      await relay.stop();
    }
  });
});
