import { parentPort, workerData } from 'node:worker_threads';
import { clicksTopic, type TopicDef } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { createLogger, type LoggerOptions } from '@waymark/logging';
import type { PublishReply, PublishRequest, PublisherRequest, PublisherWorkerData } from './click-publisher-protocol';

/*
 * The click publisher thread: owns a Kafka producer (a KafkaEventBus used for publishing only) and produces the
 * batches the main thread posts, so schema checks, JSON encoding, record encoding, CRC32C and partitioning no longer
 * run on the thread that answers visitors. Every batch is answered with ok or the error's message.
 */
const port = parentPort;
if (!port) throw new Error('click-publisher-worker must run in a worker thread');
const data = workerData as PublisherWorkerData;
const { service, ...bindings } = data.logBindings;
const logger = createLogger({ service: typeof service === 'string' ? service : 'redirector', level: data.logLevel as LoggerOptions['level'] }).child({
  ...bindings,
  thread: 'click-publisher',
});

/** The thread exists for click events: a batch for any other topic is refused rather than guessed at. */
const topics = new Map<string, TopicDef<unknown>>([[clicksTopic.name, clicksTopic as TopicDef<unknown>]]);

const connecting = KafkaEventBus.connect({ brokers: data.brokers, clientId: data.clientId, logger });
connecting.catch((error: unknown) => {
  // A thread whose connection gave up is ended rather than repaired: its sockets go with it, and the main thread
  // starts a fresh one for the next publish. The timer lets the waiting batches post their error replies first.
  logger.error({ err: error }, 'click publisher thread could not connect to Kafka; ending it');
  setTimeout(() => process.exit(1), 0);
});

async function produce(request: PublishRequest): Promise<PublishReply> {
  try {
    const topic = topics.get(request.topic);
    if (!topic) throw new Error(`the click publisher thread produces ${[...topics.keys()].join(', ')} only, not ${request.topic}`);
    await (await connecting).publish(topic, request.messages);
    return { id: request.id, ok: true };
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function close(): Promise<void> {
  try {
    await (await connecting).close();
  } catch (error) {
    logger.warn({ err: error }, 'click publisher thread did not close its producer cleanly');
  }
  process.exit(0);
}

port.on('message', (request: PublisherRequest) => {
  if (request.type === 'close') void close();
  else void produce(request).then((reply) => port.postMessage(reply));
});
