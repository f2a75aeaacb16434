import { Client } from 'pg';
import { createLogger } from '@waymark/logging';
import { uniqueName, waitFor } from '@waymark/testkit';
import { enqueue, OutboxRelay, type OutboxRelayOptions } from '../src';
import type { PrismaClient } from './fixtures/src/generated/prisma/client';
import { RecordingBus } from './fixtures/recording-bus';
import { migratedDatabase } from './fixtures/test-database';
import { widgetTopic, type WidgetEvent } from './fixtures/widget-topic';

const schema = 'relay_test';
const logger = createLogger({ service: 'db-test', level: 'silent' });

describe('OutboxRelay', () => {
  let databaseUrl: string;
  let prisma: PrismaClient;
  let sql: Client;
  const relays: OutboxRelay[] = [];
  const topic = widgetTopic(uniqueName('widgets'));

  beforeAll(async () => {
    ({ databaseUrl, prisma } = await migratedDatabase(schema));
    sql = new Client({ connectionString: databaseUrl });
    await sql.connect();
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
    await sql.query(`DELETE FROM ${schema}.outbox`);
  });
  afterAll(async () => {
    await sql.end();
    await prisma.$disconnect();
  });

  async function startRelay(bus: RecordingBus, options: Partial<OutboxRelayOptions> = {}): Promise<OutboxRelay> {
    const relay = new OutboxRelay({ databaseUrl, schema, bus, topics: [topic], logger, ...options });
    relays.push(relay);
    await relay.start();
    return relay;
  }
  const widget = (id: string, n: number): WidgetEvent => ({
    version: 1,
    eventId: uniqueName(`evt-${id}-${n}`),
    id,
    name: `${id} #${n}`,
  });
  const write = (...values: WidgetEvent[]) =>
    prisma.$transaction(async (tx) =>
      enqueue(
        tx,
        topic,
        values.map((value) => ({ value })),
      ),
    );

  it('publishes a committed event at once, woken by NOTIFY rather than by polling', async () => {
    const bus = new RecordingBus();
    await startRelay(bus, { pollIntervalMs: 60_000 });
    const event = widget('w1', 1);
    await write(event);
    await waitFor(() => bus.published.length === 1, { timeoutMs: 5000, message: 'the notified relay to publish' });
    expect(bus.published[0]).toEqual({
      topic: topic.name,
      key: 'w1',
      value: event,
      headers: { 'event-id': event.eventId },
    });
  });

  it('publishes an event committed while a drain was sweeping: the call that joined it gets one more pass', async () => {
    // The sweep deletes published rows past their retention; holding a lock on such a row holds the relay's first
    // drain in its sweep, after its last look at pending rows.
    await write(widget('w-old', 1));
    await sql.query(`UPDATE ${schema}.outbox SET published_at = now() - interval '2 hours'`);
    const holder = new Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT id FROM ${schema}.outbox FOR UPDATE`);
      const bus = new RecordingBus();
      const relay = await startRelay(bus, { pollIntervalMs: 60_000, retainPublishedMs: 3_600_000 });
      await waitFor(
        async () =>
          (
            await sql.query(
              `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM "outbox"%'`,
            )
          ).rowCount === 1,
        { timeoutMs: 5000, message: 'the first drain to wait in its sweep' },
      );
      const event = widget('w-during-sweep', 1);
      await write(event);
      const joined = relay.publishPending();
      await holder.query('ROLLBACK');
      await expect(joined).resolves.toBe(1);
      expect(bus.published.map((p) => p.value)).toEqual([event]);
    } finally {
      await holder.end();
    }
  });

  it('never publishes an event whose transaction rolled back', async () => {
    const bus = new RecordingBus();
    const relay = await startRelay(bus, { pollIntervalMs: 60_000 });
    await expect(
      prisma.$transaction(async (tx) => {
        await enqueue(tx, topic, [{ value: widget('w-rolled-back', 1) }]);
        throw new Error('use case failed after enqueue');
      }),
    ).rejects.toThrow('use case failed');
    await write(widget('w-committed', 1));
    await waitFor(() => bus.published.length > 0, { timeoutMs: 5000 });
    await relay.publishPending();
    expect(bus.published.map((p) => p.key)).toEqual(['w-committed']);
  });

  it('keeps polling when its LISTEN connection is killed, and listens again later', async () => {
    const bus = new RecordingBus();
    await startRelay(bus, { pollIntervalMs: 200 });
    const killed = await waitFor(async () => {
      const { rowCount } = await sql.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      return (rowCount ?? 0) > 0;
    });
    expect(killed).toBe(true);
    await write(widget('w-polled', 1));
    await waitFor(() => bus.published.length === 1, { timeoutMs: 5000, message: 'the polling fallback to publish' });
    await waitFor(
      async () => {
        const { rowCount } = await sql.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
        );
        return (rowCount ?? 0) > 0;
      },
      { timeoutMs: 5000, message: 'the relay to LISTEN again' },
    );
  });

  it('with several relays, publishes every event exactly once and in order per key', async () => {
    const bus = new RecordingBus();
    await Promise.all([1, 2, 3].map(() => startRelay(bus, { batchSize: 7, pollIntervalMs: 100 })));
    const keys = ['k1', 'k2', 'k3', 'k4'];
    // One writer per key commits its changes one after another, while the keys' writers and the relays run together.
    await Promise.all(
      keys.map(async (key) => {
        for (let n = 0; n < 30; n += 1) await write(widget(key, n));
      }),
    );
    await waitFor(() => bus.published.length >= 120, { timeoutMs: 15_000, message: 'all 120 events' });
    // A relay marks its rows after the bus accepted them, in the transaction that holds them: the last marks may
    // commit a moment after the last publish.
    const pending = async () =>
      (await sql.query(`SELECT count(*)::int AS n FROM ${schema}.outbox WHERE published_at IS NULL`)).rows[0].n;
    await waitFor(async () => (await pending()) === 0, { timeoutMs: 5000, message: 'every row marked published' });
    expect(bus.published).toHaveLength(120);
    expect(new Set(bus.published.map((p) => p.headers['event-id'])).size).toBe(120);
    for (const key of keys) {
      const order = bus.published
        .filter((p) => p.key === key)
        .map((p) => Number((p.value as WidgetEvent).name.split('#')[1]));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order).toHaveLength(30);
    }
  });

  it("publishes two writers of one key in commit order: the second waits for the first's key lock", async () => {
    const bus = new RecordingBus();
    const relay = await startRelay(bus, { pollIntervalMs: 60_000 });
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = prisma.$transaction(async (tx) => {
      await enqueue(tx, topic, [{ value: widget('contended', 1) }]);
      await firstMayCommit;
    });
    await waitFor(
      async () => (await sql.query(`SELECT 1 FROM ${schema}.outbox`)).rowCount === 0 && (await lockHolders()) === 1,
    );
    const second = write(widget('contended', 2));
    await waitFor(async () => (await lockWaiters()) === 1, { message: 'the second writer to wait for the key' });
    releaseFirst();
    await Promise.all([first, second]);
    await waitFor(() => bus.published.length === 2, { timeoutMs: 5000 });
    await relay.publishPending();
    expect(bus.published.map((p) => (p.value as WidgetEvent).name)).toEqual(['contended #1', 'contended #2']);
  });

  const inThisDatabase = `database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
  const lockHolders = async () =>
    (
      await sql.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted AND ${inThisDatabase}`,
      )
    ).rowCount;
  const lockWaiters = async () =>
    (
      await sql.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND NOT granted AND ${inThisDatabase}`,
      )
    ).rowCount;

  it('marks published rows and deletes them after the retention, or at once with retention 0', async () => {
    const keeping = new RecordingBus();
    const relay = await startRelay(keeping, { pollIntervalMs: 60_000, retainPublishedMs: 3_600_000 });
    await write(widget('kept', 1));
    await waitFor(() => keeping.published.length === 1, { timeoutMs: 5000 });
    await relay.publishPending();
    expect((await sql.query(`SELECT published_at FROM ${schema}.outbox`)).rows).toEqual([
      { published_at: expect.any(Date) },
    ]);
    await relay.stop();
    relays.splice(0);

    const deleting = new RecordingBus();
    await startRelay(deleting, { pollIntervalMs: 60_000, retainPublishedMs: 0 });
    await sql.query(`UPDATE ${schema}.outbox SET published_at = NULL`);
    await sql.query(`NOTIFY outbox_${schema}`);
    await waitFor(async () => (await sql.query(`SELECT 1 FROM ${schema}.outbox`)).rowCount === 0, { timeoutMs: 5000 });
    expect(deleting.published.map((p) => p.key)).toEqual(['kept']);
  });

  it('holds back rows of a topic it does not know, with the later rows of their key, and publishes the rest', async () => {
    const other = widgetTopic(uniqueName('not-relayed'));
    const bus = new RecordingBus();
    const relay = await startRelay(bus, { pollIntervalMs: 60_000 });
    await prisma.$transaction(async (tx) => {
      await enqueue(tx, other, [{ value: widget('x', 1) }]);
      await enqueue(tx, topic, [{ value: widget('y', 1) }]);
    });
    await waitFor(() => bus.published.length === 1, { timeoutMs: 5000 });
    await relay.publishPending();
    expect(bus.published.map((p) => p.key)).toEqual(['y']);
    const { rows } = await sql.query(`SELECT topic FROM ${schema}.outbox WHERE published_at IS NULL`);
    expect(rows).toEqual([{ topic: other.name }]);
  });
  it('publishedThroughNow waits for a row another relay holds until that relay has published it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowBus = new RecordingBus();
    const publish = slowBus.publish.bind(slowBus);
    let holding = false;
    slowBus.publish = async (t, messages) => {
      holding = true;
      await held;
      return publish(t, messages);
    };
    // The other instance's relay claims the row and holds it; ours starts only then.
    await startRelay(slowBus);
    await write(widget('w9', 1));
    await waitFor(() => holding, { timeoutMs: 5000, message: 'the other relay to hold the row' });
    const ours = await startRelay(new RecordingBus());
    let done = false;
    const waiting = ours.publishedThroughNow().then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done).toBe(false);
    release();
    await waiting;
    expect(slowBus.published.map((r) => r.key)).toEqual(['w9']);
  });
});
