/**
 * The columns of a bulk link CSV and how a row becomes a LinkWrite for POST /v1/links/bulk. The header names the
 * fields; matching ignores case, spaces, `_` and `-` (`Expires At` names `expiresAt`). `tags` holds `key=value`
 * pairs separated by `|`, and a column `tag.KEY` sets one tag; `notifyChannels` holds channel ids separated by `|`.
 * Empty cells are left out. An `error` column (the failed-rows download adds one) is ignored, so a corrected
 * download can be imported again. Values are checked by the API, which reports a bad row in its results.
 */
const FIELDS = ['destination', 'code', 'domain', 'title', 'expiresAt', 'tags', 'notifyChannels'] as const;
const ALIASES: Record<string, (typeof FIELDS)[number]> = {
  url: 'destination',
  expires: 'expiresAt',
  notify: 'notifyChannels',
};

export type LinkColumn =
  { kind: 'field'; field: (typeof FIELDS)[number] } | { kind: 'tag'; key: string } | { kind: 'ignored' };

export const LINK_COLUMNS_HELP =
  'destination (required), code, domain, title, expiresAt (ISO 8601 with offset), tags (key=value separated by |), ' +
  'tag.KEY, notifyChannels (ids separated by |)';

const squash = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** The mapping of each header cell; throws a message naming the first column it cannot use. */
export function mapLinkHeader(header: readonly string[]): LinkColumn[] {
  const seen = new Set<string>();
  const columns = header.map((raw): LinkColumn => {
    const name = raw.trim();
    const squashed = squash(name);
    const tagKey = /^tag\.(.+)$/i.exec(name)?.[1]?.trim();
    const column: LinkColumn = tagKey
      ? { kind: 'tag', key: tagKey }
      : squashed === 'error'
        ? { kind: 'ignored' }
        : fieldColumn(squashed, name);
    const id = column.kind === 'field' ? column.field : column.kind === 'tag' ? `tag.${column.key}` : '';
    if (id && seen.has(id)) throw new Error(`the column "${name}" appears twice`);
    if (id) seen.add(id);
    return column;
  });
  if (!seen.has('destination')) {
    throw new Error(`the header has no destination column; the columns are: ${LINK_COLUMNS_HELP}`);
  }
  return columns;
}

function fieldColumn(squashed: string, name: string): LinkColumn {
  const field = FIELDS.find((f) => squash(f) === squashed) ?? ALIASES[squashed];
  if (!field) throw new Error(`unknown column "${name}"; the columns are: ${LINK_COLUMNS_HELP}`);
  return { kind: 'field', field };
}

const split = (cell: string) =>
  cell
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);

/** The LinkWrite a row describes, or the reason it cannot be one (reported without being sent). */
export function rowToLinkWrite(
  columns: readonly LinkColumn[],
  cells: readonly string[],
): { record: Record<string, unknown> } | { problem: string } {
  if (cells.length !== columns.length) return { problem: `expected ${columns.length} columns, found ${cells.length}` };
  const record: Record<string, unknown> = {};
  const tags: Record<string, string> = {};
  for (const [i, column] of columns.entries()) {
    const value = (cells[i] ?? '').trim();
    if (value === '' || column.kind === 'ignored') continue;
    if (column.kind === 'tag') tags[column.key] = value;
    else if (column.field === 'notifyChannels') record.notifyChannels = split(value);
    else if (column.field !== 'tags') record[column.field] = value;
    else {
      for (const pair of split(value)) {
        const at = pair.indexOf('=');
        if (at < 1) return { problem: `tag "${pair}" is not key=value` };
        tags[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
      }
    }
  }
  if (record.destination === undefined) return { problem: 'destination is empty' };
  if (Object.keys(tags).length > 0) record.tags = tags;
  return { record };
}
