import { RecordingLogger } from '../../test/contract/fixtures';
import { OffsetCommitter } from './commit-offset';

type Offsets = Array<{ topic: string; partition: number; offset: string }>;

/** A consumer whose commit requests stay open until the test answers them. */
function heldConsumer() {
  const requests: Array<{ offsets: Offsets; answer(error?: Error): void }> = [];
  return {
    requests,
    commitOffsets: (offsets: Offsets) =>
      new Promise<void>((resolve, reject) =>
        requests.push({ offsets, answer: (error) => (error ? reject(error) : resolve()) }),
      ),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the offset committer', () => {
  it('sends the first commit at once and merges those asked for meanwhile into one request', async () => {
    const consumer = heldConsumer();
    const committer = new OffsetCommitter(consumer, new RecordingLogger());
    const first = committer.commit('clicks.v1', 0, 10);
    expect(consumer.requests.map((r) => r.offsets)).toEqual([[{ topic: 'clicks.v1', partition: 0, offset: '10' }]]);
    const waiting = [committer.commit('clicks.v1', 1, 5), committer.commit('clicks.v1', 0, 12)];
    waiting.push(committer.commit('clicks.v1', 0, 14));
    consumer.requests[0]!.answer();
    await expect(first).resolves.toBe(true);
    await flush();
    // The later offset of partition 0 covers the earlier one: one request, one offset per partition.
    expect(consumer.requests.map((r) => r.offsets)).toHaveLength(2);
    expect(consumer.requests[1]!.offsets).toEqual([
      { topic: 'clicks.v1', partition: 1, offset: '5' },
      { topic: 'clicks.v1', partition: 0, offset: '14' },
    ]);
    consumer.requests[1]!.answer();
    await expect(Promise.all(waiting)).resolves.toEqual([true, true, true]);
  });

  it('answers false to every commit of a refused request, logs it, and goes on committing', async () => {
    const consumer = heldConsumer();
    const logger = new RecordingLogger();
    const committer = new OffsetCommitter(consumer, logger);
    const refused = committer.commit('clicks.v1', 3, 7);
    consumer.requests[0]!.answer(new Error('The group is rebalancing'));
    await expect(refused).resolves.toBe(false);
    expect(logger.entries).toEqual([
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ partitions: [3] }) }),
    ]);
    const next = committer.commit('clicks.v1', 3, 7);
    expect(consumer.requests).toHaveLength(2);
    consumer.requests[1]!.answer();
    await expect(next).resolves.toBe(true);
  });
});
