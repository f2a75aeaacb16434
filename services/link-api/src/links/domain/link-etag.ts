import { DomainError } from '@waymark/contracts';

/**
 * A link's entity tag: the version of its writable state, which every write moves on (updatedAt). It is strong, so
 * If-Match can use it (RFC 9110 13.1.1 compares strongly); `lastClickAt` is not part of that state and does not change it.
 */
export function linkEtag(updatedAt: Date): string {
  return `"${updatedAt.getTime().toString(36)}"`;
}

/** RFC 9110 13.1.1: `*` matches any current link; otherwise one of the listed strong tags must equal the link's. */
export function assertIfMatch(ifMatch: string | undefined, updatedAt: Date): void {
  if (ifMatch === undefined) return;
  const current = linkEtag(updatedAt);
  const listed = ifMatch.split(',').map((tag) => tag.trim());
  if (listed.includes('*') || listed.includes(current)) return;
  throw new DomainError(
    'precondition_failed',
    `If-Match ${ifMatch} does not match the link's current ETag ${current}`,
    { etag: current },
  );
}
