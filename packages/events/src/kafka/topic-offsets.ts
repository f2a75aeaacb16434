import { setTimeout as sleep } from 'node:timers/promises';
import type { Admin } from 'kafkajs';

type TopicOffsets = Awaited<ReturnType<Admin['fetchTopicOffsets']>>;

/**
 * admin.fetchTopicOffsets once the topic's metadata lists its partitions. Right after a topic is auto-created (tests,
 * the librdkafka mock) its metadata can list none yet; kafkajs then asks for no offsets and fails with a TypeError
 * ("Cannot destructure property 'partitions' of 'high.pop(...)'") instead of retrying, which failed a subscribe in CI.
 */
export async function fetchTopicOffsetsOnceListed(
  admin: Pick<Admin, 'fetchTopicMetadata' | 'fetchTopicOffsets'>,
  topic: string,
  { timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<TopicOffsets> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    if ((topics.find((t) => t.name === topic)?.partitions.length ?? 0) > 0) return admin.fetchTopicOffsets(topic);
    if (Date.now() >= deadline) throw new Error(`topic ${topic} still lists no partitions after ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}
