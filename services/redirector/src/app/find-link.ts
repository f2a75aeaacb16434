import { entryKey, type LinkEntry } from '../domain/link-entry';
import type { LinkStore } from './link-store';
import { hostCandidates } from './visit';

type Maybe<T> = T | Promise<T>;

/** Chains a possibly asynchronous value without making the synchronous case asynchronous. */
export function then<T, R>(value: Maybe<T>, next: (resolved: T) => Maybe<R>): Maybe<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** The link of `code` on the request's host (as sent, then without its port). */
export function findLink(links: LinkStore, host: string, code: string): Maybe<LinkEntry | undefined> {
  const [first, second] = hostCandidates(host);
  const found = links.get(entryKey(first as string, code));
  if (second === undefined) return found;
  return then(found, (entry) => entry ?? links.get(entryKey(second, code)));
}
