import type { Admin, ITopicMetadata } from 'kafkajs';
import { fetchTopicOffsetsOnceListed } from './topic-offsets';

const listed = (partitions: number): { topics: ITopicMetadata[] } => ({
  topics: [{ name: 'clicks.v1', partitions: Array.from({ length: partitions }, (_, partitionId) => ({ partitionId, leader: 0, partitionErrorCode: 0, replicas: [0], isr: [0] })) }],
});
const offsets = [{ partition: 0, offset: '5', high: '5', low: '0' }];

test('waits until the metadata lists the partitions before asking for offsets', async () => {
  const fetchTopicMetadata = jest.fn().mockResolvedValueOnce(listed(0)).mockResolvedValueOnce(listed(0)).mockResolvedValue(listed(4));
  const fetchTopicOffsets = jest.fn().mockResolvedValue(offsets);
  const admin = { fetchTopicMetadata, fetchTopicOffsets } as unknown as Admin;
  await expect(fetchTopicOffsetsOnceListed(admin, 'clicks.v1', { intervalMs: 1 })).resolves.toEqual(offsets);
  expect(fetchTopicMetadata).toHaveBeenCalledTimes(3);
  expect(fetchTopicOffsets).toHaveBeenCalledTimes(1);
});

test('gives up with the topic named when it never lists partitions', async () => {
  const admin = { fetchTopicMetadata: jest.fn().mockResolvedValue(listed(0)), fetchTopicOffsets: jest.fn() } as unknown as Admin;
  await expect(fetchTopicOffsetsOnceListed(admin, 'clicks.v1', { timeoutMs: 20, intervalMs: 1 })).rejects.toThrow(
    'topic clicks.v1 still lists no partitions after 20 ms',
  );
  expect(admin.fetchTopicOffsets).not.toHaveBeenCalled();
});
