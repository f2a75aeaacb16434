import type { LinkEntry } from '../../shared-kernel/link-entry';

/**
 * A level's GS1 linkset `itemDescription`: the record's own, else one derived from its key (`GTIN 09506000134352,
 * batch/lot ABC1`), since the GS1 linkset schema expects every level to describe its item.
 */
export function itemDescriptionOf(entry: LinkEntry): string {
  const gs1 = entry.gs1;
  if (gs1 === undefined) return entry.title || entry.code;
  if (gs1.itemDescription !== undefined) return gs1.itemDescription;
  const parts = [`GTIN ${gs1.gtin}`];
  if (gs1.cpv !== undefined) parts.push(`variant ${gs1.cpv}`);
  if (gs1.batch !== undefined) parts.push(`batch/lot ${gs1.batch}`);
  if (gs1.serial !== undefined) parts.push(`serial ${gs1.serial}`);
  return parts.join(', ');
}
