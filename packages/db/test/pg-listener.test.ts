import { Client } from 'pg';
import { createLogger } from '@waymark/logging';
import { createTestDatabase, waitFor } from '@waymark/testkit';
import { PgListener } from '../src';

const logger = createLogger({ service: 'db-test', level: 'silent' });

describe('PgListener', () => {
  let databaseUrl: string;
  let sql: Client;
  let listener: PgListener | undefined;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    sql = new Client({ connectionString: databaseUrl });
    await sql.connect();
  });
  afterEach(async () => listener?.stop());
  afterAll(async () => sql.end());

  const listening = async () =>
    (await sql.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`))
      .rowCount ?? 0;

  it('hands over notifications of each channel with their payload, and listens again after losing the connection', async () => {
    const received: [string, string | undefined][] = [];
    let connects = 0;
    listener = new PgListener(
      { databaseUrl, schema: 'listener_test' },
      {
        channels: ['ch_a', 'ch_b'],
        onNotify: (channel, payload) => received.push([channel, payload]),
        onListening: () => (connects += 1),
        logger,
        purpose: 'test',
        retryMs: 100,
      },
    );
    await listener.start();
    expect(connects).toBe(1);
    await sql.query(`SELECT pg_notify('ch_a', 'one'), pg_notify('ch_b', 'two'), pg_notify('ch_other', 'no')`);
    await waitFor(() => received.length === 2, { timeoutMs: 5000, message: 'both notifications' });
    expect(received).toEqual([
      ['ch_a', 'one'],
      ['ch_b', 'two'],
    ]);

    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await waitFor(() => connects === 2, { timeoutMs: 5000, message: 'the listener to connect again' });
    expect(await listening()).toBe(1);
    await sql.query(`SELECT pg_notify('ch_b', 'three')`);
    await waitFor(() => received.length === 3, { timeoutMs: 5000, message: 'a notification after the reconnect' });
  });

  it('closes its connection on stop and does not come back', async () => {
    listener = new PgListener(
      { databaseUrl, schema: 'listener_test' },
      {
        channels: ['ch_c'],
        onNotify: () => undefined,
        onListening: () => undefined,
        logger,
        purpose: 'test',
        retryMs: 50,
      },
    );
    await listener.start();
    expect(await listening()).toBe(1);
    await listener.stop();
    await waitFor(async () => (await listening()) === 0, { timeoutMs: 5000, message: 'the connection to close' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listening()).toBe(0);
  });
});
