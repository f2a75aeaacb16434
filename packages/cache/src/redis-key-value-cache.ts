import type { Redis } from 'ioredis';
import type { KeyValueCache } from './ports';

export interface RedisKeyValueCacheOptions {
  redis: Redis;
  /** Namespace of the cache's keys, e.g. `redirector:`. Default none. */
  keyPrefix?: string;
  /** healthy() answers false when PING takes longer. Default 1000 ms. */
  healthTimeoutMs?: number;
  /** close() quits the connection only when the cache owns it. Default true. */
  ownsConnection?: boolean;
}

export class RedisKeyValueCache implements KeyValueCache {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly healthTimeoutMs: number;
  private readonly ownsConnection: boolean;

  constructor(options: RedisKeyValueCacheOptions) {
    this.redis = options.redis;
    this.prefix = options.keyPrefix ?? '';
    this.healthTimeoutMs = options.healthTimeoutMs ?? 1000;
    this.ownsConnection = options.ownsConnection ?? true;
  }

  get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async getMany(keys: string[]): Promise<(string | null)[]> {
    if (keys.length === 0) return [];
    return this.redis.mget(keys.map((key) => this.prefix + key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.redis.set(this.prefix + key, value);
    else await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async healthy(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.healthTimeoutMs)));
    try {
      const ping = this.redis.ping().then(
        (reply) => reply === 'PONG',
        () => false,
      );
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
