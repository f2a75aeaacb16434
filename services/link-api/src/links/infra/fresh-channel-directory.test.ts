import { FreshReads } from '@waymark/events';
import { FreshChannelDirectory } from './fresh-channel-directory';
import type { ChannelLookup } from './prisma-channel-directory';

/** The channels table of one tenant, with rows that "arrive" during a catch-up as a just-acknowledged event would. */
function tableBehind(rows: Record<string, 'live' | 'removed'>, arriving: Record<string, 'live' | 'removed'> = {}) {
  let catchUps = 0;
  const source = {
    catchUp: async () => {
      catchUps += 1;
      Object.assign(rows, arriving);
    },
  };
  const table = {
    lookup: async (_tenantId: string, ids: readonly string[]): Promise<ChannelLookup> => ({
      known: new Set(ids.filter((id) => rows[id] === 'live')),
      removed: new Set(ids.filter((id) => rows[id] === 'removed')),
    }),
  };
  return { directory: new FreshChannelDirectory(table, new FreshReads([source])), catchUps: () => catchUps };
}

describe('FreshChannelDirectory', () => {
  it('refuses a channel the table holds as removed without catching up', async () => {
    const { directory, catchUps } = tableBehind({ live: 'live', gone: 'removed' });
    expect(await directory.knownChannels('t', ['live', 'gone'])).toEqual(new Set(['live']));
    expect(catchUps()).toBe(0);
  });

  it('catches up before refusing a channel the table has never seen', async () => {
    const { directory, catchUps } = tableBehind({}, { fresh: 'live' });
    expect(await directory.knownChannels('t', ['fresh'])).toEqual(new Set(['fresh']));
    expect(catchUps()).toBe(1);
  });

  it('answers known channels without catching up', async () => {
    const { directory, catchUps } = tableBehind({ a: 'live', b: 'live' });
    expect(await directory.knownChannels('t', ['a', 'b', 'a'])).toEqual(new Set(['a', 'b']));
    expect(catchUps()).toBe(0);
  });
});
