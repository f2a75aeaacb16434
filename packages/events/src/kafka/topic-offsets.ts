import { setTimeout as sleep } from 'node:timers/promises';
import type { Admin } from 'kafkajs';

type TopicOffsets = Awaited<ReturnType<Admin['fetchTopicOffsets']>>;

/**
 * admin.fetchTopicOffsets, tried again while a just-created topic is not yet known everywhere. Right after a topic is
 * auto-created (tests, the librdkafka mock's brokers) the metadata kafkajs refreshes can list no partitions for it;
 * kafkajs then asks for no offsets and fails with its own TypeError ("Cannot destructure property 'partitions' of
 * 'high.pop(...)'") instead of retrying, which failed service start-ups in CI. Such a TypeError, or an empty answer,
 * is retried every `intervalMs` up to `timeoutMs`; any other error is kafkajs' own (it already retried) and is thrown.
 */
export async function fetchTopicOffsetsOnceListed(
  admin: Pick<Admin, 'fetchTopicMetadata' | 'fetchTopicOffsets'>,
  topic: string,
  { timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<TopicOffsets> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'its metadata lists no partitions';
  for (;;) {
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    if ((topics.find((t) => t.name === topic)?.partitions.length ?? 0) > 0) {
      try {
        const offsets = await admin.fetchTopicOffsets(topic);
        if (offsets.length > 0) return offsets;
        lastProblem = 'no offsets were returned';
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        lastProblem = `kafkajs failed: ${error.message}`;
      }
    }
    if (Date.now() >= deadline) throw new Error(`no offsets of topic ${topic} after ${timeoutMs} ms: ${lastProblem}`);
    await sleep(intervalMs);
  }
}
