import { withTenantAccepting } from '@waymark/auth';
import { isUsableDomain, type Link, type LinkCreate } from '@waymark/contracts';
import { toLink } from '../domain/link-record';
import { insertDrafts } from './insert-drafts';
import type { LinkActor, LinkDeps } from './link-ports';
import { prepareLink } from './prepare-link';

/** POST /v1/links: checks, screens and stores one parsed link; it goes live as `active` once its event is published. */
export function createLink(deps: LinkDeps) {
  return async (caller: LinkActor, input: LinkCreate): Promise<Link> => {
    const actor = await withTenantAccepting(caller, (tenant) => isUsableDomain(tenant, input.domain));
    const known = await deps.channels.knownChannels(actor.tenant.id, input.notifyChannels ?? []);
    const draft = await prepareLink(deps, actor, input, known);
    const [outcome] = await insertDrafts(deps.links, [draft]);
    if (!outcome) throw new Error('insertDrafts returned no outcome');
    if ('error' in outcome) throw outcome.error;
    return toLink(outcome.created);
  };
}
