import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { createLogger } from '@waymark/logging';
import { EVENT_ID_HEADER, InProcessEventBus, PgEventLogStore, type IncomingMessage } from '@waymark/events';
import { uniqueName, waitFor } from '@waymark/testkit';
import { OutboxRelay, processOnce } from '../src';
import type { PrismaClient } from './fixtures/src/generated/prisma/client';
import { migratedDatabase } from './fixtures/test-database';
import { widgetTopic, type WidgetEvent } from './fixtures/widget-topic';

const schema = 'crash_test';
const logger = createLogger({ service: 'db-test', level: 'silent' });

/** Runs the writer fixture until it prints `line`, then SIGKILLs it: no shutdown hook, no flush, no goodbye. */
async function killWriterAfter(line: string, env: Record<string, string>): Promise<void> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', join(__dirname, 'fixtures', 'ts-require.js'), join(__dirname, 'fixtures', 'outbox-writer.child.ts')],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor(() => output.split('\n').includes(line) || child.exitCode !== null, {
      timeoutMs: 30_000,
      message: `writer to print ${line}`,
    });
    if (!output.split('\n').includes(line)) throw new Error(`writer exited before "${line}":\n${output}`);
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

describe('transactional outbox across a crash', () => {
  let databaseUrl: string;
  let prisma: PrismaClient;
  let sql: Client;

  beforeAll(async () => {
    ({ databaseUrl, prisma } = await migratedDatabase(schema));
    sql = new Client({ connectionString: databaseUrl });
    await sql.connect();
    await sql.query(`CREATE TABLE ${schema}.widget_effects (event_id TEXT NOT NULL, widget_id TEXT NOT NULL)`);
  });
  afterAll(async () => {
    await sql.end();
    await prisma.$disconnect();
  });

  it.each([
    ['after commit, before anything was published', 'before-publish', 'committed', 1],
    ['after publishing, before the row was marked', 'after-publish', 'published', 2],
  ])(
    'an instance killed %s loses nothing; the consumer applies the event once',
    async (_when, crashPoint, line, deliveries) => {
      const topic = widgetTopic(uniqueName('widgets'));
      const widgetId = uniqueName('widget');
      const eventId = uniqueName('evt');
      await killWriterAfter(line, {
        DATABASE_URL: databaseUrl,
        SCHEMA: schema,
        TOPIC: topic.name,
        CRASH_POINT: crashPoint,
        WIDGET_ID: widgetId,
        EVENT_ID: eventId,
      });

      // The change and its event committed together; the event is still pending.
      expect(await prisma.widget.findUnique({ where: { id: widgetId } })).toMatchObject({ id: widgetId });
      const pending = await sql.query(
        `SELECT event_id FROM ${schema}.outbox WHERE published_at IS NULL AND topic = $1`,
        [topic.name],
      );
      expect(pending.rows).toEqual([{ event_id: eventId }]);

      // The restarted service: a new relay, and a consumer that applies each event through processOnce.
      const bus = await InProcessEventBus.start({
        store: new PgEventLogStore({ connectionString: databaseUrl }),
        logger,
      });
      const relay = new OutboxRelay({ databaseUrl, schema, bus, topics: [topic], logger });
      const delivered: IncomingMessage<WidgetEvent>[] = [];
      const subscription = await bus.subscribe({
        topic,
        mode: 'group',
        groupId: uniqueName('widget-consumer'),
        handleBatch: async (messages) => {
          for (const message of messages) {
            await prisma.$transaction((tx) =>
              processOnce(tx, 'widget-consumer', message.headers[EVENT_ID_HEADER] ?? '', (t) =>
                t.$executeRawUnsafe(
                  `INSERT INTO widget_effects (event_id, widget_id) VALUES ($1, $2)`,
                  message.value?.eventId,
                  message.key,
                ),
              ),
            );
            // Counted once its transaction committed, so the assertions below see every effect of what was delivered.
            delivered.push(message);
          }
        },
      });
      try {
        await relay.start();
        await waitFor(
          async () =>
            (await sql.query(`SELECT 1 FROM ${schema}.outbox WHERE published_at IS NULL AND topic = $1`, [topic.name]))
              .rowCount === 0,
          {
            timeoutMs: 10_000,
            message: 'the new relay to publish the pending event',
          },
        );
        await waitFor(() => delivered.length === deliveries, {
          timeoutMs: 10_000,
          message: `${deliveries} deliveries`,
        });
        expect(delivered.every((m) => m.value?.eventId === eventId && m.headers[EVENT_ID_HEADER] === eventId)).toBe(
          true,
        );
        const effects = await sql.query(
          `SELECT event_id, widget_id FROM ${schema}.widget_effects WHERE event_id = $1`,
          [eventId],
        );
        expect(effects.rows).toEqual([{ event_id: eventId, widget_id: widgetId }]);
      } finally {
        await subscription.stop();
        await relay.stop();
        await bus.close();
      }
    },
  );
});
