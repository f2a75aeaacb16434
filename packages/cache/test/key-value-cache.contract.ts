import { uniqueName, waitFor } from '@waymark/testkit';
import type { KeyValueCache } from '../src';

export interface CacheFixture {
  cache: KeyValueCache;
  cleanup(): Promise<void>;
}

/** Behaviour every KeyValueCache adapter must show; run once per adapter. */
export function describeKeyValueCacheContract(name: string, create: () => Promise<CacheFixture>): void {
  describe(`KeyValueCache contract: ${name}`, () => {
    let fixture: CacheFixture;
    let cache: KeyValueCache;
    const key = (label: string) => uniqueName(label);

    beforeEach(async () => {
      fixture = await create();
      cache = fixture.cache;
    });
    afterEach(() => fixture.cleanup());

    it('answers null for a key never set', async () => {
      expect(await cache.get(key('missing'))).toBeNull();
    });

    it('returns what was set, and the latest value after an overwrite', async () => {
      const k = key('set');
      await cache.set(k, 'one');
      expect(await cache.get(k)).toBe('one');
      await cache.set(k, 'two');
      expect(await cache.get(k)).toBe('two');
    });

    it('reads many keys at once in the order asked, with null for the missing ones', async () => {
      const [a, b, c] = [key('a'), key('b'), key('c')];
      await cache.set(a, 'A');
      await cache.set(c, 'C');
      expect(await cache.getMany([c, b, a])).toEqual(['C', null, 'A']);
      expect(await cache.getMany([])).toEqual([]);
    });

    it('forgets a value after its ttl but keeps values set without one', async () => {
      const [short, forever] = [key('short'), key('forever')];
      await cache.set(short, 'soon gone', 150);
      await cache.set(forever, 'stays');
      expect(await cache.get(short)).toBe('soon gone');
      await waitFor(async () => (await cache.get(short)) === null, { timeoutMs: 3000, message: 'the ttl to expire' });
      expect(await cache.get(forever)).toBe('stays');
    });

    it('drops the ttl when a key is set again without one', async () => {
      const [k, marker] = [key('renewed'), key('marker')];
      await cache.set(k, 'expiring', 150);
      await cache.set(k, 'kept');
      await cache.set(marker, 'x', 150);
      await waitFor(async () => (await cache.get(marker)) === null, {
        timeoutMs: 3000,
        message: 'the marker to expire',
      });
      expect(await cache.get(k)).toBe('kept');
    });

    it('deletes a key, and deleting a missing key is fine', async () => {
      const k = key('del');
      await cache.set(k, 'v');
      await cache.del(k);
      await cache.del(k);
      expect(await cache.get(k)).toBeNull();
    });

    it('reports itself healthy while its store answers', async () => {
      expect(await cache.healthy()).toBe(true);
    });
  });
}
