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
    // One record (a create, change or delete as it happens) is one statement, atomic alone: no transaction's round
    // trips before a deletion takes effect. A batch (a catch-up) is applied in one transaction.
    if (records.length === 1) return applyOne(this.prisma, records[0] as ChannelRecord);
    await this.prisma.$transaction(async (tx) => {
      for (const record of records) await applyOne(tx, record);
    });
  }
}

type ChannelRecord = { key: string; value: ChannelState | null };
type ChannelWriter = Pick<PrismaClient, 'channel'>;

/** A value upserts the row; a tombstone (null) marks it removed. */
async function applyOne(db: ChannelWriter, { key, value }: ChannelRecord): Promise<void> {
  const now = new Date();
  if (value === null) {
    await db.channel.updateMany({ where: { id: key }, data: { removedAt: now, updatedAt: now } });
    return;
  }
  const data = {
    tenantId: value.tenantId,
    type: value.type,
    enabled: value.enabled,
    confirmed: value.confirmed,
    updatedAt: now,
  };
  await db.channel.upsert({
    where: { id: value.id },
    create: { id: value.id, ...data },
    update: { ...data, removedAt: null },
  });
}
