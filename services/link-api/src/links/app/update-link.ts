import { isDeepStrictEqual } from 'node:util';
import { DomainError, type Link, type LinkLocatorQuery, type LinkPatch } from '@waymark/contracts';
import type { LinkRecord } from '../domain/link-record';
import { toLink } from '../domain/link-record';
import { assertLinkIfMatch } from '../domain/link-etag';
import { parseFutureExpiry } from '../domain/link-rules';
import { findLink } from './find-link';
import type { LinkActor, LinkDeps } from './link-ports';
import { assertChannels } from './prepare-link';

type Changes = Partial<Pick<LinkRecord, 'destination' | 'status' | 'title' | 'tags' | 'expiresAt' | 'notifyChannels'>>;

/**
 * PATCH /v1/links/{code}: any subset of the fields; a new destination is screened first and re-points the live link
 * and every printed QR at once (its event goes out with the change). Destination updates are never metered.
 * A body that changes nothing writes and publishes nothing.
 */
export function updateLink(deps: LinkDeps) {
  return async (
    actor: LinkActor,
    code: string,
    { domain }: LinkLocatorQuery,
    patch: LinkPatch,
    ifMatch?: string,
  ): Promise<Link> => {
    const changes = await checkedChanges(deps, actor, patch);
    const link = await findLink(deps.links, actor, code, domain);
    const updated = await deps.links.update(link.id, (current) => {
      // Checked on the row read under lock, so a write that landed since the client's GET is never overwritten.
      assertLinkIfMatch(ifMatch, toLink(current));
      const next = { ...current, ...changes };
      return isDeepStrictEqual(next, current) ? null : { ...next, updatedAt: deps.clock() };
    });
    if (!updated) throw new DomainError('not_found', `no link ${code}`);
    return toLink(updated);
  };
}

async function checkedChanges(deps: LinkDeps, actor: LinkActor, patch: LinkPatch): Promise<Changes> {
  const changes: Changes = {};
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.title !== undefined) changes.title = patch.title;
  if (patch.tags !== undefined) changes.tags = patch.tags;
  if (patch.expiresAt !== undefined) {
    changes.expiresAt = patch.expiresAt === null ? null : parseFutureExpiry(patch.expiresAt, deps.clock());
  }
  if (patch.notifyChannels !== undefined) {
    assertChannels(patch.notifyChannels, await deps.channels.knownChannels(actor.tenant.id, patch.notifyChannels));
    changes.notifyChannels = patch.notifyChannels;
  }
  if (patch.destination !== undefined) {
    changes.destination = await deps.screener.screen(patch.destination);
  }
  return changes;
}
