/**
 * The columns of a GS1 import CSV, read the same way by the CLI's `gs1 import` and the console's import.
 * Maps a CSV row onto a GS1 record (the API's Gs1Record). The header names the fields; matching ignores case,
 * spaces, `_` and `-`, so `Item Description` and `item_description` both name `itemDescription`. `tags` holds tags
 * separated by `|`; `linkset` holds the linkset as JSON; a column `ai.NNNN` sets that data attribute. Empty cells are
 * left out. Values are checked by the API, which reports a bad row in its results.
 */
const SIMPLE_FIELDS = ['gtin', 'cpv', 'batch', 'serial', 'expiry', 'destination', 'itemDescription', 'domain'];

export type ColumnMapping =
  { kind: 'field'; field: string } | { kind: 'tags' } | { kind: 'linkset' } | { kind: 'ai'; ai: string };

const squash = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

export const CSV_COLUMNS_HELP =
  'gtin, cpv, batch, serial, expiry, destination, itemDescription, domain, tags (separated by |), linkset (JSON), ai.NNNN';

/** The mapping of each header cell; throws naming the first column it does not know. */
export function mapCsvHeader(header: readonly string[]): ColumnMapping[] {
  return header.map((name) => {
    const squashed = squash(name);
    const field = SIMPLE_FIELDS.find((f) => squash(f) === squashed);
    if (field) return { kind: 'field', field };
    if (squashed === 'tags') return { kind: 'tags' };
    if (squashed === 'linkset') return { kind: 'linkset' };
    const ai = /^ai\.?(\d{2,4})$/.exec(squashed)?.[1];
    if (ai) return { kind: 'ai', ai };
    throw new Error(`unknown column "${name}"; the columns are: ${CSV_COLUMNS_HELP}`);
  });
}

/** The record a row describes, or the reason it cannot be one. */
export function csvRowToRecord(
  mapping: readonly ColumnMapping[],
  cells: readonly string[],
): { record: Record<string, unknown> } | { problem: string } {
  if (cells.length !== mapping.length) {
    return { problem: `expected ${mapping.length} columns, found ${cells.length}` };
  }
  const record: Record<string, unknown> = {};
  const ai: Record<string, string> = {};
  for (const [i, column] of mapping.entries()) {
    const value = (cells[i] ?? '').trim();
    if (value === '') continue;
    if (column.kind === 'field') record[column.field] = value;
    else if (column.kind === 'ai') ai[column.ai] = value;
    else if (column.kind === 'tags')
      record.tags = value
        .split('|')
        .map((t) => t.trim())
        .filter(Boolean);
    else {
      try {
        record.linkset = JSON.parse(value);
      } catch {
        return { problem: 'linkset is not valid JSON' };
      }
    }
  }
  if (Object.keys(ai).length > 0) record.ai = ai;
  return { record };
}
