import { DomainError, Gs1Tag, type Gs1Link, type Gs1LinkList } from '@waymark/contracts';
import { assertIfMatch } from '@waymark/http';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../domain/gs1-cursor';
import { gs1LinkEtag } from '../domain/gs1-link-etag';
import { toGs1LinkView, type Gs1LinkRecord } from '../domain/gs1-link-record';
import type { Gs1Actor, Gs1LinkDeps } from './gs1-link-ports';

/** GET /v1/gs1/links query, parsed by the controller. */
export const Gs1LinkListQuery = z.object({
  query: z.string().min(1).max(200).optional(),
  /** Comma-separated; records carrying ALL of them. */
  tags: z
    .string()
    .transform((value) => value.split(',').filter((t) => t.length > 0))
    .pipe(z.array(Gs1Tag).max(20))
    .optional(),
  cursor: z.string().min(1).max(512).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type Gs1LinkListQuery = z.output<typeof Gs1LinkListQuery>;

/** `?domain=` on GET/DELETE /v1/gs1/links/{path}, parsed by the controller. */
export const Gs1LinkLocatorQuery = z.object({ domain: z.string().min(1).max(261).optional() });
export type Gs1LinkLocatorQuery = z.output<typeof Gs1LinkLocatorQuery>;

/** GET /v1/gs1/links: the tenant's GS1 links in import order, filtered by free text and tags, cursor-paginated. */
export function listGs1Links(deps: Pick<Gs1LinkDeps, 'links'>) {
  return async (actor: Gs1Actor, q: Gs1LinkListQuery): Promise<Gs1LinkList> => {
    const afterSeq = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
    const rows = await deps.links.list(actor.tenant.id, { query: q.query, tags: q.tags, afterSeq, limit: q.limit + 1 });
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      links: page.map(toGs1LinkView),
      nextCursor: rows.length > q.limit && last?.seq !== undefined ? encodeCursor(last.seq) : null,
    };
  };
}

/** The one record with this derived path (on `domain` when the tenant has the path on several domains). */
export async function findOne(
  deps: Pick<Gs1LinkDeps, 'links'>,
  actor: Gs1Actor,
  code: string,
  { domain }: Gs1LinkLocatorQuery,
): Promise<Gs1LinkRecord> {
  const path = code.replace(/^\/+/, '');
  const found = await deps.links.find(actor.tenant.id, path, domain?.toLowerCase());
  if (found.length === 0) throw new DomainError('not_found', `No GS1 link ${path}`);
  if (found.length > 1) {
    throw new DomainError('conflict', `${path} exists on several domains; name one with ?domain=`, {
      domains: found.map((r) => r.domain),
    });
  }
  return found[0]!;
}

export function getGs1Link(deps: Pick<Gs1LinkDeps, 'links'>) {
  return async (actor: Gs1Actor, code: string, locator: Gs1LinkLocatorQuery): Promise<Gs1Link> =>
    toGs1LinkView(await findOne(deps, actor, code, locator));
}

/**
 * DELETE /v1/gs1/links/{path}: removes the record and publishes its tombstone, so the resolver forgets it. With
 * If-Match, only the version the client read (its ETag) is removed; a bulk upsert landing between the check and the
 * removal is not caught (as for a link's DELETE).
 */
export function deleteGs1Link(deps: Pick<Gs1LinkDeps, 'links'>) {
  return async (actor: Gs1Actor, code: string, locator: Gs1LinkLocatorQuery, ifMatch?: string): Promise<void> => {
    const record = await findOne(deps, actor, code, locator);
    assertIfMatch(ifMatch, gs1LinkEtag(toGs1LinkView(record)), 'GS1 link');
    if (!(await deps.links.remove(record))) throw new DomainError('not_found', `No GS1 link ${record.code}`);
  };
}
