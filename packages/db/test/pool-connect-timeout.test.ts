import { Pool } from 'pg';
import { isTransientFailure } from '@waymark/events';
import { rejectionOf, startFaultProxy, startPostgres, type FaultProxy, type StartedPostgres } from '@waymark/testkit';
import { CONNECT_TIMEOUT_MS, poolConfig } from '../src/pg/pool-config';

// A database that stops answering (no reset, no refusal: packets go nowhere) must fail queries, not hang them: a
// hung handler holds its consumer's partition and its HTTP request forever. The failure must read as an outage.
describe('a pool built from poolConfig against a database that stopped answering', () => {
  jest.setTimeout(60_000);
  let server: StartedPostgres;
  let proxy: FaultProxy;
  const pools: Pool[] = [];

  const poolThroughProxy = (max: number) => {
    const url = new URL(server.url);
    url.host = proxy.address;
    const pool = new Pool(poolConfig({ databaseUrl: url.toString(), schema: 'public' }, max));
    pool.on('error', () => undefined);
    pools.push(pool);
    return pool;
  };

  beforeAll(async () => {
    server = await startPostgres();
    proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: server.port } });
  });

  afterEach(() => proxy.setMode('pass'));

  afterAll(async () => {
    proxy.setMode('reset');
    await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
    await proxy?.stop();
    await server?.stop();
  });

  it('fails a query that needs a new connection, as an outage', async () => {
    const pool = poolThroughProxy(2);
    proxy.setMode('blackhole');
    const startedAt = Date.now();
    const error = await rejectionOf(() => pool.query('SELECT 1'));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    expect(String(error)).toMatch(/timeout/i);
    expect(isTransientFailure(error)).toBe(true);
  });

  it('fails a query waiting for a slot of a full pool, as an outage', async () => {
    const pool = poolThroughProxy(1);
    const held = await pool.connect();
    try {
      const error = await rejectionOf(() => pool.query('SELECT 1'));
      expect(String(error)).toMatch(/timeout exceeded when trying to connect/i);
      expect(isTransientFailure(error)).toBe(true);
    } finally {
      held.release();
    }
  });

  it('works as before while the database answers', async () => {
    const pool = poolThroughProxy(2);
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
