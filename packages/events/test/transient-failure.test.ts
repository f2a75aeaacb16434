import Redis from 'ioredis';
import { Client, Pool } from 'pg';
import {
  rejectionOf,
  startFaultProxy,
  startPostgres,
  startRedis,
  waitFor,
  type FaultProxy,
  type StartedPostgres,
} from '@waymark/testkit';
import { isTransientFailure } from '../src';

// The classifier's rules are only as good as the shapes they match: these are the errors the real clients raise.
describe('the errors real clients raise during an outage are classified as outages', () => {
  jest.setTimeout(60_000);

  describe('pg against a PostgreSQL server that goes away', () => {
    let server: StartedPostgres;
    let proxy: FaultProxy;
    let pool: Pool;

    beforeAll(async () => {
      server = await startPostgres();
      proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: server.port } });
      const url = new URL(server.url);
      url.host = proxy.address;
      pool = new Pool({ connectionString: url.toString(), max: 2 });
      pool.on('error', () => undefined);
      await pool.query('CREATE TABLE seen (id int PRIMARY KEY)');
      await pool.query('INSERT INTO seen VALUES (1)');
    });

    afterAll(async () => {
      await pool.end();
      await proxy.stop();
      await server.stop();
    });

    it('a data error (unique violation) is not an outage', async () => {
      expect(isTransientFailure(await rejectionOf(() => pool.query('INSERT INTO seen VALUES (1)')))).toBe(false);
    });

    it('a reset connection is an outage', async () => {
      proxy.setMode('reset');
      try {
        expect(isTransientFailure(await rejectionOf(() => pool.query('SELECT 1')))).toBe(true);
        expect(isTransientFailure(await rejectionOf(() => pool.query('SELECT 1')))).toBe(true);
      } finally {
        proxy.setMode('pass');
      }
    });

    it('a backend terminated by the administrator is an outage', async () => {
      const client = new Client({ connectionString: server.url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
        await pool.query('SELECT pg_terminate_backend($1)', [pid]);
        // Whether the termination notice or the next query comes first, the failure says the connection is gone.
        expect(isTransientFailure(await rejectionOf(() => client.query('SELECT 1')))).toBe(true);
      } finally {
        await client.end().catch(() => undefined);
      }
    });

    // Last: the server does not come back.
    it('a stopped server is an outage, through the proxy and directly', async () => {
      const direct = new Pool({ connectionString: server.url, max: 1 });
      direct.on('error', () => undefined);
      await server.stop();
      try {
        expect(isTransientFailure(await rejectionOf(() => pool.query('SELECT 1')))).toBe(true);
        expect(isTransientFailure(await rejectionOf(() => direct.query('SELECT 1')))).toBe(true);
      } finally {
        await direct.end();
      }
    });
  });

  it('ioredis commands while Redis is down are outages, with and without the offline queue', async () => {
    const redis = await startRedis();
    // Reconnecting gives up after about a second: a client disconnected while reconnecting would keep the process
    // (and jest) alive, redis/ioredis#1247.
    const retryStrategy = (times: number) => (times > 20 ? null : 50);
    const failFast = new Redis(redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy });
    const queued = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy });
    for (const client of [failFast, queued]) client.on('error', () => undefined);
    try {
      await waitFor(() => failFast.status === 'ready' && queued.status === 'ready', {
        timeoutMs: 10_000,
        message: 'clients connect',
      });
      await redis.stop();
      await waitFor(() => failFast.status !== 'ready' && queued.status !== 'ready', {
        timeoutMs: 10_000,
        message: 'clients notice',
      });
      expect(isTransientFailure(await rejectionOf(() => failFast.get('k')))).toBe(true);
      expect(isTransientFailure(await rejectionOf(() => queued.get('k')))).toBe(true);
    } finally {
      // Not disconnect(): it leaves a reconnecting client alive. With the server gone the clients give up by themselves.
      await redis.stop();
      await waitFor(() => failFast.status === 'end' && queued.status === 'end', {
        timeoutMs: 10_000,
        message: 'clients end',
      });
    }
  });
});
