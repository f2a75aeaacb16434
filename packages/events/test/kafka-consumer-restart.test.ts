import { Kafka, PartitionAssigners, type Admin, type ConsumerConfig, type PartitionAssigner } from 'kafkajs';
import { getTestInfra, uniqueName, waitFor } from '@waymark/testkit';
import { KafkaEventBus } from '../src';
import { DEFAULT_RETRY } from '../src/shared/batch-runner';
import { subscribeKafka, type KafkaSubscription } from '../src/kafka/kafka-subscription';
import { FAST_RETRY } from './bus-contract';
import { messagesOf, newEvent, Received, RecordingLogger, testTopic } from './contract/fixtures';

/**
 * A consumer kafkajs gives up on (a non-retriable error while joining its group) is restarted by the subscription.
 * The crash is a real one: the group leader's partition assigner refuses its first `refusals` assignments, so the
 * SyncGroup fails inside kafkajs' own join, which then disconnects the consumer and reports `restart: false`.
 */
describe('a kafkajs consumer kafkajs will not restart', () => {
  jest.setTimeout(90_000);
  let kafka: Kafka;
  let admin: Admin;
  let bus: KafkaEventBus;
  const subscriptions: KafkaSubscription[] = [];
  beforeAll(async () => {
    const { brokers } = getTestInfra().kafka;
    kafka = new Kafka({ brokers, clientId: uniqueName('events-restart'), logLevel: 0 });
    admin = kafka.admin();
    await admin.connect();
    bus = await KafkaEventBus.connect({
      brokers,
      clientId: uniqueName('events-restart-bus'),
      logger: new RecordingLogger(),
    });
  });
  afterEach(async () => {
    for (const subscription of subscriptions.splice(0)) await subscription.stop();
  });
  afterAll(async () => {
    await admin.disconnect();
    await bus.close();
  });

  /** The real Kafka client, except that each consumer's round-robin assigner refuses its first `refusals` calls. */
  function kafkaRefusingAssignments(refusals: number, onRequest: (apiName: string) => void): Kafka {
    let refused = 0;
    const refusing: PartitionAssigner = (config) => {
      const inner = PartitionAssigners.roundRobin(config);
      return {
        ...inner,
        assign: async (group) => {
          if (refused < refusals) {
            refused += 1;
            throw new Error(`assignment refused (${refused} of ${refusals})`);
          }
          return inner.assign(group);
        },
      };
    };
    return Object.assign(Object.create(kafka) as Kafka, {
      consumer: (config: ConsumerConfig) => {
        const consumer = kafka.consumer({ ...config, partitionAssigners: [refusing] });
        consumer.on(consumer.events.REQUEST, ({ payload }) => onRequest(payload.apiName));
        return consumer;
      },
    });
  }

  async function subscribe(
    refusals: number,
    logger: RecordingLogger,
    received: Received,
    {
      topic = testTopic('restart'),
      restartDelayMs = 200,
      requests = [],
    }: { topic?: ReturnType<typeof testTopic>; restartDelayMs?: number; requests?: string[] } = {},
  ) {
    const subscription = await subscribeKafka(
      {
        kafka: kafkaRefusingAssignments(refusals, (apiName) => requests.push(apiName)),
        admin,
        clientId: uniqueName('events-restart'),
        logger,
        retry: { ...DEFAULT_RETRY, ...FAST_RETRY },
        tuning: { sessionTimeoutMs: 6_000, heartbeatIntervalMs: 500, maxBatchDurationMs: 60_000, maxWaitTimeMs: 100 },
        park: async () => undefined,
        restart: { initialDelayMs: restartDelayMs, maxDelayMs: 2 * restartDelayMs, stalledAfterMs: 1_500 },
      },
      { topic, mode: 'group', groupId: uniqueName('g'), handleBatch: received.handle },
    );
    subscriptions.push(subscription);
    return subscription;
  }

  it('is restarted, consumes what was published meanwhile, and is not reported stalled once back', async () => {
    const topic = testTopic('restart');
    await bus.publish(topic, messagesOf([newEvent('a', 1), newEvent('b', 2)]));
    const logger = new RecordingLogger();
    const received = new Received();
    const subscription = await subscribe(1, logger, received, { topic });
    await waitFor(() => received.count === 2, {
      timeoutMs: 45_000,
      message: 'both events consumed after the restarts',
    });
    expect(received.messages.map((m) => m.value?.seq).sort()).toEqual([1, 2]);
    const restarts = logger.entries.filter((e) => e.message?.includes('restarting it ourselves'));
    expect(restarts.map((e) => e.fields.err)).toEqual([expect.stringContaining('assignment refused (1 of 1)')]);
    expect(restarts.map((e) => e.fields.restartInMs)).toEqual([200]);
    expect(logger.entries.some((e) => e.message === 'consumer restarted and joined its group again')).toBe(true);
    expect(subscription.stalled()).toBeUndefined();
    expect(subscription.assignedPartitions()).toEqual([0, 1, 2, 3]);
  });

  // kafkajs leaves the group on stop() only once its consumer runs: one whose join failed after JoinGroup had made it
  // a member (here before its SyncGroup: the assigner refused) stayed in the group until its session timed out, and a
  // broker holds the group's next rebalance for such a member until then (a real one up to the rebalance timeout,
  // 60 s). patches/kafkajs+2.2.4.patch makes a failed join leave; the restart waits 3 s here so the test can look.
  it('leaves its group when its join fails, before it is restarted', async () => {
    const logger = new RecordingLogger();
    const received = new Received();
    const topic = testTopic('restart');
    const requests: string[] = [];
    await bus.publish(topic, messagesOf([newEvent('a', 1)]));
    const subscribing = subscribe(1, logger, received, { topic, restartDelayMs: 3_000, requests });
    await waitFor(() => logger.entries.some((e) => e.message?.includes('restarting it ourselves')), {
      timeoutMs: 20_000,
      intervalMs: 20,
      message: 'the crash',
    });
    const joined = requests.lastIndexOf('JoinGroup');
    expect(joined).toBeGreaterThanOrEqual(0);
    expect(requests.slice(joined)).toContain('LeaveGroup');
    expect(requests.slice(joined)).not.toContain('SyncGroup');
    await subscribing;
    await waitFor(() => received.count === 1, { timeoutMs: 45_000, message: 'the event consumed after the restart' });
  });

  it('reports itself stalled while it stays down past stalledAfterMs, and keeps trying', async () => {
    const logger = new RecordingLogger();
    const subscription = await subscribe(Number.POSITIVE_INFINITY, logger, new Received());
    await waitFor(() => subscription.stalled() !== undefined, {
      timeoutMs: 20_000,
      message: 'the subscription reported stalled',
    });
    expect(subscription.stalled()?.message).toMatch(/assignment refused/);
    const attempts = logger.entries.filter((e) => e.message?.includes('restarting it ourselves')).length;
    await waitFor(
      () => logger.entries.filter((e) => e.message?.includes('restarting it ourselves')).length > attempts,
      { timeoutMs: 30_000, message: 'one more restart after it was reported stalled' },
    );
  });
});
