import { FreshReads } from './fresh-reads';

/** A read model whose entries "arrive" during the catch-up, as an acknowledged write's event would. */
function modelBehind() {
  const entries = new Map<string, string>();
  const arriving = new Map<string, string>();
  let catchUps = 0;
  const source = {
    catchUp: async () => {
      catchUps += 1;
      for (const [key, value] of arriving) entries.set(key, value);
      arriving.clear();
    },
  };
  return { entries, arriving, source, catchUps: () => catchUps };
}

describe('FreshReads', () => {
  it('answers a hit without catching up', async () => {
    const model = modelBehind();
    model.entries.set('a', 'A');
    const reads = new FreshReads([model.source]);
    expect(await reads.find('a', () => model.entries.get('a'))).toBe('A');
    expect(model.catchUps()).toBe(0);
  });

  it('finds a key whose write was acknowledged but not yet applied, by catching up first', async () => {
    const model = modelBehind();
    model.arriving.set('new', 'N');
    const reads = new FreshReads([model.source]);
    expect(await reads.find('new', () => model.entries.get('new'))).toBe('N');
    expect(model.catchUps()).toBe(1);
  });

  it('remembers a caught-up miss for its time to live, then asks again', async () => {
    const model = modelBehind();
    let now = 0;
    const reads = new FreshReads([model.source], { negativeTtlMs: 1000, now: () => now });
    expect(await reads.find('typo', () => model.entries.get('typo'))).toBeUndefined();
    expect(await reads.find('typo', () => model.entries.get('typo'))).toBeUndefined();
    expect(model.catchUps()).toBe(1);
    now = 1001;
    expect(await reads.find('typo', () => model.entries.get('typo'))).toBeUndefined();
    expect(model.catchUps()).toBe(2);
  });

  it('drops a remembered miss when the model applies that key', async () => {
    const model = modelBehind();
    const reads = new FreshReads([model.source]);
    await reads.find('soon', () => model.entries.get('soon'));
    model.arriving.set('soon', 'S');
    reads.forget('soon');
    expect(await reads.find('soon', () => model.entries.get('soon'))).toBe('S');
  });

  it('keeps at most negativeMax remembered misses, forgetting the oldest', async () => {
    const model = modelBehind();
    const reads = new FreshReads([model.source], { negativeMax: 2 });
    for (const key of ['a', 'b', 'c']) await reads.find(key, () => model.entries.get(key));
    expect(model.catchUps()).toBe(3);
    await reads.find('a', () => model.entries.get('a'));
    expect(model.catchUps()).toBe(4);
    await reads.find('c', () => model.entries.get('c'));
    expect(model.catchUps()).toBe(4);
  });

  it('decides again after catching up when the first answer is a refusal', async () => {
    const model = modelBehind();
    model.entries.set('scopes', 'links:read');
    model.arriving.set('scopes', 'links:read links:write');
    const reads = new FreshReads([model.source]);
    const allows = (scopes: string | undefined) => scopes?.includes('links:write') === true;
    expect(await reads.confirm(() => model.entries.get('scopes'), allows)).toBe('links:read links:write');
    expect(await reads.confirm(() => model.entries.get('scopes'), allows)).toBe('links:read links:write');
    expect(model.catchUps()).toBe(1);
  });
});
