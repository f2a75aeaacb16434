import { BatchTooLarge, rowErrorsOf, sendableRows, smallerBatchSize, takeBatch } from '@waymark/csv';
import { CliError, EXIT } from '../exit-codes';
import type { ErrorReport } from './error-report';
import type { ImportRow } from './import-row';
import { batchIdempotencyKey, type ImportState, type ImportTotals, writeImportState } from './import-state';

/** One row's outcome as the API reports it (Gs1BulkResult.results): `row` indexes the batch's records. */
export interface BulkRowResult {
  row: number;
  gtin: string | null;
  code: string | null;
  status: 'created' | 'updated' | 'skipped' | 'failed';
  error: string | null;
  errorCode?: string | null;
}

export interface BulkResult extends ImportTotals {
  results: BulkRowResult[];
}

/** Sends one batch with its Idempotency-Key; throws BatchTooLarge when the batch must be split further. */
export type SendBatch = (records: Record<string, unknown>[], idempotencyKey: string) => Promise<BulkResult>;

export interface ImportRun {
  rows: AsyncIterable<ImportRow>;
  state: ImportState;
  stateFile: string;
  report: ErrorReport;
  send: SendBatch;
  /** Called after each settled batch with the bytes of the input read so far. */
  onProgress?: (state: ImportState, bytesRead: number) => void;
  /** When set, the import stops after the batch in flight; the state file lets the next run resume there. */
  stopRequested?: () => boolean;
}

/**
 * Streams the rows into batches of `state.batchSize` records, in order, one request at a time. A batch is the rows
 * from the first unsettled one up to the one that fills it, so a resumed run forms the same batches with the same
 * keys. A batch the API finds too large lowers the batch size (to the plan's cap when the API names it) and is split.
 */
export async function runImport(run: ImportRun): Promise<ImportTotals> {
  const { state } = run;
  let batch: ImportRow[] = [];
  let records = 0;
  for await (const row of run.rows) {
    if (row.index < state.done) continue;
    batch.push(row);
    if (row.record) records += 1;
    if (records >= state.batchSize) {
      await settle(run, batch);
      batch = [];
      records = 0;
      if (run.stopRequested?.()) {
        throw new CliError('Interrupted: run the same command again to resume', EXIT.interrupted);
      }
    }
  }
  if (batch.length > 0) await settle(run, batch);
  return state.totals;
}

/** Sends `rows` as batches of at most `state.batchSize` records, shrinking the size when the API asks. */
async function settle(run: ImportRun, rows: ImportRow[]): Promise<void> {
  let rest = rows;
  while (rest.length > 0) {
    const chunk = takeBatch(rest, run.state.batchSize);
    try {
      await settleBatch(run, chunk);
      rest = rest.slice(chunk.length);
    } catch (error) {
      if (!(error instanceof BatchTooLarge)) throw error;
      const smaller = smallerBatchSize(run.state.batchSize, error.max);
      if (smaller < 1) throw new CliError('The API refuses even a single record as too large', EXIT.apiError);
      run.state.batchSize = smaller;
      writeImportState(run.stateFile, run.state);
    }
  }
}

async function settleBatch(run: ImportRun, rows: ImportRow[]): Promise<void> {
  const { state } = run;
  const sendable = sendableRows(rows);
  let results: BulkResult['results'] = [];
  if (sendable.length > 0) {
    const key = batchIdempotencyKey(state, (rows[0] as ImportRow).index);
    const result = await run.send(
      sendable.map((row) => row.record as Record<string, unknown>),
      key,
    );
    for (const field of ['created', 'updated', 'skipped', 'failed'] as const) state.totals[field] += result[field];
    results = result.results;
  }
  state.totals.requested += rows.length;
  state.totals.failed += rows.length - sendable.length;
  run.report.append(rowErrorsOf(rows, results));
  state.done = (rows[rows.length - 1] as ImportRow).index + 1;
  state.batches += 1;
  state.errorBytes = run.report.bytes;
  writeImportState(run.stateFile, state);
  run.onProgress?.(state, (rows[rows.length - 1] as ImportRow).bytesRead);
}
