import { Kafka, type Admin } from 'kafkajs';
import { getTestInfra, uniqueName, waitFor } from '@waymark/testkit';
import { KafkaEventBus, type IncomingMessage, type Subscription } from '../src';
import { FAST_RETRY } from './bus-contract';
import { messagesOf, newEvent, RecordingLogger, testTopic, type TestEvent } from './contract/fixtures';

// batchesInFlight: a partition's next batches are handed out while earlier ones are still in the handler, with
// back-pressure at the limit, offsets committed strictly in order, and nothing committed past an unhandled batch.
// Each event is published only once the previous one is in the handler, so every event is a batch of its own
// whatever the broker (the mock or real Kafka) puts in one fetch.
describe('the kafkajs bus with batchesInFlight', () => {
  let bus: KafkaEventBus;
  let admin: Admin;
  const cleanup: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    const brokers = getTestInfra().kafka.brokers;
    bus = await KafkaEventBus.connect({
      brokers,
      clientId: uniqueName('events-pipelined'),
      logger: new RecordingLogger(),
      retry: FAST_RETRY,
      consumer: { sessionTimeoutMs: 10_000, heartbeatIntervalMs: 500, maxWaitTimeMs: 100 },
    });
    admin = new Kafka({ brokers, clientId: uniqueName('events-pipelined-admin'), logLevel: 0 }).admin();
    await admin.connect();
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
  });
  afterAll(async () => {
    await admin.disconnect();
    await bus.close();
  });

  /** Batches in the handler, each held until the test releases it. */
  function heldBatches() {
    const held: Array<{ seqs: number[]; release(): void }> = [];
    const handled: number[] = [];
    const handleBatch = (batch: IncomingMessage<TestEvent>[]) => {
      const seqs = batch.map((m) => m.value?.seq ?? -1);
      return new Promise<void>((resolve) => held.push({ seqs, release: () => (handled.push(...seqs), resolve()) }));
    };
    const batchOf = (seq: number) => held.find((b) => b.seqs.includes(seq));
    return { held, handled, handleBatch, batchOf };
  }

  const committed = async (groupId: string, topic: string) => {
    const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
    return Math.max(...(offsets?.partitions ?? []).map((p) => Number(p.offset)));
  };

  async function publishOneByOne(
    topic: ReturnType<typeof testTopic>,
    seqs: number[],
    inHand: (seq: number) => boolean,
  ) {
    for (const seq of seqs) {
      await bus.publish(topic, messagesOf([newEvent('entity-0', seq)]));
      await waitFor(() => inHand(seq), { timeoutMs: 10_000, message: `event ${seq} in the handler` });
    }
  }

  it('hands out up to batchesInFlight batches of one partition and commits them in order', async () => {
    const topic = testTopic('pipelined');
    const groupId = uniqueName('g');
    const { held, handled, handleBatch, batchOf } = heldBatches();
    const subscription: Subscription = await bus.subscribe({
      topic,
      mode: 'group',
      groupId,
      batchesInFlight: 3,
      handleBatch,
    });
    cleanup.push(() => subscription.stop());

    // Three batches of the same partition are in the handler at once.
    await publishOneByOne(topic, [0, 1, 2], (seq) => batchOf(seq) !== undefined);
    // The fourth is not handed out while three are unfinished (back-pressure).
    await bus.publish(topic, messagesOf([newEvent('entity-0', 3)]));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(batchOf(3)).toBeUndefined();

    // Later batches handled first commit nothing: offset 0's batch is still unhandled.
    batchOf(1)!.release();
    batchOf(2)!.release();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await committed(groupId, topic.name)).toBeLessThan(1);

    // Once the first is handled, all three are committed and the fourth is handed out.
    batchOf(0)!.release();
    await waitFor(async () => (await committed(groupId, topic.name)) === 3, {
      timeoutMs: 10_000,
      message: 'offsets committed up to 3',
    });
    await waitFor(() => batchOf(3) !== undefined, { timeoutMs: 10_000, message: 'the fourth batch in the handler' });
    batchOf(3)!.release();
    await subscription.caughtUp;
    expect(handled.sort()).toEqual([0, 1, 2, 3]);
    expect(held).toHaveLength(4);
  });

  it('commits nothing past a batch that was not handled, so the group gets it again with what followed', async () => {
    const topic = testTopic('pipelined-abandoned');
    const groupId = uniqueName('g');
    const first = heldBatches();
    const stopping: Subscription = await bus.subscribe({
      topic,
      mode: 'group',
      groupId,
      batchesInFlight: 4,
      stopTimeoutMs: 500,
      handleBatch: first.handleBatch,
    });
    await publishOneByOne(topic, [0, 1, 2, 3], (seq) => first.batchOf(seq) !== undefined);
    // 0, 2 and 3 are handled; 1 never is: the subscription stops (and abandons it after 500 ms) meanwhile.
    for (const seq of [0, 2, 3]) first.batchOf(seq)!.release();
    await waitFor(async () => (await committed(groupId, topic.name)) === 1, {
      timeoutMs: 10_000,
      message: 'offset 0 committed',
    });
    await stopping.stop();
    expect(await committed(groupId, topic.name)).toBe(1);

    const again: number[] = [];
    const next = await bus.subscribe({
      topic,
      mode: 'group',
      groupId,
      handleBatch: async (batch) => void again.push(...batch.map((m) => m.value?.seq ?? -1)),
    });
    cleanup.push(() => next.stop());
    await next.caughtUp;
    expect(again).toEqual([1, 2, 3]);
  });
});
