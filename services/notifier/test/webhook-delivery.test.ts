import { Webhook } from 'standardwebhooks';
import { waitFor } from '@waymark/testkit';
import { clickFact, publishClicks, testEnv } from './support/notifier-harness';
import { useTenantNotifier } from './support/notifier-suite';

const UNIT_MS = 5;
const SCHEDULE_MS = [30, 120, 600, 900, 900].map((s) => s * UNIT_MS);

describe('signed webhook deliveries with the retry schedule', () => {
  const suite = useTenantNotifier((receiver) => testEnv({ WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry }));

  async function webhookChannel(path: string): Promise<{ id: string; signingSecret: string }> {
    const created = await suite.api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: path,
      config: { url: suite.receiver.url(path) },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function deliveryLog(channelId: string) {
    const { status, body } = await suite.api.call('GET', `/v1/channels/${channelId}/deliveries?limit=50`);
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
    suite.receiver.on('/flaky', (nth) => (nth <= 3 ? 503 : 204));
    const channel = await webhookChannel('/flaky');
    const fact = clickFact(suite.tenantId, [channel.id]);
    await publishClicks(suite.bus, [fact]);

    const requests = await waitFor(
      () => suite.receiver.requestsTo('/flaky').length >= 4 && suite.receiver.requestsTo('/flaky'),
      {
        timeoutMs: 20_000,
      },
    );
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
    expect(suite.receiver.requestsTo('/flaky')).toHaveLength(4);
    // Each failure says when the next attempt ran; the delivered one has none.
    expect(log.map((e) => e.nextAttemptAt)).toEqual([log[1]?.at, log[2]?.at, log[3]?.at, null]);

    const failed = await suite.api.call('GET', `/v1/channels/${channel.id}/deliveries?outcome=failed`);
    expect(failed.status).toBe(200);
    expect(failed.body.deliveries.map((e: { attempt: number }) => e.attempt)).toEqual([3, 2, 1]);
    const delivered = await suite.api.call('GET', `/v1/channels/${channel.id}/deliveries?outcome=delivered`);
    expect(delivered.body.deliveries.map((e: { attempt: number }) => e.attempt)).toEqual([4]);
    const bad = await suite.api.call('GET', `/v1/channels/${channel.id}/deliveries?outcome=pending`);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it('a receiver that always fails gets exactly six attempts at the scheduled offsets, then a terminal record', async () => {
    suite.receiver.on('/down', () => 500);
    const channel = await webhookChannel('/down');
    await publishClicks(suite.bus, [clickFact(suite.tenantId, [channel.id])]);

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
    const arrivals = suite.receiver.requestsTo('/down').map((r) => r.at);
    expect(arrivals).toHaveLength(6);
    SCHEDULE_MS.forEach((expected, i) => {
      const gap = (arrivals[i + 1] as number) - (arrivals[i] as number);
      expect(gap).toBeGreaterThanOrEqual(expected - 5);
      expect(gap).toBeLessThan(expected + 400);
    });
  }, 60_000);

  it('pausing a channel mid-schedule stops the remaining attempts at once', async () => {
    suite.receiver.on('/paused', () => 500);
    const channel = await webhookChannel('/paused');
    await publishClicks(suite.bus, [clickFact(suite.tenantId, [channel.id])]);
    await waitFor(() => suite.receiver.requestsTo('/paused').length >= 2, { timeoutMs: 10_000 });
    const paused = await suite.api.call('PATCH', `/v1/channels/${channel.id}`, { enabled: false });
    expect(paused.status).toBe(200);
    expect(paused.body.enabled).toBe(false);
    const countAtPause = suite.receiver.requestsTo('/paused').length;

    // Attempt 3 was due 600 ms after attempt 2 and attempt 4 3 s after that: the log must stay where it was.
    const checkpoint = await suite.api.call('GET', `/v1/channels/${channel.id}/deliveries`);
    await waitFor(async () => Date.now() - (suite.receiver.requestsTo('/paused').at(-1)?.at ?? 0) > 4_000, {
      timeoutMs: 10_000,
    });
    expect(suite.receiver.requestsTo('/paused').length).toBe(countAtPause);
    expect((await suite.api.call('GET', `/v1/channels/${channel.id}/deliveries`)).body).toEqual(checkpoint.body);
  });
});
