import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import type { KafkaEventBus } from '@waymark/events';
import { createTestDatabase, getTestInfra, waitFor } from '@waymark/testkit';
import { apiClient, clickFact, connectBus, newTenant, publishClicks, testEnv } from './support/notifier-harness';
import { freePort, kill, spawnNotifier } from './support/notifier-process';
import { startReceiver, type Receiver } from './support/receiver';

const UNIT_MS = 10;
const SCHEDULE_MS = [30, 120, 600, 900, 900].map((s) => s * UNIT_MS);

describe('the schedule survives a crash', () => {
  let bus: KafkaEventBus;
  let receiver: Receiver;
  let db: Client;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    bus = await connectBus();
    receiver = await startReceiver();
  });

  afterAll(async () => {
    for (const child of children) await kill(child);
    await db?.end();
    await receiver?.close();
    await bus?.close();
  });

  it('killing the notifier between attempts and starting it again continues the schedule, without repeats', async () => {
    const infra = getTestInfra();
    const databaseUrl = await createTestDatabase();
    const env = {
      ...testEnv({
        DELIVERY_TIME_UNIT: `${UNIT_MS}ms`,
        LOG_LEVEL: 'warn',
        WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry,
      }),
      PORT: String(await freePort()),
      KAFKA_BROKERS: infra.kafka.brokers.join(','),
      DATABASE_URL: databaseUrl,
      REDIS_URL: infra.redis.url,
    };
    const first = await spawnNotifier(env);
    children.push(first.child);
    const tenant = await newTenant(bus);
    const api = apiClient(`http://127.0.0.1:${env.PORT}`, tenant.apiKey);
    await api.ready();

    receiver.on('/crash', () => 500);
    const { body: channel } = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'crash',
      config: { url: receiver.url('/crash') },
    });
    const fact = clickFact(tenant.tenantId, [channel.id]);
    await publishClicks(bus, [fact]);

    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const attemptsLogged = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifier.delivery_attempt')).rows[0]?.n ?? 0;
    await waitFor(async () => (await attemptsLogged()) === 2, { timeoutMs: 20_000, message: 'attempt 2 to be logged' });
    await kill(first.child);
    const requestsAtKill = receiver.requestsTo('/crash').length;
    expect(requestsAtKill).toBe(2);

    const second = await spawnNotifier(env);
    children.push(second.child);
    await waitFor(async () => (await attemptsLogged()) === 6, { timeoutMs: 45_000, message: 'six attempts' });

    const requests = receiver.requestsTo('/crash');
    expect(requests).toHaveLength(6);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([fact.eventId]));
    const { rows } = await db.query('SELECT attempt, terminal FROM notifier.delivery_attempt ORDER BY attempt');
    expect(rows).toEqual([1, 2, 3, 4, 5, 6].map((attempt) => ({ attempt, terminal: attempt === 6 })));
    SCHEDULE_MS.forEach((expected, i) => {
      const gap = (requests[i + 1]?.at as number) - (requests[i]?.at as number);
      expect(gap).toBeGreaterThanOrEqual(expected - 5);
    });
    // Attempts the restarted process made itself keep their offsets; only the one overdue during the outage ran late.
    for (const i of [3, 4]) {
      expect((requests[i + 1]?.at as number) - (requests[i]?.at as number)).toBeLessThan(
        (SCHEDULE_MS[i] as number) + 500,
      );
    }
  }, 90_000);
});
