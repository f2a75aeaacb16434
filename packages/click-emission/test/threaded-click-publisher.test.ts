import { Worker } from 'node:worker_threads';
import { CLICK_CHANNELS, CLICK_CHANNELS_HEADER, clicksTopic } from '@waymark/contracts';
import { getTestInfra, startKafkaMock, waitFor, type StartedKafkaMock } from '@waymark/testkit';
import { uniqueName } from '@waymark/testkit';
import {
  ClickBatch,
  encodeClickFact,
  startClickPublisherThread,
  ThreadedClickPublisher,
  type PublisherWorkerData,
} from '../src';
import { connectBus, newClickedLink, newClickFact, silentLogger } from './support/click-fixtures';

const tenant = { id: uniqueName('tenant') };
const links = [newClickedLink(tenant.id), newClickedLink(tenant.id), newClickedLink(tenant.id)];
const cleanup: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

function publisherOn(brokers: string[], startThread?: (data: PublisherWorkerData) => Worker): ThreadedClickPublisher {
  const publisher = new ThreadedClickPublisher({
    brokers,
    clientId: 'redirector-test',
    logger: silentLogger(),
    startThread,
  });
  cleanup.push(() => publisher.close());
  return publisher;
}

describe('on the shared Kafka', () => {
  test('the thread runs with its young generation capped, so that its heap does not compact itself over and over (click-publisher-thread.ts)', async () => {
    const worker = startClickPublisherThread({
      brokers: getTestInfra().kafka.brokers,
      clientId: 'redirector-test',
      logLevel: 'silent',
      logBindings: {},
    });
    cleanup.push(() => worker.terminate());
    await new Promise((resolve) => worker.once('online', resolve));
    expect(worker.resourceLimits?.maxYoungGenerationSizeMb).toBe(6);
  });

  test('batches produced by the thread arrive on clicks.v1 with their eventIds and keys', async () => {
    const { brokers } = getTestInfra().kafka;
    const publisher = publisherOn(brokers);
    const batches = [0, 1, 2].map((b) =>
      Array.from({ length: 200 }, (_, i) => newClickFact(links[(b + i) % links.length]!)),
    );
    await Promise.all(batches.map((batch) => publisher.publish(ClickBatch.of(batch.map(encodeClickFact)))));

    const bus = await connectBus(brokers);
    cleanup.push(() => bus.close());
    const keysById = new Map<string, string>();
    const subscription = await bus.subscribe({
      topic: clicksTopic,
      mode: 'broadcast',
      handleBatch: async (messages) => {
        for (const m of messages) if (m.value?.tenantId === tenant.id) keysById.set(m.value.eventId, m.key);
      },
    });
    cleanup.push(() => subscription.stop());
    const sent = batches.flat();
    await waitFor(() => keysById.size >= sent.length, {
      timeoutMs: 30_000,
      message: `${sent.length} click events on clicks.v1`,
    });
    expect(keysById).toEqual(new Map(sent.map((fact) => [fact.eventId, `${fact.domain}/${fact.code}`])));
  });

  test("visits' events arrive on clicks.v1 as the batch holds them", async () => {
    const { brokers } = getTestInfra().kafka;
    const publisher = publisherOn(brokers);
    const batch = new ClickBatch();
    for (let i = 0; i < 30; i += 1) {
      const link = links[i % links.length]!;
      batch.appendVisit({
        entry: link,
        request: {
          method: 'GET',
          ip: '198.51.100.7',
          ua: `Mozilla/5.0 «x» ${i}`,
          referer: i % 2 === 0 ? null : 'https://ref.example/"q"',
          nowMs: Date.now(),
        },
        context: { source: i % 3 === 0 ? 'qr' : 'click', bot: i % 5 === 0 },
      });
    }
    const expected = batch.clicks();
    await publisher.publish(batch);

    const bus = await connectBus(brokers);
    cleanup.push(() => bus.close());
    const received = new Map<string, { key: string; value: unknown }>();
    const subscription = await bus.subscribe({
      topic: clicksTopic,
      mode: 'broadcast',
      handleBatch: async (messages) => {
        for (const m of messages)
          if (m.value?.tenantId === tenant.id && m.value.ip === '198.51.100.7')
            received.set(m.value.eventId, { key: m.key, value: m.value });
      },
    });
    cleanup.push(() => subscription.stop());
    await waitFor(() => received.size >= expected.length, {
      timeoutMs: 30_000,
      message: `${expected.length} click events on clicks.v1`,
    });
    expect(received).toEqual(new Map(expected.map((c) => [c.eventId, { key: c.key, value: JSON.parse(c.json) }])));
  });

  test('each click arrives with a header that says whether it names a channel, visits and spooled clicks alike', async () => {
    const { brokers } = getTestInfra().kafka;
    const publisher = publisherOn(brokers);
    const silent = newClickedLink(tenant.id, { notifyChannels: [] });
    const notifying = newClickedLink(tenant.id, { notifyChannels: ['ch_1'] });
    const visits = new ClickBatch();
    for (const entry of [silent, notifying]) {
      visits.appendVisit({
        entry,
        request: {
          method: 'GET',
          ip: '198.51.100.8',
          ua: 'Mozilla/5.0',
          referer: null,
          nowMs: Date.now(),
        },
        context: { source: 'click', bot: false },
      });
    }
    // The form of clicks read back from the spool: the event's text.
    const spooled = [newClickFact(links[0]!, { notifyChannels: [] }), newClickFact(links[1]!)].map(encodeClickFact);
    const expected = new Map([
      ...visits.clicks().map((c, i) => [c.eventId, i === 0 ? CLICK_CHANNELS.none : CLICK_CHANNELS.some] as const),
      [spooled[0]!.eventId, CLICK_CHANNELS.none],
      [spooled[1]!.eventId, CLICK_CHANNELS.some],
    ]);
    await Promise.all([publisher.publish(visits), publisher.publish(ClickBatch.of(spooled))]);

    const bus = await connectBus(brokers);
    cleanup.push(() => bus.close());
    const headers = new Map<string, string | undefined>();
    const subscription = await bus.subscribe({
      topic: clicksTopic,
      mode: 'broadcast',
      handleBatch: async (messages) => {
        for (const m of messages)
          if (m.value && expected.has(m.value.eventId)) headers.set(m.value.eventId, m.headers[CLICK_CHANNELS_HEADER]);
      },
    });
    cleanup.push(() => subscription.stop());
    await waitFor(() => headers.size >= expected.size, { timeoutMs: 30_000, message: 'the four clicks' });
    expect(headers).toEqual(expected);
  });

  test('a batch the producer cannot send is answered with the reason, and the thread goes on producing', async () => {
    const publisher = publisherOn(getTestInfra().kafka.brokers);
    // ClickBatch cannot pack such bytes (its tests see to that); a batch cut short in the middle of a record stands in
    // for any failure of the thread's producer, which must come back as this batch's error.
    const packed = ClickBatch.of([encodeClickFact(newClickFact(links[0]!))]).packed();
    const cutShort = { packed: () => packed.slice(0, packed.byteLength - 1) } as unknown as ClickBatch;
    await expect(publisher.publish(cutShort)).rejects.toThrow(/click publisher thread: click batch cut short/);
    await publisher.publish(ClickBatch.of([encodeClickFact(newClickFact(links[1]!))]));
  });

  test('once closed, the publisher refuses new batches', async () => {
    const publisher = publisherOn(getTestInfra().kafka.brokers);
    await publisher.publish(ClickBatch.of([encodeClickFact(newClickFact(links[0]!))]));
    await publisher.close();
    await expect(publisher.publish(ClickBatch.of([encodeClickFact(newClickFact(links[0]!))]))).rejects.toThrow(
      /closed/,
    );
  });
});

describe('when its thread dies', () => {
  // A private Kafka mock: these tests freeze it, which would stall every other test file on the shared one.
  let kafka: StartedKafkaMock;
  beforeAll(async () => {
    kafka = await startKafkaMock({ brokers: 1 });
  });
  afterAll(async () => {
    await kafka?.stop();
  });

  test('a terminated thread fails the publish it held, and the next publish goes through a fresh thread', async () => {
    const threads: Worker[] = [];
    const publisher = publisherOn(kafka.brokers, (data) => {
      const thread = startClickPublisherThread(data);
      threads.push(thread);
      return thread;
    });
    await publisher.publish(ClickBatch.of([encodeClickFact(newClickFact(links[0]!))]));
    // Frozen brokers cannot acknowledge: the batch is certainly still held by the thread when it is killed.
    await kafka.pause();
    const held = publisher.publish(ClickBatch.of([encodeClickFact(newClickFact(links[1]!))]));
    await threads[0]!.terminate();
    await expect(held).rejects.toThrow(/click publisher thread exited/);
    await kafka.resume();

    await publisher.publish(ClickBatch.of([encodeClickFact(newClickFact(links[2]!))]));
    expect(threads).toHaveLength(2);
  });

  test('a thread that crashes fails the publish it held, and the next publish goes through a fresh thread', async () => {
    let started = 0;
    const publisher = publisherOn(kafka.brokers, (data) => {
      started += 1;
      if (started > 1) return startClickPublisherThread(data);
      // Stands in for an uncaught error inside the real thread (its own code answers every failure it can foresee).
      const crashing = `require('node:worker_threads').parentPort.on('message', () => { throw new Error('the thread crashed'); });`;
      return new Worker(crashing, { eval: true });
    });
    await expect(publisher.publish(ClickBatch.of([encodeClickFact(newClickFact(links[0]!))]))).rejects.toThrow(
      'the thread crashed',
    );

    await publisher.publish(ClickBatch.of([encodeClickFact(newClickFact(links[1]!))]));
    expect(started).toBe(2);
  });
});
