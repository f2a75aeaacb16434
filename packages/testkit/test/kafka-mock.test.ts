import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import { getTestInfra, startKafkaMock, uniqueName, waitFor, type StartedKafkaMock } from '../src';

// A consumer group's first join waits out the mock's 3 s initial rebalance delay.
const SLOW = 60_000;

function client(brokers: string[]): Kafka {
  return new Kafka({
    clientId: uniqueName('testkit'),
    brokers,
    logLevel: logLevel.NOTHING,
    requestTimeout: 1_000,
    retry: { retries: 0 },
  });
}

async function consumeInto(kafka: Kafka, topic: string, seen: string[]): Promise<Consumer> {
  const consumer = kafka.consumer({ groupId: uniqueName('group'), maxWaitTimeInMs: 100, retry: { retries: 5 } });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      seen.push(`${message.key?.toString()}=${message.value?.toString()}`);
    },
  });
  return consumer;
}

describe('the shared Kafka mock cluster', () => {
  it(
    'has three brokers and round-trips a message from a kafkajs producer to a consumer group',
    async () => {
      const { brokers } = getTestInfra().kafka;
      expect(brokers).toHaveLength(3);
      const kafka = new Kafka({ clientId: uniqueName('testkit'), brokers, logLevel: logLevel.NOTHING });
      const topic = uniqueName('round-trip');
      const producer = kafka.producer({ allowAutoTopicCreation: true });
      await producer.connect();
      const seen: string[] = [];
      let consumer: Consumer | undefined;
      try {
        await producer.send({
          topic,
          messages: [
            { key: 'k1', value: 'hello' },
            { key: 'k2', value: 'world' },
          ],
        });
        const metadata = await kafka
          .admin()
          .fetchTopicMetadata({ topics: [topic] })
          .catch(() => undefined);
        if (metadata) expect(metadata.topics[0]?.partitions).toHaveLength(4);
        consumer = await consumeInto(kafka, topic, seen);
        await waitFor(() => seen.length >= 2, { timeoutMs: 30_000, message: 'both messages consumed' });
        expect(seen.sort()).toEqual(['k1=hello', 'k2=world']);
      } finally {
        await consumer?.disconnect();
        await producer.disconnect();
      }
    },
    SLOW,
  );
});

describe('a private Kafka mock cluster', () => {
  let mock: StartedKafkaMock;
  let producer: Producer;

  beforeAll(async () => {
    mock = await startKafkaMock({ brokers: 3 });
    producer = client(mock.brokers).producer({ allowAutoTopicCreation: true, retry: { retries: 0 } });
    await producer.connect();
  });

  afterAll(async () => {
    await producer?.disconnect();
    await mock?.stop();
  });

  it(
    'looks dead while paused and keeps its data and ports after resuming',
    async () => {
      const topic = uniqueName('outage');
      await producer.send({ topic, acks: -1, messages: [{ key: 'a', value: 'before' }] });

      await mock.pause();
      await expect(
        producer.send({ topic, acks: -1, timeout: 500, messages: [{ key: 'b', value: 'during' }] }),
      ).rejects.toThrow();
      await mock.resume();

      await waitFor(
        async () => (await producer.send({ topic, acks: -1, messages: [{ key: 'c', value: 'after' }] })) && true,
        { timeoutMs: 30_000, message: 'a send to succeed after resume' },
      );
      const seen: string[] = [];
      const consumer = await consumeInto(client(mock.brokers), topic, seen);
      try {
        await waitFor(() => seen.includes('a=before') && seen.includes('c=after'), {
          timeoutMs: 30_000,
          message: 'the messages sent before and after the outage',
        });
      } finally {
        await consumer.disconnect();
      }
    },
    SLOW,
  );
});
