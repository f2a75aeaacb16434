import { CLICK_CHANNELS, CLICK_CHANNELS_HEADER, ClickFact, clicksTopic } from '@waymark/contracts';
import type { EventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { countedVisit } from '../../test/support/click-fixtures';
import { ClickBatch } from '../emitter/click-batch';
import { openClickPublisher } from './open-click-publisher';

test('CLICK_PUBLISHER=inline publishes clicks as objects on the service bus itself, and closing it leaves the bus open', async () => {
  const bus = { publish: jest.fn().mockResolvedValue(undefined), close: jest.fn() } as unknown as EventBus;
  const clicks = openClickPublisher(
    { CLICK_PUBLISHER: 'inline', KAFKA_BROKERS: ['kafka:9092'] },
    { bus, clientId: 'redirector', logger: createLogger({ service: 'test', level: 'silent' }) },
  );
  const batch = new ClickBatch();
  batch.appendVisit(countedVisit(0));
  const [click] = batch.clicks();
  await clicks.publisher.publish(batch);
  expect(bus.publish).toHaveBeenCalledWith(clicksTopic, [
    {
      key: 'go.example/c0',
      value: ClickFact.parse(JSON.parse(click?.json ?? '')),
      headers: { [CLICK_CHANNELS_HEADER]: CLICK_CHANNELS.none },
    },
  ]);
  await clicks.close();
  expect(bus.close).not.toHaveBeenCalled();
});
