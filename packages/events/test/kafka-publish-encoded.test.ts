import { getTestInfra, uniqueName, waitFor } from '@waymark/testkit';
import { EVENT_ID_HEADER, KafkaEventBus } from '../src';
import { FAST_RETRY } from './bus-contract';
import { newEvent, Received, RecordingLogger, testTopic } from './contract/fixtures';

describe('KafkaEventBus.publishEncoded', () => {
  jest.setTimeout(60_000);
  let bus: KafkaEventBus;

  beforeAll(async () => {
    bus = await KafkaEventBus.connect({
      brokers: getTestInfra().kafka.brokers,
      clientId: uniqueName('events-test'),
      logger: new RecordingLogger(),
      retry: FAST_RETRY,
      consumer: { sessionTimeoutMs: 10_000, heartbeatIntervalMs: 500 },
    });
  });
  afterAll(() => bus.close());

  it('delivers JSON text produced as is, with its headers, to a subscriber that decodes it with the schema', async () => {
    const topic = testTopic('encoded');
    const events = [newEvent('e1', 0, 'first'), newEvent('e1', 1), newEvent('e2', 0)];
    await bus.publishEncoded(
      topic,
      events.map((event) => ({
        key: event.entity,
        value: JSON.stringify(event),
        headers: { [EVENT_ID_HEADER]: event.eventId },
      })),
    );
    const received = new Received();
    const subscription = await bus.subscribe({ topic, mode: 'broadcast', handleBatch: received.handle });
    try {
      await waitFor(() => received.count === 3, { timeoutMs: 20_000, message: 'the three encoded events' });
      const byKey = (key: string) => received.messages.filter((m) => m.key === key);
      expect(byKey('e1').map((m) => m.value)).toEqual([events[0], events[1]]);
      expect(byKey('e2').map((m) => m.value)).toEqual([events[2]]);
      expect(received.messages.map((m) => m.headers[EVENT_ID_HEADER]).sort()).toEqual(
        events.map((e) => e.eventId).sort(),
      );
    } finally {
      await subscription.stop();
    }
  });
});
