import type { PrismaClient } from '../../generated/prisma/client';
import type { LastClick } from '../domain/last-clicks';

/**
 * Moves `link.last_click_at` forward in one statement per batch. The update only ever raises the value (the max
 * of what is stored and what arrived), so a redelivered or out-of-order batch changes nothing: no dedupe table is
 * needed. The row must be the incarnation that was clicked (same creation time), so a late click of a deleted code
 * never lands on a new link that took the code. lastClickAt is not on links.v1 and is not an edit: `updated_at`
 * stays, and nothing is published.
 */
export class LastClickWriter {
  constructor(
    private readonly prisma: PrismaClient,
    /** Told which links were written (for the read caches of every instance). */
    private readonly written: (clicks: readonly LastClick[]) => Promise<void> = async () => undefined,
  ) {}

  async record(clicks: readonly LastClick[]): Promise<number> {
    if (clicks.length === 0) return 0;
    const updated = await this.prisma.$executeRaw`
      UPDATE "link" AS l SET "last_click_at" = c.at
      FROM unnest(${clicks.map((c) => c.tenantId)}::text[], ${clicks.map((c) => c.domain)}::text[],
                  ${clicks.map((c) => c.code)}::text[], ${clicks.map((c) => c.linkCreatedAt)}::timestamptz[],
                  ${clicks.map((c) => c.at.toISOString())}::timestamptz[]) AS c(tenant_id, domain, code, created_at, at)
      WHERE l."domain" = c.domain AND l."code" = c.code AND l."tenant_id" = c.tenant_id AND l."created_at" = c.created_at
        AND (l."last_click_at" IS NULL OR l."last_click_at" < c.at)`;
    if (updated > 0) await this.written(clicks);
    return updated;
  }
}
