import { DEFAULT_LINK_TYPE, type LinksetEntryInput } from '@waymark/gs1';
import type { LinkEntry } from '../../shared-kernel/link-entry';

/**
 * The linkset entries of a record. A record in redirector mode (no linkset) answers as if it had one default
 * `gs1:pip` entry pointing at its destination, so linkset requests and `linkType=gs1:pip` still work.
 */
export function recordEntries(entry: LinkEntry): LinksetEntryInput[] {
  const linkset = entry.gs1?.linkset ?? [];
  if (linkset.length > 0) return linkset;
  return [{ linkType: DEFAULT_LINK_TYPE, href: entry.destination, default: true }];
}
