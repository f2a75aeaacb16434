import type { ChannelState } from '@waymark/contracts';
import type { PrismaClient } from '../../generated/prisma/client';
import type { ChannelDirectory } from '../app/link-ports';

/** What the table says of some channel ids of a tenant: live channels, and channels deleted since they were learned. */
export interface ChannelLookup {
  known: Set<string>;
  removed: Set<string>;
}

/** The channels table, kept from channels.v1 by the channels consumer. */
export class PrismaChannelDirectory implements ChannelDirectory {
  constructor(private readonly prisma: PrismaClient) {}

  async knownChannels(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    return (await this.lookup(tenantId, ids)).known;
  }

  async lookup(tenantId: string, ids: readonly string[]): Promise<ChannelLookup> {
    const lookup: ChannelLookup = { known: new Set(), removed: new Set() };
    if (ids.length === 0) return lookup;
    const rows = await this.prisma.channel.findMany({
      where: { tenantId, id: { in: [...ids] } },
      select: { id: true, removedAt: true },
    });
    for (const row of rows) (row.removedAt === null ? lookup.known : lookup.removed).add(row.id);
    return lookup;
  }

  /**
   * Applies channels.v1 records in order: a value upserts, a tombstone (null) marks the row removed. The row is kept so
   * that naming a deleted channel is refused at once; a channel never seen before its tombstone is simply unknown.
   */
  async apply(records: readonly { key: string; value: ChannelState | null }[]): Promise<void> {
    if (records.length === 0) return;
    await this.prisma.$transaction(async (tx) => {
      for (const { key, value } of records) {
        const now = new Date();
        if (value === null) {
          await tx.channel.updateMany({ where: { id: key }, data: { removedAt: now, updatedAt: now } });
          continue;
        }
        const data = {
          tenantId: value.tenantId,
          type: value.type,
          enabled: value.enabled,
          confirmed: value.confirmed,
          updatedAt: now,
        };
        await tx.channel.upsert({
          where: { id: value.id },
          create: { id: value.id, ...data },
          update: { ...data, removedAt: null },
        });
      }
    });
  }
}
