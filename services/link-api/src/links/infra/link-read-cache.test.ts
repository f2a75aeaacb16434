import type { LinkRecord } from '../domain/link-record';
import { CachedLinkRepository } from './cached-link.repository';
import type { LinkRepository } from '../app/link-ports';
import {
  InProcessLinkInvalidations,
  type InvalidationListener,
  type LinkInvalidations,
  type LinkRef,
} from './link-invalidations';
import { LinkReadCache } from './link-read-cache';

const record = (code: string, destination: string, domain = 'go.example'): LinkRecord => ({
  id: `${domain}/${code}`,
  tenantId: 't1',
  domain,
  code,
  destination,
  status: 'active',
  title: '',
  tags: {},
  expiresAt: null,
  lastClickAt: null,
  notifyChannels: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

describe('LinkReadCache', () => {
  it('serves a stored result until its TTL, then forgets it', () => {
    let now = 1_000;
    const cache = new LinkReadCache({ ttlMs: 500, maxEntries: 10, now: () => now });
    cache.store(cache.begin(), 't1', 'a', undefined, [record('a', 'https://x.example/')]);
    expect(cache.get('t1', 'a', undefined)?.[0]?.destination).toBe('https://x.example/');
    now += 499;
    expect(cache.get('t1', 'a', undefined)).toHaveLength(1);
    now += 1;
    expect(cache.get('t1', 'a', undefined)).toBeUndefined();
  });

  it('keeps results per domain filter apart and drops all of them with the (tenant, code)', () => {
    const cache = new LinkReadCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.store(cache.begin(), 't1', 'a', undefined, [
      record('a', 'https://1.example/'),
      record('a', 'https://2.example/', 'b.example'),
    ]);
    cache.store(cache.begin(), 't1', 'a', 'b.example', [record('a', 'https://2.example/', 'b.example')]);
    cache.store(cache.begin(), 't2', 'a', undefined, []);
    expect(cache.get('t1', 'a', undefined)).toHaveLength(2);
    expect(cache.get('t1', 'a', 'b.example')).toHaveLength(1);
    cache.invalidate('t1', 'a');
    expect(cache.get('t1', 'a', undefined)).toBeUndefined();
    expect(cache.get('t1', 'a', 'b.example')).toBeUndefined();
    expect(cache.get('t2', 'a', undefined)).toEqual([]);
  });

  it('does not store a read that an invalidation overtook (it may carry the old row)', () => {
    const cache = new LinkReadCache({ ttlMs: 60_000, maxEntries: 10 });
    const startedAt = cache.begin();
    cache.invalidate('t1', 'other-code');
    cache.store(startedAt, 't1', 'a', undefined, [record('a', 'https://old.example/')]);
    expect(cache.get('t1', 'a', undefined)).toBeUndefined();
    const cleared = cache.begin();
    cache.clear();
    cache.store(cleared, 't1', 'a', undefined, [record('a', 'https://old.example/')]);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently stored', () => {
    const cache = new LinkReadCache({ ttlMs: 60_000, maxEntries: 2 });
    for (const code of ['a', 'b', 'c']) cache.store(cache.begin(), 't1', code, undefined, []);
    expect(cache.size).toBe(2);
    expect(cache.get('t1', 'a', undefined)).toBeUndefined();
    expect(cache.get('t1', 'c', undefined)).toEqual([]);
  });
});

/** Counts the reads that reach the store; the rows live in a Map. */
class CountingRepository implements Pick<LinkRepository, 'findByCode' | 'update' | 'remove'> {
  reads = 0;
  readonly rows = new Map<string, LinkRecord>();
  async findByCode(_tenantId: string, code: string): Promise<LinkRecord[]> {
    this.reads += 1;
    const row = this.rows.get(code);
    return row ? [row] : [];
  }
  async update(id: string, change: (current: LinkRecord) => LinkRecord | null): Promise<LinkRecord | null> {
    const current = [...this.rows.values()].find((r) => r.id === id);
    if (!current) return null;
    const next = change(current) ?? current;
    this.rows.set(next.code, next);
    return next;
  }
  async remove(r: LinkRecord): Promise<boolean> {
    return this.rows.delete(r.code);
  }
}

class SwitchableFeed implements LinkInvalidations {
  on = true;
  readonly published: LinkRef[] = [];
  private listener?: InvalidationListener;
  async publish(refs: readonly LinkRef[]) {
    this.published.push(...refs);
  }
  listen(listener: InvalidationListener) {
    this.listener = listener;
  }
  live() {
    return this.on;
  }
  async close() {}
  drop() {
    this.on = false;
    this.listener?.reset();
  }
}

describe('CachedLinkRepository', () => {
  const setup = (feed: LinkInvalidations) => {
    const inner = new CountingRepository();
    inner.rows.set('a', record('a', 'https://one.example/'));
    const repo = new CachedLinkRepository(
      inner as unknown as LinkRepository,
      new LinkReadCache({ ttlMs: 60_000, maxEntries: 100 }),
      feed,
    );
    return { inner, repo };
  };

  it('reads once, then from the cache; its own write is visible at once and announced', async () => {
    const feed = new SwitchableFeed();
    const { inner, repo } = setup(feed);
    await repo.findByCode('t1', 'a');
    await repo.findByCode('t1', 'a');
    expect(inner.reads).toBe(1);
    await repo.update('go.example/a', (current) => ({ ...current, destination: 'https://two.example/' }));
    expect((await repo.findByCode('t1', 'a'))[0]?.destination).toBe('https://two.example/');
    expect(feed.published).toEqual([
      { tenantId: 't1', code: 'a' },
      { tenantId: 't1', code: 'a' },
    ]);
    await repo.remove(record('a', ''));
    expect(await repo.findByCode('t1', 'a')).toEqual([]);
  });

  it('drops an entry when another instance announces a change', async () => {
    const feed = new InProcessLinkInvalidations();
    const { inner, repo } = setup(feed);
    await repo.findByCode('t1', 'a');
    inner.rows.set('a', record('a', 'https://elsewhere.example/'));
    await feed.publish([{ tenantId: 't1', code: 'a' }]);
    expect((await repo.findByCode('t1', 'a'))[0]?.destination).toBe('https://elsewhere.example/');
  });

  it('reads through to the store while the feed is down (changes elsewhere would go unseen)', async () => {
    const feed = new SwitchableFeed();
    const { inner, repo } = setup(feed);
    await repo.findByCode('t1', 'a');
    feed.drop();
    await repo.findByCode('t1', 'a');
    await repo.findByCode('t1', 'a');
    expect(inner.reads).toBe(3);
  });
});
