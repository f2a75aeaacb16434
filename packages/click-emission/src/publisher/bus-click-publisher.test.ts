import { CLICK_CHANNELS, CLICK_CHANNELS_HEADER, clicksTopic, type ClickFact } from '@waymark/contracts';
import { InProcessEventBus, MemoryEventLogStore, type IncomingMessage } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { encodeClickFact } from '../click-visit';
import { busClickPublisher } from './bus-click-publisher';
import { ClickBatch } from '../emitter/click-batch';

function clickFact(eventId: string, notifyChannels: string[]): ClickFact {
  return {
    version: 1,
    eventId,
    event: 'click',
    source: 'click',
    code: 'spring',
    shortUrl: 'https://go.acme.example/spring',
    title: 'Spring sale',
    destination: 'https://www.acme.example/',
    tags: {},
    createdAt: '2026-11-01T10:00:00.000Z',
    ts: 1_764_000_000_000,
    at: new Date(1_764_000_000_000).toISOString(),
    ip: '203.0.113.9',
    ua: 'Mozilla/5.0',
    referer: null,
    customerId: 'ten_1',
    tenantId: 'ten_1',
    domain: 'go.acme.example',
    bot: false,
    method: 'GET',
    notifyChannels,
  };
}

describe('clicks published through an event bus (the inline publisher, the embedded mode)', () => {
  it('carry a header that says whether they name a channel, spooled clicks included', async () => {
    const bus = await InProcessEventBus.start({
      store: new MemoryEventLogStore(),
      logger: createLogger({ service: 'redirector', level: 'silent' }),
    });
    try {
      const clicks = [clickFact('evt-none', []), clickFact('evt-some', ['ch_1'])];
      await busClickPublisher(bus).publish(ClickBatch.of(clicks.map(encodeClickFact)));
      const received: IncomingMessage<ClickFact>[] = [];
      const subscription = await bus.subscribe({
        topic: clicksTopic,
        mode: 'broadcast',
        handleBatch: async (messages) => void received.push(...messages),
      });
      await subscription.caughtUp;
      expect(received.map((m) => [m.value?.eventId, m.headers[CLICK_CHANNELS_HEADER]])).toEqual([
        ['evt-none', CLICK_CHANNELS.none],
        ['evt-some', CLICK_CHANNELS.some],
      ]);
    } finally {
      await bus.close();
    }
  });
});
