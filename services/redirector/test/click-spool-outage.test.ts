import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startKafkaMock, waitFor, type StartedKafkaMock } from '@waymark/testkit';
import type { KafkaEventBus } from '@waymark/events';
import { newLink, newTenant, publishLinks, publishTenant } from './support/fixtures';
import { collectClicks, connectBus, startRedirector, type StartedRedirector } from './support/redirector-harness';
import { visit } from './support/visit-client';

// A private Kafka mock: pausing the shared one would stall every other test file.
jest.setTimeout(240_000);
const OUTAGE_MS = 62_000;
const tenant = newTenant();
const host = tenant.defaultDomain;
const link = newLink(tenant);
let kafka: StartedKafkaMock;
let bus: KafkaEventBus;
const cleanup: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  // One broker: the outage freezes the whole cluster, and a single broker is all this scenario needs.
  kafka = await startKafkaMock({ brokers: 1 });
  bus = await connectBus(kafka.brokers);
  await publishTenant(bus, tenant);
  await publishLinks(bus, [link]);
});

afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  await bus?.close();
  await kafka?.stop();
});

function spooledBytes(dir: string): number {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

async function click(port: number, n: number, tag: string): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const answer = await visit(port, host, `/${link.code}?${tag}=${i}`, {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
    });
    expect(answer.status).toBe(302);
  }
}

test('no click is lost across a 60 s Kafka outage with a redirector restart in the middle of it', async () => {
  // The production path: click events are produced by the redirector's producer thread (CLICK_PUBLISHER=thread).
  const first: StartedRedirector = await startRedirector(kafka.brokers, {
    CLICK_DEGRADE_AFTER: '500ms',
    CLICK_RETRY_INTERVAL: '500ms',
  });
  await click(first.service.port, 20, 'before');
  const outageStarted = Date.now();
  await kafka.pause();

  // Visitors keep being redirected while Kafka is away; their events go to the spool.
  await click(first.service.port, 150, 'during');
  await first.service.stop();
  // Its connections (the bus and the producer thread) are closed once Kafka is back.
  cleanup.push(() => first.stop());
  expect(spooledBytes(first.spoolDir)).toBeGreaterThan(0);

  // The replacement starts on the same spool while Kafka is still away. Like an orchestrator, start it again (after a
  // back-off) when its Kafka connection gives up (kafkajs stops retrying after a while); it comes up once Kafka is back.
  // The back-off matters: every attempt queues connections at the frozen brokers, which the mock cluster, once
  // thawed, has to take all at once.
  const second = waitFor(
    () => startRedirector(kafka.brokers, { CLICK_SPOOL_DIR: first.spoolDir, CLICK_RETRY_INTERVAL: '500ms' }),
    {
      timeoutMs: 150_000,
      intervalMs: 5_000,
      message: 'the replacement redirector to start',
    },
  );
  second.catch(() => undefined);
  // The scenario is an outage of at least 60 s: Kafka is held paused that long on purpose.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
    cleanup.push(async () => clearTimeout(timer));
  });
  await kafka.resume();
  const replacement = await second.catch((error: Error) => {
    // Say whether Kafka itself is gone: a replacement that cannot reach a dead mock cluster is not a redirector bug.
    throw new Error(`${error.message}\nKafka mock: ${kafka.exitReport() ?? 'still running'}`, { cause: error });
  });
  cleanup.push(() => replacement.stop());
  await click(replacement.service.port, 30, 'after');

  const sent = 20 + 150 + 30;
  const { events, subscription } = await collectClicks(bus, tenant.id);
  cleanup.push(() => subscription.stop());
  const unique = await waitFor(
    () => {
      const ids = new Set(events.map((e) => e.eventId));
      return ids.size >= sent && ids;
    },
    { timeoutMs: 60_000, message: `${sent} distinct click events on clicks.v1` },
  );
  expect(unique.size).toBe(sent);
  expect(new Set(events.map((e) => e.ip))).toEqual(new Set(['127.0.0.1']));
});
