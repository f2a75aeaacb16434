import { PublicationWaiters } from './publication-waiters';

/** A fake outbox whose oldest pending row the test moves, counting the rounds the waiters cost. */
function fakeOutbox(oldest: bigint | null) {
  const state = { oldest, drains: 0, reads: 0, failWith: undefined as Error | undefined };
  const round = {
    drain: async () => {
      state.drains += 1;
      if (state.failWith) throw state.failWith;
    },
    oldestPending: async () => {
      state.reads += 1;
      return state.oldest;
    },
  };
  return { state, round };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

describe('PublicationWaiters', () => {
  it('serves any number of waiting writers with one drain and one read per round', async () => {
    const { state, round } = fakeOutbox(5n);
    const waiters = new PublicationWaiters(round, 5);
    const released: number[] = [];
    const all = Array.from({ length: 200 }, (_, i) => waiters.waitFor(10n).then(() => released.push(i)));
    for (let i = 0; i < 4; i += 1) await tick();
    expect(released).toEqual([]);
    // Rounds follow time, not writers: 200 writers waited about four rounds, not 800 reads.
    expect(state.reads).toBeLessThan(20);
    expect(state.drains).toBe(state.reads);
    state.oldest = null;
    await Promise.all(all);
    expect(released).toHaveLength(200);
  });

  it('releases a writer only once every row up to its head is published', async () => {
    const { state, round } = fakeOutbox(7n);
    const waiters = new PublicationWaiters(round, 5);
    const done: string[] = [];
    const early = waiters.waitFor(6n).then(() => done.push('head 6'));
    const late = waiters.waitFor(9n).then(() => done.push('head 9'));
    await early;
    await tick();
    expect(done).toEqual(['head 6']);
    state.oldest = 10n;
    await late;
    expect(done).toEqual(['head 6', 'head 9']);
  });

  it('fails every waiting writer when a round fails, and serves the next ones afresh', async () => {
    const { state, round } = fakeOutbox(3n);
    const waiters = new PublicationWaiters(round, 5);
    state.failWith = new Error('broker down');
    await expect(Promise.all([waiters.waitFor(4n), waiters.waitFor(5n)])).rejects.toThrow('broker down');
    state.failWith = undefined;
    state.oldest = null;
    await expect(waiters.waitFor(5n)).resolves.toBeUndefined();
  });
});
