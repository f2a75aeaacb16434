import type { KeyValueCache } from '@waymark/cache';
import type { Logger } from '@waymark/logging';

export interface KeyUsage {
  hash: string;
  at: Date;
}

/** Where batches of last-used times go: the shared cache, and link-api's own table. */
export interface KeyUsageSink {
  record(usages: KeyUsage[]): Promise<void>;
}

export interface KeyUsageRecorderOptions {
  sinks: KeyUsageSink[];
  logger: Logger;
  /** How often collected times are written. Default 5 s. */
  flushIntervalMs?: number;
}

/**
 * Records when each key was last used without touching a store on the request path: `touch` only updates a map,
 * and a timer writes the latest time per key in one batch. Times of the last interval are lost on a crash,
 * which is acceptable for a "last used" indicator.
 */
export class KeyUsageRecorder {
  private pending = new Map<string, Date>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: KeyUsageRecorderOptions) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 5_000);
    this.timer.unref();
  }

  touch(hash: string, at: Date): void {
    const previous = this.pending.get(hash);
    if (!previous || previous < at) this.pending.set(hash, at);
  }

  /** Writes what was collected; concurrent calls queue behind each other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending].map(([hash, at]) => ({ hash, at }));
    this.pending = new Map();
    const results = await Promise.allSettled(this.options.sinks.map((sink) => sink.record(batch)));
    for (const result of results) {
      if (result.status === 'rejected')
        this.options.logger.warn({ err: result.reason }, 'could not record API key usage');
    }
  }
}

const LAST_USED_PREFIX = 'auth:last-used:';

/** Last-used times in the shared cache, written by every service that authenticates. */
export function cacheKeyUsageSink(cache: KeyValueCache): KeyUsageSink {
  return {
    async record(usages) {
      const current = await cache.getMany(usages.map((u) => LAST_USED_PREFIX + u.hash));
      await Promise.all(
        usages
          .filter((usage, i) => !current[i] || current[i]! < usage.at.toISOString())
          .map((usage) => cache.set(LAST_USED_PREFIX + usage.hash, usage.at.toISOString())),
      );
    },
  };
}

/** Last-used times from the shared cache, by hash (absent when unknown). */
export async function readLastUsed(cache: KeyValueCache, hashes: string[]): Promise<Map<string, Date>> {
  if (hashes.length === 0) return new Map();
  const values = await cache.getMany(hashes.map((hash) => LAST_USED_PREFIX + hash));
  const found = new Map<string, Date>();
  hashes.forEach((hash, i) => {
    const value = values[i];
    if (value) found.set(hash, new Date(value));
  });
  return found;
}
