import { Webhook } from 'standardwebhooks';
import { waitFor } from '@waymark/testkit';
import type { KafkaEventBus } from '@waymark/events';
import { startReceiver, type Receiver } from './support/receiver';
import {
  apiClient,
  clickFact,
  connectBus,
  publishClicks,
  type StartedNotifier,
  startNotifierForTenant,
  testEnv,
} from './support/notifier-harness';

const UNIT_MS = 5;
const SCHEDULE_MS = [30, 120, 600, 900, 900].map((s) => s * UNIT_MS);

describe('signed webhook deliveries with the retry schedule', () => {
  let bus: KafkaEventBus;
  let receiver: Receiver;
  let notifier: StartedNotifier;
  let tenantId: string;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    bus = await connectBus();
    receiver = await startReceiver();
    ({ notifier, tenantId, api } = await startNotifierForTenant(
      bus,
      testEnv({ WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry }),
    ));
  });

  afterAll(async () => {
    await notifier?.service.stop();
    await receiver?.close();
    await bus?.close();
  });

  async function webhookChannel(path: string): Promise<{ id: string; signingSecret: string }> {
    const created = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: path,
      config: { url: receiver.url(path) },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function deliveryLog(channelId: string) {
    const { status, body } = await api.call('GET', `/v1/channels/${channelId}/deliveries?limit=50`);
    expect(status).toBe(200);
    return [...body.deliveries].reverse() as Array<{
      attempt: number;
      outcome: string;
      httpStatus: number;
      terminal: boolean;
      eventId: string;
      responseSnippet: string;
      at: string;
      nextAttemptAt: string | null;
    }>;
  }

  it('a receiver failing three times gets the event on the fourth attempt, same webhook-id, fresh timestamps', async () => {
    receiver.on('/flaky', (nth) => (nth <= 3 ? 503 : 204));
    const channel = await webhookChannel('/flaky');
    const fact = clickFact(tenantId, [channel.id]);
    await publishClicks(bus, [fact]);

    const requests = await waitFor(() => receiver.requestsTo('/flaky').length >= 4 && receiver.requestsTo('/flaky'), {
      timeoutMs: 20_000,
    });
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([fact.eventId]));
    const timestamps = requests.map((r) => Number(r.headers['webhook-timestamp']));
    expect(timestamps[3]).toBeGreaterThan(timestamps[0] as number);
    for (const request of requests) {
      const verified = new Webhook(channel.signingSecret).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      });
      expect(verified).toEqual(JSON.parse(requests[0]?.body as string));
    }
    expect(Object.keys(JSON.parse(requests[0]?.body as string))).toEqual([
      'event',
      'source',
      'code',
      'shortUrl',
      'title',
      'destination',
      'tags',
      'createdAt',
      'ts',
      'at',
      'ip',
      'ua',
      'referer',
      'customerId',
    ]);

    const log = await waitFor(async () => {
      const entries = await deliveryLog(channel.id);
      return entries.length === 4 && entries;
    });
    expect(log.map((e) => [e.attempt, e.outcome, e.httpStatus, e.terminal])).toEqual([
      [1, 'failed', 503, false],
      [2, 'failed', 503, false],
      [3, 'failed', 503, false],
      [4, 'delivered', 204, true],
    ]);
    expect(log[0]?.responseSnippet).toBe('status 503 for request 1');
    expect(receiver.requestsTo('/flaky')).toHaveLength(4);
    // Each failure says when the next attempt ran; the delivered one has none.
    expect(log.map((e) => e.nextAttemptAt)).toEqual([log[1]?.at, log[2]?.at, log[3]?.at, null]);

    const failed = await api.call('GET', `/v1/channels/${channel.id}/deliveries?outcome=failed`);
    expect(failed.status).toBe(200);
    expect(failed.body.deliveries.map((e: { attempt: number }) => e.attempt)).toEqual([3, 2, 1]);
    const delivered = await api.call('GET', `/v1/channels/${channel.id}/deliveries?outcome=delivered`);
    expect(delivered.body.deliveries.map((e: { attempt: number }) => e.attempt)).toEqual([4]);
    const bad = await api.call('GET', `/v1/channels/${channel.id}/deliveries?outcome=pending`);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it('a receiver that always fails gets exactly six attempts at the scheduled offsets, then a terminal record', async () => {
    receiver.on('/down', () => 500);
    const channel = await webhookChannel('/down');
    await publishClicks(bus, [clickFact(tenantId, [channel.id])]);

    // While attempt 5 waits (4.5 s after attempt 4), attempt 4 says when it is due.
    const waiting = await waitFor(async () => {
      const entries = await deliveryLog(channel.id);
      return entries.length === 4 && entries;
    });
    const wait = Date.parse(waiting[3]?.nextAttemptAt ?? '') - Date.parse(waiting[3]?.at ?? '');
    expect(wait).toBeGreaterThanOrEqual((SCHEDULE_MS[3] as number) - 5);
    expect(wait).toBeLessThan((SCHEDULE_MS[3] as number) + 2_000);

    const log = await waitFor(
      async () => {
        const entries = await deliveryLog(channel.id);
        return entries.some((e) => e.terminal) && entries;
      },
      { timeoutMs: 40_000 },
    );
    expect(log.map((e) => e.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.map((e) => e.terminal)).toEqual([false, false, false, false, false, true]);
    expect(log.map((e) => e.nextAttemptAt)).toEqual([...log.slice(1).map((e) => e.at), null]);
    const arrivals = receiver.requestsTo('/down').map((r) => r.at);
    expect(arrivals).toHaveLength(6);
    SCHEDULE_MS.forEach((expected, i) => {
      const gap = (arrivals[i + 1] as number) - (arrivals[i] as number);
      expect(gap).toBeGreaterThanOrEqual(expected - 5);
      expect(gap).toBeLessThan(expected + 400);
    });
  }, 60_000);

  it('pausing a channel mid-schedule stops the remaining attempts at once', async () => {
    receiver.on('/paused', () => 500);
    const channel = await webhookChannel('/paused');
    await publishClicks(bus, [clickFact(tenantId, [channel.id])]);
    await waitFor(() => receiver.requestsTo('/paused').length >= 2, { timeoutMs: 10_000 });
    const paused = await api.call('PATCH', `/v1/channels/${channel.id}`, { enabled: false });
    expect(paused.status).toBe(200);
    expect(paused.body.enabled).toBe(false);
    const countAtPause = receiver.requestsTo('/paused').length;

    // Attempt 3 was due 600 ms after attempt 2 and attempt 4 3 s after that: the log must stay where it was.
    const checkpoint = await api.call('GET', `/v1/channels/${channel.id}/deliveries`);
    await waitFor(async () => Date.now() - (receiver.requestsTo('/paused').at(-1)?.at ?? 0) > 4_000, {
      timeoutMs: 10_000,
    });
    expect(receiver.requestsTo('/paused').length).toBe(countAtPause);
    expect((await api.call('GET', `/v1/channels/${channel.id}/deliveries`)).body).toEqual(checkpoint.body);
  });
});
