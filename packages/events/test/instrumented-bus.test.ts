import { Registry } from 'prom-client';
import { getTestInfra, uniqueName, waitFor } from '@waymark/testkit';
import {
  InProcessEventBus,
  instrumentEventBus,
  KafkaEventBus,
  MemoryEventLogStore,
  type EventBus,
  type IncomingMessage,
} from '../src';
import { FAST_RETRY } from './bus-contract';
import { messagesOf, newEvent, RecordingLogger, testTopic, type TestEvent } from './contract/fixtures';

/** The value of one series in the registry's Prometheus text, or undefined when absent. */
async function sample(
  registry: Registry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  const text = await registry.metrics();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      return Number(line.split(' ').pop());
  }
  return undefined;
}

const buses: [string, () => Promise<EventBus>][] = [
  [
    'the kafkajs bus',
    () =>
      KafkaEventBus.connect({
        brokers: getTestInfra().kafka.brokers,
        clientId: uniqueName('events-metrics'),
        logger: new RecordingLogger(),
        retry: FAST_RETRY,
        consumer: { sessionTimeoutMs: 10_000, heartbeatIntervalMs: 500, maxWaitTimeMs: 100 },
      }),
  ],
  [
    'the in-process bus',
    () =>
      InProcessEventBus.start({ store: new MemoryEventLogStore(), logger: new RecordingLogger(), retry: FAST_RETRY }),
  ],
];

describe.each(buses)('consumer metrics on %s', (_name, open) => {
  let raw: EventBus;
  beforeAll(async () => {
    raw = await open();
  });
  afterAll(() => raw.close());

  it('shows lag per group and partition while messages wait, and zero once handled', async () => {
    const registry = new Registry();
    const bus = instrumentEventBus(raw, registry);
    const topic = testTopic('metrics-lag');
    const groupId = uniqueName('g');
    let open = false;
    const waiting: Array<() => void> = [];
    const handleBatch = (_batch: IncomingMessage<TestEvent>[]) =>
      open ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));
    await bus.publish(topic, messagesOf([newEvent('entity-0', 0)]));
    const subscription = await bus.subscribe({ topic, mode: 'group', groupId, handleBatch });
    try {
      await waitFor(() => waiting.length > 0, { timeoutMs: 20_000, message: 'the first batch in the handler' });
      await bus.publish(topic, messagesOf([1, 2, 3].map((seq) => newEvent('entity-0', seq))));
      const partition = (await subscription.lag()).find((p) => p.lag > 0)?.partition;
      expect(partition).toBeDefined();
      const labels = { topic: topic.name, group: groupId, partition: String(partition) };
      expect(await sample(registry, 'event_consumer_lag_messages', labels)).toBe(4);

      open = true;
      for (const release of waiting.splice(0)) release();
      await waitFor(async () => (await sample(registry, 'event_consumer_lag_messages', labels)) === 0, {
        timeoutMs: 20_000,
        message: 'lag back to zero',
      });
      expect(await sample(registry, 'event_messages_handled_total', { topic: topic.name, group: groupId })).toBe(4);
    } finally {
      await subscription.stop();
    }
    // A stopped subscription leaves the lag gauge.
    expect(await sample(registry, 'event_consumer_lag_messages', { group: groupId })).toBeUndefined();
  });

  it('counts read-model catch-ups and times them', async () => {
    const registry = new Registry();
    const bus = instrumentEventBus(raw, registry);
    const topic = testTopic('metrics-catch-up');
    const subscription = await bus.subscribe({ topic, mode: 'broadcast', handleBatch: async () => undefined });
    try {
      await bus.publish(topic, messagesOf([newEvent('entity-1', 0)]));
      await subscription.catchUp(20_000);
      await subscription.catchUp(20_000);
      expect(
        await sample(registry, 'event_read_model_catch_ups_total', { topic: topic.name, outcome: 'caught_up' }),
      ).toBe(2);
      expect(await sample(registry, 'event_read_model_catch_up_duration_seconds_count', { topic: topic.name })).toBe(2);
    } finally {
      await subscription.stop();
    }
  });
});
