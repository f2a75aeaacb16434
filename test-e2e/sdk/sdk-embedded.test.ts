import { strFromU8, unzipSync } from 'fflate';
import { verifyWebhook, WebhookVerificationError, type Gs1Export } from '@waymark/sdk';
import { waitFor } from '@waymark/testkit';
import { startEmbeddedWaymark, type EmbeddedWaymark } from '../support/embedded-waymark';
import { startWebhookReceiver, type WebhookReceiver } from '../system/support/webhook-receiver';
import { pathOf, visit } from '../system/support/visitor';
import { must, onboardWithSdk, type SdkTenant } from './support/sdk-tenant';

jest.setTimeout(300_000);

const GTINS = ['09506000134352', '09506000134369', '09506000134376'];

// An integrator's journey with @waymark/sdk against the embedded mode: every call below is typed by the generated client.
describe('@waymark/sdk against the embedded mode', () => {
  let system: EmbeddedWaymark;
  let receiver: WebhookReceiver;
  let tenant: SdkTenant;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    system = await startEmbeddedWaymark({ webhookHosts: new URL(receiver.base).host });
    tenant = await onboardWithSdk(system);
  }, 240_000);

  // Every answer the SDK saw, operator calls included, is one the public document describes.
  afterEach(() => expect(tenant?.contractProblems.splice(0) ?? []).toEqual([]));

  afterAll(async () => {
    await system?.stop();
    await receiver?.stop();
  }, 60_000);

  it('creates a link, gets its QR as SVG, and verifies a signed click delivery with verifyWebhook', async () => {
    const { waymark } = tenant;
    const channel = must(
      await waymark.POST('/v1/channels', {
        body: { type: 'webhook', name: 'sdk', config: { url: `${receiver.base}/sdk` } },
      }),
      'create channel',
    );
    expect(channel.signingSecret).toMatch(/^whsec_/);
    const link = must(
      await waymark.POST('/v1/links', {
        body: { destination: 'https://example.com/sdk', notifyChannels: [channel.id] },
      }),
      'create link',
    );
    const qr = await waymark.GET('/v1/links/{code}/qr', { params: { path: { code: link.code } }, parseAs: 'text' });
    expect(qr.response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(qr.data).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);

    const { host, path } = pathOf(link.shortUrl);
    expect((await visit(system.visitorPort, host, path)).status).toBe(302);
    const delivery = await waitFor(() => receiver.received.find((d) => d.path === '/sdk'), {
      timeoutMs: 30_000,
      message: 'the click delivered to the webhook',
    });
    const headers = delivery.headers as Record<string, string>;
    const event = verifyWebhook(channel.signingSecret as string, delivery.body, headers);
    expect(event).toMatchObject({
      event: 'click',
      code: link.code,
      shortUrl: link.shortUrl,
      destination: 'https://example.com/sdk',
    });
    expect(() =>
      verifyWebhook(channel.signingSecret as string, delivery.body.replace('click', 'clack'), headers),
    ).toThrow(WebhookVerificationError);

    const csv = await waitFor(
      async () => {
        const answer = await waymark.GET('/v1/links/{code}/analytics', {
          params: { path: { code: link.code }, query: { format: 'csv', window: '24h' } },
          parseAs: 'text',
        });
        return answer.response.status === 200 && /^totals,,1,1,0,/m.test(answer.data ?? '') && answer;
      },
      { timeoutMs: 30_000, message: 'the click counted in the CSV analytics' },
    );
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.data?.split(/\r?\n/)[0]).toBe('section,key,total,clicks,scans,humans,bots,unique_visitors');
  });

  it('iterates a paginated list past its first page', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      destination: `https://example.com/page/${i}`,
      tags: { batch: 'paging' },
    }));
    const bulk = must(await tenant.waymark.POST('/v1/links/bulk', { body: { rows } }), 'bulk create');
    expect(bulk.created).toBe(5);
    const before = tenant.requests.count;
    const codes: string[] = [];
    for await (const link of tenant.waymark.paginate('/v1/links', { query: { tag: 'batch:paging', limit: 2 } }))
      codes.push(link.code);
    expect(new Set(codes).size).toBe(5);
    expect(tenant.requests.count - before).toBe(3);
  });

  it('imports GS1 records in bulk, then exports their artwork, waits for it and downloads the zip', async () => {
    const records = GTINS.map((gtin) => ({ gtin, destination: `https://brand.example/${gtin}` }));
    const imported = must(
      await tenant.waymark.POST('/v1/gs1/links/bulk', { body: { records, tags: ['sdk-export'] } }),
      'GS1 bulk',
    );
    expect({ created: imported.created, failed: imported.failed }).toEqual({ created: 3, failed: 0 });

    const created = must(
      await tenant.waymark.POST('/v1/gs1/exports', {
        body: { name: 'sdk-artwork', tags: ['sdk-export'], symbologies: ['qr'], formats: ['svg'] },
      }),
      'create export',
    );
    const seen: Gs1Export['status'][] = [];
    const job = await tenant.waymark.exports.waitUntilReady(created.jobId, {
      onProgress: (j) => seen.push(j.status),
      intervalMs: 200,
    });
    expect(job).toMatchObject({ status: 'ready', count: 3 });
    expect(seen.at(-1)).toBe('ready');
    const files = unzipSync(await tenant.waymark.exports.download(job));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['manifest.csv', ...GTINS.map((gtin) => `01_${gtin}.svg`)]),
    );
    expect(
      strFromU8(files['manifest.csv'] as Uint8Array)
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(4);
  });
});
