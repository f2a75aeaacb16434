import { Client } from 'pg';
import { channelsTopic, type ChannelState } from '@waymark/contracts';
import type { KafkaEventBus, Subscription } from '@waymark/events';
import { startLocalDns, uniqueName, waitFor, type LocalDns } from '@waymark/testkit';
import { startReceiver, type Receiver } from './support/receiver';
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

describe('channels API', () => {
  let bus: KafkaEventBus;
  let dns: LocalDns;
  let receiver: Receiver;
  let notifier: StartedNotifier;
  let tenantId: string;
  let api: ReturnType<typeof apiClient>;
  let states: Subscription;
  const published: ChannelState[] = [];

  beforeAll(async () => {
    bus = await connectBus();
    dns = await startLocalDns();
    receiver = await startReceiver();
    ({ notifier, tenantId, api } = await startNotifierForTenant(
      bus,
      testEnv({ WEBHOOK_DNS_SERVERS: dns.address, WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry }),
    ));
    states = await bus.subscribe({
      topic: channelsTopic,
      mode: 'group',
      groupId: uniqueName('channels-watch'),
      handleBatch: async (messages) => {
        for (const m of messages) if (m.value?.tenantId === tenantId) published.push(m.value);
      },
    });
  });

  afterAll(async () => {
    await states?.stop();
    await notifier?.service.stop();
    await Promise.all([receiver?.close(), dns?.close()]);
    await bus?.close();
  });

  it('creates a webhook channel whose secret is shown once and stored only encrypted, and publishes it on channels.v1', async () => {
    const created = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'Orders',
      config: { url: receiver.url('/a') },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'webhook',
      name: 'Orders',
      enabled: true,
      signed: true,
      confirmed: true,
    });
    expect(created.headers.get('location')).toBe(`/v1/channels/${created.body.id}`);
    expect(created.body.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const listed = await api.call('GET', '/v1/channels');
    expect(listed.body.channels).toHaveLength(1);
    expect(listed.body.channels[0]).not.toHaveProperty('signingSecret');

    const db = new Client({ connectionString: notifier.databaseUrl });
    await db.connect();
    const { rows } = await db.query('SELECT row_to_json(c)::text AS row FROM notifier.channel c WHERE id = $1', [
      created.body.id,
    ]);
    await db.end();
    expect(rows[0].row).not.toContain(created.body.signingSecret.slice(6));

    const state = await waitFor(() => published.find((s) => s.id === created.body.id), { timeoutMs: 20_000 });
    expect(state).toMatchObject({ tenantId, type: 'webhook', enabled: true, confirmed: true });
    expect(JSON.stringify(state)).not.toContain('whsec_');
  });

  it('pauses, renames and deletes a channel; another tenant cannot see it', async () => {
    const { body } = await api.call('POST', '/v1/channels', {
      type: 'slack',
      name: 'Team',
      config: { url: receiver.url('/slack') },
    });
    expect(body.signingSecret).toBeUndefined();
    expect(body.signed).toBe(false);
    const patched = await api.call('PATCH', `/v1/channels/${body.id}`, { enabled: false, name: 'Team (paused)' });
    expect(patched.body).toMatchObject({ enabled: false, name: 'Team (paused)' });

    const other = await newTenant(bus);
    const otherApi = apiClient(notifier.baseUrl, other.apiKey);
    await otherApi.ready();
    expect((await otherApi.call('DELETE', `/v1/channels/${body.id}`)).status).toBe(404);
    expect((await otherApi.call('GET', `/v1/channels/${body.id}/deliveries`)).status).toBe(404);

    expect((await api.call('DELETE', `/v1/channels/${body.id}`)).status).toBe(204);
    expect((await api.call('DELETE', `/v1/channels/${body.id}`)).status).toBe(404);
  });

  it('slack channels get Slack message bodies, unsigned', async () => {
    const { body } = await api.call('POST', '/v1/channels', {
      type: 'slack',
      name: 'Slack',
      config: { url: receiver.url('/slack-live') },
    });
    await publishClicks(bus, [clickFact(tenantId, [body.id])]);
    const [request] = await waitFor(
      () => receiver.requestsTo('/slack-live').length > 0 && receiver.requestsTo('/slack-live'),
      { timeoutMs: 20_000 },
    );
    expect(JSON.parse(request?.body as string).text).toContain('go.acme.test');
    expect(request?.headers['webhook-signature']).toBeUndefined();
  });

  it('pages the channel list with a cursor, oldest first, and refuses a cursor it did not issue', async () => {
    const other = await newTenant(bus);
    const paged = apiClient(notifier.baseUrl, other.apiKey);
    await paged.ready();
    const names = ['one', 'two', 'three', 'four', 'five'];
    for (const name of names)
      await paged.call('POST', '/v1/channels', { type: 'webhook', name, config: { url: receiver.url(`/${name}`) } });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: { channels: { name: string }[]; nextCursor: string | null } } =
        await paged.call('GET', `/v1/channels?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.channels.map((c) => c.name));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect({ pages, seen }).toEqual({ pages: 3, seen: names });
    expect((await paged.call('GET', '/v1/channels?cursor=bm9wZQ')).body.code).toBe('validation_failed');
    expect((await paged.call('GET', '/v1/channels?limit=500')).status).toBe(400);
  });

  it('creates a channel once for a repeated Idempotency-Key, replaying the first answer with its one-time secret', async () => {
    const other = await newTenant(bus);
    const client = apiClient(notifier.baseUrl, other.apiKey);
    await client.ready();
    const post = () =>
      fetch(`${notifier.baseUrl}/v1/channels`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${other.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': 'channel-1',
        },
        body: JSON.stringify({ type: 'webhook', name: 'Once', config: { url: receiver.url('/once') } }),
      });
    const first = await post();
    const again = await post();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect((await client.call('GET', '/v1/channels')).body.channels).toHaveLength(1);
  });

  it('refuses keys without the scope and requests without a key', async () => {
    const readOnly = await newTenant(bus, ['notifications:read']);
    const client = apiClient(notifier.baseUrl, readOnly.apiKey);
    await client.ready();
    const refused = await client.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'x',
      config: { url: receiver.url('/x') },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    expect((await fetch(`${notifier.baseUrl}/v1/channels`)).status).toBe(401);
  });

  it.each([
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://169.254.169.254/latest/meta-data/', 'linkLocal'],
    ['https://internal.attacker.test/hook', 'private'],
    ['http://hooks.example.com/hook', 'https'],
  ])('refuses the webhook URL %s (%s)', async (url, reason) => {
    dns.setA('internal.attacker.test', '10.0.0.1');
    const refused = await api.call('POST', '/v1/channels', { type: 'webhook', name: 'bad', config: { url } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect(refused.body.error).toContain(reason);
  });

  it('checks the address again at connect time, so DNS rebinding after creation is refused', async () => {
    dns.setA('rebind.attacker.test', '93.184.215.14');
    const { status, body } = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'rebind',
      config: { url: 'https://rebind.attacker.test/hook' },
    });
    expect(status).toBe(201);
    dns.setA('rebind.attacker.test', '127.0.0.1');
    await publishClicks(bus, [clickFact(tenantId, [body.id])]);
    const log = await waitFor(
      async () => {
        const { body: page } = await api.call('GET', `/v1/channels/${body.id}/deliveries`);
        return page.deliveries.length > 0 && page.deliveries;
      },
      { timeoutMs: 20_000 },
    );
    expect(log[0]).toMatchObject({ attempt: 1, outcome: 'failed', errorKind: 'blocked', httpStatus: null });
  });
});
