/*
 * npm run bench:cost -w @waymark/link-api — where one link-api process's CPU goes at the system benchmark's shape:
 * CPU milliseconds a second of link-api (main.ts in its own process, so nothing else is counted) while idle, under the
 * system bench's API share (GET a link, list links, create a link, in turn; 57 requests/s by default) and under
 * link-activity.v1 as analytics-ingest publishes it for 2,000 clicked links (every link once per 5 s interval, in
 * pages of 1,000). Phases alternate in the same run, so other work on a shared machine weighs on each alike; the
 * figures are still noisy there. Real PostgreSQL, Redis and the Kafka protocol (librdkafka's mock cluster).
 *   BENCH_API_RATE (requests/s, default 57), BENCH_SECONDS (per phase, default 15), BENCH_ROUNDS (default 2),
 *   BENCH_CPU_PROF=<dir> (link-api writes a V8 CPU profile there), BENCH_PHASES (comma-separated, default
 *   idle,health,api,activity; get,list,post: one kind of the API share alone at its rate; health: /healthz at that
 *   rate, a request's floor and the baseline printed beside the API figure),
 *   BENCH_STATEMENTS=1 (the statements of each phase of the last round, from pg_stat_statements).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { linkActivityTopic, type LinkActivity } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { freePort, runMain, startKafkaMock, startPostgres, startRedis, stopChild, waitFor } from '@waymark/testkit';

const API_RATE = Number(process.env.BENCH_API_RATE ?? 57);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LINKS = 2_000;
const ACTIVITY_INTERVAL_MS = 5_000;
const ACTIVITY_PAGE = 1_000;
const OPERATOR_TOKEN = 'operator-token-for-the-cost-bench-0123456789';
const RUN_TS = require.resolve('@waymark/runtime/run-ts');
const MAIN = require.resolve('../src/main.ts');
/** Linux reports process CPU in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

type Phase = 'idle' | 'api' | 'activity' | 'get' | 'list' | 'post' | 'health';

interface Tenant {
  id: string;
  domain: string;
  key: string;
  links: { code: string; createdAt: string }[];
}

async function main(): Promise<void> {
  const [pg, kafka, redis] = await Promise.all([
    startPostgres({ settings: { shared_preload_libraries: 'pg_stat_statements' } }),
    startKafkaMock(),
    startRedis(),
  ]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const linkApi = await spawnLinkApi(base, {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: pg.url,
    KAFKA_BROKERS: kafka.brokers.join(','),
    REDIS_URL: redis.url,
    OPERATOR_TOKEN,
  });
  const bus = await KafkaEventBus.connect({
    brokers: kafka.brokers,
    clientId: 'link-api-cost-bench',
    logger: createLogger({ service: 'link-api-cost-bench', level: 'error' }),
  });
  try {
    const tenant = await newTenant(base, pg.url);
    const stats = new Client({ connectionString: pg.url });
    await stats.connect();
    await stats.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    process.stdout.write(
      `load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores\n`,
    );

    // Warm-up: code paths compile, pools fill, the activity group has its partitions.
    await runPhase('api', base, bus, tenant, 5);
    await runPhase('activity', base, bus, tenant, 10);

    // /healthz at the API share's rate is the baseline printed beside it: what any request costs this process.
    const phases = (process.env.BENCH_PHASES ?? 'idle,health,api,activity').split(',') as Phase[];
    const totals = new Map<Phase, { cpu: number; seconds: number; work: number }>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const phase of phases) {
        await stats.query('SELECT pg_stat_statements_reset()');
        const sessionsBefore = await sessionsOf(stats);
        const startedAt = Date.now();
        const startedMicros = process.hrtime.bigint() / 1000n;
        const before = cpuSeconds(linkApi);
        const work = await runPhase(phase, base, bus, tenant, SECONDS);
        const cpu = cpuSeconds(linkApi) - before;
        // Monotonic microseconds, the clock of V8's CPU profiles: a profile can be cut to one phase.
        const window = `${startedMicros}-${process.hrtime.bigint() / 1000n}`;
        const seconds = (Date.now() - startedAt) / 1000;
        const total = totals.get(phase) ?? { cpu: 0, seconds: 0, work: 0 };
        totals.set(phase, { cpu: total.cpu + cpu, seconds: total.seconds + seconds, work: total.work + work });
        process.stdout.write(
          `round ${round + 1} ${phase.padEnd(8)} ${((1000 * cpu) / seconds).toFixed(1)} ms CPU/s, ${work} ${unitOf(phase)}, ${(await sessionsOf(stats)) - sessionsBefore} new PostgreSQL sessions (µs ${window})\n`,
        );
        if (round === ROUNDS - 1 && process.env.BENCH_STATEMENTS)
          process.stdout.write(`${await statementsOf(stats)}\n`);
      }
    }
    const idle = totals.get('idle');
    const idlePerSecond = idle ? idle.cpu / idle.seconds : 0;
    for (const [phase, t] of totals) {
      const perSecond = t.cpu / t.seconds;
      const above =
        phase === 'idle' || t.work === 0
          ? ''
          : `, ${((1000 * (t.cpu - idlePerSecond * t.seconds)) / t.work).toFixed(2)} ms CPU per ${unitOf(phase).replace(/s$/, '')} above idle`;
      process.stdout.write(`link-api ${phase.padEnd(8)} ${(1000 * perSecond).toFixed(1)} ms CPU/s${above}\n`);
    }
    await stats.end();
  } finally {
    await bus.close();
    await stopChild(linkApi);
    await Promise.all([pg.stop(), kafka.stop(), redis.stop()]);
  }
}

function unitOf(phase: Phase): string {
  return phase === 'activity' ? 'activity messages' : phase === 'idle' ? 'ticks' : 'requests';
}

/** Runs one phase for `seconds`; answers how much work it offered (requests, messages). */
async function runPhase(phase: Phase, base: string, bus: KafkaEventBus, tenant: Tenant, seconds: number) {
  if (phase === 'idle') {
    await sleep(seconds * 1000);
    return 0;
  }
  if (phase === 'activity') return publishActivity(bus, tenant, seconds);
  if (phase === 'api') return apiLoad(base, tenant, seconds, API_RATE, (i) => i % 3);
  // One kind of the API share alone, at its rate in the share.
  const kind = ['get', 'list', 'post', 'health'].indexOf(phase);
  return apiLoad(base, tenant, seconds, API_RATE / 3, () => kind);
}

/** The system bench's link-api share: GET a link, list links, create a link, in turn, on a fixed schedule. */
async function apiLoad(
  base: string,
  tenant: Tenant,
  seconds: number,
  rate: number,
  kindOf: (i: number) => number,
): Promise<number> {
  const total = Math.round(rate * seconds);
  const started = Date.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    await sleep(started + (i * 1000) / rate - Date.now());
    inFlight.push(apiCall(base, tenant, kindOf(i)));
  }
  await Promise.all(inFlight);
  return total;
}

let created = 0;
let failures = 0;

/** Kind 0 reads a link, 1 lists links, 2 creates a link, 3 asks /healthz (the floor of a request: no work). */
async function apiCall(base: string, tenant: Tenant, kind: number): Promise<void> {
  const headers = { 'x-api-key': tenant.key, 'content-type': 'application/json' };
  const pick = tenant.links[Math.floor(Math.random() * tenant.links.length)]!.code;
  const [method, path, body, expected] =
    kind === 3
      ? ['GET', '/healthz', undefined, 200]
      : kind === 0
        ? ['GET', `/v1/links/${pick}`, undefined, 200]
        : kind === 1
          ? ['GET', '/v1/links?limit=20', undefined, 200]
          : [
              'POST',
              '/v1/links',
              JSON.stringify({ destination: `https://example.com/bench/${++created}`, code: `cost-${randomUUID()}` }),
              201,
            ];
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  if (response.status !== expected) {
    failures += 1;
    if (failures <= 5) process.stdout.write(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}\n`);
  }
}

/** Every link's newest click once per interval, in pages, as analytics-ingest's link activity task publishes them. */
async function publishActivity(bus: KafkaEventBus, tenant: Tenant, seconds: number): Promise<number> {
  let sent = 0;
  const rounds = Math.max(1, Math.round((seconds * 1000) / ACTIVITY_INTERVAL_MS));
  const started = Date.now();
  for (let round = 0; round < rounds; round += 1) {
    const at = new Date().toISOString();
    for (let i = 0; i < tenant.links.length; i += ACTIVITY_PAGE) {
      const page = tenant.links.slice(i, i + ACTIVITY_PAGE).map((link) => {
        const value: LinkActivity = {
          version: 1,
          eventId: randomUUID(),
          tenantId: tenant.id,
          domain: tenant.domain,
          code: link.code,
          linkCreatedAt: link.createdAt,
          lastClickAt: at,
        };
        return { key: linkActivityTopic.keyOf(value), value };
      });
      await bus.publish(linkActivityTopic, page);
      sent += page.length;
    }
    await sleep(started + (round + 1) * ACTIVITY_INTERVAL_MS - Date.now());
  }
  return sent;
}

async function operator(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ id: string; key: string }> {
  const response = await fetch(`${base}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text || '{}') as { id: string; key: string };
}

/** A tenant on a plan far above the load (the rate limiter is consulted, never hit), with LINKS links. */
async function newTenant(base: string, databaseUrl: string): Promise<Tenant> {
  await operator(base, 'PUT', '/plans/cost_bench', {
    rateLimitPerMinute: 1_000_000,
    burst: 1_000_000,
    bulkRowCap: 500,
    exportsPerHour: 1,
  });
  const domain = 'go.cost-bench.test';
  const tenant = await operator(base, 'POST', '/tenants', {
    name: 'Cost bench',
    plan: 'cost_bench',
    defaultDomain: domain,
    verifyDefaultDomain: true,
  });
  const { key } = await operator(base, 'POST', `/tenants/${tenant.id}/keys`, {
    name: 'bench',
    scopes: ['links:read', 'links:write'],
  });
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  const links: Tenant['links'] = [];
  await waitFor(async () => (await fetch(`${base}/v1/links?limit=1`, { headers })).status === 200, {
    timeoutMs: 30_000,
    message: 'the bench key to authenticate',
  });
  for (let r = 0; r < LINKS / 500; r += 1) {
    const rows = Array.from({ length: 500 }, (_, i) => ({ destination: `https://example.com/l/${r}/${i}` }));
    // A loaded machine may shed the request (503, Retry-After): wait as told and send it again.
    const body = await retryShed(async () => {
      const response = await fetch(`${base}/v1/links/bulk`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ rows }),
      });
      return { status: response.status, body: (await response.json()) as { created: number } };
    });
    if (body.created !== 500) throw new Error(`bulk created ${body.created} of 500`);
  }
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ code: string; created_at: Date }>(
    'SELECT code, created_at FROM link_api.link WHERE tenant_id = $1',
    [tenant.id],
  );
  await client.end();
  for (const row of rows) links.push({ code: row.code, createdAt: row.created_at.toISOString() });
  return { id: tenant.id, domain, key, links };
}

/** PostgreSQL sessions established so far: a pool that closes idle connections opens new ones (fork, auth). */
async function sessionsOf(client: Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>('SELECT sum(sessions)::text AS n FROM pg_stat_database');
  return Number(rows[0]?.n ?? 0);
}

/** Statements by calls since the last reset (every database user's, the bench's own queries left out). */
async function statementsOf(client: Client): Promise<string> {
  const { rows } = await client.query<{ query: string; calls: string; rows: string }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 150) AS query, calls, rows FROM pg_stat_statements
     WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC LIMIT 25`,
  );
  return rows
    .map((r) => `  ${String(r.calls).padStart(7)} calls ${String(r.rows).padStart(7)} rows  ${r.query}`)
    .join('\n');
}

async function retryShed<T>(send: () => Promise<{ status: number; body: T }>): Promise<T> {
  for (;;) {
    const { status, body } = await send();
    if (status !== 503) return body;
    await sleep(2_000);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** User plus system CPU of a process so far, from /proc. */
function cpuSeconds(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function spawnLinkApi(base: string, env: Record<string, string>): Promise<ChildProcess> {
  const profile = process.env.BENCH_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  let output = '';
  const child = spawn(process.execPath, [...flags, RUN_TS, MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`link-api exited with ${child.exitCode}: ${output}`);
      return (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200;
    },
    { timeoutMs: 90_000, message: 'the link-api process to be ready' },
  );
  return child;
}

runMain(main);
