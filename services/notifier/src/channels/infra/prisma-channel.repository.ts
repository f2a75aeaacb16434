import { channelsTopic, ChannelType, type ChannelPatch, type KeysetPosition } from '@waymark/contracts';
import { enqueue, type AwaitPublished } from '@waymark/db';
import { toChannelState, type ChannelRecord } from '../domain/channel-record';
import type { ChannelPrecondition, ChannelRepository, PendingConfirmation, SealedSecret } from '../app/channels-ports';
import type { Channel as ChannelRow, Prisma, PrismaClient } from '../../generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** The channel's row, locked until the transaction ends: a precondition judged on it holds until the write. */
async function lockedChannel(tx: Tx, tenantId: string, id: string): Promise<ChannelRow | null> {
  await tx.$executeRaw`SELECT 1 FROM "channel" WHERE "id" = ${id} AND "tenant_id" = ${tenantId} FOR UPDATE`;
  return tx.channel.findFirst({ where: { id, tenantId } });
}

/** Channels and their opt-in tokens. Every change publishes the channel's state on channels.v1 through the outbox. */
export class PrismaChannelRepository implements ChannelRepository {
  constructor(
    private readonly prisma: PrismaClient,
    /** Answers wait for the channels.v1 events, so link-api accepts a new channel in notifyChannels at once. */
    private readonly published: AwaitPublished,
  ) {}

  /** `beforeCommit` runs inside the transaction (the opt-in mail): if it throws, nothing is stored. */
  async create(
    record: ChannelRecord,
    confirmation: PendingConfirmation | null,
    beforeCommit: () => Promise<void>,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.channel.create({ data: { ...record, config: record.config } });
      if (confirmation) await tx.emailConfirmation.create({ data: { ...confirmation, channelId: record.id } });
      await publishState(tx, record);
      await beforeCommit();
    });
    await this.published();
  }

  /** Oldest first, `limit` rows after the `after` position (keyset on createdAt, then id). */
  async list(tenantId: string, limit: number, after: KeysetPosition | null): Promise<ChannelRecord[]> {
    const rows = await this.prisma.channel.findMany({
      where: after
        ? {
            tenantId,
            OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }],
          }
        : { tenantId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit,
    });
    return rows.map(toRecord);
  }

  async find(tenantId: string, id: string): Promise<ChannelRecord | null> {
    const row = await this.prisma.channel.findFirst({ where: { id, tenantId } });
    return row ? toRecord(row) : null;
  }

  /** Pausing cancels the channel's pending deliveries in the same transaction: no retry runs after it commits. */
  async update(
    tenantId: string,
    id: string,
    patch: ChannelPatch,
    reason: string | null = null,
    precondition?: ChannelPrecondition,
  ): Promise<ChannelRecord | null> {
    const updated = await this.prisma.$transaction(async (tx) => {
      const found = await lockedChannel(tx, tenantId, id);
      if (!found) return null;
      precondition?.(toRecord(found));
      const row = await tx.channel.update({
        where: { id },
        data: {
          ...patch,
          updatedAt: new Date(),
          ...(patch.enabled === undefined ? {} : { disabledReason: patch.enabled ? null : reason }),
        },
      });
      if (patch.enabled === false) await cancelPending(tx, id);
      const record = toRecord(row);
      if (patch.enabled !== undefined && patch.enabled !== found.enabled) await publishState(tx, record);
      return record;
    });
    if (updated && patch.enabled !== undefined) await this.published();
    return updated;
  }

  /** Deleting removes pending deliveries and the log with it (cascade) and tombstones the channel on channels.v1. */
  async delete(tenantId: string, id: string, precondition?: ChannelPrecondition): Promise<boolean> {
    const deleted = await this.prisma.$transaction(async (tx) => {
      if (precondition) {
        const found = await lockedChannel(tx, tenantId, id);
        if (!found) return false;
        precondition(toRecord(found));
      }
      const { count } = await tx.channel.deleteMany({ where: { id, tenantId } });
      if (count === 0) return false;
      await enqueue(tx, channelsTopic, [{ key: id, value: null }]);
      return true;
    });
    if (deleted) await this.published();
    return deleted;
  }

  /**
   * Up to `limit` channels with a secret that does not start with `sealedPrefix` (the current key's form), in id
   * order after `afterId`: what a key rotation still has to re-seal.
   */
  async secretsNotSealedWith(sealedPrefix: string, afterId: string, limit: number): Promise<SealedSecret[]> {
    const rows = await this.prisma.channel.findMany({
      where: {
        id: { gt: afterId },
        secretCiphertext: { not: null },
        NOT: { secretCiphertext: { startsWith: sealedPrefix } },
      },
      orderBy: { id: 'asc' },
      take: limit,
      select: { id: true, secretCiphertext: true },
    });
    return rows.flatMap((row) =>
      row.secretCiphertext === null ? [] : [{ channelId: row.id, secretCiphertext: row.secretCiphertext }],
    );
  }

  /**
   * Swaps a channel's sealed secret for the same secret sealed anew, only if the row still holds `expected` (a
   * channel deleted or changed meanwhile is left as it is). The channel's state and updatedAt do not change, so
   * nothing is published. Resolves whether the row was changed.
   */
  async replaceSealedSecret(channelId: string, expected: string, next: string): Promise<boolean> {
    const { count } = await this.prisma.channel.updateMany({
      where: { id: channelId, secretCiphertext: expected },
      data: { secretCiphertext: next },
    });
    return count === 1;
  }

  /**
   * One statement, so a delivery claimed meanwhile sees either both old secrets or the new pair. The replaced secret
   * keeps its sealed form (sealing binds it to the channel id, which does not change). Nothing is published: the
   * channel's state on channels.v1 does not include its secret.
   */
  async rotateSecret(
    tenantId: string,
    id: string,
    nextCiphertext: string,
    previousExpiresAt: Date | null,
  ): Promise<boolean> {
    const count = await this.prisma.$executeRawUnsafe(
      `UPDATE "channel"
          SET "previous_secret_ciphertext" = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE "secret_ciphertext" END,
              "previous_secret_expires_at" = $4::timestamptz,
              "secret_ciphertext" = $3, "updated_at" = now()
        WHERE "id" = $1 AND "tenant_id" = $2 AND "secret_ciphertext" IS NOT NULL`,
      id,
      tenantId,
      nextCiphertext,
      previousExpiresAt?.toISOString() ?? null,
    );
    return count === 1;
  }

  /** Whether a token is unexpired and unused, without using it (the landing page a GET shows). */
  async hasPendingConfirmation(tokenHash: string, now: Date): Promise<boolean> {
    return (
      (await this.prisma.emailConfirmation.count({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } } })) > 0
    );
  }

  /** Uses an unexpired, unused token once; resolves with the confirmed channel, or null. */
  async confirm(tokenHash: string, now: Date): Promise<ChannelRecord | null> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.emailConfirmation.updateMany({
        where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (count === 0) return null;
      const { channelId } = await tx.emailConfirmation.findUniqueOrThrow({ where: { tokenHash } });
      const row = await tx.channel.update({ where: { id: channelId }, data: { confirmed: true, updatedAt: now } });
      const record = toRecord(row);
      await publishState(tx, record);
      return record;
    });
  }
}

async function publishState(tx: Tx, record: ChannelRecord): Promise<void> {
  await enqueue(tx, channelsTopic, [{ value: toChannelState(record) }]);
}

async function cancelPending(tx: Tx, channelId: string): Promise<void> {
  await tx.delivery.updateMany({
    where: { channelId, status: 'pending' },
    data: { status: 'cancelled', leaseUntil: null },
  });
}

function toRecord(row: ChannelRow): ChannelRecord {
  return {
    id: row.id,
    tenantId: row.tenantId,
    type: ChannelType.parse(row.type),
    name: row.name,
    enabled: row.enabled,
    confirmed: row.confirmed,
    config: row.config as ChannelRecord['config'],
    secretCiphertext: row.secretCiphertext,
    createdAt: row.createdAt,
  };
}
