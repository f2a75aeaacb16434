import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@waymark/logging';
import type { ClickVisit } from '../click-visit';
import { countedVisit } from '../../test/support/click-fixtures';
import { ClickBatch } from './click-batch';
import { ClickEmitter, type ClickEmitterOptions } from './click-emitter';
import { ClickSpool } from '../spool/click-spool';

const logger = createLogger({ service: 'click-emitter-test', level: 'silent' });

/** The visit of link `c<i>`, its user agent `uaLength` long. */
const click = (i: number, uaLength = 600): ClickVisit => countedVisit(i, 'u'.repeat(uaLength));

/** The codes of a published batch's events: which visits it carried, in order. */
const codesOf = (batch: ClickBatch): string[] =>
  batch.clicks().map((c) => (JSON.parse(c.json) as { code: string }).code);

/** A publisher that acknowledges every batch at once, keeping the codes of each. */
function recordingPublisher() {
  const published: string[][] = [];
  return {
    published,
    publish: async (batch: ClickBatch) => {
      published.push(codesOf(batch));
    },
  };
}

const dirs: string[] = [];
const emitters: ClickEmitter[] = [];
afterEach(async () => {
  for (const emitter of emitters.splice(0)) await emitter.stop(1_000);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startEmitter(
  publisher: ClickEmitterOptions['publisher'],
  options: Partial<ClickEmitterOptions>,
): Promise<ClickEmitter> {
  const dir = mkdtempSync(join(tmpdir(), 'click-emitter-'));
  dirs.push(dir);
  const spool = await ClickSpool.open(dir, 64 * 1024 * 1024, logger);
  const emitter = new ClickEmitter({
    publisher,
    spool,
    logger,
    batchMax: 500,
    batchMaxBytes: 768 * 1024,
    flushMs: 60_000,
    degradeAfterMs: 2_000,
    retryMs: 1_000,
    ...options,
  });
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

const codes = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `c${from + i}`);

describe('ClickEmitter batches', () => {
  it('publishes a full batch at once, without waiting for the flush interval; a part-filled one waits for it', async () => {
    const publisher = recordingPublisher();
    const emitter = await startEmitter(publisher, { batchMax: 50 });
    for (let i = 0; i < 120; i += 1) emitter.record(click(i));
    await until(() => emitter.stats.published === 100);
    expect(publisher.published).toEqual([codes(0, 50), codes(50, 100)]);
    expect(emitter.stats.queued).toBe(20);
    // Stopping does not wait for the interval: what is queued is published before the emitter ends.
    await emitter.stop(1_000);
    expect(publisher.published).toEqual([codes(0, 50), codes(50, 100), codes(100, 120)]);
  });

  it('under steady load publishes a part-filled batch once it is flushMs old, not as soon as the last publish is answered', async () => {
    const publishedAt: number[] = [];
    let published = 0;
    const publisher = {
      // A broker that answers in 10 ms: without the wait, every answer would send the few clicks that came meanwhile.
      publish: async (batch: ClickBatch) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        publishedAt.push(Date.now());
        published += batch.length;
      },
    };
    const emitter = await startEmitter(publisher, { flushMs: 100 });
    const started = Date.now();
    let sent = 0;
    while (Date.now() - started < 500) {
      emitter.record(click(sent));
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await until(() => published === sent, 2_000);
    // 500 ms of clicks at a 100 ms linger: about five publishes (plus one for the tail), not one per 10 ms answer.
    expect(publishedAt.length).toBeLessThanOrEqual(7);
  });

  it('writes later batches into the buffers of published ones, each batch holding its own events only', async () => {
    const batches: ClickBatch[] = [];
    const texts: string[][] = [];
    const publisher = {
      publish: async (batch: ClickBatch) => {
        batches.push(batch);
        texts.push(batch.clicks().map((c) => c.json));
      },
    };
    const emitter = await startEmitter(publisher, { batchMax: 10 });
    // Long user agents first, short ones after: a reused buffer still holds the longer bytes of its last batch.
    for (let i = 0; i < 40; i += 1) {
      emitter.record(click(i, i < 20 ? 2_000 : 10));
      if (i % 10 === 9) await until(() => emitter.stats.published === i + 1);
    }
    expect(texts.map((batch) => batch.map((json) => (JSON.parse(json) as { code: string; ua: string }).code))).toEqual([
      codes(0, 10),
      codes(10, 20),
      codes(20, 30),
      codes(30, 40),
    ]);
    for (const json of texts.slice(2).flat()) expect((JSON.parse(json) as { ua: string }).ua).toBe('u'.repeat(10));
    // Each published batch gave its buffer back: reading one now fails instead of showing the next batch's bytes.
    for (const batch of batches) expect(() => batch.clicks()).toThrow(/released/);
  });

  it('closes a batch once it holds batchMaxBytes, whatever its count: no publish may exceed what a broker takes', async () => {
    const publisher = recordingPublisher();
    const one = new ClickBatch();
    one.appendVisit(click(0));
    const emitter = await startEmitter(publisher, { batchMax: 1_000, batchMaxBytes: 3 * one.size, flushMs: 50 });
    for (let i = 0; i < 10; i += 1) emitter.record(click(i));
    await until(() => emitter.stats.published === 10);
    expect(publisher.published).toEqual([codes(0, 3), codes(3, 6), codes(6, 9), codes(9, 10)]);
  });

  it('replays spooled events in batches of at most batchMaxBytes too', async () => {
    let failing = true;
    const published: string[][] = [];
    const publisher = {
      publish: async (batch: ClickBatch) => {
        if (failing) throw new Error('brokers away');
        published.push(codesOf(batch));
      },
    };
    const big = (i: number) => click(i, 20_000);
    const emitter = await startEmitter(publisher, { batchMax: 1_000, batchMaxBytes: 50_000, retryMs: 20 });
    for (let i = 0; i < 9; i += 1) emitter.record(big(i));
    await until(() => emitter.stats.degraded && emitter.stats.spooledBytes > 0);
    failing = false;
    await until(() => emitter.stats.published === 9);
    expect(published.flat()).toEqual(codes(0, 9));
    // The first publish failed, so every event went through the spool: 20 KB events, 50 KB a batch, two at most.
    expect(published.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...published.map((batch) => batch.length))).toBeLessThanOrEqual(2);
  });
});

/** The codes of the events in a spool folder's files, in file order. */
const spooledCodes = (dir: string): string[] =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.ndjson'))
    .sort()
    .flatMap((file) => readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean))
    .map((line) => (JSON.parse(line) as { code: string }).code);

describe('ClickEmitter under a publish that is never answered', () => {
  it('spools the batch being published and the ones behind it once its first click is degradeAfterMs old', async () => {
    let publishing = false;
    let giveUp: (error: Error) => void = () => undefined;
    const hung = {
      publish: () => {
        publishing = true;
        return new Promise<void>((_, reject) => (giveUp = reject));
      },
    };
    const emitter = await startEmitter(hung, { flushMs: 20, degradeAfterMs: 200 });
    const dir = dirs.at(-1)!;
    for (let i = 0; i < 5; i += 1) emitter.record(click(i));
    await until(() => publishing);
    for (let i = 5; i < 10; i += 1) emitter.record(click(i));
    // In memory only, every one of these would be lost to a hard kill of the process, however long the publish hangs.
    await until(() => spooledCodes(dir).length >= 10, 2_000);
    expect(spooledCodes(dir)).toEqual(codes(0, 10));
    expect(emitter.stats.degraded).toBe(true);
    // When the publish fails at last, its batch is not spooled a second time.
    giveUp(new Error('brokers gone'));
    await emitter.stop(1_000);
    expect(spooledCodes(dir)).toEqual(codes(0, 10));
  });
});
