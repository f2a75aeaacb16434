import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';

export interface ImportTotals {
  requested: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

/**
 * The state file beside the input (`FILE.waymark-import.json`), rewritten after every acknowledged batch. Rows
 * before `done` are settled: sent and acknowledged, or reported as unreadable. `errorBytes` is the length of the
 * error report at that point, so a resumed run cuts off whatever a crashed run wrote after it. Each batch's
 * Idempotency-Key derives from `runId`, its first row and its size, so a batch resent after a crash carries the key
 * it was first sent with and the API replays its answer instead of applying it twice.
 */
export interface ImportOptions {
  tags: string[];
  upsert: boolean;
}

export interface ImportState {
  version: 1;
  runId: string;
  input: { size: number; mtimeMs: number };
  format: string;
  /** The request options every batch carries; part of the body an Idempotency-Key is bound to. */
  options: ImportOptions;
  batchSize: number;
  done: number;
  batches: number;
  errorFile: string;
  errorBytes: number;
  totals: ImportTotals;
}

export function stateFileOf(input: string): string {
  return `${input}.waymark-import.json`;
}

export function inputFingerprint(input: string): ImportState['input'] {
  const stat = statSync(input);
  return { size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
}

export function newImportState(
  input: string,
  settings: { format: string; options: ImportOptions; batchSize: number; errorFile: string },
): ImportState {
  const { format, options, batchSize, errorFile } = settings;
  return {
    version: 1,
    runId: randomUUID(),
    input: inputFingerprint(input),
    format,
    options,
    batchSize,
    done: 0,
    batches: 0,
    errorFile,
    errorBytes: 0,
    totals: { requested: 0, created: 0, updated: 0, skipped: 0, failed: 0 },
  };
}

export function readImportState(file: string): ImportState | undefined {
  if (!existsSync(file)) return undefined;
  const state = JSON.parse(readFileSync(file, 'utf8')) as ImportState;
  if (state.version !== 1 || typeof state.runId !== 'string' || typeof state.done !== 'number') {
    throw new Error(`${file} is not a waymark import state file`);
  }
  return state;
}

/** Written to a temporary file and renamed: a crash leaves the previous state or the new one, never half of one. */
export function writeImportState(file: string, state: ImportState): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, file);
}

export function removeImportState(file: string): void {
  rmSync(file, { force: true });
}

export function batchIdempotencyKey(state: ImportState, start: number): string {
  return `waymark-gs1-import-${state.runId}-${start}-${state.batchSize}`;
}
