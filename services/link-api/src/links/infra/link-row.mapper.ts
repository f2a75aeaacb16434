import type { LinkStatus } from '@waymark/contracts';
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
type Unlisted = Exclude<keyof LinkRecord, (typeof LINK_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

/** A link row as read, by Prisma or by plain SQL selecting LINK_COLUMNS. */
export type LinkRowFields = Pick<LinkRow, (typeof LINK_FIELDS)[number]>;

const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The SELECT list of plain-SQL reads: every column under its field name, so `toRecord` maps its rows too. */
export const LINK_COLUMNS = LINK_FIELDS.map((field) => `"${column(field)}" AS "${field}"`).join(', ');

export function toRecord(row: LinkRowFields): LinkRecord {
  return {
    ...pick(row),
    status: row.status as LinkStatus,
    tags: row.tags as Record<string, string>,
    // The column has a default but admits NULL; a record always has a list.
    notifyChannels: row.notifyChannels ?? [],
  };
}

export function toRow(record: LinkRecord): Prisma.LinkCreateManyInput {
  return pick(record);
}

function pick<T extends LinkRowFields | LinkRecord>(source: T): Pick<T, (typeof LINK_FIELDS)[number]> {
  return Object.fromEntries(LINK_FIELDS.map((field) => [field, source[field]])) as Pick<
    T,
    (typeof LINK_FIELDS)[number]
  >;
}
