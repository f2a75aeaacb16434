import type { KeyValueCache } from './ports';

export interface MemoryKeyValueCacheOptions {
  clock?: () => number;
  /** Oldest-written entries are evicted beyond this many. Default 100 000. */
  maxEntries?: number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** The embedded mode's cache: a Map with per-entry expiry (checked on read) and a size bound. */
export class MemoryKeyValueCache implements KeyValueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly clock: () => number;
  private readonly maxEntries: number;

  constructor(options: MemoryKeyValueCacheOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.maxEntries = options.maxEntries ?? 100_000;
  }

  async get(key: string): Promise<string | null> {
    return this.read(key);
  }

  async getMany(keys: string[]): Promise<(string | null)[]> {
    return keys.map((key) => this.read(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    // Re-inserting moves the key to the end of the Map's order, which is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : this.clock() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async healthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private read(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.clock()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }
}
