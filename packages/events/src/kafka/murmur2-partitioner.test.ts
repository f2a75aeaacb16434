import { randomBytes } from 'node:crypto';
import { Partitioners, type PartitionerArgs, type PartitionMetadata } from 'kafkajs';
import { murmur2, Murmur2Partitioner } from './murmur2-partitioner';

// kafkajs' own murmur2 (Long arithmetic), the reference this one must equal; not part of its public API.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const kafkajsMurmur2 = require('kafkajs/src/producer/partitioners/default/murmur2') as (key: Buffer | string) => number;

function sampleKeys(): string[] {
  const keys = [
    '',
    'a',
    'ab',
    'abc',
    'abcd',
    'go.acme.example/spring',
    'tenant:ten_1',
    'é',
    '\u{1f600}',
    '01/09506000134352/10/AB-123',
  ];
  for (let n = 0; n < 2000; n += 1) {
    const length = n % 67;
    keys.push(randomBytes(length).toString('latin1'));
    keys.push(`go.bench.test/b${n.toString(36)}${'x'.repeat(n % 5)}`);
  }
  return keys;
}

test('murmur2 equals kafkajs (Java-compatible) murmur2 on every key, ASCII, multi-byte and binary', () => {
  for (const key of sampleKeys()) {
    const bytes = Buffer.from(key);
    expect([key, murmur2(bytes)]).toEqual([key, kafkajsMurmur2(bytes)]);
  }
  const binary = randomBytes(4096);
  for (let end = 0; end < 200; end += 1)
    expect(murmur2(binary.subarray(0, end))).toBe(kafkajsMurmur2(binary.subarray(0, end)));
});

test("Murmur2Partitioner picks kafkajs' DefaultPartitioner's partition for every key and partition count", () => {
  const ours = Murmur2Partitioner();
  const theirs = Partitioners.DefaultPartitioner();
  for (const count of [1, 2, 3, 4, 7, 12, 50]) {
    const partitionMetadata: PartitionMetadata[] = Array.from({ length: count }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      partitionErrorCode: 0,
      replicas: [0],
      isr: [0],
    }));
    for (const key of sampleKeys()) {
      const args: PartitionerArgs = { topic: 't', partitionMetadata, message: { key, value: 'v' } };
      expect([key, count, ours(args)]).toEqual([key, count, theirs(args)]);
    }
    expect(ours({ topic: 't', partitionMetadata, message: { key: 'k', value: 'v', partition: count - 1 } })).toBe(
      count - 1,
    );
  }
});
