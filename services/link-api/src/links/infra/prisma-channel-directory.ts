import type { ChannelState } from '@waymark/contracts';
import type { PrismaClient } from '../../generated/prisma/client';
import type { ChannelDirectory } from '../app/link-ports';

/** The channels table, kept from channels.v1 by the channels consumer. */
export class PrismaChannelDirectory implements ChannelDirectory {
  constructor(private readonly prisma: PrismaClient) {}

  async knownChannels(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.prisma.channel.findMany({ where: { tenantId, id: { in: [...ids] } }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  /** Applies channels.v1 records in order: a value upserts, a tombstone (null) deletes. */
  async apply(records: readonly { key: string; value: ChannelState | null }[]): Promise<void> {
    if (records.length === 0) return;
    await this.prisma.$transaction(async (tx) => {
      for (const { key, value } of records) {
        if (value === null) {
          await tx.channel.deleteMany({ where: { id: key } });
          continue;
        }
        const data = { tenantId: value.tenantId, type: value.type, enabled: value.enabled, confirmed: value.confirmed, updatedAt: new Date() };
        await tx.channel.upsert({ where: { id: value.id }, create: { id: value.id, ...data }, update: data });
      }
    });
  }
}
