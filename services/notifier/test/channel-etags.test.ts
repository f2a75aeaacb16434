import type { KafkaEventBus } from '@waymark/events';
import { startLocalDns, type LocalDns } from '@waymark/testkit';
import { startReceiver, type Receiver } from './support/receiver';
import {
  apiClient,
  connectBus,
  newTenant,
  type StartedNotifier,
  startNotifier,
  testEnv,
} from './support/notifier-harness';

describe("a channel's ETag", () => {
  let bus: KafkaEventBus;
  let dns: LocalDns;
  let receiver: Receiver;
  let notifier: StartedNotifier;
  let baseUrl: string;
  let apiKey: string;

  beforeAll(async () => {
    bus = await connectBus();
    dns = await startLocalDns();
    receiver = await startReceiver();
    const env = testEnv({ WEBHOOK_DNS_SERVERS: dns.address, WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry });
    notifier = await startNotifier(bus, env);
    ({ apiKey } = await newTenant(bus));
    baseUrl = notifier.baseUrl;
    await apiClient(baseUrl, apiKey).ready();
  });

  afterAll(async () => {
    await notifier?.service.stop();
    await Promise.all([receiver?.close(), dns?.close()]);
    await bus?.close();
  });

  const send = (method: string, path: string, body?: unknown, ifMatch?: string) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('is the same strong tag on create, update and in the list, and If-Match takes it', async () => {
    const created = await send('POST', '/v1/channels', {
      type: 'webhook',
      name: 'Tagged',
      config: { url: receiver.url('/tagged') },
    });
    expect(created.status).toBe(201);
    const etag = created.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const channel = (await created.json()) as { id: string; etag: string; signingSecret: string };
    expect(channel.etag).toBe(etag);

    const renamed = await send('PATCH', `/v1/channels/${channel.id}`, { name: 'Tagged twice' }, etag);
    expect(renamed.status).toBe(200);
    const newEtag = renamed.headers.get('etag')!;
    expect(newEtag).not.toBe(etag);
    expect(((await renamed.json()) as { etag: string }).etag).toBe(newEtag);
    const listed = (await (await send('GET', '/v1/channels?limit=200')).json()) as {
      channels: { id: string; etag: string }[];
    };
    expect(listed.channels.find((c) => c.id === channel.id)?.etag).toBe(newEtag);

    const stale = await send('PATCH', `/v1/channels/${channel.id}`, { enabled: false }, etag);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'precondition_failed', details: { etag: newEtag } });
    expect((await send('DELETE', `/v1/channels/${channel.id}`, undefined, etag)).status).toBe(412);
    expect((await send('DELETE', `/v1/channels/${channel.id}`, undefined, newEtag)).status).toBe(204);
  });
});
