import { parentPort, workerData } from 'node:worker_threads';
import { InProcessEventBus, PgEventLogStore } from '../../src';
import { messagesOf, newEvent, RecordingLogger, testEventSchema } from '../contract/fixtures';

/*
 * A worker thread with a bus of its own on the test's store and channel: it reads the topic from the start
 * (broadcast), reports each event it handles, and publishes events when asked, as the embedded redirector's thread does.
 */
export interface BusThreadData {
  connectionString: string;
  channel: string;
  topic: string;
}
export type BusThreadRequest = { type: 'publish'; entity: string } | { type: 'close' };
export type BusThreadReply = { type: 'ready' } | { type: 'received'; entity: string } | { type: 'closed' };

const port = parentPort;
if (!port) throw new Error('bus-thread must run in a worker thread');
const data = workerData as BusThreadData;
const topic = {
  name: data.topic,
  schema: testEventSchema,
  compacted: false,
  partitions: 4,
  keyOf: (value: { entity: string }) => value.entity,
  producers: [],
  consumers: [],
  description: 'cross-thread test topic',
};

void (async () => {
  const bus = await InProcessEventBus.start({
    store: new PgEventLogStore({ connectionString: data.connectionString }),
    logger: new RecordingLogger(),
    crossThreadChannel: data.channel,
    maintainLog: false,
  });
  const subscription = await bus.subscribe({
    topic,
    mode: 'broadcast',
    handleBatch: async (messages) => {
      for (const message of messages) port.postMessage({ type: 'received', entity: message.key } as BusThreadReply);
    },
  });
  await subscription.caughtUp;
  port.on('message', (request: BusThreadRequest) => {
    if (request.type === 'publish') void bus.publish(topic, messagesOf([newEvent(request.entity, 0)]));
    else void bus.close().then(() => port.postMessage({ type: 'closed' } as BusThreadReply));
  });
  port.postMessage({ type: 'ready' } as BusThreadReply);
})();
