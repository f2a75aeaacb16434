import { PassThrough } from 'node:stream';
import { unzipSync } from 'fflate';
import { createLogger } from '@waymark/logging';
import { waitFor } from '@waymark/testkit';
import { renderExport } from '../../src/artwork/app/render-export';
import { exportOptionsSchema } from '../../src/artwork/domain/export-options';
import type { RenderRecord } from '../../src/artwork/domain/render-record-schema';
import { RenderPool } from '../../src/jobs/infra/render-pool';
import { newRecord } from '../render/export-fixture';

const logger = createLogger({ service: 'renderer-test', level: 'error' });

async function renderWith(pool: RenderPool, records: RenderRecord[], options: Record<string, unknown>, tenant: string) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (c: Buffer) => chunks.push(c));
  const result = await renderExport({
    records,
    options: exportOptionsSchema.parse(options),
    output,
    renderRecords: pool.render,
    tenant,
  });
  const manifest = Buffer.from(unzipSync(new Uint8Array(Buffer.concat(chunks)))['manifest.csv']!).toString('utf8');
  return {
    result,
    codes: manifest
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => row.split(',')[0]),
  };
}

/** About 12 million pixels a symbol: two records a task, so the heavy job is six tasks. */
const HEAVY = { sizeMm: 150, raster: 'png600' };

describe('render worker recycling', () => {
  let pool: RenderPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('replaces a worker past the memory limit after its tasks; the queue goes on and no accepted job is lost', async () => {
    // A limit every thread is past after any task (its own heap alone is larger), so every task retires its thread.
    pool = new RenderPool({ size: 2, recycleBytes: 1, maxHeapMb: 256, idleRecycleMs: 0 }, logger);
    const before = pool.threadIds();
    const heavy = Array.from({ length: 12 }, () => newRecord());
    const small = Array.from({ length: 3 }, () => newRecord());
    const [a, b] = await Promise.all([
      renderWith(pool, heavy, HEAVY, 'tenant-a'),
      renderWith(pool, small, {}, 'tenant-b'),
    ]);
    expect(a.result.count).toBe(12);
    expect(a.codes).toEqual(heavy.map((r) => r.code));
    expect(b.result.count).toBe(3);
    expect(b.codes).toEqual(small.map((r) => r.code));
    // Seven tasks (six heavy, one small); a thread holds at most two, and retires once it has finished them.
    expect(pool.recycled).toBeGreaterThanOrEqual(4);
    expect(pool.threadIds().some((id) => before.includes(id))).toBe(false);
    // The fresh threads take new work.
    expect((await renderWith(pool, [newRecord()], {}, 'tenant-c')).result.count).toBe(1);
  }, 120_000);

  /** Two threads whose renders stay far under the recycle limit, so only idleness can retire them. */
  const poolUnderTheLimit = (idleRecycleMs: number) =>
    new RenderPool({ size: 2, recycleBytes: 4 * 1024 ** 3, maxHeapMb: 256, idleRecycleMs }, logger);
  const renderFourHeavy = (target: RenderPool) =>
    renderWith(
      target,
      Array.from({ length: 4 }, () => newRecord()),
      HEAVY,
      'tenant-a',
    );

  it('keeps its workers while they stay under the limit', async () => {
    pool = poolUnderTheLimit(0);
    const before = pool.threadIds();
    expect((await renderFourHeavy(pool)).result.count).toBe(4);
    expect(pool.recycled).toBe(0);
    expect(pool.threadIds()).toEqual(before);
  }, 120_000);

  it('replaces the threads that rendered once it has been idle a while, so the memory they grew goes back', async () => {
    pool = poolUnderTheLimit(300);
    const before = pool.threadIds();
    expect((await renderFourHeavy(pool)).result.count).toBe(4);
    const current = pool;
    await waitFor(() => current.recycled === 2, { timeoutMs: 10_000, message: 'both threads to be replaced' });
    expect(pool.threadIds().some((id) => before.includes(id))).toBe(false);
    expect((await renderWith(pool, [newRecord()], {}, 'tenant-b')).result.count).toBe(1);
  }, 120_000);
});
