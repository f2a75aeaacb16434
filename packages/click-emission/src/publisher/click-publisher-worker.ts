import { parentPort, workerData } from 'node:worker_threads';
import { CLICK_CHANNELS_HEADER, clicksTopic } from '@waymark/contracts';
import { EVENT_ID_HEADER, KafkaEventBus } from '@waymark/events';
import { createLogger, type LoggerOptions } from '@waymark/logging';
import { TRACEPARENT_HEADER } from '@waymark/tracing';
import { ClickBatch, type ClickRecordBytes } from '../emitter/click-batch';
import { clickChannelsHeader } from '../encoding/click-channels-header';
import type { PublishReply, PublishRequest, PublisherRequest, PublisherWorkerData } from './click-publisher-protocol';

/*
 * The click publisher thread: owns a Kafka producer (a KafkaEventBus used for publishing only) and produces the
 * batches of clicks.v1 records the main thread posts, so record encoding, CRC32C and partitioning do not run on the
 * thread that answers visitors. The records arrive as the UTF-8 bytes of the JSON text ClickBatch wrote for each
 * visit (click-record-writer.ts, tested against the clicks.v1 schema), so they are produced as they are
 * (publishEncoded, as Buffers), not decoded, parsed and checked again. Every batch is answered with ok or the error's message.
 */
const port = parentPort;
if (!port) throw new Error('click-publisher-worker must run in a worker thread');
const data = workerData as PublisherWorkerData;
const { service, ...bindings } = data.logBindings;
const logger = createLogger({
  service: typeof service === 'string' ? service : 'redirector',
  level: data.logLevel as LoggerOptions['level'],
}).child({
  ...bindings,
  thread: 'click-publisher',
});

const connecting = KafkaEventBus.connect({ brokers: data.brokers, clientId: data.clientId, logger });
connecting.catch((error: unknown) => {
  // A thread whose connection gave up is ended rather than repaired: its sockets go with it, and the main thread
  // starts a fresh one for the next publish. The timer lets the waiting batches post their error replies first.
  logger.error({ err: error }, 'click publisher thread could not connect to Kafka; ending it');
  setTimeout(() => process.exit(1), 0);
});

async function produce(request: PublishRequest): Promise<PublishReply> {
  try {
    const records = ClickBatch.records(new Uint8Array(request.packed));
    const messages = records.map((record) => ({ key: record.key, value: record.json, headers: headersOf(record) }));
    await (await connecting).publishEncoded(clicksTopic, messages);
    return { id: request.id, ok: true };
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The event id, whether the click names a channel (the notifier skips those that name none unread), and the visit's
 * traceparent when it was traced (the consumers' spans continue that trace).
 */
function headersOf(record: ClickRecordBytes): Record<string, Buffer> {
  const headers: Record<string, Buffer> = { [EVENT_ID_HEADER]: record.eventId };
  const channels = clickChannelsHeader(record.json);
  if (channels !== undefined) headers[CLICK_CHANNELS_HEADER] = channels;
  if (record.traceParent.length > 0) headers[TRACEPARENT_HEADER] = record.traceParent;
  return headers;
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
