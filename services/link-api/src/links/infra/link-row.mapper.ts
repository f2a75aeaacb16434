import type { LinkStatus } from '@waymark/contracts';
import { pickFields, selectAs, type Covers } from '@waymark/db';
import type { Link as LinkRow, Prisma } from '../../generated/prisma/client';
import type { LinkRecord } from '../domain/link-record';

/**
 * Every column of a link row the record holds, by its field name: the one list rows are read and written by. A field
 * added to LinkRecord and not here fails to compile below.
 */
const LINK_FIELDS = [
  'id',
  'tenantId',
  'domain',
  'code',
  'destination',
  'status',
  'title',
  'tags',
  'expiresAt',
  'lastClickAt',
  'notifyChannels',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof LinkRecord & keyof LinkRow)[];
const everyFieldListed: Covers<LinkRecord, (typeof LINK_FIELDS)[number]> = true;
void everyFieldListed;

/** A link row as read, by Prisma or by plain SQL selecting LINK_COLUMNS. */
export type LinkRowFields = Pick<LinkRow, (typeof LINK_FIELDS)[number]>;

/** The SELECT list of plain-SQL reads: every column under its field name, so `toRecord` maps its rows too. */
export const LINK_COLUMNS = selectAs(LINK_FIELDS);

export function toRecord(row: LinkRowFields): LinkRecord {
  return {
    ...pickFields(row, LINK_FIELDS),
    status: row.status as LinkStatus,
    tags: row.tags as Record<string, string>,
    // The column has a default but admits NULL; a record always has a list.
    notifyChannels: row.notifyChannels ?? [],
  };
}

export function toRow(record: LinkRecord): Prisma.LinkCreateManyInput {
  return pickFields(record, LINK_FIELDS);
}
