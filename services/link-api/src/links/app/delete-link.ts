import { DomainError, LinkLocatorQuery, parseOrThrow } from '@waymark/contracts';
import { findLink } from './find-link';
import type { LinkActor, LinkDeps } from './link-ports';

/** DELETE /v1/links/{code}: the row goes (its code is free again) and a tombstone goes out on links.v1. */
export function deleteLink(deps: Pick<LinkDeps, 'links'>) {
  return async (actor: LinkActor, code: string, query: unknown): Promise<void> => {
    const { domain } = parseOrThrow(LinkLocatorQuery, query);
    const link = await findLink(deps.links, actor, code, domain);
    if (!(await deps.links.remove(link))) throw new DomainError('not_found', `no link ${code}`);
  };
}
