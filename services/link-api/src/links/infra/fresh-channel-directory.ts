import type { FreshReads } from '@waymark/events';
import type { ChannelDirectory } from '../app/link-ports';

/**
 * The channels table as link-api's group on channels.v1 keeps it, read your writes: when some named channel is not
 * (yet) there, the group first catches up with the topic, so a channel the notifier just acknowledged is known.
 */
export class FreshChannelDirectory implements ChannelDirectory {
  constructor(
    private readonly table: ChannelDirectory,
    private readonly fresh: Pick<FreshReads, 'confirm'>,
  ) {}

  knownChannels(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    const wanted = new Set(ids).size;
    return this.fresh.confirm(
      () => this.table.knownChannels(tenantId, ids),
      (known) => known.size === wanted,
    );
  }
}
