import type { Link, LinkLocatorQuery } from '@waymark/contracts';
import { toLink } from '../domain/link-record';
import { findLink } from './find-link';
import type { LinkActor, LinkDeps } from './link-ports';

/** GET /v1/links/{code} */
export function getLink(deps: Pick<LinkDeps, 'links'>) {
  return async (actor: LinkActor, code: string, { domain }: LinkLocatorQuery): Promise<Link> => {
    return toLink(await findLink(deps.links, actor, code, domain));
  };
}
