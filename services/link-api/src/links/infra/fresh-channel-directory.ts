import type { FreshReads } from '@waymark/events';
import type { ChannelDirectory } from '../app/link-ports';
import type { ChannelLookup } from './prisma-channel-directory';

/**
 * The channels table as link-api's group on channels.v1 keeps it, read your writes: when some named channel is not
 * (yet) there, the group first catches up with the topic, so a channel the notifier just acknowledged is known. A
 * channel the table holds as removed is refused without a catch-up: ids are never reused, so a deletion is final, and
 * it takes effect as soon as the consumer applied it (a catch-up under load could hold the refusal for a second).
 */
export class FreshChannelDirectory implements ChannelDirectory {
  constructor(
    private readonly table: { lookup(tenantId: string, ids: readonly string[]): Promise<ChannelLookup> },
    private readonly fresh: Pick<FreshReads, 'confirm'>,
  ) {}

  async knownChannels(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    const wanted = new Set(ids).size;
    const lookup = await this.fresh.confirm(
      () => this.table.lookup(tenantId, ids),
      ({ known, removed }) => known.size + removed.size === wanted,
    );
    return lookup.known;
  }
}
