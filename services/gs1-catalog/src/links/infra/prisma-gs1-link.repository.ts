import { randomUUID } from 'node:crypto';
import { gs1LinkState, linkKey, linksTopic } from '@waymark/contracts';
import { enqueue, type AwaitPublished } from '@waymark/db';
import type { Gs1Link as Gs1LinkRow, Prisma, PrismaClient } from '../../generated/prisma/client';
import type { Gs1Draft, Gs1LinkFilter, Gs1LinkRepository, UpsertOutcome } from '../app/gs1-link-ports';
import type { Gs1LinkRecord } from '../domain/gs1-link-record';
import { toRecord } from './gs1-link-row.mapper';
import { INSERT_SQL, LOCK_EXISTING_SQL, UPDATE_SQL } from './gs1-upsert-sql';

type Tx = Prisma.TransactionClient;

/** GS1 links in gs1-catalog's schema; each write and its links.v1 event commit together (transactional outbox). */
export class PrismaGs1LinkRepository implements Gs1LinkRepository {
  constructor(
    private readonly prisma: PrismaClient,
    /** Answers wait for the links.v1 events, so a new record's Digital Link resolves at once. */
    private readonly published: AwaitPublished,
  ) {}

  async upsertMany(drafts: readonly Gs1Draft[], upsert: boolean): Promise<UpsertOutcome[]> {
    if (drafts.length === 0) return [];
    const outcomes = await this.prisma.$transaction(
      async (tx) => {
        const identity = (d: { domain: string; code: string }) => `${d.domain}/${d.code}`;
        const keys = JSON.stringify(drafts.map((d) => ({ domain: d.record.domain, code: d.record.code })));
        const existing = new Map(
          (
            await tx.$queryRawUnsafe<{ id: string; tenant_id: string; domain: string; code: string }[]>(
              LOCK_EXISTING_SQL,
              keys,
            )
          ).map((row) => [identity(row), row]),
        );
        const outcomes: UpsertOutcome[] = drafts.map((d) => {
          const row = existing.get(identity(d.record));
          if (!row) return { status: 'created', record: d.record };
          if (row.tenant_id !== d.record.tenantId) return { status: 'conflict' };
          return upsert ? { status: 'updated', record: d.record } : { status: 'skipped' };
        });
        const inserts = drafts.filter((_, i) => outcomes[i]!.status === 'created');
        const updates = drafts.flatMap((d, i) =>
          outcomes[i]!.status === 'updated' ? [{ ...d, targetId: existing.get(identity(d.record))!.id }] : [],
        );
        const saved = new Map<string, Gs1LinkRecord>();
        for (const row of await this.write(tx, INSERT_SQL, inserts)) saved.set(identity(row), row);
        for (const row of await this.write(tx, UPDATE_SQL, updates)) saved.set(identity(row), row);
        const final = outcomes.map((outcome, i): UpsertOutcome => {
          if (outcome.status !== 'created' && outcome.status !== 'updated') return outcome;
          const record = saved.get(identity(drafts[i]!.record));
          // Inserted by a concurrent request between our lock and our insert: that request's state stands.
          return record ? { status: outcome.status, record } : { status: 'skipped' };
        });
        const events = final.flatMap((o) => ('record' in o ? [{ value: gs1LinkState(o.record, randomUUID()) }] : []));
        await enqueue(tx, linksTopic, events);
        return final;
      },
      { timeout: 30_000 },
    );
    if (outcomes.some((outcome) => 'record' in outcome)) await this.published();
    return outcomes;
  }

  async find(tenantId: string, code: string, domain?: string): Promise<Gs1LinkRecord[]> {
    const rows = await this.prisma.gs1Link.findMany({
      where: { tenantId, code, ...(domain === undefined ? {} : { domain }) },
      take: 50,
    });
    return rows.map(toRecord);
  }

  async remove(record: Gs1LinkRecord): Promise<boolean> {
    const removed = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.gs1Link.deleteMany({ where: { id: record.id } });
      if (count === 0) return false;
      await enqueue(tx, linksTopic, [{ key: linkKey(record), value: null }]);
      return true;
    });
    if (removed) await this.published();
    return removed;
  }

  async list(tenantId: string, filter: Gs1LinkFilter & { afterSeq?: bigint; limit: number }): Promise<Gs1LinkRecord[]> {
    const rows = await this.prisma.gs1Link.findMany({
      where: {
        ...gs1LinkWhere(tenantId, filter),
        ...(filter.afterSeq === undefined ? {} : { seq: { gt: filter.afterSeq } }),
      },
      orderBy: { seq: 'asc' },
      take: filter.limit,
    });
    return rows.map(toRecord);
  }

  private async write(
    tx: Tx,
    sql: string,
    drafts: readonly (Gs1Draft & { targetId?: string })[],
  ): Promise<Gs1LinkRecord[]> {
    if (drafts.length === 0) return [];
    const rows = drafts.map(({ record, supplied, targetId }) => ({
      ...snake(record),
      target_id: targetId ?? null,
      has_linkset: supplied.linkset,
      has_ai: supplied.ai,
      has_tags: supplied.tags,
      has_expiry: supplied.expiry,
      has_item_description: supplied.itemDescription,
    }));
    const raw = await tx.$queryRawUnsafe<Gs1LinkRow[]>(sql, JSON.stringify(rows));
    return raw.map(toRecord);
  }
}

/** The filter of lists and export selections (spec 2.8): free text over code, destination and tags; ALL tags. */
function gs1LinkWhere(tenantId: string, filter: Gs1LinkFilter): Prisma.Gs1LinkWhereInput {
  return {
    tenantId,
    ...(filter.tags === undefined || filter.tags.length === 0 ? {} : { tags: { hasEvery: filter.tags } }),
    ...(filter.query === undefined
      ? {}
      : {
          OR: [
            { code: { contains: filter.query, mode: 'insensitive' } },
            { destination: { contains: filter.query, mode: 'insensitive' } },
            { tags: { has: filter.query } },
          ],
        }),
  };
}

function snake(r: Gs1LinkRecord) {
  return {
    id: r.id,
    tenant_id: r.tenantId,
    domain: r.domain,
    code: r.code,
    gtin: r.gtin,
    cpv: r.cpv,
    batch: r.batch,
    serial: r.serial,
    expiry: r.expiry,
    item_description: r.itemDescription,
    destination: r.destination,
    linkset: r.linkset,
    ai: r.ai,
    tags: r.tags,
    now: r.updatedAt.toISOString(),
  };
}
