import { Kafka, logLevel } from 'kafkajs';
import { getTestInfra, waitFor } from '@waymark/testkit';

/**
 * Waits until consumer group `groupId` has committed every message that was on `topic` when this was called: its
 * handler has then run for all of them (offsets are committed only after a batch was handled). Lets a test assert
 * that something did NOT change, without sleeping.
 */
export async function waitForGroupToCatchUp(groupId: string, topic: string, timeoutMs = 20_000): Promise<void> {
  const kafka = new Kafka({
    clientId: 'group-progress',
    brokers: getTestInfra().kafka.brokers,
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const high = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]));
    await waitFor(
      async () => {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        const at = new Map((committed?.partitions ?? []).map((p) => [p.partition, Math.max(0, Number(p.offset))]));
        return [...high].every(([partition, end]) => (at.get(partition) ?? 0) >= end);
      },
      { message: `group ${groupId} to commit ${topic}`, timeoutMs },
    );
  } finally {
    await admin.disconnect();
  }
}
