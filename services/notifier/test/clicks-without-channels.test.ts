import { Client } from 'pg';
import { CLICK_CHANNELS, CLICK_CHANNELS_HEADER } from '@waymark/contracts';
import type { KafkaEventBus } from '@waymark/events';
import { waitFor } from '@waymark/testkit';
import { startReceiver, type Receiver } from './support/receiver';
import {
  apiClient,
  clickFact,
  connectBus,
  publishClicks,
  type StartedNotifier,
  startNotifierForTenant,
  testEnv,
} from './support/notifier-harness';

describe('clicks whose header says they name no channel', () => {
  let bus: KafkaEventBus;
  let receiver: Receiver;
  let notifier: StartedNotifier;
  let tenantId: string;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    bus = await connectBus();
    receiver = await startReceiver();
    ({ notifier, tenantId, api } = await startNotifierForTenant(
      bus,
      testEnv({ WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry }),
    ));
  });

  afterAll(async () => {
    await notifier?.service.stop();
    await receiver?.close();
    await bus?.close();
  });

  it('are never read, while clicks that name a channel, with the header or without it, are delivered', async () => {
    const created = await api.call('POST', '/v1/channels', {
      type: 'webhook',
      name: 'skip',
      config: { url: receiver.url('/skip') },
    });
    expect(created.status).toBe(201);
    const channelId: string = created.body.id;
    // One link, so one partition: the clicks are read in this order.
    const code = 'same-link';
    // Its value names the channel, but its header says none: were it read, it would be delivered.
    const unread = clickFact(tenantId, [channelId], { code });
    const named = clickFact(tenantId, [channelId], { code });
    const legacy = clickFact(tenantId, [channelId], { code });
    await publishClicks(bus, [unread], { [CLICK_CHANNELS_HEADER]: CLICK_CHANNELS.none });
    await publishClicks(bus, [named], { [CLICK_CHANNELS_HEADER]: CLICK_CHANNELS.some });
    // As an older redirector wrote it, without the header.
    await publishClicks(bus, [legacy]);

    const requests = await waitFor(() => receiver.requestsTo('/skip').length >= 2 && receiver.requestsTo('/skip'), {
      timeoutMs: 20_000,
      message: 'two deliveries',
    });
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([named.eventId, legacy.eventId]));
    // Scheduled in the order read, so a delivery of the unread click would be in the schedule by now.
    const db = new Client({ connectionString: notifier.databaseUrl });
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
