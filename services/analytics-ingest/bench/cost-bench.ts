/*
 * npm run bench:cost -w @waymark/analytics-ingest
 * CPU seconds per 1,000 clicks of analytics-ingest (its own process) and of PostgreSQL (postmaster and backends)
 * under a steady offered load: BENCH_RATE (1 425) clicks a second, the clicks of the system bench's 1 500 req/s,
 * from BENCH_PRODUCERS (2) producers flushing every 100 ms as redirectors do, over 2 000 links of one tenant.
 * BENCH_WARMUP_S (10) seconds of warm-up, then BENCH_SECONDS (30) measured; durable PostgreSQL (fsync on).
 * The top statements by PostgreSQL time over the window come from pg_stat_statements.
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the service there. Needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { Pool } from 'pg';
import { clicksTopic } from '@waymark/contracts';
import { runMain, startKafkaMock, startPostgres, startRedis, waitFor } from '@waymark/testkit';
import { explainIngest } from './explain-ingest';
import { findPid, treeTicks } from './proc-ticks';
import { startSteadyClicks } from './steady-clicks';
import { topStatements } from './top-statements';

const RATE = Number(process.env.BENCH_RATE ?? 1425);
const PRODUCERS = Number(process.env.BENCH_PRODUCERS ?? 2);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const GROUP = 'analytics-ingest';
const TICKS_PER_S = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const pg = await startPostgres({
    settings: {
      fsync: 'on',
      synchronous_commit: 'on',
      full_page_writes: 'on',
      shared_buffers: '256MB',
      shared_preload_libraries: 'pg_stat_statements',
      ...(JSON.parse(process.env.BENCH_PG_SETTINGS ?? '{}') as Record<string, string>),
    },
  });
  const [redis, kafka] = await Promise.all([startRedis(), startKafkaMock()]);
  const pool = new Pool({ connectionString: pg.url, max: 2 });
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const admin = new Kafka({
    clientId: 'analytics-cost-bench',
    brokers: kafka.brokers,
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  const profile = process.env.BENCH_CPU_PROF;
  const service = spawn(
    process.execPath,
    [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), join(__dirname, '..', 'dist', 'src', 'main.js')],
    {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        KAFKA_BROKERS: kafka.brokers.join(','),
        DATABASE_URL: pg.url,
        REDIS_URL: redis.url,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const committed = async () => {
    const [topic] = await admin.fetchOffsets({ groupId: GROUP, topics: [clicksTopic.name] });
    return (topic?.partitions ?? []).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
  };
  const load = await startSteadyClicks(kafka.brokers, { rate: RATE, producers: PRODUCERS, links: 2000, flushMs: 100 });
  try {
    await waitFor(async () => (await committed()) > 0, { timeoutMs: 120_000, intervalMs: 200 });
    await sleep(WARMUP_S * 1000);
    const pgPid = findPid(['-p', String(pg.port)]);
    if (!pgPid || !service.pid) throw new Error('cannot find the PostgreSQL or the service process');
    await pool.query('SELECT pg_stat_statements_reset()');
    const before = {
      service: treeTicks(service.pid),
      pg: treeTicks(pgPid),
      published: load.published(),
      done: await committed(),
    };
    await sleep(SECONDS * 1000);
    const after = {
      service: treeTicks(service.pid),
      pg: treeTicks(pgPid),
      published: load.published(),
      done: await committed(),
    };
    const statements = await topStatements(pool, 8);
    await load.stop();
    if (process.env.BENCH_EXPLAIN) console.log(await explainIngest(pool, Number(process.env.BENCH_EXPLAIN)));
    // Per click stored in the window: on a busy machine the service may fall behind the offered load.
    const clicks = after.done - before.done;
    const perThousand = (ticks: number) => ((ticks / TICKS_PER_S / clicks) * 1000).toFixed(3);
    console.log(
      `offered ${RATE} clicks/s for ${SECONDS} s (${after.published - before.published} published, ${clicks} stored); lag at the end ${after.published - after.done}`,
    );
    console.log(
      `CPU s per 1,000 clicks: analytics-ingest ${perThousand(after.service - before.service)}, postgres ${perThousand(after.pg - before.pg)}`,
    );
    console.log(statements);
    await waitFor(async () => (await committed()) >= load.published(), { timeoutMs: 120_000, intervalMs: 200 });
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => service.once('exit', resolve));
    await admin.disconnect();
    await pool.end();
    await kafka.stop();
    await redis.stop();
    await pg.stop();
  }
}

runMain(main);
