import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { LinkStateGs1 } from '@waymark/contracts';
import type { Logger } from '@waymark/logging';
import type { LinkEntry } from '../../shared-kernel/link-entry';
import type { LinkStore, LogPosition } from '../app/links-ports';

const PREFIX = 'redirector:link:';

/**
 * Writes a link's state only if its links.v1 offset is newer than the stored one (a key always lives in one
 * partition, so offsets order its states). An instance rebuilding from the start of the topic therefore never
 * overwrites a newer state written by a running instance. Tombstones are kept as an empty value for the same
 * reason (a stale rebuild cannot resurrect a deleted link).
 */
const APPLY_IF_NEWER = `
local current = redis.call('HGET', KEYS[1], 'o')
if current and tonumber(current) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'o', ARGV[1], 'v', ARGV[2])
return 1`;

const StoredEntry = z.object({
  tenantId: z.string(),
  domain: z.string(),
  code: z.string(),
  destination: z.string(),
  status: z.enum(['active', 'disabled']),
  title: z.string(),
  tags: z.record(z.string(), z.string()),
  expiresAtMs: z.number().nullable(),
  notifyChannels: z.array(z.string()),
  createdAt: z.string(),
  kind: z.enum(['link', 'gs1']),
  gs1: LinkStateGs1.optional(),
});

type RedisWithScript = Redis & { waymarkApplyLink(key: string, offset: string, value: string): Promise<number> };

/**
 * The read model for link sets larger than one instance's memory: every state goes to Redis (shared by all
 * instances, written idempotently), and the `memoryMax` most recently used links stay in process. A hit in
 * process answers synchronously; a miss costs one Redis round trip and fills the process tier.
 */
export class TieredLinkStore implements LinkStore {
  private readonly hot: LRUCache<string, LinkEntry>;
  private readonly redis: RedisWithScript;
  /** Keys being fetched from Redis; an apply meanwhile makes the fetched value stale, so it is not kept. */
  private readonly fetching = new Map<string, { stale: boolean }>();

  constructor(options: { redis: Redis; memoryMax: number; logger: Logger }) {
    this.hot = new LRUCache({ max: options.memoryMax });
    const redis = options.redis as RedisWithScript;
    if (typeof redis.waymarkApplyLink !== 'function')
      redis.defineCommand('waymarkApplyLink', { numberOfKeys: 1, lua: APPLY_IF_NEWER });
    this.redis = redis;
  }

  get(key: string): LinkEntry | undefined | Promise<LinkEntry | undefined> {
    const hit = this.hot.get(key);
    if (hit !== undefined) return hit;
    const marker = { stale: false };
    this.fetching.set(key, marker);
    return this.redis.hget(PREFIX + key, 'v').then(
      (raw) => {
        if (this.fetching.get(key) === marker) this.fetching.delete(key);
        const entry = raw ? parseEntry(raw) : undefined;
        if (entry && !marker.stale) this.hot.set(key, entry);
        return entry;
      },
      (error: unknown) => {
        if (this.fetching.get(key) === marker) this.fetching.delete(key);
        throw error;
      },
    );
  }

  async apply(key: string, entry: LinkEntry | null, position: LogPosition): Promise<void> {
    const inFlight = this.fetching.get(key);
    if (inFlight) inFlight.stale = true;
    if (entry === null) this.hot.delete(key);
    else this.hot.set(key, entry);
    await this.redis.waymarkApplyLink(PREFIX + key, position.offset, entry === null ? '' : JSON.stringify(entry));
  }

  size(): number {
    return this.hot.size;
  }
}

function parseEntry(raw: string): LinkEntry | undefined {
  try {
    const parsed = StoredEntry.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as LinkEntry) : undefined;
  } catch {
    return undefined;
  }
}
