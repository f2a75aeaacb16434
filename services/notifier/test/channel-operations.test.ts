import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import type { KafkaEventBus } from '@waymark/events';
import { startLocalDns, waitFor, type LocalDns } from '@waymark/testkit';
import { startReceiver, type Receiver, type ReceivedRequest } from './support/receiver';
import {
  apiClient,
  clickFact,
  connectBus,
  newTenant,
  publishClicks,
  type StartedNotifier,
  startNotifierForTenant,
  testEnv,
} from './support/notifier-harness';

type Api = ReturnType<typeof apiClient>;

describe('channel operations: get, re-point, test send, secret rotation, redelivery', () => {
  let bus: KafkaEventBus;
  let dns: LocalDns;
  let receiver: Receiver;
  let notifier: StartedNotifier;
  let tenantId: string;
  let api: Api;
  let other: Api;
  let db: Client;

  beforeAll(async () => {
    bus = await connectBus();
    dns = await startLocalDns();
    receiver = await startReceiver();
    ({ notifier, tenantId, api } = await startNotifierForTenant(
      bus,
      testEnv({
        WEBHOOK_DNS_SERVERS: dns.address,
        WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry,
        DELIVERY_RETENTION_SWEEP_INTERVAL: '200ms',
      }),
    ));
    const stranger = await newTenant(bus);
    other = apiClient(notifier.baseUrl, stranger.apiKey);
    await other.ready();
    db = new Client({ connectionString: notifier.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await notifier?.service.stop();
    await Promise.all([receiver?.close(), dns?.close()]);
    await bus?.close();
  });

  const createWebhook = async (path: string) => {
    const { status, body } = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: path,
      config: { url: receiver.url(path) },
    });
    expect(status).toBe(201);
    return body as { id: string; signingSecret: string };
  };

  const requestsTo = (path: string, count: number) =>
    waitFor(() => receiver.requestsTo(path).length >= count && receiver.requestsTo(path), {
      timeoutMs: 20_000,
      message: `${count} request(s) to ${path}`,
    });

  const headersOf = (request: ReceivedRequest | undefined) => ({
    'webhook-id': String(request?.headers['webhook-id']),
    'webhook-timestamp': String(request?.headers['webhook-timestamp']),
    'webhook-signature': String(request?.headers['webhook-signature']),
  });

  const verifies = (secret: string, request: ReceivedRequest | undefined): boolean => {
    try {
      new Webhook(secret).verify(request?.body ?? '', headersOf(request));
      return true;
    } catch {
      return false;
    }
  };

  it('gets one channel as the list shows it; another tenant’s is 404 and a bad id 400', async () => {
    const created = await createWebhook('/get');
    const got = await api.call('GET', `/v1/channels/${created.id}`);
    expect(got.status).toBe(200);
    const listed = (await api.call('GET', '/v1/channels?limit=200')).body.channels.find(
      (c: { id: string }) => c.id === created.id,
    );
    expect(got.body).toEqual(listed);
    expect(got.body).not.toHaveProperty('signingSecret');
    expect(await other.call('GET', `/v1/channels/${created.id}`)).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await api.call('GET', `/v1/channels/${'x'.repeat(200)}`)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
  });

  it('re-points a channel to a new URL, screened exactly like a new channel', async () => {
    const created = await createWebhook('/before-move');
    dns.setA('internal.patch.test', '10.0.0.1');
    for (const url of ['https://internal.patch.test/hook', 'https://127.0.0.1/hook', 'not a url']) {
      const onCreate = await api.call('POST', '/v1/channels', { type: 'webhook', name: 'x', config: { url } });
      const onPatch = await api.call('PATCH', `/v1/channels/${created.id}`, { config: { url } });
      expect(onPatch.status).toBe(400);
      expect(onPatch.body).toEqual(onCreate.body);
    }
    expect(
      (await other.call('PATCH', `/v1/channels/${created.id}`, { config: { url: receiver.url('/x') } })).status,
    ).toBe(404);
    expect((await api.call('PATCH', `/v1/channels/${created.id}`, { config: { email: 'a@b.example' } })).status).toBe(
      400,
    );

    const moved = await api.call('PATCH', `/v1/channels/${created.id}`, { config: { url: receiver.url('/moved') } });
    expect(moved).toMatchObject({ status: 200, body: { config: { url: receiver.url('/moved') } } });
    expect((await api.call('GET', `/v1/channels/${created.id}`)).body.config.url).toBe(receiver.url('/moved'));
    await publishClicks(bus, [clickFact(tenantId, [created.id])]);
    const [request] = await requestsTo('/moved', 1);
    expect(verifies(created.signingSecret, request)).toBe(true);
    expect(receiver.requestsTo('/before-move')).toHaveLength(0);
  });

  it('refuses to change an email channel’s address', async () => {
    const { body } = await api.call('POST', '/v1/channels', {
      type: 'email',
      name: 'mail',
      config: { email: 'ops@acme.example' },
    });
    const refused = await api.call('PATCH', `/v1/channels/${body.id}`, { config: { url: receiver.url('/mail') } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('sends a signed test event, marked as a test in the body and the delivery log', async () => {
    const created = await createWebhook('/test-send');
    const sent = await api.call('POST', `/v1/channels/${created.id}/test`);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ channelId: created.id, test: true });
    const [request] = await requestsTo('/test-send', 1);
    expect(request?.headers['webhook-id']).toBe(sent.body.eventId);
    const payload = new Webhook(created.signingSecret).verify(request?.body ?? '', headersOf(request));
    expect(payload).toMatchObject({ event: 'click', source: 'click', customerId: tenantId, test: true });
    const log = await waitFor(
      async () => {
        const { body } = await api.call('GET', `/v1/channels/${created.id}/deliveries`);
        return body.deliveries.length > 0 && body.deliveries;
      },
      { timeoutMs: 20_000 },
    );
    expect(log[0]).toMatchObject({ deliveryId: sent.body.deliveryId, outcome: 'delivered', test: true, attempt: 1 });

    expect((await other.call('POST', `/v1/channels/${created.id}/test`)).status).toBe(404);
    await api.call('PATCH', `/v1/channels/${created.id}`, { enabled: false });
    expect(await api.call('POST', `/v1/channels/${created.id}/test`)).toMatchObject({
      status: 409,
      body: { code: 'conflict' },
    });
  });

  it('rotates the secret: both signatures during the overlap, new first; the old one stops after it', async () => {
    const created = await createWebhook('/rotate');
    const rotated = await api.call('POST', `/v1/channels/${created.id}/secret/rotate`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.body.signingSecret).not.toBe(created.signingSecret);
    const overlapMs = Date.parse(rotated.body.previousSecretExpiresAt) - Date.now();
    expect(overlapMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlapMs).toBeLessThanOrEqual(24 * 3_600_000);
    const { rows } = await db.query('SELECT row_to_json(c)::text AS row FROM notifier.channel c WHERE id = $1', [
      created.id,
    ]);
    expect(rows[0].row).not.toContain(rotated.body.signingSecret.slice(6));
    expect(rows[0].row).not.toContain(created.signingSecret.slice(6));

    await publishClicks(bus, [clickFact(tenantId, [created.id])]);
    const [during] = await requestsTo('/rotate', 1);
    const signatures = String(during?.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(verifies(rotated.body.signingSecret, during)).toBe(true);
    expect(verifies(created.signingSecret, during)).toBe(true);
    const newFirst = { ...during, headers: { ...during?.headers, 'webhook-signature': signatures[0] } };
    expect(verifies(rotated.body.signingSecret, newFirst as ReceivedRequest)).toBe(true);

    // A short overlap: once it ends the old secret signs nothing and the sweep drops it.
    const short = await api.call('POST', `/v1/channels/${created.id}/secret/rotate`, { overlapSeconds: 1 });
    await waitFor(
      async () =>
        (await db.query('SELECT previous_secret_ciphertext FROM notifier.channel WHERE id = $1', [created.id])).rows[0]
          .previous_secret_ciphertext === null,
      { timeoutMs: 10_000, message: 'the expired secret to be dropped' },
    );
    await api.call('POST', `/v1/channels/${created.id}/test`);
    const after = (await requestsTo('/rotate', 2))[1];
    expect(String(after?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(short.body.signingSecret, after)).toBe(true);
    expect(verifies(rotated.body.signingSecret, after)).toBe(false);

    const dropped = await api.call('POST', `/v1/channels/${created.id}/secret/rotate`, { overlapSeconds: 0 });
    expect(dropped.body.previousSecretExpiresAt).toBeNull();
  });

  it('refuses bad rotations: out-of-range overlap, unsigned channel, another tenant, read-only key', async () => {
    const created = await createWebhook('/rotate-bad');
    for (const body of [
      { overlapSeconds: 7 * 86_400 + 1 },
      { overlapSeconds: -1 },
      { overlapSeconds: 'soon' },
      { x: 1 },
    ]) {
      expect(await api.call('POST', `/v1/channels/${created.id}/secret/rotate`, body)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });
    }
    const slack = await api.call('POST', '/v1/channels', {
      type: 'slack',
      name: 'slack',
      config: { url: receiver.url('/slack-rotate') },
    });
    expect((await api.call('POST', `/v1/channels/${slack.body.id}/secret/rotate`, {})).status).toBe(400);
    expect((await other.call('POST', `/v1/channels/${created.id}/secret/rotate`, {})).status).toBe(404);
    const readOnly = await newTenant(bus, ['notifications:read']);
    const reader = apiClient(notifier.baseUrl, readOnly.apiKey);
    await reader.ready();
    expect((await reader.call('POST', `/v1/channels/${created.id}/secret/rotate`, {})).status).toBe(403);
  });

  it('redelivers one finished delivery with the same webhook-id and body, as a fresh attempt series', async () => {
    const created = await createWebhook('/redeliver');
    await publishClicks(bus, [clickFact(tenantId, [created.id])]);
    const [first] = await requestsTo('/redeliver', 1);
    const logged = await waitFor(
      async () => {
        const { body } = await api.call('GET', `/v1/channels/${created.id}/deliveries`);
        return body.deliveries.length > 0 && body.deliveries[0];
      },
      { timeoutMs: 20_000 },
    );
    const again = await api.call('POST', `/v1/channels/${created.id}/deliveries/${logged.deliveryId}/redeliver`);
    expect(again).toMatchObject({
      status: 202,
      body: { deliveryId: logged.deliveryId, eventId: first?.headers['webhook-id'], test: false },
    });
    const [, second] = await requestsTo('/redeliver', 2);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    expect(verifies(created.signingSecret, second)).toBe(true);
    const attempts = await waitFor(
      async () => {
        const { body } = await api.call('GET', `/v1/channels/${created.id}/deliveries`);
        return body.deliveries.length >= 2 && body.deliveries;
      },
      { timeoutMs: 20_000 },
    );
    expect(attempts.map((a: { attempt: number; deliveryId: string }) => [a.attempt, a.deliveryId])).toEqual([
      [1, logged.deliveryId],
      [1, logged.deliveryId],
    ]);

    for (const bad of ['abc', '0', '99999999999999999999', String(BigInt(logged.deliveryId) + 100000n)]) {
      expect(await api.call('POST', `/v1/channels/${created.id}/deliveries/${bad}/redeliver`)).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
    }
    expect(
      (await other.call('POST', `/v1/channels/${created.id}/deliveries/${logged.deliveryId}/redeliver`)).status,
    ).toBe(404);
    const elsewhere = await createWebhook('/redeliver-elsewhere');
    expect(
      (await api.call('POST', `/v1/channels/${elsewhere.id}/deliveries/${logged.deliveryId}/redeliver`)).status,
    ).toBe(404);
  });

  it('keeps each series’ own next-attempt times in the log after a redelivery', async () => {
    receiver.on('/redeliver-series', (nth) => (nth % 2 === 1 ? 500 : 200));
    const created = await createWebhook('/redeliver-series');
    const sent = await api.call('POST', `/v1/channels/${created.id}/test`);
    const log = async (count: number) =>
      waitFor(
        async () => {
          const { body } = await api.call('GET', `/v1/channels/${created.id}/deliveries`);
          return body.deliveries.length >= count && body.deliveries;
        },
        { timeoutMs: 20_000, message: `${count} attempts` },
      );
    await log(2);
    await api.call('POST', `/v1/channels/${created.id}/deliveries/${sent.body.deliveryId}/redeliver`);
    const attempts = (await log(4)).reverse();
    expect(attempts.map((a: { attempt: number; outcome: string }) => [a.attempt, a.outcome])).toEqual([
      [1, 'failed'],
      [2, 'delivered'],
      [1, 'failed'],
      [2, 'delivered'],
    ]);
    expect(attempts[0].nextAttemptAt).toBe(attempts[1].at);
    expect(attempts[2].nextAttemptAt).toBe(attempts[3].at);
  });

  it('refuses to redeliver a delivery that is still being attempted', async () => {
    receiver.on('/redeliver-pending', () => 500);
    const created = await createWebhook('/redeliver-pending');
    const sent = await api.call('POST', `/v1/channels/${created.id}/test`);
    await requestsTo('/redeliver-pending', 1);
    expect(
      await api.call('POST', `/v1/channels/${created.id}/deliveries/${sent.body.deliveryId}/redeliver`),
    ).toMatchObject({
      status: 409,
      body: { code: 'conflict' },
    });
    await api.call('PATCH', `/v1/channels/${created.id}`, { enabled: false });
  });
});
