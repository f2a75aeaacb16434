import type { Link } from '@waymark/contracts';
import { assertIfMatch, entityTagOf } from '@waymark/http';

/**
 * A link's entity tag: the shared digest of its representation (docs/decisions.md, "One ETag scheme"). `lastClickAt`
 * moves with visits, not with writes, so it is left out: a click never makes a client's tag stale.
 */
export function linkEtag(link: Link): string {
  return entityTagOf(link, ['lastClickAt']);
}

/** RFC 9110 13.1.1 on the link as it is now: 412 `precondition_failed` unless If-Match lists its tag or `*`. */
export function assertLinkIfMatch(ifMatch: string | undefined, current: Link): void {
  assertIfMatch(ifMatch, linkEtag(current), 'link');
}
