import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@waymark/logging';
import type { ClickFact } from '@waymark/contracts';
import { encodeClickFact, type EncodedClick } from '../app/click-record';
import type { ClickBatch } from './click-batch';
import { ClickEmitter, type ClickEmitterOptions } from './click-emitter';
import { ClickSpool } from './click-spool';

const logger = createLogger({ service: 'click-emitter-test', level: 'silent' });

/** A clicks.v1 event (the spool replays only what the schema accepts), its user agent `uaLength` long. */
const click = (i: number, uaLength = 600): EncodedClick => {
  const fact: ClickFact = {
    version: 1, eventId: `0193a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`, event: 'click', source: 'click', code: `c${i}`,
    shortUrl: `https://go.example/c${i}`, title: '', destination: 'https://x.example/', tags: {}, createdAt: '2026-01-01T00:00:00Z',
    ts: i, at: '2026-01-01T00:00:00Z', ip: '127.0.0.1', ua: 'u'.repeat(uaLength), referer: null, customerId: 't', tenantId: 't',
    domain: 'go.example', bot: false, method: 'GET', notifyChannels: [],
  };
  return encodeClickFact(fact);
};

/** A publisher that acknowledges every batch at once, keeping the event ids of each. */
function recordingPublisher() {
  const published: string[][] = [];
  return {
    published,
    publish: async (batch: ClickBatch) => {
      published.push(batch.clicks().map((c) => c.eventId));
    },
  };
}

const dirs: string[] = [];
const emitters: ClickEmitter[] = [];
afterEach(async () => {
  for (const emitter of emitters.splice(0)) await emitter.stop(1_000);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startEmitter(publisher: ClickEmitterOptions['publisher'], options: Partial<ClickEmitterOptions>): Promise<ClickEmitter> {
  const dir = mkdtempSync(join(tmpdir(), 'click-emitter-'));
  dirs.push(dir);
  const spool = await ClickSpool.open(dir, 64 * 1024 * 1024, logger);
  const emitter = new ClickEmitter({ publisher, spool, logger, batchMax: 500, batchMaxBytes: 768 * 1024, flushMs: 60_000, degradeAfterMs: 2_000, retryMs: 1_000, ...options });
  emitter.start();
  emitters.push(emitter);
  return emitter;
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => click(from + i).eventId);

describe('ClickEmitter batches', () => {
  it('publishes a full batch at once, without waiting for the flush interval, then what queued behind it', async () => {
    const publisher = recordingPublisher();
    const emitter = await startEmitter(publisher, { batchMax: 50 });
    for (let i = 0; i < 120; i += 1) emitter.record(click(i));
    await until(() => emitter.stats.published === 120);
    expect(publisher.published).toEqual([ids(0, 50), ids(50, 100), ids(100, 120)]);
  });

  it('closes a batch once it holds batchMaxBytes, whatever its count: no publish may exceed what a broker takes', async () => {
    const publisher = recordingPublisher();
    const recordBytes = (c: EncodedClick) => c.key.length + c.eventId.length + c.json.length + 12;
    const emitter = await startEmitter(publisher, { batchMax: 1_000, batchMaxBytes: 3 * recordBytes(click(0)) });
    for (let i = 0; i < 10; i += 1) emitter.record(click(i));
    await until(() => emitter.stats.published === 10);
    expect(publisher.published).toEqual([ids(0, 3), ids(3, 6), ids(6, 9), ids(9, 10)]);
  });

  it('replays spooled events in batches of at most batchMaxBytes too', async () => {
    let failing = true;
    const published: string[][] = [];
    const publisher = {
      publish: async (batch: ClickBatch) => {
        if (failing) throw new Error('brokers away');
        published.push(batch.clicks().map((c) => c.eventId));
      },
    };
    const big = (i: number) => click(i, 20_000);
    const emitter = await startEmitter(publisher, { batchMax: 1_000, batchMaxBytes: 50_000, retryMs: 20 });
    for (let i = 0; i < 9; i += 1) emitter.record(big(i));
    await until(() => emitter.stats.degraded && emitter.stats.spooledBytes > 0);
    failing = false;
    await until(() => emitter.stats.published === 9);
    expect(published.flat()).toEqual(Array.from({ length: 9 }, (_, i) => big(i).eventId));
    // The first publish failed, so every event went through the spool: 20 KB events, 50 KB a batch, two at most.
    expect(published.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...published.map((batch) => batch.length))).toBeLessThanOrEqual(2);
  });
});
