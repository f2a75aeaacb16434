import {
  isDomainError,
  parseBulkEnvelope,
  shortUrlOf,
  type LinkBulkResult,
  type LinkBulkRowResult,
} from '@waymark/contracts';
import { withTenantAccepting } from '@waymark/auth';
import { isUsableDomain } from '../domain/link-rules';
import { insertDrafts } from './insert-drafts';
import type { LinkActor, LinkDeps } from './link-ports';
import { channelIdsOf, domainOf, prepareLink, type LinkDraft } from './prepare-link';

/**
 * POST /v1/links/bulk: every row is validated, screened and created on its own, so a bad row fails alone and the
 * others are created (with the same events as single creates). Only the envelope (1..500 rows, the plan's cap) can
 * fail the whole request.
 */
export function bulkCreateLinks(deps: LinkDeps) {
  return async (caller: LinkActor, body: unknown): Promise<LinkBulkResult> => {
    const { rows } = parseBulkEnvelope('rows', body, caller.tenant.plan.bulkRowCap);
    const actor = await withTenantAccepting(caller, (tenant) =>
      rows.every((row) => isUsableDomain(tenant, domainOf(row))),
    );
    const known = await deps.channels.knownChannels(actor.tenant.id, [...new Set(rows.flatMap(channelIdsOf))]);
    const results: LinkBulkRowResult[] = new Array(rows.length);
    const drafts: { row: number; draft: LinkDraft }[] = [];
    await Promise.all(
      rows.map(async (row, index) => {
        try {
          drafts.push({ row: index, draft: await prepareLink(deps, actor, row, known) });
        } catch (error) {
          results[index] = failed(index, error, row);
        }
      }),
    );
    drafts.sort((a, b) => a.row - b.row); // a custom code used twice in one request goes to its first row
    const outcomes = await insertDrafts(
      deps.links,
      drafts.map((d) => d.draft),
    );
    outcomes.forEach((outcome, i) => {
      const row = drafts[i]!.row;
      results[row] = 'error' in outcome ? failed(row, outcome.error, rows[row]) : created(row, outcome.created);
    });
    const createdCount = results.filter((r) => r.status === 'created').length;
    return { requested: rows.length, created: createdCount, failed: rows.length - createdCount, results };
  };
}

function created(row: number, record: { domain: string; code: string }): LinkBulkRowResult {
  return {
    row,
    code: record.code,
    shortUrl: shortUrlOf(record.domain, record.code),
    status: 'created',
    error: null,
    errorCode: null,
  };
}

function failed(row: number, error: unknown, input: unknown): LinkBulkRowResult {
  // Anything but a DomainError is a fault of ours, not of the row: let it fail the request as a 500.
  if (!isDomainError(error)) throw error;
  const code = (input as { code?: unknown } | null)?.code;
  return {
    row,
    code: typeof code === 'string' ? code : null,
    shortUrl: null,
    status: 'failed',
    error: error.message,
    errorCode: error.code,
  };
}
