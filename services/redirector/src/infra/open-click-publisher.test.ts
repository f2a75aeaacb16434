import type { EventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { openClickPublisher } from './open-click-publisher';

test('CLICK_PUBLISHER=inline publishes clicks on the service bus itself, and closing it leaves the bus open', async () => {
  const bus = { publish: jest.fn(), close: jest.fn() } as unknown as EventBus;
  const clicks = openClickPublisher({ CLICK_PUBLISHER: 'inline', KAFKA_BROKERS: ['kafka:9092'] }, { bus, clientId: 'redirector', logger: createLogger({ service: 'test', level: 'silent' }) });
  expect(clicks.publisher).toBe(bus);
  await clicks.close();
  expect(bus.close).not.toHaveBeenCalled();
});
