import type { Admin, ITopicMetadata } from 'kafkajs';
import { fetchTopicOffsetsOnceListed } from './topic-offsets';

const listed = (partitions: number): { topics: ITopicMetadata[] } => ({
  topics: [
    {
      name: 'clicks.v1',
      partitions: Array.from({ length: partitions }, (_, partitionId) => ({
        partitionId,
        leader: 0,
        partitionErrorCode: 0,
        replicas: [0],
        isr: [0],
      })),
    },
  ],
});
const offsets = [{ partition: 0, offset: '5', high: '5', low: '0' }];
const kafkajsTypeError = new TypeError(
  "Cannot destructure property 'partitions' of 'high.pop(...)' as it is undefined.",
);

test('waits until the metadata lists the partitions before asking for offsets', async () => {
  const fetchTopicMetadata = jest
    .fn()
    .mockResolvedValueOnce(listed(0))
    .mockResolvedValueOnce(listed(0))
    .mockResolvedValue(listed(4));
  const fetchTopicOffsets = jest.fn().mockResolvedValue(offsets);
  const admin = { fetchTopicMetadata, fetchTopicOffsets } as unknown as Admin;
  await expect(fetchTopicOffsetsOnceListed(admin, 'clicks.v1', { intervalMs: 1 })).resolves.toEqual(offsets);
  expect(fetchTopicMetadata).toHaveBeenCalledTimes(3);
  expect(fetchTopicOffsets).toHaveBeenCalledTimes(1);
});

test("tries again after kafkajs' TypeError or an empty answer, for a topic listed but not yet known to the broker asked", async () => {
  const fetchTopicOffsets = jest
    .fn()
    .mockRejectedValueOnce(kafkajsTypeError)
    .mockResolvedValueOnce([])
    .mockResolvedValue(offsets);
  const admin = { fetchTopicMetadata: jest.fn().mockResolvedValue(listed(4)), fetchTopicOffsets } as unknown as Admin;
  await expect(fetchTopicOffsetsOnceListed(admin, 'clicks.v1', { intervalMs: 1 })).resolves.toEqual(offsets);
  expect(fetchTopicOffsets).toHaveBeenCalledTimes(3);
});

test('throws any other error at once: kafkajs already retried it', async () => {
  const refused = new Error('This server does not host this topic-partition');
  const fetchTopicOffsets = jest.fn().mockRejectedValue(refused);
  const admin = { fetchTopicMetadata: jest.fn().mockResolvedValue(listed(4)), fetchTopicOffsets } as unknown as Admin;
  await expect(fetchTopicOffsetsOnceListed(admin, 'clicks.v1', { intervalMs: 1 })).rejects.toBe(refused);
  expect(fetchTopicOffsets).toHaveBeenCalledTimes(1);
});

test('gives up with the topic named and the last problem when it never gets offsets', async () => {
  const admin = {
    fetchTopicMetadata: jest.fn().mockResolvedValue(listed(4)),
    fetchTopicOffsets: jest.fn().mockRejectedValue(kafkajsTypeError),
  } as unknown as Admin;
  await expect(fetchTopicOffsetsOnceListed(admin, 'clicks.v1', { timeoutMs: 20, intervalMs: 1 })).rejects.toThrow(
    /^no offsets of topic clicks\.v1 after 20 ms: kafkajs failed: Cannot destructure/,
  );
});
