/*
 * npx waymark-ts bench/statement-cost.ts (from services/analytics-ingest)
 * PostgreSQL CPU per click of the ingest statement (its backend's own CPU time, from /proc, so a busy machine moves it
 * far less than wall time) at each statement size of BENCH_SIZES (64,256): BENCH_WARMUP (300) statements first, then
 * BENCH_STATEMENTS (300) measured, of clicks spread uniformly over 2 000 links of one tenant, today, enriched as
 * ingest enriches them. Durable PostgreSQL (fsync on). This isolates what statement size does to the database's
 * work per click; `npm run bench:cost` measures the whole service under a steady load.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { poolConfig, runMigrations } from '@waymark/db';
import { runMain, startPostgres } from '@waymark/testkit';
import { SCHEMA } from '../src';
import { enrichClick } from '../src/clicks/app/enrich-click';
import { DAY_MS } from '../src/clicks/domain/utc-day';
import { writeFacts } from '../src/clicks/infra/fact-writer';
import { MmdbGeoLocator } from '../src/clicks/infra/geo-locator';
import { PartitionManager } from '../src/clicks/infra/partition-manager';
import { CachedUserAgentParser } from '../src/clicks/infra/user-agent-parser';
import { generateClicks } from './bench-data';

const SIZES = (process.env.BENCH_SIZES ?? '64,256').split(',').map(Number);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 300);
const TICK_US = 10_000;

/** utime + stime of a process, in clock ticks. */
const cpuTicks = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

async function measure(size: number): Promise<string> {
  const pg = await startPostgres({
    settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on', shared_buffers: '256MB' },
  });
  try {
    const target = { databaseUrl: pg.url, schema: SCHEMA };
    await runMigrations({ ...target, migrationsDir: join(__dirname, '..', 'prisma', 'migrations') });
    const pool = new Pool(poolConfig(target, 1));
    const now = Date.now();
    await new PartitionManager(pool).ensure([Math.floor(now / DAY_MS) * DAY_MS]);
    const deps = {
      userAgents: new CachedUserAgentParser(),
      geo: await MmdbGeoLocator.open(),
      visitorSalt: 'bench-visitor-salt',
      storeRawIp: false,
    };
    const batch = () =>
      generateClicks(size, 1, 2000, now, { uniform: true, spreadMs: 0 }).map((click) => ({
        row: enrichClick(click, deps),
        linkId: Number(click.code.slice(1)) + 1,
      }));
    const backend = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid as number;
    for (let i = 0; i < WARMUP; i += 1) await writeFacts(pool, batch(), 0);
    const batches = Array.from({ length: STATEMENTS }, batch);
    const before = cpuTicks(backend);
    for (const facts of batches) await writeFacts(pool, facts, 0);
    const us = ((cpuTicks(backend) - before) * TICK_US) / (STATEMENTS * size);
    await pool.end();
    return `statements of ${size} clicks: PostgreSQL backend CPU ${us.toFixed(0)} us per click`;
  } finally {
    await pg.stop();
  }
}

async function main(): Promise<void> {
  for (const size of SIZES) console.log(await measure(size));
}

runMain(main);
