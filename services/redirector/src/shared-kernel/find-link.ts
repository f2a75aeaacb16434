import { entryKey, type LinkEntry } from './link-entry';
import { thenMaybe, type MaybeAsync } from './maybe-async';
import { hostCandidates } from './visit';

/** What finding a link needs of the read model (the links feature's LinkStore is one). */
export interface LinkLookup {
  get(key: string): MaybeAsync<LinkEntry | undefined>;
}

/** The link of `code` on the request's host (as sent, then without its port). */
export function findLink(links: LinkLookup, host: string, code: string): MaybeAsync<LinkEntry | undefined> {
  const [first, second] = hostCandidates(host);
  const found = links.get(entryKey(first as string, code));
  if (second === undefined) return found;
  return thenMaybe(found, (entry) => entry ?? links.get(entryKey(second, code)));
}
