import { ClickFact, clicksTopic } from '@waymark/contracts';
import type { EventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { ClickBatch } from './click-batch';
import { openClickPublisher } from './open-click-publisher';

test('CLICK_PUBLISHER=inline publishes clicks as objects on the service bus itself, and closing it leaves the bus open', async () => {
  const bus = { publish: jest.fn().mockResolvedValue(undefined), close: jest.fn() } as unknown as EventBus;
  const clicks = openClickPublisher({ CLICK_PUBLISHER: 'inline', KAFKA_BROKERS: ['kafka:9092'] }, { bus, clientId: 'redirector', logger: createLogger({ service: 'test', level: 'silent' }) });
  const batch = new ClickBatch();
  batch.appendVisit({
    entry: { tenantId: 't', domain: 'd.example', code: 'c', destination: 'https://x.example/', status: 'active', title: '', tags: {}, expiresAtMs: null, notifyChannels: [], createdAt: '2026-01-01T00:00:00.000Z', kind: 'link' },
    request: { host: 'd.example', path: '/c', rawQuery: '', method: 'GET', ip: '127.0.0.1', ua: '', referer: null, accept: undefined, nowMs: 1_800_000_000_000 },
    context: { source: 'click', bot: true, scheme: 'https' },
  });
  const [click] = batch.clicks();
  await clicks.publisher.publish(batch);
  expect(bus.publish).toHaveBeenCalledWith(clicksTopic, [{ key: 'd.example/c', value: ClickFact.parse(JSON.parse(click?.json ?? '')) }]);
  await clicks.close();
  expect(bus.close).not.toHaveBeenCalled();
});
