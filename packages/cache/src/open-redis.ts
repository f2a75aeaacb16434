import { Redis, type RedisOptions } from 'ioredis';

/** Where connection errors go: ioredis would otherwise print them unhandled. */
export interface RedisErrorLog {
  warn(fields: { err: Error; purpose: string }, message: string): void;
}

/** A Redis connection for a service: its errors are logged as warnings (ioredis reconnects by itself). */
export function openRedis(url: string, purpose: string, log: RedisErrorLog, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, options);
  redis.on('error', (err: Error) => log.warn({ err, purpose }, 'redis connection error'));
  return redis;
}
