import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger } from '@waymark/logging';
import { waitFor } from '@waymark/testkit';
import {
  apiClient,
  clickFact,
  newTenant,
  publishClicks,
  startNotifier,
  testEnv,
  type StartedNotifier,
} from './support/notifier-harness';
import { useNotifierSuite } from './support/notifier-suite';

/** Another loopback port, standing in for an internal service (a database, the object store) on the same host. */
async function startInternalService(): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => res.writeHead(403).end('internal secret'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('plain-http webhook allowlist', () => {
  const suite = useNotifierSuite();
  let internal: { server: Server; port: number };
  let notifier: StartedNotifier;
  let api: ReturnType<typeof apiClient>;
  let tenantId: string;
  const logLines: Array<{ msg: string; webhookHttpAllowedHosts?: string[] }> = [];

  beforeAll(async () => {
    internal = await startInternalService();
    const logger = createLogger({
      service: 'notifier',
      level: 'info',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
          done();
        },
      }),
    });
    // The receiver's entry is written as a numeric IPv4 form; the notifier reads it as 127.0.0.1.
    notifier = await startNotifier(
      suite.bus,
      testEnv({ WEBHOOK_HTTP_ALLOWED_HOSTS: `2130706433:${suite.receiver.port}` }),
      undefined,
      logger,
    );
    const tenant = await newTenant(suite.bus);
    tenantId = tenant.tenantId;
    api = apiClient(notifier.baseUrl, tenant.apiKey);
    await api.ready();
  });

  suite.atEnd(async () => {
    await notifier?.service.stop();
    await new Promise((closed) => internal?.server.close(closed));
  });

  it('says at start-up which host:port entries it opens to every tenant', () => {
    const notice = logLines.find((line) => line.webhookHttpAllowedHosts !== undefined);
    expect(notice?.webhookHttpAllowedHosts).toEqual([`127.0.0.1:${suite.receiver.port}`]);
    expect(notice?.msg).toContain(`opens 127.0.0.1:${suite.receiver.port} to every tenant's webhooks`);
  });

  it('stores a numeric host normalised and delivers to the address it names', async () => {
    const created = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'numeric',
      config: { url: `http://2130706433:${suite.receiver.port}/numeric` },
    });
    expect(created.status).toBe(201);
    expect(created.body.config.url).toBe(`http://127.0.0.1:${suite.receiver.port}/numeric`);
    const listed = await api.call('GET', '/v1/channels');
    expect(listed.body.channels.map((c: { config: { url: string } }) => c.config.url)).toEqual([
      `http://127.0.0.1:${suite.receiver.port}/numeric`,
    ]);
    await publishClicks(suite.bus, [clickFact(tenantId, [created.body.id])]);
    await waitFor(() => suite.receiver.requestsTo('/numeric').length === 1, { timeoutMs: 20_000 });
  });

  it.each([
    (port: number) => `http://127.0.0.1:${port}/x`,
    (port: number) => `http://0x7f.1:${port}/x`,
    (port: number) => `https://127.1:${port}/x`,
  ])('refuses another port of the allowlisted host (%#), so no other local service is reached', async (url) => {
    const refused = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'internal',
      config: { url: url(internal.port) },
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
  });

  it('refuses a public-looking numeric host that is a loopback address', async () => {
    const refused = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'numeric',
      config: { url: 'https://2130706433/h' },
    });
    expect([refused.status, refused.body.error]).toEqual([400, 'config.url is a loopback address']);
  });
});
