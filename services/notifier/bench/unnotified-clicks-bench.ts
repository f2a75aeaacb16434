/*
 * npm run bench:unnotified -w @waymark/notifier — what a notifier spends on clicks that name no channel (almost all
 * of them): CPU seconds per 1,000 such clicks of one notifier process (main.ts, in its own process, so nothing else
 * is counted), fed at a steady rate. Two kinds of click alternate in the same run: with the redirector's
 * notify-channels header (`none`: skipped undecoded) and without it (as an older redirector wrote them: decoded,
 * checked and dropped, the path every click took before the header), which is the baseline. Real PostgreSQL, Redis
 * and the Kafka protocol (librdkafka's mock cluster), started here.
 *   BENCH_RATE (clicks/s, default 1500), BENCH_SECONDS (per phase, default 15), BENCH_ROUNDS (default 2),
 *   BENCH_CPU_PROF=<dir> (the notifier writes a V8 CPU profile there), BENCH_PHASES=header (only the headed clicks).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Kafka, logLevel } from 'kafkajs';
import { CLICK_CHANNELS, CLICK_CHANNELS_HEADER, clicksTopic, linkKey, type ClickFact } from '@waymark/contracts';
import { EVENT_ID_HEADER, KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { freePort, runMain, startKafkaMock, startPostgres, startRedis, stopChild, waitFor } from '@waymark/testkit';
import { spawnNotifier } from '../test/support/notifier-process';

const RATE = Number(process.env.BENCH_RATE ?? 1500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TICK_MS = 50;
const GROUP = 'notifier';
/** Linux reports process CPU in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

type Phase = 'header' | 'legacy';

async function main(): Promise<void> {
  const [pg, kafka, redis] = await Promise.all([startPostgres(), startKafkaMock(), startRedis()]);
  const port = await freePort();
  const notifier = await spawnProfiledNotifier({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DATABASE_URL: pg.url,
    KAFKA_BROKERS: kafka.brokers.join(','),
    REDIS_URL: redis.url,
    SECRET_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    MAIL_DIR: '/tmp/notifier-unnotified-bench-mail',
    CLICKS_CONSUMER_GROUP: GROUP,
  });
  const bus = await KafkaEventBus.connect({
    brokers: kafka.brokers,
    clientId: 'unnotified-bench',
    logger: createLogger({ service: 'unnotified-bench', level: 'error' }),
  });
  const admin = new Kafka({
    brokers: kafka.brokers,
    clientId: 'unnotified-bench-admin',
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  let published = 0;
  const consumed = async () => {
    const [offsets] = await admin.fetchOffsets({ groupId: GROUP, topics: [clicksTopic.name] });
    return (offsets?.partitions ?? []).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
  };
  const waitConsumed = () =>
    waitFor(async () => (await consumed()) >= published, {
      timeoutMs: 120_000,
      intervalMs: 100,
      message: `${published} clicks committed by the notifier`,
    });

  // Warm-up: the group joins, code paths compile; then the idle cost over a quiet window.
  for (const phase of ['legacy', 'header'] as Phase[]) published += await publishFor(bus, phase, 3);
  await waitConsumed();
  const idleStart = cpuSeconds(notifier.child);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const idlePerSecond = (cpuSeconds(notifier.child) - idleStart) / 5;
  process.stdout.write(
    `load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores; notifier idle ${(idlePerSecond * 1000).toFixed(1)} ms CPU/s\n`,
  );

  const phases: Phase[] = process.env.BENCH_PHASES === 'header' ? ['header'] : ['legacy', 'header'];
  const totals = new Map<Phase, { cpu: number; clicks: number; seconds: number }>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const phase of phases) {
      const startedAt = Date.now();
      const before = cpuSeconds(notifier.child);
      const count = await publishFor(bus, phase, SECONDS);
      published += count;
      await waitConsumed();
      const cpu = cpuSeconds(notifier.child) - before;
      const seconds = (Date.now() - startedAt) / 1000;
      const total = totals.get(phase) ?? { cpu: 0, clicks: 0, seconds: 0 };
      totals.set(phase, { cpu: total.cpu + cpu, clicks: total.clicks + count, seconds: total.seconds + seconds });
      process.stdout.write(
        `round ${round + 1} ${describe(phase)}: ${count} clicks in ${seconds.toFixed(1)} s, ` +
          `${((1000 * cpu) / count).toFixed(3)} s CPU per 1,000 (${(((cpu - idlePerSecond * seconds) * 1000) / count).toFixed(3)} above idle)\n`,
      );
    }
  }
  for (const [phase, t] of totals)
    process.stdout.write(
      `notifier CPU per 1,000 clicks without channels at ${RATE}/s, ${describe(phase)}: ` +
        `${((1000 * t.cpu) / t.clicks).toFixed(3)} s (${(((t.cpu - idlePerSecond * t.seconds) * 1000) / t.clicks).toFixed(3)} s above idle)\n`,
    );

  await admin.disconnect();
  await bus.close();
  await stopChild(notifier.child);
  await Promise.all([pg.stop(), kafka.stop(), redis.stop()]);
}

function describe(phase: Phase): string {
  return phase === 'header' ? 'with the notify-channels header' : 'without the header (baseline)';
}

/** Publishes clicks that name no channel at RATE for `seconds`, as the redirector's producer thread does. */
async function publishFor(bus: KafkaEventBus, phase: Phase, seconds: number): Promise<number> {
  const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
  const started = Date.now();
  let count = 0;
  for (let tick = 0; tick < (seconds * 1000) / TICK_MS; tick += 1) {
    const facts = Array.from({ length: perTick }, (_, i) => clickFact(count + i));
    await bus.publishEncoded(
      clicksTopic,
      facts.map((fact) => ({
        key: linkKey(fact),
        value: JSON.stringify(fact),
        headers: {
          [EVENT_ID_HEADER]: fact.eventId,
          ...(phase === 'header' ? { [CLICK_CHANNELS_HEADER]: CLICK_CHANNELS.none } : {}),
        },
      })),
    );
    count += facts.length;
    const next = started + (tick + 1) * TICK_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now()))); // paces the load
  }
  return count;
}

/** A click as the redirector writes it, on one of 500 links of one tenant, naming no channel. */
function clickFact(n: number): ClickFact {
  const now = Date.now();
  const code = `link${n % 500}`;
  return {
    version: 1,
    eventId: randomUUID(),
    event: 'click',
    source: n % 4 === 0 ? 'qr' : 'click',
    code,
    shortUrl: `https://go.acme.test/${code}`,
    title: 'Spring sale',
    destination: 'https://www.acme.test/spring-sale?utm_source=print&utm_campaign=spring',
    tags: { campaign: 'spring', channel: 'print' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ts: now,
    at: new Date(now).toISOString(),
    ip: '203.0.113.7',
    ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    referer: n % 3 === 0 ? 'https://news.example/item?id=1' : null,
    customerId: 'ten_bench',
    tenantId: 'ten_bench',
    domain: 'go.acme.test',
    bot: false,
    method: 'GET',
    notifyChannels: [],
  };
}

/** User plus system CPU of a process so far, from /proc. */
function cpuSeconds(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The notifier's main.ts in its own process, with a CPU profile when BENCH_CPU_PROF names a directory. */
function spawnProfiledNotifier(env: Record<string, string>): Promise<{ child: ChildProcess }> {
  const profile = process.env.BENCH_CPU_PROF;
  const nodeFlags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  return spawnNotifier(env, { nodeFlags, readyWithinMs: 60_000 });
}

runMain(main);
