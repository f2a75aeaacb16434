import { MemoryKeyValueCache } from '@waymark/cache';
import { createLogger } from '@waymark/logging';
import { cacheKeyUsageSink, KeyUsageRecorder, readLastUsed, type KeyUsage } from './key-usage-recorder';

const logger = createLogger({ service: 'test', level: 'silent' });

describe('KeyUsageRecorder', () => {
  it('writes only the latest time per key, in one batch per flush', async () => {
    const batches: KeyUsage[][] = [];
    const recorder = new KeyUsageRecorder({ logger, sinks: [{ record: async (u) => void batches.push(u) }] });
    recorder.touch('h1', new Date('2030-01-01T00:00:02Z'));
    recorder.touch('h1', new Date('2030-01-01T00:00:01Z'));
    recorder.touch('h2', new Date('2030-01-01T00:00:03Z'));
    await recorder.stop();
    expect(batches).toEqual([
      [
        { hash: 'h1', at: new Date('2030-01-01T00:00:02Z') },
        { hash: 'h2', at: new Date('2030-01-01T00:00:03Z') },
      ],
    ]);
  });

  it('keeps the newest time in the shared cache when several instances write', async () => {
    const cache = new MemoryKeyValueCache();
    const sink = cacheKeyUsageSink(cache);
    await sink.record([{ hash: 'h', at: new Date('2030-01-01T00:00:05Z') }]);
    await sink.record([{ hash: 'h', at: new Date('2030-01-01T00:00:01Z') }]);
    expect(await readLastUsed(cache, ['h', 'unknown'])).toEqual(new Map([['h', new Date('2030-01-01T00:00:05Z')]]));
  });

  it('logs and carries on when a sink fails', async () => {
    const recorder = new KeyUsageRecorder({ logger, sinks: [{ record: () => Promise.reject(new Error('down')) }] });
    recorder.touch('h', new Date());
    await expect(recorder.stop()).resolves.toBeUndefined();
  });
});
