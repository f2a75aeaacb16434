import { entryKey, type LinkEntry } from '../../shared-kernel/link-entry';
import type { LinkStore } from './links-ports';
import { thenMaybe, type MaybeAsync } from './maybe-async';
import { hostCandidates } from '../../shared-kernel/visit';

/** The link of `code` on the request's host (as sent, then without its port). */
export function findLink(links: LinkStore, host: string, code: string): MaybeAsync<LinkEntry | undefined> {
  const [first, second] = hostCandidates(host);
  const found = links.get(entryKey(first as string, code));
  if (second === undefined) return found;
  return thenMaybe(found, (entry) => entry ?? links.get(entryKey(second, code)));
}
