/*
 * npm run bench -w @waymark/analytics-ingest
 * 1. Sustained ingest: BENCH_ROUNDS (5) rounds of BENCH_CLICKS (20 000) clicks.v1 events published to a librdkafka
 *    mock cluster while analytics-ingest stores them in PostgreSQL (durable: fsync and synchronous_commit on). Rounds,
 *    because the mock keeps only ~5 MB per partition (probed first: what it drops unread is printed). The producer
 *    lingers BENCH_LINGER_MS (100) because the mock answers a fetch with one record batch per partition.
 * 2. Queries: BENCH_FACTS facts (default 10 000 000) over 30 days loaded with generate_series, then the p95 of the
 *    30-day per-link query (the busiest link) and of the tenant-wide 30-day query (the biggest tenant) over HTTP.
 */
import { Pool } from 'pg';
import { generateApiKey } from '@waymark/auth';
import { identityTopic } from '@waymark/contracts';
import { poolConfig } from '@waymark/db';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { apiKeyRecord, runMain, startKafkaMock, startPostgres, tenantRecord, waitFor } from '@waymark/testkit';
import { loadConfig, SCHEMA, startService } from '../src';
import { DAY_MS } from '../src/clicks/domain/utc-day';
import { PartitionManager } from '../src/clicks/infra/partition-manager';
import { factLoadSql } from './bench-data';
import { withoutIndexes } from './bulk-load';
import { ingestRounds, probeMockRetention } from './ingest-rounds';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FACTS = Number(process.env.BENCH_FACTS ?? 10_000_000);
const LINGER_MS = Number(process.env.BENCH_LINGER_MS ?? 100);
const RUNS = 50;
/** The service settings a bench run may override from its environment. */
const pick = (env: NodeJS.ProcessEnv, names: string[]) =>
  Object.fromEntries(names.flatMap((n) => (env[n] ? [[n, env[n] as string]] : [])));

async function main(): Promise<void> {
  const logger = createLogger({
    service: 'analytics-bench',
    level: (process.env.BENCH_LOG_LEVEL as 'warn' | undefined) ?? 'error',
  });
  const pg = await startPostgres({
    settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on', shared_buffers: '256MB' },
  });
  const kafka = await startKafkaMock();
  const bus = await KafkaEventBus.connect({ brokers: kafka.brokers, clientId: 'analytics-bench', logger });
  const now = Date.now();
  try {
    console.log(await probeMockRetention(kafka.brokers, 50_000, now));
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...pick(process.env, ['CLICKS_WRITERS', 'CLICKS_BATCHES_IN_FLIGHT']),
    });
    const service = await startService(config, { logger, bus, databaseUrl: pg.url });
    const pool = new Pool(poolConfig({ databaseUrl: pg.url, schema: SCHEMA }, 4));
    const count = async () =>
      (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM click_fact`)).rows[0]?.n ?? 0;
    console.log(
      `clicks writers (CLICKS_WRITERS): ${config.CLICKS_WRITERS}; batches in flight per partition (CLICKS_BATCHES_IN_FLIGHT): ${config.CLICKS_BATCHES_IN_FLIGHT}`,
    );
    console.log(
      await ingestRounds(kafka.brokers, pool, {
        rounds: ROUNDS,
        perRound: CLICKS,
        now,
        groupId: config.CLICKS_CONSUMER_GROUP,
        lingerMs: LINGER_MS,
      }),
    );

    const loadStart = Date.now();
    const partitions = new PartitionManager(pool);
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    await partitions.ensure(Array.from({ length: 32 }, (_, i) => today - i * DAY_MS));
    await withoutIndexes(pool, async (run) => {
      for (const sql of factLoadSql(FACTS, new Date(now), config.CLICKS_WRITERS)) await run(sql);
    });
    const stored = await count();
    console.log(
      `loaded ${stored} facts (30 days, 20 tenants, 2000 links) and their rollups in ${Math.round((Date.now() - loadStart) / 1000)} s`,
    );

    const key = generateApiKey();
    await bus.publish(identityTopic, [
      tenantRecord({ id: 'q-tenant-0', name: 'bench', domain: 'q0.bench.test' }),
      apiKeyRecord({
        hash: key.hash,
        prefix: key.displayPrefix,
        tenantId: 'q-tenant-0',
        scopes: ['analytics', 'analytics:read'],
      }),
    ]);
    const base = `http://127.0.0.1:${service.port}`;
    const get = (path: string) => fetch(`${base}${path}`, { headers: { 'x-api-key': key.key } });
    await waitFor(async () => (await get('/v1/analytics')).status === 200, { timeoutMs: 30_000 });
    const fromDate = new Date(today - 29 * DAY_MS).toISOString().slice(0, 10);
    const toDate = new Date(today).toISOString().slice(0, 10);
    for (const [name, path] of [
      ['per-link 30d (busiest link)', '/v1/links/l0/analytics?window=30d'],
      [`tenant-wide 30d (biggest tenant)`, `/v1/analytics?from=${fromDate}&to=${toDate}`],
    ] as const) {
      const probe = (await (await get(path)).json()) as { totals: { total: number; uniqueVisitors: number } };
      const times: number[] = [];
      for (let i = 0; i < RUNS + 5; i += 1) {
        const started = process.hrtime.bigint();
        const response = await get(path);
        await response.arrayBuffer();
        if (i >= 5) times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((x, y) => x - y);
      const pct = (p: number) =>
        (times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] as number).toFixed(1);
      console.log(
        `${name}: ${probe.totals.total} clicks, ~${probe.totals.uniqueVisitors} visitors; p50 ${pct(50)} ms, p95 ${pct(95)} ms over ${RUNS} requests`,
      );
    }
    await pool.end();
    await service.stop();
  } finally {
    await bus.close();
    await kafka.stop();
    await pg.stop();
  }
}

runMain(main);
