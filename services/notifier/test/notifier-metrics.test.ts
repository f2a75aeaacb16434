import { waitFor } from '@waymark/testkit';
import { clickFact, publishClicks, testEnv } from './support/notifier-harness';
import { useTenantNotifier } from './support/notifier-suite';

/** Sum of the series of `name` whose labels include every one of `labels`, from Prometheus text. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      sum += Number(line.split(' ').pop());
  }
  return sum;
}

describe('notifier metrics', () => {
  const suite = useTenantNotifier((receiver) => testEnv({ WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry }));
  const scrape = async () => (await fetch(`${suite.notifier.baseUrl}/metrics`)).text();

  it('count delivery attempts, failures and their latency; show the outbox and the clicks consumer', async () => {
    const before = await scrape();
    suite.receiver.on('/metrics-flaky', (nth) => (nth === 1 ? 503 : 204));
    const created = await suite.api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'm',
      config: { url: suite.receiver.url('/metrics-flaky') },
    });
    expect(created.status).toBe(201);
    await publishClicks(suite.bus, [clickFact(suite.tenantId, [created.body.id])]);
    await waitFor(() => suite.receiver.requestsTo('/metrics-flaky').length >= 2, {
      timeoutMs: 20_000,
      message: 'two attempts',
    });

    const after = await waitFor(
      async () => {
        const text = await scrape();
        return (
          total(text, 'notifier_delivery_attempts_total', { outcome: 'delivered' }) >
            total(before, 'notifier_delivery_attempts_total', { outcome: 'delivered' }) && text
        );
      },
      { timeoutMs: 10_000, message: 'the delivered attempt counted' },
    );
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved('notifier_delivery_attempts_total', { channel_type: 'webhook', outcome: 'delivered' })).toBe(1);
    expect(moved('notifier_delivery_attempts_total', { channel_type: 'webhook', outcome: 'failed' })).toBe(1);
    expect(moved('notifier_delivery_failures_total', { channel_type: 'webhook' })).toBe(1);
    expect(moved('notifier_delivery_attempt_duration_seconds_count', { channel_type: 'webhook' })).toBe(2);
    expect(after).toMatch(/^notifier_deliveries_due\{[^}]*\} \d+$/m);
    expect(after).toMatch(/^notifier_oldest_due_delivery_age_seconds\{[^}]*\} [\d.]+$/m);
    // The channel's creation went out through the outbox; the click was handled by the clicks group.
    expect(moved('outbox_published_events_total')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^outbox_pending_events\{[^}]*\} \d+$/m);
    expect(after).toMatch(/^outbox_oldest_pending_age_seconds\{[^}]*\} [\d.]+$/m);
    expect(moved('event_messages_handled_total', { topic: 'clicks.v1' })).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^event_consumer_lag_messages\{[^}]*topic="clicks\.v1"[^}]*\} \d+$/m);
  });
});
