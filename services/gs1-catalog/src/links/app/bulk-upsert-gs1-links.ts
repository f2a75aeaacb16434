import {
  isDomainError,
  unsafeBulkRowError,
  type Gs1BulkOptions,
  type Gs1BulkResult,
  type Gs1BulkRowResult,
} from '@waymark/contracts';
import { withTenantAccepting } from '@waymark/auth';
import { tenantAccepts } from '../domain/gs1-rules';
import type { Gs1Actor, Gs1Draft, Gs1LinkDeps } from './gs1-link-ports';
import { prepareGs1Record } from './prepare-gs1-record';
import { screenGs1Targets } from './screen-gs1-targets';

/**
 * POST /v1/gs1/links/bulk (spec 4.4): each record is validated and its redirect targets screened on its own (a bad
 * one is `failed` and never aborts the batch), then every valid record is created, updated (upsert true) or skipped
 * (upsert false) in one transaction with its links.v1 event. Results are in request order. The envelope and options
 * were checked at the HTTP edge; records arrive unknown: validating each alone, with its own result, is this job's.
 */
export function bulkUpsertGs1Links(deps: Gs1LinkDeps) {
  return async (caller: Gs1Actor, { records, tags, upsert }: Gs1BulkOptions): Promise<Gs1BulkResult> => {
    const results: Gs1BulkRowResult[] = new Array(records.length);
    // An unsafe record (NUL, lone surrogate, too deep) fails before anything reads it, even leniently.
    const unsafe = records.map(unsafeBulkRowError);
    unsafe.forEach((error, row) => {
      if (error) results[row] = rowResult(row, null, null, 'failed', error.message, error.code);
    });
    const safe = [...records.entries()].filter(([row]) => unsafe[row] === null);
    const actor = await withTenantAccepting(caller, (tenant) => safe.every(([, raw]) => tenantAccepts(tenant, raw)));
    const now = deps.clock();
    const drafts: { row: number; draft: Gs1Draft }[] = [];
    const firstRowOf = new Map<string, number>();
    for (const [row, raw] of safe) {
      try {
        const draft = await screenGs1Targets(deps.screener, prepareGs1Record(actor, raw, tags, now, deps.newId()));
        const identity = `${draft.record.domain}/${draft.record.code}`;
        const first = firstRowOf.get(identity);
        if (first !== undefined) {
          results[row] = rowResult(
            row,
            draft.record.gtin,
            draft.record.code,
            'failed',
            `same code as row ${first} of this request`,
            'conflict',
          );
          continue;
        }
        firstRowOf.set(identity, row);
        drafts.push({ row, draft });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        results[row] = rowResult(row, gtinOf(raw), null, 'failed', error.message, error.code);
      }
    }
    const outcomes = await deps.links.upsertMany(
      drafts.map((d) => d.draft),
      upsert,
    );
    outcomes.forEach((outcome, i) => {
      const { row, draft } = drafts[i]!;
      const { gtin, code } = draft.record;
      results[row] =
        outcome.status === 'conflict'
          ? rowResult(
              row,
              gtin,
              code,
              'failed',
              `${code} on ${draft.record.domain} belongs to another tenant`,
              'conflict',
            )
          : rowResult(row, gtin, code, outcome.status, null, null);
    });
    const count = (status: Gs1BulkRowResult['status']) => results.filter((r) => r.status === status).length;
    return {
      requested: records.length,
      created: count('created'),
      updated: count('updated'),
      skipped: count('skipped'),
      failed: count('failed'),
      results,
    };
  };
}

function rowResult(
  row: number,
  gtin: string | null,
  code: string | null,
  status: Gs1BulkRowResult['status'],
  error: string | null,
  errorCode: Gs1BulkRowResult['errorCode'],
): Gs1BulkRowResult {
  return { row, gtin, code, status, error, errorCode };
}

/** The GTIN as submitted, for the result of a row that failed before it was normalised. */
function gtinOf(raw: unknown): string | null {
  const gtin = (raw as { gtin?: unknown } | null)?.gtin;
  return typeof gtin === 'string' ? gtin : null;
}
