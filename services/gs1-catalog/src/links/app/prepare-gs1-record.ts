import {
  DomainError,
  GS1_RECORD_TAGS_MAX,
  Gs1Record,
  mergeGs1Tags,
  parseOrThrow,
  resolveLinkDomain,
} from '@waymark/contracts';
import { buildDigitalLinkPath } from '@waymark/gs1';
import { assertResolverEntitlement } from '../domain/gs1-rules';
import type { Gs1Actor, Gs1Draft } from './gs1-link-ports';

/** One bulk record turned into a draft: schema (GTIN check digit, AI formats), domain, entitlement, merged tags. */
export function prepareGs1Record(
  actor: Gs1Actor,
  raw: unknown,
  requestTags: readonly string[],
  now: Date,
  id: string,
): Gs1Draft {
  const input = parseOrThrow(Gs1Record, raw);
  const domain = resolveLinkDomain(actor.tenant, input.domain);
  assertResolverEntitlement(actor.tenant, input);
  const tags = mergeGs1Tags(requestTags, input.tags ?? []);
  if (tags.length > GS1_RECORD_TAGS_MAX) {
    const message = `at most ${GS1_RECORD_TAGS_MAX} tags after merging the request's and the record's, got ${tags.length}`;
    throw new DomainError('validation_failed', `tags: ${message}`, [{ path: 'tags', message }]);
  }
  const key = { gtin: input.gtin, cpv: input.cpv, batch: input.batch, serial: input.serial };
  return {
    record: {
      id,
      tenantId: actor.tenant.id,
      domain,
      code: buildDigitalLinkPath(key),
      gtin: input.gtin,
      cpv: input.cpv ?? null,
      batch: input.batch ?? null,
      serial: input.serial ?? null,
      expiry: input.expiry ?? null,
      itemDescription: input.itemDescription ?? null,
      // Spec 2.5: the destination is ignored when a linkset is given.
      destination: input.linkset === undefined ? (input.destination ?? null) : null,
      linkset: input.linkset ?? [],
      ai: input.ai ?? {},
      tags,
      createdAt: now,
      updatedAt: now,
    },
    supplied: {
      linkset: input.linkset !== undefined,
      ai: input.ai !== undefined,
      tags: input.tags !== undefined || requestTags.length > 0,
      expiry: input.expiry !== undefined,
      itemDescription: input.itemDescription !== undefined,
    },
  };
}
