import { waitFor } from '@waymark/testkit';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';
import { visit } from '../support/visitor';
import { verifiedDeliveries } from '../support/webhooks';

const NOTIFIERS = ['notifier-1', 'notifier-2'];

/** Both notifiers killed (SIGKILL) between two attempts of a delivery, then started again: the retry still happens. */
export function notifierRestart(system: () => System): void {
  describe('fault: the notifiers killed between attempts of a delivery', () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await onboardTenant(system());
    }, 60_000);

    it('retries after the restart and delivers the click once (one webhook-id), signed', async () => {
      const hookPath = `/flaky-${Date.now().toString(36)}`;
      const receiver = system().receiver;
      receiver.failNext(hookPath, 1);
      const channel = await tenant.api.call('POST', '/v1/channels', {
        type: 'webhook',
        name: 'Flaky',
        config: { url: `${receiver.base}${hookPath}` },
      });
      expect(channel.status).toBe(201);
      await waitFor(
        async () =>
          (
            await tenant.api.call('POST', '/v1/links', {
              destination: 'https://example.com/r',
              code: 'retry-me',
              notifyChannels: [channel.body.id],
            })
          ).status === 201,
        { timeoutMs: 20_000, intervalMs: 200, message: 'link-api to know the channel' },
      );
      await waitFor(async () => (await visit(system().gateway.port, tenant.domain, '/retry-me')).status === 302, {
        timeoutMs: 20_000,
        intervalMs: 200,
        message: 'the link to redirect',
      });
      const onPath = () => receiver.received.filter((r) => r.path === hookPath);
      await waitFor(() => onPath().length >= 1, {
        timeoutMs: 30_000,
        intervalMs: 50,
        message: 'the first (failing) attempt',
      });
      expect(onPath()[0]?.status).toBe(503);

      // Killed before the retry is due (3 s after the failure with the e2e time unit).
      for (const label of NOTIFIERS) system().services.get(label)?.proc.signal('SIGKILL');
      await Promise.all(NOTIFIERS.map((label) => system().services.get(label)?.proc.exited));
      expect(onPath()).toHaveLength(1);
      await Promise.all(NOTIFIERS.map((label) => system().restart(label)));

      const delivered = await waitFor(
        () => {
          const verified = verifiedDeliveries(receiver.received, hookPath, channel.body.signingSecret);
          return verified.length >= 1 && verified;
        },
        { timeoutMs: 60_000, intervalMs: 200, message: 'the retried delivery' },
      );
      expect(delivered).toHaveLength(1);
      expect(delivered[0]?.payload).toMatchObject({ event: 'click', code: 'retry-me' });
      // Every attempt carried the same message id: the retry is the same delivery, not a new one.
      expect(new Set(onPath().map((r) => String(r.headers['webhook-id'])))).toEqual(new Set([delivered[0]?.id]));
      // The gateway serves the channel API again from the restarted instances (nginx drops its dead keep-alive
      // connections and takes the upstreams back after their fail_timeout).
      await waitFor(
        async () =>
          (await Promise.all([1, 2, 3, 4].map(() => tenant.api.raw('GET', '/v1/channels')))).every(
            (r) => r.status === 200,
          ),
        { timeoutMs: 60_000, intervalMs: 500, message: 'the channel API through the gateway after the restart' },
      );
    }, 150_000);
  });
}
