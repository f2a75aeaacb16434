import type { Gs1LinksetEntry } from '@waymark/contracts';
import type { Gs1Link as Gs1LinkRow } from '../../generated/prisma/client';
import type { Gs1LinkRecord } from '../domain/gs1-link-record';

/** A row as Prisma returns it. */
export function toRecord(row: Gs1LinkRow): Gs1LinkRecord {
  return {
    id: row.id,
    seq: row.seq,
    tenantId: row.tenantId,
    domain: row.domain,
    code: row.code,
    gtin: row.gtin,
    cpv: row.cpv,
    batch: row.batch,
    serial: row.serial,
    expiry: row.expiry,
    itemDescription: row.itemDescription,
    destination: row.destination,
    linkset: row.linkset as Gs1LinksetEntry[],
    ai: row.ai as Record<string, string>,
    tags: row.tags,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A row as the upsert statement returns it (snake_case columns). */
export interface RawGs1LinkRow {
  id: string;
  seq: bigint;
  tenant_id: string;
  domain: string;
  code: string;
  gtin: string;
  cpv: string | null;
  batch: string | null;
  serial: string | null;
  expiry: string | null;
  item_description: string | null;
  destination: string | null;
  linkset: Gs1LinksetEntry[];
  ai: Record<string, string>;
  tags: string[];
  created_at: Date;
  updated_at: Date;
}

export function fromRaw(row: RawGs1LinkRow): Gs1LinkRecord {
  return {
    id: row.id,
    seq: row.seq,
    tenantId: row.tenant_id,
    domain: row.domain,
    code: row.code,
    gtin: row.gtin,
    cpv: row.cpv,
    batch: row.batch,
    serial: row.serial,
    expiry: row.expiry,
    itemDescription: row.item_description,
    destination: row.destination,
    linkset: row.linkset,
    ai: row.ai,
    tags: row.tags,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
