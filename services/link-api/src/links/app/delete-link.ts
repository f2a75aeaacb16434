import { DomainError, type LinkLocatorQuery } from '@waymark/contracts';
import { assertLinkIfMatch } from '../domain/link-etag';
import { toLink } from '../domain/link-record';
import { findLink } from './find-link';
import type { LinkActor, LinkDeps } from './link-ports';

/** DELETE /v1/links/{code}: the row goes (its code is free again) and a tombstone goes out on links.v1. */
export function deleteLink(deps: Pick<LinkDeps, 'links'>) {
  return async (actor: LinkActor, code: string, { domain }: LinkLocatorQuery, ifMatch?: string): Promise<void> => {
    const link = await findLink(deps.links, actor, code, domain);
    if (ifMatch !== undefined) {
      // The precondition is judged on the row read under lock (never on the read cache); writing nothing.
      await deps.links.update(link.id, (current) => {
        assertLinkIfMatch(ifMatch, toLink(current));
        return null;
      });
    }
    if (!(await deps.links.remove(link))) throw new DomainError('not_found', `no link ${code}`);
  };
}
