import { Partitioners, type ICustomPartitioner, type PartitionerArgs } from 'kafkajs';

const M = 0x5bd1e995;
const SEED = 0x9747b28c;

/**
 * Kafka's murmur2 (the Java client's Utils.murmur2) in 32-bit integer arithmetic. kafkajs' own implementation
 * computes the same with its 64-bit Long type, allocating several objects per four bytes of key: in the click
 * thread's profile it and its Long operations were a visible share of kafkajs' time. Only the low 32 bits ever reach
 * the result, so Math.imul gives the same hash; murmur2-partitioner.test.ts compares both over many keys.
 */
export function murmur2(data: Uint8Array): number {
  const length = data.length;
  let h = (SEED ^ length) | 0;
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    let k = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }
  const rest = length & 3;
  if (rest === 3) h ^= data[whole + 2]! << 16;
  if (rest >= 2) h ^= data[whole + 1]! << 8;
  if (rest >= 1) h = Math.imul(h ^ data[whole]!, M);
  h ^= h >>> 13;
  h = Math.imul(h, M);
  return h ^ (h >>> 15);
}

/**
 * kafkajs' DefaultPartitioner (Java-compatible) with the hash above for keyed messages: the same partition for
 * every key, so producers on either partitioner keep one key's events in one partition. Messages with an explicit
 * partition or without a key are left to kafkajs' own partitioner.
 */
export const Murmur2Partitioner: ICustomPartitioner = () => {
  const fallback = Partitioners.DefaultPartitioner();
  return (args: PartitionerArgs) => {
    const { message, partitionMetadata } = args;
    if (message.partition !== undefined && message.partition !== null) return fallback(args);
    if (message.key === undefined || message.key === null) return fallback(args);
    const key = Buffer.isBuffer(message.key) ? message.key : Buffer.from(String(message.key));
    return (murmur2(key) & 0x7fffffff) % partitionMetadata.length;
  };
};
