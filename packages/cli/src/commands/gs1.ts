import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Command, Option } from 'commander';
import { connect } from '../api/connect';
import { CliError, EXIT, usageError } from '../exit-codes';
import { bulkSender } from '../gs1-import/bulk-sender';
import { CSV_COLUMNS_HELP } from '@waymark/csv';
import { ErrorReport } from '../gs1-import/error-report';
import { formatOfFile, IMPORT_FORMATS, type ImportFormat } from '@waymark/csv';
import * as importState from '../gs1-import/import-state';
import { InputFileError, readImportRows } from '../gs1-import/record-source';
import { runImport } from '../gs1-import/run-import';
import { type CliContext, contextOf, emit, note } from '../output/cli-context';
import { progressBar } from '../output/progress';
import { boundedNumber, commaList } from './option-parsers';

interface ImportCommandOptions {
  format?: ImportFormat;
  errors?: string;
  tags?: string[];
  upsert: boolean;
  batchSize: number;
  restart?: boolean;
}

const IMPORT_HELP = `
CSV files have a header row naming the columns: ${CSV_COLUMNS_HELP}.
JSON files hold an array of records as POST /v1/gs1/links/bulk takes them; JSON Lines files one record a line.
The file is streamed and sent in batches of --batch-size records, lowered to your plan's row cap when the API
names it. Rows the API rejects (and rows that cannot be read) are written to the error report (default
FILE.errors.csv) with their line. Progress is recorded in FILE.waymark-import.json after every batch: run the same
command again after an interruption and it resumes there; each batch carries an Idempotency-Key, so a batch resent
after a crash is answered from the API's record instead of being applied twice. Exit code 6 when rows failed.`;

/** Opens the state and error report: a fresh import, or the resumption of an interrupted one. */
function openImport(context: CliContext, file: string, format: ImportFormat, o: ImportCommandOptions) {
  const stateFile = importState.stateFileOf(file);
  const errorFile = path.resolve(o.errors ?? `${file}.errors.csv`);
  const options = { tags: o.tags ?? [], upsert: o.upsert };
  const saved = o.restart ? undefined : importState.readImportState(stateFile);
  if (saved) {
    const now = importState.inputFingerprint(file);
    if (now.size !== saved.input.size || now.mtimeMs !== saved.input.mtimeMs) {
      throw usageError(
        `${file} changed since the interrupted import recorded in ${stateFile}; use --restart to import it anew`,
      );
    }
    if (JSON.stringify(saved.options) !== JSON.stringify(options) || saved.format !== format) {
      throw usageError(
        `the interrupted import used other options (${JSON.stringify(saved.options)}); repeat them, or use --restart`,
      );
    }
    note(context, `resuming the import of ${file} after ${saved.done} rows (${saved.batches} batches acknowledged)`);
    return {
      stateFile,
      state: saved,
      report: ErrorReport.resume(saved.errorFile, saved.errorBytes),
      resumedAt: saved.done,
    };
  }
  const state = importState.newImportState(file, { format, options, batchSize: o.batchSize, errorFile });
  const report = ErrorReport.create(errorFile);
  importState.writeImportState(stateFile, state);
  return { stateFile, state, report, resumedAt: 0 };
}

/** First Ctrl-C: stop after the batch in flight (resumable); a second one exits at once. */
function onInterrupt(context: CliContext): { requested: () => boolean; dispose: () => void } {
  let stop = false;
  const handler = () => {
    if (stop) process.exit(EXIT.interrupted);
    stop = true;
    note(context, '\nstopping after the current batch (Ctrl-C again to quit now); run the same command to resume');
  };
  process.on('SIGINT', handler);
  return { requested: () => stop, dispose: () => process.off('SIGINT', handler) };
}

async function importFile(file: string, o: ImportCommandOptions, self: Command): Promise<void> {
  const context = contextOf(self);
  if (!existsSync(file) || !statSync(file).isFile()) throw usageError(`${file}: no such file`);
  const format = o.format ?? formatOfFile(file);
  if (!format)
    throw usageError(`cannot tell the format of ${file} from its name: give --format ${IMPORT_FORMATS.join('|')}`);
  const { api } = connect(context);
  const run = openImport(context, file, format, o);
  const bar = progressBar(
    context,
    'importing [{bar}] {percentage}% | {rows} rows | {failed} failed | ETA {eta_formatted}',
  );
  bar.start(Math.max(1, run.state.input.size), { rows: run.state.done, failed: run.state.totals.failed });
  const interrupt = onInterrupt(context);
  try {
    await runImport({
      ...run,
      rows: readImportRows(file, format),
      send: bulkSender(api, run.state.options),
      onProgress: (state, bytesRead) => bar.update(bytesRead, { rows: state.done, failed: state.totals.failed }),
      stopRequested: interrupt.requested,
    });
  } catch (error) {
    throw error instanceof InputFileError ? usageError(error.message) : error;
  } finally {
    interrupt.dispose();
    bar.stop();
    run.report.close();
  }
  importState.removeImportState(run.stateFile);
  const { totals, batches, errorFile } = run.state;
  const summary = { file, ...totals, batches, resumedAt: run.resumedAt, errorFile };
  emit(
    context,
    summary,
    (s) =>
      `${s.requested} rows: ${s.created} created, ${s.updated} updated, ${s.skipped} skipped, ${s.failed} failed (${s.batches} batches)\n` +
      (s.failed > 0 ? `rejected rows: ${s.errorFile}\n` : ''),
  );
  if (totals.failed > 0) throw new CliError(`${totals.failed} rows failed; see ${errorFile}`, EXIT.partial, summary);
}

/** `waymark gs1 import FILE`. */
export function registerGs1Commands(program: Command): void {
  const gs1 = program.command('gs1').description('GS1 Digital Links');
  gs1
    .command('import')
    .description('import GS1 records from a CSV, JSON or JSON Lines file of any size; resumable')
    .argument('<file>', 'the records')
    .addOption(new Option('--format <format>', 'file format (default: from the extension)').choices(IMPORT_FORMATS))
    .option('--errors <file>', 'where to write rejected rows (default FILE.errors.csv)')
    .option('--tags <list>', 'tags added to every record (comma-separated)', commaList)
    .option('--no-upsert', 'skip records whose code exists instead of updating them')
    .option(
      '--batch-size <n>',
      'records per request, 1-500 (lowered to the plan cap when the API names it)',
      boundedNumber(1, 500),
      500,
    )
    .option('--restart', 'ignore an interrupted import of this file and start over')
    .addHelpText('after', IMPORT_HELP)
    .action(importFile);
}
