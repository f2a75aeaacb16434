import { createHash } from 'node:crypto';
import { DomainError } from '@waymark/contracts';

/**
 * One ETag scheme for every versioned resource (links, channels, GS1 records): a strong tag that is a digest of the
 * resource's JSON representation, less the fields that change without a write through the API (`ignore`, e.g. a
 * link's `lastClickAt`) and the `etag` field itself. The same representation gives the same tag wherever it is
 * served (create, get, update, list item), so a tag from any of them is accepted by If-Match.
 */
export function entityTagOf(representation: object, ignore: readonly string[] = []): string {
  const skipped = new Set([...ignore, 'etag']);
  const state = Object.fromEntries(Object.entries(representation).filter(([key]) => !skipped.has(key)));
  return `"${createHash('sha256').update(canonicalJson(state)).digest('hex').slice(0, 32)}"`;
}

/** JSON with object keys sorted at every depth: a jsonb column hands back keys in its own order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * RFC 9110 13.1.1: `*` matches any current resource; otherwise one listed tag must equal the current one by strong
 * comparison (a weak `W/"..."` tag never does). No header (undefined) is no precondition.
 */
export function ifMatchAllows(ifMatch: string | undefined, current: string): boolean {
  if (ifMatch === undefined) return true;
  const listed = ifMatch.split(',').map((tag) => tag.trim());
  return listed.includes('*') || listed.includes(current);
}

/** Refuses a write whose If-Match names another version: 412 `precondition_failed`, the current tag in details. */
export function assertIfMatch(ifMatch: string | undefined, current: string, what: string): void {
  if (ifMatchAllows(ifMatch, current)) return;
  throw new DomainError(
    'precondition_failed',
    `If-Match ${ifMatch} does not match the ${what}'s current ETag ${current}`,
    { etag: current },
  );
}
