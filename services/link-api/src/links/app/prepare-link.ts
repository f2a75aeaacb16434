import { DomainError, LinkCreate, parseOrThrow } from '@waymark/contracts';
import { generateCode } from '../domain/code-generator';
import type { LinkRecord } from '../domain/link-record';
import { parseFutureExpiry, resolveLinkDomain } from '../domain/link-rules';
import type { LinkActor, LinkDeps } from './link-ports';

export interface LinkDraft {
  record: LinkRecord;
  /** A custom code collides as `code_taken`; a generated one is drawn again. */
  customCode: boolean;
}

/**
 * Turns one create body (or bulk row) into a record ready to insert: schema, domain, expiry, channels and destination
 * screening, in that order. `knownChannels` are the tenant's channels among the ids the caller collected up front.
 */
export async function prepareLink(
  deps: Pick<LinkDeps, 'screener' | 'clock' | 'newId'>,
  actor: LinkActor,
  body: unknown,
  knownChannels: ReadonlySet<string>,
): Promise<LinkDraft> {
  const input = parseOrThrow(LinkCreate, body);
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

/** Channel ids named by a body, read leniently: the body itself is validated later, row by row. */
export function channelIdsOf(body: unknown): string[] {
  const ids = (body as { notifyChannels?: unknown } | null)?.notifyChannels;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The domain a body names, read leniently: the body itself is validated later. */
export function domainOf(body: unknown): unknown {
  return (body as { domain?: unknown } | null)?.domain;
}
