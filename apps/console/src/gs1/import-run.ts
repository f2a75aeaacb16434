import { BULK_MAX_ROWS } from '@waymark/contracts';
import type { WaymarkClient } from '@waymark/sdk';
import { ApiError } from '../session';
import {
  BatchTooLarge,
  batchTooLargeOf,
  rowErrorsOf,
  sendableRows,
  smallerBatchSize,
  takeBatch,
  type BulkRowResult,
  type RowError,
} from '@waymark/csv';
import type { ImportRow } from './import-rows';

export interface ImportProgress {
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  batches: number;
  /** Records per request: the API's 500, lowered to the plan's row cap once the API names it. */
  batchSize: number;
  position: number;
  errors: RowError[];
}

export interface ImportOptions {
  tags: string[];
  upsert: boolean;
}

type BulkAnswer = { created: number; updated: number; skipped: number; failed: number; results: BulkRowResult[] };

/** The API refused a batch as too large; `max` is the plan's row cap when the API named it. */
/** One run of an import: `from` is the progress of the interrupted run it resumes, if any. */
export interface ImportRun {
  /** Names the run in each batch's Idempotency-Key; a resumed run keeps the interrupted run's id. */
  runId: string;
  options: ImportOptions;
  from?: ImportProgress;
}

/** How long a resent batch waits for the API to finish the same batch sent before the interruption (409 meanwhile). */
const IN_PROGRESS_WAIT_MS = 60_000;

export const freshProgress = (): ImportProgress => ({
  ...{ rows: 0, created: 0, updated: 0, skipped: 0, failed: 0, batches: 0 },
  ...{ batchSize: BULK_MAX_ROWS, position: 0, errors: [] },
});

/**
 * Sends the rows to POST /v1/gs1/links/bulk in order, one batch at a time, as the CLI's `gs1 import` does: batches
 * of 500 records, lowered to the plan's row cap when the API answers `bulk_too_large` with it. Rows the API fails
 * and rows that could not be read are collected with their line. `onProgress` sees the totals after each batch the
 * API confirmed. A resumed run skips the rows settled before and forms the same batches from there, each with the
 * Idempotency-Key it was first sent with, so a batch the API applied but never confirmed is answered from its record.
 */
export async function runImport(
  client: WaymarkClient,
  rows: AsyncIterable<ImportRow>,
  run: ImportRun,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportProgress> {
  const progress: ImportProgress = run.from ? { ...run.from, errors: [...run.from.errors] } : freshProgress();
  const settled = progress.rows;
  let batch: ImportRow[] = [];
  let records = 0;
  const flush = async () => {
    while (batch.length > 0) {
      const take = takeBatch(batch, progress.batchSize);
      try {
        await settle(client, take, run, progress);
      } catch (error) {
        if (!(error instanceof BatchTooLarge)) throw error;
        const smaller = smallerBatchSize(progress.batchSize, error.max);
        if (smaller < 1) throw new Error('The API refuses even a single record as too large', { cause: error });
        progress.batchSize = smaller;
        continue;
      }
      batch = batch.slice(take.length);
      records = batch.filter((r) => r.record).length;
      onProgress({ ...progress, errors: [...progress.errors] });
    }
  };
  let index = 0;
  for await (const row of rows) {
    index += 1;
    if (index <= settled) continue;
    batch.push(row);
    if (row.record) records += 1;
    if (records >= progress.batchSize) await flush();
  }
  await flush();
  progress.position = 1;
  onProgress({ ...progress, errors: [...progress.errors] });
  return progress;
}

async function settle(client: WaymarkClient, rows: ImportRow[], run: ImportRun, progress: ImportProgress) {
  const sendable = sendableRows(rows);
  let results: BulkRowResult[] = [];
  if (sendable.length > 0) {
    // The batch's first row and size name it: the same batch resent after an interruption carries the same key.
    const key = `waymark-console-gs1-import-${run.runId}-${progress.rows}-${progress.batchSize}`;
    const records = sendable.map((row) => row.record as Record<string, unknown>);
    const answer = await sendUntilKept(client, records, run.options, key);
    for (const field of ['created', 'updated', 'skipped', 'failed'] as const) progress[field] += answer[field];
    results = answer.results;
  }
  progress.failed += rows.length - sendable.length;
  progress.rows += rows.length;
  progress.batches += 1;
  progress.position = rows[rows.length - 1]?.position ?? progress.position;
  progress.errors.push(...rowErrorsOf(rows, results));
}

/** 409 `conflict`: the API is still running this batch as sent before the interruption; its answer follows. */
async function sendUntilKept(client: WaymarkClient, records: Record<string, unknown>[], o: ImportOptions, key: string) {
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
  for (;;) {
    try {
      return await send(client, records, o, key);
    } catch (error) {
      const running = error instanceof ApiError && error.status === 409 && error.code === 'conflict';
      if (!running || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

async function send(client: WaymarkClient, records: Record<string, unknown>[], options: ImportOptions, key: string) {
  const { data, error, response } = await client.POST('/v1/gs1/links/bulk', {
    params: { header: { 'Idempotency-Key': key } },
    body: {
      records: records as never,
      ...(options.tags.length > 0 ? { tags: options.tags } : {}),
      upsert: options.upsert,
    },
  });
  if (response.ok && data) return data as BulkAnswer;
  const tooLarge = batchTooLargeOf(response.status, error);
  if (tooLarge) throw tooLarge;
  const body = error as { error?: string; code?: string } | undefined;
  throw new ApiError(response.status, body?.error ?? response.statusText, body?.code ?? 'unknown');
}
