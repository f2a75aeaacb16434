/*
 * npm run bench:notifier — click-to-delivery latency at 500 clicks/s fanned out to 3 webhook channels on a local
 * receiver (target: p95 under 1 s, no growing backlog). Real PostgreSQL and the Kafka protocol (librdkafka's mock
 * cluster via kcat), started here; the notifier runs in this process as startService wires it, the receiver in a
 * child process (bench-receiver.ts), as a real receiver would be.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { MemoryRateLimiter } from '@waymark/cache';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { startKafkaMock, startPostgres, waitFor } from '@waymark/testkit';
import { loadConfig, NOTIFIER_FETCH_WAIT_MS, startService } from '../src';
import { apiClient, clickFact, newTenant, publishClicks } from '../test/support/notifier-harness';

const RATE = 500;
const SECONDS = 15;
const CHANNELS = 3;
const TICK_MS = 100;

async function main(): Promise<void> {
  const [pg, kafka] = await Promise.all([startPostgres(), startKafkaMock()]);
  const logger = createLogger({ service: 'notifier', level: 'error' });
  const bus = await KafkaEventBus.connect({
    brokers: kafka.brokers,
    clientId: 'notifier-bench',
    logger,
    consumer: { maxWaitTimeMs: NOTIFIER_FETCH_WAIT_MS },
  });
  const latencies: number[] = [];
  const { child, port } = await startReceiver(latencies);

  const service = await startService(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SECRET_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_HTTP_ALLOWED_HOSTS: `localhost:${port}`,
      MAIL_DIR: '/tmp/notifier-bench-mail',
      DELIVERY_POLL_INTERVAL: '100ms',
    }),
    { logger, bus, databaseUrl: pg.url, rateLimiter: new MemoryRateLimiter() },
  );
  const tenant = await newTenant(bus);
  const api = apiClient(`http://127.0.0.1:${service.port}`, tenant.apiKey);
  await api.ready();
  const channelIds: string[] = [];
  for (let i = 0; i < CHANNELS; i += 1) {
    const { body } = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: `bench ${i}`,
      config: { url: `http://localhost:${port}/hook/${i}` },
    });
    channelIds.push(body.id);
  }
  await publishClicks(bus, [clickFact(tenant.tenantId, channelIds)]);
  await waitFor(() => latencies.length >= CHANNELS, {
    timeoutMs: 60_000,
    message: 'the warm-up click to be delivered',
  });
  latencies.length = 0;

  const db = new Client({ connectionString: pg.url });
  await db.connect();
  const backlog = async () =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifier.delivery WHERE status = 'pending'`)).rows[0]
      ?.n ?? 0;
  process.stdout.write(
    `load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores\n`,
  );
  const perTick = (RATE * TICK_MS) / 1000;
  const started = Date.now();
  let reported = 0;
  for (let tick = 0; tick < (SECONDS * 1000) / TICK_MS; tick += 1) {
    await publishClicks(
      bus,
      Array.from({ length: perTick }, () => clickFact(tenant.tenantId, channelIds)),
    );
    if (tick % 20 === 19) {
      const recent = latencies.slice(reported).sort((a, b) => a - b);
      reported = latencies.length;
      process.stdout.write(
        `t=${((Date.now() - started) / 1000).toFixed(1)}s delivered=${latencies.length} (last 2 s: ${recent.length}, p95 ${recent[Math.floor(recent.length * 0.95)] ?? '-'}ms) pending=${await backlog()}\n`,
      );
    }
    const next = started + (tick + 1) * TICK_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now()))); // paces the load generator
  }
  const expected = RATE * SECONDS * CHANNELS;
  await waitFor(() => latencies.length >= expected, {
    timeoutMs: 60_000,
    intervalMs: 200,
    message: `${expected} deliveries`,
  });
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  process.stdout.write(
    `notifier bench: ${RATE} clicks/s x ${CHANNELS} channels for ${SECONDS}s, ${sorted.length} deliveries; ` +
      `click-to-delivery p50=${pct(50)}ms p95=${pct(95)}ms p99=${pct(99)}ms max=${sorted[sorted.length - 1]}ms; pending at end=${await backlog()}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores\n`,
  );
  // Where the time goes: click to its deliveries being scheduled (Kafka + fan-out) vs the whole click-to-delivery.
  const scheduled = await db.query<{ p50: number; p95: number }>(
    `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY lag) AS p50, percentile_disc(0.95) WITHIN GROUP (ORDER BY lag) AS p95
       FROM (SELECT (extract(epoch FROM created_at) * 1000 - (body::jsonb ->> 'ts')::bigint)::int AS lag
               FROM notifier.delivery WHERE created_at >= to_timestamp($1 / 1000.0)) l`,
    [started],
  );
  process.stdout.write(
    `click-to-scheduled (Kafka + fan-out insert) p50=${scheduled.rows[0]?.p50}ms p95=${scheduled.rows[0]?.p95}ms\n`,
  );
  const attempts = await db.query<{ p50: number; p95: number }>(
    `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY duration_ms) AS p50, percentile_disc(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95
       FROM notifier.delivery_attempt WHERE at >= to_timestamp($1 / 1000.0)`,
    [started],
  );
  process.stdout.write(
    `attempt duration (POST to the receiver and its answer) p50=${attempts.rows[0]?.p50}ms p95=${attempts.rows[0]?.p95}ms\n`,
  );
  await db.end();
  await service.stop();
  await bus.close();
  child.disconnect();
  await Promise.all([pg.stop(), kafka.stop()]);
}

const RUN_TS = require.resolve('@waymark/runtime/run-ts');

/** Forks bench-receiver.ts; its latency reports are appended to `latencies`. */
async function startReceiver(latencies: number[]): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(RUN_TS, [path.join(__dirname, 'bench-receiver.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench receiver exited with ${code}`)));
    child.on('message', (message: { port?: number; latencies?: number[] }) => {
      if (message.port !== undefined) resolve(message.port);
      if (message.latencies) latencies.push(...message.latencies);
    });
  });
  return { child, port };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
