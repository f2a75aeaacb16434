import type { LinkList, LinkListQuery } from '@waymark/contracts';
import { decodeCursor, encodeCursor } from '../domain/link-cursor';
import { toLink } from '../domain/link-record';
import type { LinkActor, LinkDeps } from './link-ports';

/** GET /v1/links: the tenant's links, newest first, filtered, one page at a time. */
export function listLinks(deps: Pick<LinkDeps, 'links'>) {
  return async (actor: LinkActor, { cursor, ...filters }: LinkListQuery): Promise<LinkList> => {
    const page = await deps.links.list(actor.tenant.id, {
      ...filters,
      ...(cursor === undefined ? {} : { beforeSeq: decodeCursor(cursor) }),
    });
    return { links: page.records.map(toLink), nextCursor: page.nextSeq === null ? null : encodeCursor(page.nextSeq) };
  };
}
