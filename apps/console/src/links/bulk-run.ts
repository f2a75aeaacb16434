import { BULK_MAX_ROWS } from '@waymark/contracts';
import type { WaymarkClient } from '@waymark/sdk';
import { BatchTooLarge, batchTooLargeOf, sendableRows, smallerBatchSize, takeBatch } from '@waymark/csv';
import { ApiError } from '../session';
import type { LinkFileRow } from './bulk-file';

/** What became of one row of the file: the created short link, or why it was not created. */
export interface LinkRowResult {
  row: LinkFileRow;
  status: 'created' | 'failed' | 'not sent';
  code?: string | null;
  shortUrl?: string | null;
  error?: string;
  errorCode?: string;
}

export interface BulkProgress {
  /** Rows settled so far (sent and answered, or refused before sending) and all rows of the file. */
  done: number;
  total: number;
  created: number;
  failed: number;
  batches: number;
  /** Rows per request: the API's 500, lowered to the plan's row cap once the API names it. */
  batchSize: number;
  results: LinkRowResult[];
  /** Set when a request failed as a whole: the import stopped and the rows from that batch on were not sent. */
  stoppedBy?: string;
}

interface BulkRowAnswer {
  row: number;
  status: string;
  code?: string | null;
  shortUrl?: string | null;
  error?: string | null;
  errorCode?: string | null;
}
type BulkAnswer = { results: BulkRowAnswer[] };

/**
 * Sends the rows to POST /v1/links/bulk in order, one batch of at most 500 links at a time (lowered to the plan's
 * row cap when the API answers `bulk_too_large` with it). A row refused by the API fails alone; a request that fails
 * as a whole (network, rate limit after retries, server error) stops the import, and the rows not yet sent are
 * reported as such, so the failed-rows download holds every link that was not created.
 */
export async function runBulkCreate(
  client: WaymarkClient,
  rows: readonly LinkFileRow[],
  onProgress: (progress: BulkProgress) => void,
): Promise<BulkProgress> {
  const progress: BulkProgress = {
    ...{ done: 0, total: rows.length, created: 0, failed: 0, batches: 0 },
    ...{ batchSize: BULK_MAX_ROWS, results: [] },
  };
  const publish = () => onProgress({ ...progress, results: [...progress.results] });
  let rest = [...rows];
  publish();
  while (rest.length > 0) {
    const batch = takeBatch(rest, progress.batchSize);
    try {
      record(progress, batch, await send(client, sendableRows(batch)));
    } catch (error) {
      if (error instanceof BatchTooLarge) {
        const smaller = smallerBatchSize(progress.batchSize, error.max);
        if (smaller >= 1) {
          progress.batchSize = smaller;
          continue;
        }
      }
      progress.stoppedBy =
        error instanceof BatchTooLarge ? 'The API refuses even a single link as too large' : messageOf(error);
      for (const row of rest) progress.results.push({ row, status: 'not sent', error: progress.stoppedBy });
      progress.failed += rest.length;
      progress.done += rest.length;
      break;
    }
    rest = rest.slice(batch.length);
    publish();
  }
  publish();
  return progress;
}

function record(progress: BulkProgress, batch: LinkFileRow[], answer: BulkAnswer | null) {
  let sent = 0;
  for (const row of batch) {
    if (!row.record) {
      const error = row.problem ?? 'unreadable row';
      progress.results.push({ row, status: 'failed', error, errorCode: 'row_unreadable' });
      progress.failed += 1;
      continue;
    }
    const result = answer?.results.find((r) => r.row === sent);
    sent += 1;
    if (result?.status === 'created') {
      progress.results.push({ row, status: 'created', code: result.code ?? null, shortUrl: result.shortUrl ?? null });
      progress.created += 1;
    } else {
      const error = result?.error ?? 'the API gave no result for this row';
      const errorCode = result?.errorCode ?? '';
      progress.results.push({ row, status: 'failed', code: result?.code ?? null, error, errorCode });
      progress.failed += 1;
    }
  }
  progress.done += batch.length;
  progress.batches += 1;
}

async function send(client: WaymarkClient, rows: LinkFileRow[]): Promise<BulkAnswer | null> {
  if (rows.length === 0) return null;
  const { data, error, response } = await client.POST('/v1/links/bulk', {
    body: { rows: rows.map((row) => row.record) as never },
  });
  if (response.ok && data) return data as BulkAnswer;
  const tooLarge = batchTooLargeOf(response.status, error);
  if (tooLarge) throw tooLarge;
  const body = error as { error?: string; code?: string } | undefined;
  throw new ApiError(response.status, body?.error ?? response.statusText, body?.code ?? 'unknown');
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : 'the request failed';
}
