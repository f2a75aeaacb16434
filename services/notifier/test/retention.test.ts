import { Client } from 'pg';
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

describe('retention sweep of old deliveries', () => {
  const suite = useNotifierSuite();
  let notifier: StartedNotifier;
  let db: Client;

  beforeAll(async () => {
    // Retries an hour-scale "second" apart keep the failing delivery pending for the whole test.
    notifier = await startNotifier(
      suite.bus,
      testEnv({
        DELIVERY_TIME_UNIT: '1s',
        DELIVERY_RETENTION: '1h',
        DELIVERY_RETENTION_SWEEP_INTERVAL: '100ms',
        WEBHOOK_HTTP_ALLOWED_HOSTS: suite.receiver.allowEntry,
      }),
    );
    db = new Client({ connectionString: notifier.databaseUrl });
    await db.connect();
  });
  suite.atEnd(async () => {
    await db?.end();
    await notifier?.service.stop();
  });

  const deliveryOf = async (eventId: string) =>
    (
      await db.query<{ id: string; status: string }>(
        'SELECT id::text, status FROM notifier.delivery WHERE event_id = $1',
        [eventId],
      )
    ).rows[0];
  const attemptsOf = async (eventId: string) =>
    (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifier.delivery_attempt WHERE event_id = $1', [
        eventId,
      ])
    ).rows[0]?.n;

  it('deletes finished deliveries older than the retention with their attempts; keeps recent and pending ones', async () => {
    const tenant = await newTenant(suite.bus);
    const api = apiClient(notifier.baseUrl, tenant.apiKey);
    await api.ready();
    suite.receiver.on('/kept-failing', () => 500);
    const ok = (
      await api.call('POST', '/v1/channels', {
        type: 'webhook',
        name: 'ok',
        config: { url: suite.receiver.url('/ok') },
      })
    ).body;
    const failing = (
      await api.call('POST', '/v1/channels', {
        type: 'webhook',
        name: 'failing',
        config: { url: suite.receiver.url('/kept-failing') },
      })
    ).body;
    const old = clickFact(tenant.tenantId, [ok.id]);
    const recent = clickFact(tenant.tenantId, [ok.id]);
    const pending = clickFact(tenant.tenantId, [failing.id]);
    await publishClicks(suite.bus, [old, recent, pending]);
    await waitFor(
      async () =>
        (await deliveryOf(old.eventId))?.status === 'delivered' &&
        (await deliveryOf(recent.eventId))?.status === 'delivered',
    );
    await waitFor(async () => (await attemptsOf(pending.eventId)) === 1);
    expect((await deliveryOf(pending.eventId))?.status).toBe('pending');

    await db.query(`UPDATE notifier.delivery SET created_at = now() - interval '2 hours' WHERE event_id = ANY($1)`, [
      [old.eventId, pending.eventId],
    ]);
    await waitFor(async () => (await deliveryOf(old.eventId)) === undefined, {
      timeoutMs: 10_000,
      message: 'the old delivery to be swept',
    });

    expect(await attemptsOf(old.eventId)).toBe(0);
    expect((await deliveryOf(recent.eventId))?.status).toBe('delivered');
    expect(await attemptsOf(recent.eventId)).toBe(1);
    expect((await deliveryOf(pending.eventId))?.status).toBe('pending');
    expect(await attemptsOf(pending.eventId)).toBe(1);
    const log = await api.call('GET', `/v1/channels/${ok.id}/deliveries`);
    expect(log.body.deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([recent.eventId]);
  });
});
