import { randomBytes } from 'node:crypto';

/*
 * patches/kafkajs+2.2.4.patch (applied by patch-package at install) makes kafkajs encode an uncompressed produce
 * request's record batches in one pass, its CRC32C natively (or eight bytes at a time), a request's buffers without
 * zero-filling them, a produce request as chunks framed with one copy, and group a batch's messages by partition in
 * one pass. What goes on the wire must not change: these tests hold the patched request to kafkajs' own
 * record-by-record encoders (Record and RecordBatch, which the patch leaves as they are) and its framing byte for
 * byte, the encoders' output to not depending on what their unfilled buffers held, and the grouping to kafkajs' own.
 * The CRC is held to a bitwise reference in kafkajs-crc32c-patch.test.ts.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs' protocol encoders are not part of its public API */
type Message = {
  key?: string | Buffer | null;
  value: string | Buffer | null;
  headers?: Record<string, string | Buffer | (string | Buffer)[]>;
  timestamp?: number;
};
type PartitionData = { partition: number; firstSequence?: number; messages: Message[] };
type ProduceArgs = {
  acks: number;
  timeout: number;
  compression?: number;
  transactionalId?: string;
  producerId?: unknown;
  producerEpoch?: number;
  topicData: { topic: string; partitions: PartitionData[] }[];
};
interface KafkaEncoder {
  buffer: Buffer;
  writeInt16(value: number): KafkaEncoder;
  writeInt32(value: number): KafkaEncoder;
  writeString(value: string | null): KafkaEncoder;
  writeArray(values: unknown[]): KafkaEncoder;
  writeEncoder(value: KafkaEncoder): KafkaEncoder;
  size(): number;
}

type Payload = Pick<KafkaEncoder, 'buffer' | 'size'>;
type RequestDef = { apiKey: number; apiVersion: number; encode(): Promise<Payload> };
type GroupArgs = {
  topic: string;
  partitionMetadata: unknown[];
  messages: Message[];
  partitioner(args: { message: Message }): number;
};
const produceRequest = require('kafkajs/src/protocol/requests/produce/v3/request') as (args: ProduceArgs) => RequestDef;
const createRequest = require('kafkajs/src/protocol/request') as (args: {
  correlationId: number;
  clientId: string;
  request: RequestDef;
}) => Promise<KafkaEncoder>;
const groupMessagesPerPartition = require('kafkajs/src/producer/groupMessagesPerPartition') as (
  args: GroupArgs,
) => Record<string, Message[]>;
const Encoder = require('kafkajs/src/protocol/encoder') as new (size?: number) => KafkaEncoder;
const Record = require('kafkajs/src/protocol/recordBatch/record/v0') as (args: Record<string, unknown>) => KafkaEncoder;
const { RecordBatch } = require('kafkajs/src/protocol/recordBatch/v0') as {
  RecordBatch(args: Record<string, unknown>): Promise<KafkaEncoder>;
};
const { Types: CompressionTypes } = require('kafkajs/src/protocol/message/compression') as {
  Types: { None: number; GZIP: number };
};
const Long = require('kafkajs/src/utils/long') as { fromValue(value: number): unknown };
/* eslint-enable @typescript-eslint/no-require-imports */

/** kafkajs 2.2.4's produce request before the patch: one Record encoder per message, then RecordBatch over them. */
async function recordByRecord(args: ProduceArgs, dateNow: number): Promise<Buffer> {
  const { acks, timeout, transactionalId = null, producerId = Long.fromValue(-1), producerEpoch = 0 } = args;
  const topics: KafkaEncoder[] = [];
  for (const { topic, partitions } of args.topicData) {
    const encoded: KafkaEncoder[] = [];
    for (const { partition, firstSequence, messages } of partitions) {
      // As kafkajs does it, default (string) sort included.
      const stamped = messages
        .map((m) => m.timestamp)
        .filter((t) => t != null)
        .sort();
      const timestamps = stamped.length === 0 ? [dateNow] : stamped;
      const firstTimestamp = timestamps[0] as number;
      const records = messages.map((m, i) =>
        Record({ ...m, offsetDelta: i, timestampDelta: (m.timestamp || dateNow) - firstTimestamp }),
      );
      const batch = await RecordBatch({
        compression: args.compression ?? CompressionTypes.None,
        records,
        firstTimestamp,
        maxTimestamp: timestamps[timestamps.length - 1],
        producerId,
        producerEpoch,
        firstSequence,
        transactional: !!transactionalId,
        lastOffsetDelta: records.length - 1,
      });
      encoded.push(new Encoder().writeInt32(partition).writeInt32(batch.size()).writeEncoder(batch));
    }
    topics.push(new Encoder().writeString(topic).writeArray(encoded));
  }
  return new Encoder().writeString(transactionalId).writeInt16(acks).writeInt32(timeout).writeArray(topics).buffer;
}

/** kafkajs 2.2.4's framing of a request before the patch: header and payload into one encoder, then size-prefixed. */
async function framedAsBefore(correlationId: number, clientId: string, request: RequestDef): Promise<Buffer> {
  const payload = await request.encode();
  const whole = new Encoder()
    .writeInt16(request.apiKey)
    .writeInt16(request.apiVersion)
    .writeInt32(correlationId)
    .writeString(clientId);
  const body = Buffer.concat([whole.buffer, payload.buffer]);
  return Buffer.concat([new Encoder().writeInt32(body.length).buffer, body]);
}

/** kafkajs 2.2.4's grouping before the patch, verbatim but for the names. */
function groupedAsBefore({ topic, partitionMetadata, messages, partitioner }: GroupArgs): Record<string, Message[]> {
  if (partitionMetadata.length === 0) return {};
  return messages.reduce<Record<string, Message[]>>((result, message) => {
    const partition = (partitioner as (args: unknown) => number)({ topic, partitionMetadata, message });
    const current = result[partition] || [];
    return Object.assign(result, { [partition]: [...current, message] });
  }, {});
}

/** Runs `test` with Date.now() fixed (kafkajs stamps messages without a timestamp with it), passing that time. */
async function atFixedNow(test: (now: number) => Promise<void>): Promise<void> {
  const now = Date.now();
  const dateNow = jest.spyOn(Date, 'now').mockReturnValue(now);
  try {
    await test(now);
  } finally {
    dateNow.mockRestore();
  }
}

/** Runs `encode` with Buffer.allocUnsafe handing out buffers filled with `fill`, as stale memory would be. */
async function withUnsafeBuffersFilled<T>(fill: number, encode: () => Promise<T>): Promise<T> {
  const allocUnsafe = Buffer.allocUnsafe;
  const spy = jest.spyOn(Buffer, 'allocUnsafe').mockImplementation((size: number) => allocUnsafe(size).fill(fill));
  try {
    const encoded = await encode();
    expect(spy).toHaveBeenCalled(); // the encoders took their buffers from here, so what they held was `fill`
    return encoded;
  } finally {
    spy.mockRestore();
  }
}

const pick = <T>(values: readonly T[], n: number): T => values[n % values.length] as T;

/** Messages of every shape kafkajs takes: string and Buffer keys and values, nulls, multi-byte text, header arrays, timestamps. */
function messages(seed: number, now: number): Message[] {
  return Array.from({ length: 1 + (seed % 37) }, (_, i) => {
    const n = seed * 31 + i;
    return {
      key: pick([null, `go.acme.example/b${n}`, Buffer.from(`k${n}`), `é${'\u{1f600}'.repeat(n % 5)}`], n),
      value: pick(
        [null, `{"n":${n},"ua":"${'é'.repeat(n % 300)}"}`, randomBytes(n % 2000), 'x'.repeat(n % 9000)],
        n + 1,
      ),
      headers: pick<Message['headers']>(
        [{}, { 'event-id': `0193-${n}` }, { 'event-id': `e${n}`, multi: ['a', Buffer.from('bb')] }],
        n + 2,
      ),
      ...(n % 3 === 0 ? { timestamp: now - (n % 1_000_000) * 997 } : {}),
    };
  });
}

describe('kafkajs patched record batch encoding (patches/kafkajs+2.2.4.patch)', () => {
  it('is installed: the one-pass encoder is there', () => {
    expect(() => require.resolve('kafkajs/src/protocol/recordBatch/v0/uncompressed')).not.toThrow();
  });

  it('writes every uncompressed produce request byte for byte as the record-by-record encoders do', async () => {
    await atFixedNow(async (now) => {
      for (let seed = 0; seed < 120; seed += 1) {
        const transactional = seed % 9 === 0;
        const args: ProduceArgs = {
          acks: pick([-1, 1, 0], seed),
          timeout: 30_000,
          ...(transactional ? { transactionalId: 'tx-1', producerId: Long.fromValue(4242), producerEpoch: 3 } : {}),
          topicData: [
            {
              topic: `clicks.v1`,
              partitions: Array.from({ length: 1 + (seed % 4) }, (_, p) => ({
                partition: p,
                firstSequence: (seed * p) % 7,
                messages: messages(seed + p, now),
              })),
            },
            ...(seed % 2 === 0
              ? [{ topic: 'links.v1', partitions: [{ partition: 3, messages: messages(seed + 100, now) }] }]
              : []),
          ],
        };
        const patched = (await produceRequest(args).encode()).buffer;
        expect({ seed, equal: patched.equals(await recordByRecord(args, now)) }).toEqual({ seed, equal: true });
      }
    });
  });

  it('writes compressed produce requests as before (they keep the record-by-record encoders)', async () => {
    await atFixedNow(async (now) => {
      for (let seed = 0; seed < 10; seed += 1) {
        const args: ProduceArgs = {
          acks: -1,
          timeout: 30_000,
          compression: CompressionTypes.GZIP,
          topicData: [{ topic: 'clicks.v1', partitions: [{ partition: seed % 4, messages: messages(seed, now) }] }],
        };
        expect((await produceRequest(args).encode()).buffer.equals(await recordByRecord(args, now))).toBe(true);
      }
    });
  });

  it('refuses a key or value that is neither text nor bytes, as the record-by-record encoders did', async () => {
    for (const value of [{ not: 'text' }, 42]) {
      const args = {
        acks: -1,
        timeout: 1_000,
        topicData: [
          { topic: 't', partitions: [{ partition: 0, messages: [{ key: 'k', value: value as unknown as string }] }] },
        ],
      };
      await expect(recordByRecord(args, Date.now())).rejects.toMatchObject({ name: 'TypeError' });
      await expect(produceRequest(args).encode()).rejects.toMatchObject({ name: 'TypeError' });
    }
  });

  it('frames a request (size, header, payload) byte for byte as before, a produce request of chunks and any other', async () => {
    await atFixedNow(async (now) => {
      for (let seed = 0; seed < 30; seed += 1) {
        const produce = produceRequest({
          acks: -1,
          timeout: 30_000,
          topicData: [
            {
              topic: 'clicks.v1',
              partitions: Array.from({ length: 1 + (seed % 3) }, (_, p) => ({
                partition: p,
                messages: messages(seed + p, now),
              })),
            },
          ],
        });
        // A request whose payload is an Encoder, as every request but an uncompressed produce request has.
        const other: RequestDef = {
          apiKey: 3,
          apiVersion: 6,
          encode: async () => new Encoder().writeArray([`topic-${seed}`, 'é'.repeat(seed)]).writeInt32(seed),
        };
        for (const request of [produce, other]) {
          const framed = (await createRequest({ correlationId: seed * 7, clientId: `client-${seed}`, request })).buffer;
          expect({
            seed,
            apiKey: request.apiKey,
            equal: framed.equals(await framedAsBefore(seed * 7, `client-${seed}`, request)),
          }).toEqual({ seed, apiKey: request.apiKey, equal: true });
        }
      }
    });
  });

  it('encodes the same bytes whatever the buffers it did not zero-fill held before', async () => {
    await atFixedNow(async (now) => {
      for (let seed = 0; seed < 20; seed += 1) {
        const args: ProduceArgs = {
          acks: -1,
          timeout: 1_000,
          topicData: [{ topic: 't', partitions: [{ partition: seed % 4, messages: messages(seed, now) }] }],
        };
        const gzip: ProduceArgs = { ...args, compression: CompressionTypes.GZIP };
        const encodeAll = async () => [
          (await createRequest({ correlationId: seed, clientId: 'c', request: produceRequest(args) })).buffer,
          (await createRequest({ correlationId: seed, clientId: 'c', request: produceRequest(gzip) })).buffer,
          await recordByRecord(args, now),
        ];
        const [zeros, ones] = [
          await withUnsafeBuffersFilled(0x00, encodeAll),
          await withUnsafeBuffersFilled(0xff, encodeAll),
        ];
        expect(zeros.map((buffer, i) => buffer.equals(ones[i] as Buffer))).toEqual([true, true, true]);
      }
    });
  });

  it('groups messages by partition as before: the same partitions, each with its messages in order', () => {
    const now = Date.now();
    for (let seed = 0; seed < 50; seed += 1) {
      const batch = messages(seed, now).concat(messages(seed + 1, now));
      const partitioner = ({ message }: { message: Message }) => (batch.indexOf(message) * 7 + seed) % (1 + (seed % 6));
      const args: GroupArgs = { topic: 'clicks.v1', partitionMetadata: [{}], messages: batch, partitioner };
      const grouped = groupMessagesPerPartition(args);
      expect(Object.keys(grouped)).toEqual(Object.keys(groupedAsBefore(args)));
      expect(grouped).toEqual(groupedAsBefore(args));
    }
    expect(
      groupMessagesPerPartition({
        topic: 't',
        partitionMetadata: [],
        messages: [{ value: 'x' }],
        partitioner: () => 0,
      }),
    ).toEqual({});
  });
});
