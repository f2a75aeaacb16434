import type { Gs1LinksetEntry } from '@waymark/contracts';
import { pickFields, selectAs, type Covers } from '@waymark/db';
import type { Gs1Link as Gs1LinkRow } from '../../generated/prisma/client';
import type { Gs1LinkRecord } from '../domain/gs1-link-record';

/**
 * Every column of a GS1 link row the record holds, by its field name: the one list rows are read by. A field added
 * to Gs1LinkRecord and not here fails to compile below.
 */
const GS1_LINK_FIELDS = [
  'id',
  'seq',
  'tenantId',
  'domain',
  'code',
  'gtin',
  'cpv',
  'batch',
  'serial',
  'expiry',
  'itemDescription',
  'destination',
  'linkset',
  'ai',
  'tags',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Gs1LinkRecord & keyof Gs1LinkRow)[];
const everyFieldListed: Covers<Gs1LinkRecord, (typeof GS1_LINK_FIELDS)[number]> = true;
void everyFieldListed;

/** The RETURNING list of the bulk statements: every column of table `t` under its field name, for `toRecord`. */
export const GS1_LINK_COLUMNS = selectAs(GS1_LINK_FIELDS, 't');

/** A row as Prisma returns it, or as a statement returning GS1_LINK_COLUMNS does. */
export function toRecord(row: Gs1LinkRow): Gs1LinkRecord {
  return {
    ...pickFields(row, GS1_LINK_FIELDS),
    linkset: row.linkset as Gs1LinksetEntry[],
    ai: row.ai as Record<string, string>,
  };
}
