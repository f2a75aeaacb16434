import { waitFor } from '@waymark/testkit';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';
import { visit } from '../support/visitor';
import { waitForRedirect } from '../support/visits';
import { verifiedDeliveries } from '../support/webhooks';

const OUTAGE_MS = 60_000;
const VISIT_EVERY_MS = 250;

/** The Kafka cluster frozen (SIGSTOP) for a minute under light redirect load: nothing a visitor does is lost. */
export function kafkaOutage(system: () => System): void {
  describe('fault: Kafka stopped for 60 s under redirect load', () => {
    let tenant: Tenant;
    let secret: string;
    const hookPath = '/hooks/kafka-outage';

    beforeAll(async () => {
      tenant = await onboardTenant(system());
      const channel = await tenant.api.call('POST', '/v1/channels', {
        type: 'webhook',
        name: 'outage',
        config: { url: `${system().receiver.base}${hookPath}` },
      });
      secret = channel.body.signingSecret;
      await waitFor(
        async () =>
          (
            await tenant.api.call('POST', '/v1/links', {
              destination: 'https://example.com/steady',
              code: 'steady',
              notifyChannels: [channel.body.id],
            })
          ).status === 201,
        { timeoutMs: 20_000, intervalMs: 200, message: 'link-api to know the channel' },
      );
      await waitForRedirect(system(), tenant.domain, '/steady', 'https://example.com/steady');
    }, 60_000);

    it('redirects every visit during the outage; afterwards analytics and webhooks count every one of them', async () => {
      await system().kafka.pause();
      let visits = 0;
      const failures: string[] = [];
      try {
        const end = Date.now() + OUTAGE_MS;
        while (Date.now() < end) {
          const started = Date.now();
          const answer = await visit(system().gateway.port, tenant.domain, '/steady', {
            forwardedFor: `198.51.100.${(visits % 200) + 1}`,
          });
          visits += 1;
          if (answer.status !== 302 || answer.location !== 'https://example.com/steady')
            failures.push(`${answer.status} ${answer.location}`);
          // Light, steady load: one visit per interval (the pause between visits is the load shape, not a wait for a condition).
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, VISIT_EVERY_MS - (Date.now() - started))));
        }
      } finally {
        await system().kafka.resume();
      }
      expect(failures).toEqual([]);
      expect(visits).toBeGreaterThan(100);

      await waitFor(
        async () =>
          (await tenant.api.call('GET', '/v1/links/steady/analytics?window=24h')).body?.totals?.total === visits,
        { timeoutMs: 120_000, intervalMs: 1_000, message: `analytics to count all ${visits} visits` },
      );
      const delivered = await waitFor(
        () => {
          const unique = verifiedDeliveries(system().receiver.received, hookPath, secret);
          return unique.length >= visits && unique;
        },
        { timeoutMs: 120_000, intervalMs: 1_000, message: `a webhook for each of the ${visits} visits` },
      );
      expect(delivered).toHaveLength(visits);
    }, 330_000);
  });
}
