import { Client } from 'pg';
import { CLICK_CHANNELS, CLICK_CHANNELS_HEADER } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import { clickFact, publishClicks, testEnv } from './support/notifier-harness';
import { useTenantNotifier } from './support/notifier-suite';

describe('clicks whose header says they name no channel', () => {
  const suite = useTenantNotifier((receiver) => testEnv({ WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry }));

  it('are never read, while clicks that name a channel, with the header or without it, are delivered', async () => {
    const created = await suite.api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'skip',
      config: { url: suite.receiver.url('/skip') },
    });
    expect(created.status).toBe(201);
    const channelId: string = created.body.id;
    // One link, so one partition: the clicks are read in this order.
    const code = 'same-link';
    // Its value names the channel, but its header says none: were it read, it would be delivered.
    const unread = clickFact(suite.tenantId, [channelId], { code });
    const named = clickFact(suite.tenantId, [channelId], { code });
    const legacy = clickFact(suite.tenantId, [channelId], { code });
    await publishClicks(suite.bus, [unread], { [CLICK_CHANNELS_HEADER]: CLICK_CHANNELS.none });
    await publishClicks(suite.bus, [named], { [CLICK_CHANNELS_HEADER]: CLICK_CHANNELS.some });
    // As an older redirector wrote it, without the header.
    await publishClicks(suite.bus, [legacy]);

    const requests = await waitFor(
      () => suite.receiver.requestsTo('/skip').length >= 2 && suite.receiver.requestsTo('/skip'),
      {
        timeoutMs: 20_000,
        message: 'two deliveries',
      },
    );
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([named.eventId, legacy.eventId]));
    // Scheduled in the order read, so a delivery of the unread click would be in the schedule by now.
    const db = new Client({ connectionString: suite.notifier.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ event_id: string }>(
        'SELECT event_id FROM notifier.delivery WHERE channel_id = $1',
        [channelId],
      );
      expect(rows.map((r) => r.event_id).sort()).toEqual([named.eventId, legacy.eventId].sort());
    } finally {
      await db.end();
    }
  });
});
