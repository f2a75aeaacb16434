import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createTestDatabase, waitFor } from '@waymark/testkit';
import { InProcessEventBus, PgEventLogStore } from '../src';
import { messagesOf, newEvent, Received, RecordingLogger, testTopic } from './contract/fixtures';
import type { BusThreadData, BusThreadReply, BusThreadRequest } from './support/bus-thread';

const RUN_TS = require.resolve('@waymark/runtime/run-ts');

describe('in-process buses of several threads on one PostgreSQL store', () => {
  let worker: Worker | undefined;
  let bus: InProcessEventBus | undefined;

  afterEach(async () => {
    await bus?.close();
    await worker?.terminate();
  });

  it("wake each other's subscribers: an append in one thread is handled in the other at once", async () => {
    const connectionString = await createTestDatabase();
    const channel = `bus-${randomUUID()}`;
    const topic = testTopic('threads');
    const opened = await InProcessEventBus.start({
      store: new PgEventLogStore({ connectionString }),
      logger: new RecordingLogger(),
      crossThreadChannel: channel,
    });
    bus = opened;
    const here = new Received();
    await (
      await opened.subscribe({ topic, mode: 'broadcast', handleBatch: here.handle })
    ).caughtUp;
    await opened.publish(topic, messagesOf([newEvent('declared', 0)]));

    const data: BusThreadData = { connectionString, channel, topic: topic.name };
    const thread = new Worker(RUN_TS, { argv: [join(__dirname, 'support', 'bus-thread.ts')], workerData: data });
    worker = thread;
    const there: string[] = [];
    let ready = false;
    thread.on('message', (reply: BusThreadReply) => {
      if (reply.type === 'ready') ready = true;
      if (reply.type === 'received') there.push(reply.entity);
    });
    await waitFor(() => ready, { timeoutMs: 30_000, message: 'the other thread to subscribe' });

    // Both subscribers sleep until woken: neither polls, so only the other thread's append can wake them.
    thread.postMessage({ type: 'publish', entity: 'from-there' } satisfies BusThreadRequest);
    await waitFor(() => here.messages.some((message) => message.key === 'from-there'), {
      timeoutMs: 5_000,
      message: 'this thread to handle the append made in the other',
    });
    await opened.publish(topic, messagesOf([newEvent('from-here', 0)]));
    await waitFor(() => there.includes('from-here'), {
      timeoutMs: 5_000,
      message: 'the other thread to handle the append made in this one',
    });
    let closed = false;
    thread.on('message', (reply: BusThreadReply) => (closed ||= reply.type === 'closed'));
    thread.postMessage({ type: 'close' } satisfies BusThreadRequest);
    await waitFor(() => closed, { timeoutMs: 10_000, message: 'the other thread to close its bus' });
  });
});
