/*
 * npm run bench:notifier — click-to-delivery latency at 500 clicks/s fanned out to 3 webhook channels on a local
 * receiver (target: p95 under 1 s, no growing backlog). Real PostgreSQL and the Kafka protocol (librdkafka's mock
 * cluster via kcat), started here; the notifier runs in this process as startService wires it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { MemoryRateLimiter } from '@waymark/cache';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { startKafkaMock, startPostgres, waitFor } from '@waymark/testkit';
import { loadConfig, startService } from '../src';
import { apiClient, clickFact, newTenant, publishClicks } from '../test/support/notifier-harness';

const RATE = 500;
const SECONDS = 15;
const CHANNELS = 3;
const TICK_MS = 100;

async function main(): Promise<void> {
  const [pg, kafka] = await Promise.all([startPostgres(), startKafkaMock()]);
  const logger = createLogger({ service: 'notifier', level: 'error' });
  const bus = await KafkaEventBus.connect({ brokers: kafka.brokers, clientId: 'notifier-bench', logger });
  const latencies: number[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      latencies.push(Date.now() - (JSON.parse(body) as { ts: number }).ts);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;

  const service = await startService(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', SECRET_ENCRYPTION_KEY: randomBytes(32).toString('base64'), WEBHOOK_HTTP_ALLOWED_HOSTS: 'localhost', MAIL_DIR: '/tmp/notifier-bench-mail', DELIVERY_POLL_INTERVAL: '100ms' }),
    { logger, bus, databaseUrl: pg.url, rateLimiter: new MemoryRateLimiter() },
  );
  const tenant = await newTenant(bus);
  const api = apiClient(`http://127.0.0.1:${service.port}`, tenant.apiKey);
  await api.ready();
  const channelIds: string[] = [];
  for (let i = 0; i < CHANNELS; i += 1) {
    const { body } = await api.call('POST', '/v1/channels', { type: 'webhook', name: `bench ${i}`, config: { url: `http://localhost:${port}/hook/${i}` } });
    channelIds.push(body.id);
  }
  await publishClicks(bus, [clickFact(tenant.tenantId, channelIds)]);
  await waitFor(() => latencies.length >= CHANNELS, { timeoutMs: 60_000, message: 'the warm-up click to be delivered' });
  latencies.length = 0;

  const db = new Client({ connectionString: pg.url });
  await db.connect();
  const backlog = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifier.delivery WHERE status = 'pending'`)).rows[0]?.n ?? 0;
  const perTick = (RATE * TICK_MS) / 1000;
  const started = Date.now();
  for (let tick = 0; tick < (SECONDS * 1000) / TICK_MS; tick += 1) {
    await publishClicks(bus, Array.from({ length: perTick }, () => clickFact(tenant.tenantId, channelIds)));
    if (tick % 50 === 49) process.stdout.write(`t=${Math.round((Date.now() - started) / 1000)}s delivered=${latencies.length} pending=${await backlog()}\n`);
    const next = started + (tick + 1) * TICK_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now()))); // paces the load generator
  }
  const expected = RATE * SECONDS * CHANNELS;
  await waitFor(() => latencies.length >= expected, { timeoutMs: 60_000, intervalMs: 200, message: `${expected} deliveries` });
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  process.stdout.write(
    `notifier bench: ${RATE} clicks/s x ${CHANNELS} channels for ${SECONDS}s, ${sorted.length} deliveries; ` +
      `click-to-delivery p50=${pct(50)}ms p95=${pct(95)}ms p99=${pct(99)}ms max=${sorted[sorted.length - 1]}ms; pending at end=${await backlog()}\n`,
  );
  await db.end();
  await service.stop();
  await bus.close();
  receiver.close();
  await Promise.all([pg.stop(), kafka.stop()]);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
