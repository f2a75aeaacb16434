import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import type { Pool } from 'pg';
import { clicksTopic, type ClickFact } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import { generateClicks } from './bench-data';

const PUBLISH_CHUNK = 4000;

/**
 * librdkafka's mock keeps about 5 MB per partition and drops older messages (its low watermark moves up) even
 * when nobody consumed them. Produces `count` clicks to a scratch topic nobody reads and reports what the mock kept.
 */
export async function probeMockRetention(brokers: string[], count: number, now: number): Promise<string> {
  const kafka = new Kafka({ clientId: 'analytics-bench-probe', brokers, logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  const admin = kafka.admin();
  await Promise.all([producer.connect(), admin.connect()]);
  try {
    const topic = 'bench.retention-probe';
    const clicks = generateClicks(count, 10, 1000, now);
    let bytes = 0;
    for (let i = 0; i < clicks.length; i += PUBLISH_CHUNK) {
      const messages = clicks
        .slice(i, i + PUBLISH_CHUNK)
        .map((c) => ({ key: clicksTopic.keyOf(c), value: JSON.stringify(c) }));
      bytes += messages.reduce((sum, m) => sum + m.value.length, 0);
      await producer.send({ topic, messages });
    }
    const offsets = await admin.fetchTopicOffsets(topic);
    const low = offsets.reduce((sum, o) => sum + Number(o.low), 0);
    const high = offsets.reduce((sum, o) => sum + Number(o.high), 0);
    return `mock retention probe: produced ${high} clicks (~${Math.round(bytes / count)} B each) to ${offsets.length} partitions with no consumer; low watermarks sum ${low}: the mock dropped ${low} unread and kept ${high - low}`;
  } finally {
    await Promise.all([producer.disconnect(), admin.disconnect()]);
  }
}

/** Produces clicks with kcat (librdkafka) in its own process, batched the way a real producer batches. */
async function produceWithKcat(brokers: string[], clicks: ClickFact[], dir: string, lingerMs: number): Promise<void> {
  const file = join(dir, 'round.tsv');
  await writeFile(file, clicks.map((c) => `${clicksTopic.keyOf(c)}\t${JSON.stringify(c)}`).join('\n') + '\n');
  await new Promise<void>((resolve, reject) => {
    const kcat = spawn(
      'kcat',
      ['-P', '-b', brokers.join(','), '-t', clicksTopic.name, '-K', '\t', '-X', `linger.ms=${lingerMs}`, '-l', file],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    kcat.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    kcat.on('error', reject);
    kcat.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`kcat exited with ${code}: ${stderr}`))));
  });
}

/**
 * Events analytics-ingest stored: the sum of its consumer group's committed offsets on clicks.v1 (it commits a
 * batch's offsets only after the statement that stored the batch committed). Polling this costs the database
 * nothing; polling count(*) over click_fact every few milliseconds took PostgreSQL time from the ingest it measured.
 */
async function committedEvents(admin: Admin, groupId: string): Promise<number> {
  const [topic] = await admin.fetchOffsets({ groupId, topics: [clicksTopic.name] });
  return (topic?.partitions ?? []).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
}

/**
 * Sustained ingest in rounds small enough for the mock's retention: each round's clicks are produced by kcat in
 * another process while the service consumes; a round's rate is what was committed after its first commit was seen,
 * over the time from then to its last (the first commit's own events were stored before the clock started).
 * kcat lingers `lingerMs` so a record batch holds what a broker's fetch would return: the mock answers a fetch
 * with one record batch per partition, where a broker returns everything available up to 1 MB per partition.
 * Afterwards the facts are counted once: every event of every round must be stored.
 */
export async function ingestRounds(
  brokers: string[],
  pool: Pool,
  options: { rounds: number; perRound: number; now: number; groupId: string; lingerMs: number },
): Promise<string> {
  const { rounds, perRound, now, groupId, lingerMs } = options;
  const count = async () =>
    (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM click_fact`)).rows[0]?.n ?? 0;
  const admin = new Kafka({ clientId: 'analytics-bench-lag', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const dir = await mkdtemp(join(tmpdir(), 'analytics-bench-'));
  const factsBefore = await count();
  let committed = await committedEvents(admin, groupId);
  let totalMs = 0;
  let totalEvents = 0;
  const rates: number[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const before = committed;
      const producing = produceWithKcat(brokers, generateClicks(perRound, 10, 1000, now), dir, lingerMs);
      // The events of the first commit seen were stored before it: only what is committed after it is counted.
      const first = await waitFor(
        async () => {
          const n = await committedEvents(admin, groupId);
          return n > before ? { at: Date.now(), n } : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 5 },
      );
      const done = await waitFor(
        async () => ((committed = await committedEvents(admin, groupId)) >= before + perRound ? Date.now() : undefined),
        { timeoutMs: 300_000, intervalMs: 5 },
      );
      await producing;
      totalMs += done - first.at;
      totalEvents += committed - first.n;
      rates.push(Math.round(((committed - first.n) / (done - first.at)) * 1000));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await admin.disconnect();
  }
  const stored = (await count()) - factsBefore;
  if (stored !== rounds * perRound)
    throw new Error(`ingest: ${rounds * perRound} events committed but ${stored} facts stored`);
  const rate = Math.round((totalEvents / totalMs) * 1000);
  return `ingest: ${rounds} rounds x ${perRound} events (producer linger ${lingerMs} ms) from the Kafka mock into PostgreSQL in ${totalMs} ms: ${rate} events/s sustained (rounds: ${rates.join(', ')}); ${stored} facts stored`;
}
