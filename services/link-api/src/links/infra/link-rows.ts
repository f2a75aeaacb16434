import type { LinkStatus } from '@waymark/contracts';
import type { Link as LinkRow, Prisma } from '../../generated/prisma/client';
import type { LinkRecord } from '../domain/link-record';

export function toRecord(row: LinkRow): LinkRecord {
  return {
    id: row.id,
    tenantId: row.tenantId,
    domain: row.domain,
    code: row.code,
    destination: row.destination,
    status: row.status as LinkStatus,
    title: row.title,
    tags: row.tags as Record<string, string>,
    expiresAt: row.expiresAt,
    lastClickAt: row.lastClickAt,
    notifyChannels: row.notifyChannels,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toRow(record: LinkRecord): Prisma.LinkCreateManyInput {
  return {
    id: record.id,
    tenantId: record.tenantId,
    domain: record.domain,
    code: record.code,
    destination: record.destination,
    status: record.status,
    title: record.title,
    tags: record.tags,
    expiresAt: record.expiresAt,
    lastClickAt: record.lastClickAt,
    notifyChannels: record.notifyChannels,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
