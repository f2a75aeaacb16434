import type { ClickFact } from '@waymark/contracts';
import type { Logger } from '@waymark/logging';
import type { FactRow } from '../domain/fact-row';
import { DAY_MS } from '../domain/utc-day';
import { linkIncarnationKey, type LinkIncarnation } from '../../links/domain/link-incarnation';
import type { LinkRefPort } from '../../links/app/links-ports';
import type { StoredFact } from './clicks-ports';

export interface IngestClicksDeps {
  enrich(click: ClickFact): FactRow;
  links: Pick<LinkRefPort, 'resolve'>;
  partitions: { ensure(dayStarts: Iterable<number>): Promise<void> };
  write(facts: StoredFact[]): Promise<void>;
  retentionMs: number;
  clock: () => Date;
  logger: Logger;
}

const incarnationOf = (row: FactRow): LinkIncarnation => ({
  tenantId: row.tenantId,
  domain: row.domain,
  code: row.code,
  createdAt: row.linkCreatedAt,
});

/**
 * Stores a batch of clicks.v1 values: enriched, written with their rollups in one statement that ignores events
 * already stored (idempotent by eventId). Events older than the retention are dropped: their day is gone.
 * Enrichment and link ids happen here, outside `write`, so they overlap with another batch's statement when
 * `write` coalesces batches (see BatchCoalescer). Resolves once this batch's events are stored.
 */
export async function ingestClicks(clicks: ClickFact[], deps: IngestClicksDeps): Promise<void> {
  const cutoff = deps.clock().getTime() - deps.retentionMs;
  const unique = new Map<string, FactRow>();
  let expired = 0;
  for (const click of clicks) {
    if (click.ts < cutoff) expired += 1;
    else if (!unique.has(click.eventId)) unique.set(click.eventId, deps.enrich(click));
  }
  if (expired > 0) deps.logger.warn({ expired }, 'dropped clicks older than the retention');
  const rows = [...unique.values()];
  if (rows.length === 0) return;
  const ids = await deps.links.resolve(rows.map(incarnationOf));
  await deps.partitions.ensure(rows.map((row) => Math.floor(row.at.getTime() / DAY_MS) * DAY_MS));
  const facts = rows.map((row) => {
    const linkId = ids.get(linkIncarnationKey(incarnationOf(row)));
    if (linkId === undefined) throw new Error(`no link id for ${row.domain}/${row.code}`);
    return { row, linkId };
  });
  await deps.write(facts);
}
