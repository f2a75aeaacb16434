import { getTestInfra, uniqueName, waitFor } from '@waymark/testkit';
import { KafkaEventBus, type IncomingMessage } from '../src';
import { FAST_RETRY } from './bus-contract';
import { messagesOf, newEvent, RecordingLogger, testTopic, type TestEvent } from './contract/fixtures';

// partitionsConsumedConcurrently: batches of several partitions are in handleBatch at once, each partition's
// events still arrive in order, and offsets are committed per partition after its batch (caughtUp resolves).
describe('the kafkajs bus with partitionsConsumedConcurrently', () => {
  let bus: KafkaEventBus;
  beforeAll(async () => {
    bus = await KafkaEventBus.connect({
      brokers: getTestInfra().kafka.brokers,
      clientId: uniqueName('events-concurrency'),
      logger: new RecordingLogger(),
      retry: FAST_RETRY,
      consumer: { sessionTimeoutMs: 10_000, heartbeatIntervalMs: 500 },
    });
  });
  afterAll(() => bus.close());

  it('hands batches of different partitions to the handler at the same time', async () => {
    const topic = testTopic('concurrent');
    const keys = Array.from({ length: 16 }, (_, i) => `entity-${i}`);
    await bus.publish(topic, messagesOf(keys.flatMap((key) => [0, 1, 2].map((seq) => newEvent(key, seq)))));

    let inFlight = 0;
    let mostInFlight = 0;
    const received: IncomingMessage<TestEvent>[] = [];
    const subscription = await bus.subscribe({
      topic,
      mode: 'group',
      groupId: uniqueName('g'),
      partitionsConsumedConcurrently: 4,
      handleBatch: async (batch) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        // Hold the first batches until a second partition's batch has arrived (or give up after the deadline).
        await waitFor(() => mostInFlight >= 2, { timeoutMs: 10_000 }).catch(() => undefined);
        received.push(...batch);
        inFlight -= 1;
      },
    });
    await subscription.caughtUp;
    await subscription.stop();

    expect(mostInFlight).toBeGreaterThanOrEqual(2);
    expect(received).toHaveLength(keys.length * 3);
    for (const key of keys) {
      expect(received.filter((m) => m.key === key).map((m) => m.value?.seq)).toEqual([0, 1, 2]);
    }
  });
});
