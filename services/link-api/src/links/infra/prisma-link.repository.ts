import { randomUUID } from 'node:crypto';
import { linkKey, linksTopic, shortLinkState } from '@waymark/contracts';
import { enqueue, type AwaitPublished } from '@waymark/db';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { LinkRecord } from '../domain/link-record';
import type { LinkPage, LinkRepository } from '../app/link-ports';
import { toRecord, toRow } from './link-row.mapper';
import type { PgLinkReader } from './pg-link-reader';

/** Links in link-api's schema; each write and its links.v1 event commit together (transactional outbox). */
export class PrismaLinkRepository implements LinkRepository {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly reader: PgLinkReader,
    /** Answers wait for the links.v1 events, so the redirector and analytics can see a write at once. */
    private readonly published: AwaitPublished,
  ) {}

  async insertMany(records: readonly LinkRecord[]): Promise<Set<string>> {
    if (records.length === 0) return new Set();
    const inserted = await this.prisma.$transaction(async (tx) => {
      // ON CONFLICT DO NOTHING: a taken (domain, code) is simply not returned; the caller decides what that means.
      const rows = await tx.link.createManyAndReturn({
        data: records.map(toRow),
        skipDuplicates: true,
        select: { id: true },
      });
      const ids = new Set(rows.map((row) => row.id));
      const events = records.filter((r) => ids.has(r.id)).map((r) => ({ value: shortLinkState(r, randomUUID()) }));
      await enqueue(tx, linksTopic, events);
      return ids;
    });
    if (inserted.size > 0) await this.published();
    return inserted;
  }

  async findByCode(tenantId: string, code: string, domain?: string): Promise<LinkRecord[]> {
    return this.reader.findByCode(tenantId, code, domain);
  }

  async update(id: string, change: (current: LinkRecord) => LinkRecord | null): Promise<LinkRecord | null> {
    const updated = await this.prisma.$transaction(async (tx) => {
      // The row lock makes concurrent PATCHes apply one after the other, each on the state the other left.
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "link" WHERE "id" = ${id} FOR UPDATE`;
      if (locked.length === 0) return null;
      const current = toRecord(await tx.link.findUniqueOrThrow({ where: { id } }));
      const next = change(current);
      if (next === null) return current;
      const { id: _id, ...data } = toRow(next);
      const saved = toRecord(await tx.link.update({ where: { id }, data }));
      await enqueue(tx, linksTopic, [{ value: shortLinkState(saved, randomUUID()) }]);
      return saved;
    });
    await this.published();
    return updated;
  }

  async remove(record: LinkRecord): Promise<boolean> {
    const removed = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.link.deleteMany({ where: { id: record.id } });
      if (count === 0) return false;
      await enqueue(tx, linksTopic, [{ key: linkKey(record), value: null }]);
      return true;
    });
    if (removed) await this.published();
    return removed;
  }

  async list(tenantId: string, query: Parameters<LinkRepository['list']>[1]): Promise<LinkPage> {
    const where: Prisma.LinkWhereInput = {
      tenantId,
      ...(query.domain === undefined ? {} : { domain: query.domain }),
      ...(query.status === undefined ? {} : { status: query.status }),
      ...(query.tag === undefined ? {} : { tags: { path: [query.tag.key], equals: query.tag.value } }),
      ...(query.beforeSeq === undefined ? {} : { seq: { lt: query.beforeSeq } }),
      ...(query.q === undefined
        ? {}
        : {
            OR: (['code', 'destination', 'title'] as const).map((field) => ({
              [field]: { contains: query.q, mode: 'insensitive' },
            })),
          }),
    };
    const rows = await this.prisma.link.findMany({ where, orderBy: { seq: 'desc' }, take: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return { records: page.map(toRecord), nextSeq: rows.length > query.limit && last ? last.seq : null };
  }
}
