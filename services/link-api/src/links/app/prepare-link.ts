import { DomainError, resolveLinkDomain, type LinkCreate } from '@waymark/contracts';
import { generateCode } from '../domain/code-generator';
import type { LinkRecord } from '../domain/link-record';
import { parseFutureExpiry } from '../domain/link-rules';
import type { LinkActor, LinkDeps } from './link-ports';

export interface LinkDraft {
  record: LinkRecord;
  /** A custom code collides as `code_taken`; a generated one is drawn again. */
  customCode: boolean;
}

/**
 * Turns one parsed create body (or bulk row) into a record ready to insert: domain, expiry, channels and destination
 * screening, in that order. `knownChannels` are the tenant's channels among the ids the caller collected up front.
 */
export async function prepareLink(
  deps: Pick<LinkDeps, 'screener' | 'clock' | 'newId'>,
  actor: LinkActor,
  input: LinkCreate,
  knownChannels: ReadonlySet<string>,
): Promise<LinkDraft> {
  const now = deps.clock();
  const domain = resolveLinkDomain(actor.tenant, input.domain);
  const expiresAt = input.expiresAt === undefined ? null : parseFutureExpiry(input.expiresAt, now);
  const notifyChannels = input.notifyChannels ?? [];
  assertChannels(notifyChannels, knownChannels);
  const destination = await deps.screener.screen(input.destination);
  return {
    customCode: input.code !== undefined,
    record: {
      id: deps.newId(),
      tenantId: actor.tenant.id,
      domain,
      code: input.code ?? generateCode(),
      destination,
      status: 'active',
      title: input.title ?? '',
      tags: input.tags ?? {},
      expiresAt,
      lastClickAt: null,
      notifyChannels,
      createdAt: now,
      updatedAt: now,
    },
  };
}

export function assertChannels(ids: readonly string[], known: ReadonlySet<string>): void {
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const message = `unknown channel${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`;
    throw new DomainError('validation_failed', `notifyChannels: ${message}`, [{ path: 'notifyChannels', message }]);
  }
}
