import { DEFAULT_LINK_TYPE, defaultEntry, normalizeLinkType, type LinksetEntryInput } from '@waymark/gs1';
import type { LinkEntry } from './link-entry';

/**
 * The linkset entries of a record. A record in redirector mode (no linkset) answers as if it had one default
 * `gs1:pip` entry pointing at its destination, so linkset requests and `linkType=gs1:pip` still work.
 */
export function recordEntries(entry: LinkEntry): LinksetEntryInput[] {
  const linkset = entry.gs1?.linkset ?? [];
  if (linkset.length > 0) return linkset;
  return [{ linkType: DEFAULT_LINK_TYPE, href: entry.destination, default: true }];
}

/** Where a record resolves by default: its default linkset entry, else its destination. */
export function defaultTarget(entry: LinkEntry): string {
  return defaultEntry(recordEntries(entry))?.href ?? entry.destination;
}

/** The href of the record's entry of a link type (CURIE or URI), or undefined when it has none. */
export function targetOfType(entry: LinkEntry, linkType: string): string | undefined {
  const wanted = normalizeLinkType(linkType);
  if (!wanted) return undefined;
  return recordEntries(entry).find((e) => normalizeLinkType(e.linkType ?? DEFAULT_LINK_TYPE) === wanted)?.href;
}
