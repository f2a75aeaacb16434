import { buildDigitalLinkPath, type Gs1Key } from './digital-link-build';
import { parseDigitalLinkPath } from './digital-link-parse';
import { Gs1ValidationError } from './issue';

/**
 * Every level of a key's Digital Link from the most specific down to the bare GTIN, dropping trailing key
 * qualifiers one at a time (`01/G/10/B/21/S`, `01/G/10/B`, `01/G`). The resolver walks this list and serves the
 * first level that has a record; the linkset covers the same levels.
 */
export function digitalLinkLevels(key: Gs1Key): string[] {
  const present = (['cpv', 'batch', 'serial'] as const).filter((field) => key[field] !== undefined);
  const levels: string[] = [];
  for (let n = present.length; n >= 0; n--) {
    const level: { gtin: string; cpv?: string; batch?: string; serial?: string } = { gtin: key.gtin };
    for (const field of present.slice(0, n)) level[field] = key[field];
    levels.push(buildDigitalLinkPath(level));
  }
  return levels;
}

/**
 * The less specific paths of a Digital Link path, nearest first, excluding the path itself; empty for a bare
 * GTIN. Throws Gs1ValidationError when the path is not a valid Digital Link.
 */
export function lessSpecificPaths(path: string): string[] {
  const parsed = parseDigitalLinkPath(path);
  if (!parsed.ok) throw new Gs1ValidationError(parsed.issue);
  return digitalLinkLevels(parsed.value.key).slice(1);
}
