import { waitFor } from '@waymark/testkit';
import { decodeQrSvg } from '@waymark/testkit';
import { serviceReport } from '../support/service-report';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';
import { pathOf, visit } from '../support/visitor';
import { waitForRedirect } from '../support/visits';
import { verifiedDeliveries } from '../support/webhooks';

/** An integrator's day through the gateway: channel, links, QR, visits and scans, webhooks, analytics, re-pointing. */
export function linksJourney(system: () => System): void {
  describe('an integrator with short links, a QR code and a webhook channel', () => {
    let tenant: Tenant;
    let secret: string;
    let channelId: string;
    const hookPath = '/hooks/links';

    beforeAll(async () => {
      tenant = await onboardTenant(system());
    }, 60_000);

    it('creates a signed webhook channel and a link that notifies it', async () => {
      const channel = await tenant.api.call('POST', '/v1/channels', {
        type: 'webhook',
        name: 'CRM',
        config: { url: `${system().receiver.base}${hookPath}` },
      });
      expect(channel.status).toBe(201);
      expect(channel.body).toMatchObject({ type: 'webhook', enabled: true, signed: true });
      expect(channel.body.signingSecret).toMatch(/^whsec_/);
      secret = channel.body.signingSecret;
      channelId = channel.body.id;
      // link-api learns channels from channels.v1: until then the id is refused as unknown (400).
      const created = await waitFor(
        async () => {
          const reply = await tenant.api.call('POST', '/v1/links', {
            destination: 'https://example.com/landing?utm_source=print',
            code: 'spring',
            tags: { campaign: 'spring' },
            notifyChannels: [channelId],
          });
          return reply.status === 201 && reply;
        },
        { timeoutMs: 20_000, intervalMs: 200, message: 'link-api to know the new channel' },
      );
      expect(created.body).toMatchObject({
        code: 'spring',
        domain: tenant.domain,
        status: 'active',
        notifyChannels: [channelId],
      });
      expect(created.body.shortUrl).toBe(`https://${tenant.domain}/spring`);
      const listed = await tenant.api.call('GET', '/v1/links?tag=campaign:spring');
      expect(listed.body.links.map((l: { code: string }) => l.code)).toEqual(['spring']);
    });

    it('creates links in bulk: good rows are created, a bad row is reported without aborting the batch', async () => {
      const bulk = await tenant.api.call('POST', '/v1/links/bulk', {
        rows: [
          { destination: 'https://example.com/a' },
          { destination: 'ftp://example.com/nope' },
          { destination: 'https://example.com/c', code: 'summer' },
        ],
      });
      expect(bulk.status).toBe(200);
      expect(bulk.body).toMatchObject({ requested: 3, created: 2, failed: 1 });
      expect(bulk.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'failed', 'created']);
      expect(bulk.body.results[1].errorCode).toBe('destination_rejected');
      const { host, path } = pathOf(bulk.body.results[2].shortUrl);
      await waitForRedirect(system(), host, path, 'https://example.com/c');
    });

    it('serves a QR code that scans to the short URL; visits and scans redirect through the gateway', async () => {
      const qr = await tenant.api.call('GET', '/v1/links/spring/qr?scale=6');
      expect(qr.status).toBe(200);
      expect(qr.headers.get('cache-control')).toBe('no-store');
      const [scanned] = (await decodeQrSvg(qr.text)).texts;
      expect(scanned).toBe(`https://${tenant.domain}/spring?s=q`);

      await waitForRedirect(system(), tenant.domain, '/spring', 'https://example.com/landing?utm_source=print');
      const clicks = [
        await visit(system().gateway.port, tenant.domain, '/spring'),
        await visit(system().gateway.port, tenant.domain, '/spring', { forwardedFor: '203.0.113.7' }),
      ];
      const { host, path } = pathOf(scanned as string);
      const scan = await visit(system().gateway.port, host, path);
      for (const answer of [...clicks, scan]) {
        expect(answer.status).toBe(302);
        expect(answer.location).toBe('https://example.com/landing?utm_source=print');
        expect(answer.headers['cache-control']).toBe('private, no-store, max-age=0');
      }
      expect((await visit(system().gateway.port, tenant.domain, '/no-such-code')).status).toBe(404);
    });

    it('delivers one signed webhook per click and scan, verified with standardwebhooks', async () => {
      const deliveries = await waitFor(
        () => {
          const verified = verifiedDeliveries(system().receiver.received, hookPath, secret);
          return verified.length >= 3 && verified;
        },
        { timeoutMs: 45_000, intervalMs: 200, message: 'three webhook deliveries' },
      ).catch(async (error: unknown) => {
        // What the notifier scheduled and attempted, what the receiver got, and how both notifiers fared.
        const log = await tenant.api.call('GET', `/v1/channels/${channelId}/deliveries`).then(
          (r) => JSON.stringify(r.body),
          (e: unknown) => String(e),
        );
        const got = system()
          .receiver.received.map((r) => `${r.path} ${r.status}`)
          .join(', ');
        const reports = await Promise.all(['notifier-1', 'notifier-2'].map((label) => serviceReport(system(), label)));
        throw new Error(
          `${(error as Error).message}\ndelivery log: ${log}\nreceived: ${got || 'nothing'}\n${reports.join('\n')}`,
          { cause: error },
        );
      });
      expect(deliveries).toHaveLength(3);
      for (const { payload } of deliveries) {
        expect(payload).toMatchObject({
          event: 'click',
          code: 'spring',
          shortUrl: `https://${tenant.domain}/spring`,
          tags: { campaign: 'spring' },
        });
        expect(typeof payload.ts).toBe('number');
      }
      expect(deliveries.filter((d) => d.payload.source === 'qr')).toHaveLength(1);
      expect(deliveries.some((d) => d.payload.ip === '203.0.113.7')).toBe(true);
      const log = await tenant.api.call('GET', `/v1/channels/${channelId}/deliveries`);
      expect(log.status).toBe(200);
    });

    it('reads the per-link and tenant analytics of those visits', async () => {
      const link = await waitFor(
        async () => {
          const reply = await tenant.api.call('GET', '/v1/links/spring/analytics?window=24h');
          return reply.status === 200 && reply.body.totals.total === 3 && reply;
        },
        { timeoutMs: 30_000, intervalMs: 250, message: 'per-link analytics to count 3 visits' },
      );
      expect(link.body.totals).toMatchObject({ total: 3, clicks: 2, scans: 1, humans: 3, bots: 0 });
      const tenantWide = await waitFor(
        async () => {
          const reply = await tenant.api.call('GET', '/v1/analytics');
          return reply.status === 200 && reply.body.totals.total >= 3 && reply;
        },
        { timeoutMs: 30_000, intervalMs: 250, message: 'tenant analytics' },
      );
      expect(tenantWide.body.totals.scans).toBe(1);
    });

    it('re-points the link: the next visit (and the printed QR) follows the new destination', async () => {
      const patched = await tenant.api.call('PATCH', '/v1/links/spring', { destination: 'https://example.org/summer' });
      expect(patched.status).toBe(200);
      expect(patched.body.destination).toBe('https://example.org/summer');
      await waitForRedirect(system(), tenant.domain, '/spring', 'https://example.org/summer');
      expect((await visit(system().gateway.port, tenant.domain, '/spring?s=q')).location).toBe(
        'https://example.org/summer',
      );
    });

    it('confirms an email channel through the link mailed to the recipient (double opt-in)', async () => {
      const created = await tenant.api.call('POST', '/v1/channels', {
        type: 'email',
        name: 'Ops mail',
        config: { email: 'ops@example.com' },
      });
      expect(created.status).toBe(201);
      expect(created.body.confirmed).toBe(false);
      const mail = await waitFor(() => system().smtp.mails.find((m) => m.to.includes('ops@example.com')), {
        timeoutMs: 20_000,
        message: 'the opt-in mail',
      });
      const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = /\/v1\/email-confirmations\/([A-Za-z0-9_-]+)/.exec(unfolded)?.[1];
      expect(token).toBeDefined();
      // The link opens a page (a GET confirms nothing: mail scanners follow links); its button posts back.
      const page = await system().api.call('GET', `/v1/email-confirmations/${token}`);
      expect(page.text).toMatch(/<form method="post">/);
      const confirmed = await system().api.call('POST', `/v1/email-confirmations/${token}`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ channelId: created.body.id, confirmed: true });
    });
  });
}
