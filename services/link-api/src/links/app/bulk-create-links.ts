import {
  isDomainError,
  isUsableDomain,
  LinkCreate,
  parseOrThrow,
  shortUrlOf,
  unsafeBulkRowError,
  type LinkBulkResult,
  type LinkBulkRowResult,
} from '@waymark/contracts';
import { withTenantAccepting } from '@waymark/auth';
import { insertDrafts } from './insert-drafts';
import type { LinkActor, LinkDeps } from './link-ports';
import { prepareLink, type LinkDraft } from './prepare-link';

/** A bulk body whose envelope the edge checked; rows stay unknown: validating each alone is this use case's job. */
export interface LinkBulkRows {
  rows: readonly unknown[];
}

/**
 * POST /v1/links/bulk: every row is validated, screened and created on its own, so a bad row fails alone and the
 * others are created (with the same events as single creates). Only the envelope (1..500 rows, the plan's cap,
 * checked at the HTTP edge) can fail the whole request.
 */
export function bulkCreateLinks(deps: LinkDeps) {
  return async (caller: LinkActor, { rows }: LinkBulkRows): Promise<LinkBulkResult> => {
    const results: LinkBulkRowResult[] = new Array(rows.length);
    // An unsafe row (NUL, lone surrogate, too deep) fails before anything reads it, even leniently.
    const safe = rows.flatMap((row, index) => {
      const unsafe = unsafeBulkRowError(row);
      if (unsafe) results[index] = failed(index, unsafe, null);
      return unsafe ? [] : [{ row, index }];
    });
    const actor = await withTenantAccepting(caller, (tenant) =>
      safe.every(({ row }) => isUsableDomain(tenant, domainOf(row))),
    );
    const channelIds = new Set(safe.flatMap(({ row }) => channelIdsOf(row)));
    const known = await deps.channels.knownChannels(actor.tenant.id, [...channelIds]);
    const drafts: { row: number; draft: LinkDraft }[] = [];
    await Promise.all(
      safe.map(async ({ row, index }) => {
        try {
          drafts.push({ row: index, draft: await prepareLink(deps, actor, parseOrThrow(LinkCreate, row), known) });
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

/** Channel ids a row names, read leniently to look them all up at once: the row itself is validated later. */
function channelIdsOf(row: unknown): string[] {
  const ids = (row as { notifyChannels?: unknown } | null)?.notifyChannels;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The domain a row names, read leniently: the row itself is validated later. */
function domainOf(row: unknown): unknown {
  return (row as { domain?: unknown } | null)?.domain;
}
