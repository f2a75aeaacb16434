import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Gs1Export, WaymarkClient } from '@waymark/sdk';
import { reachable, unwrap } from '../api/api-answer';
import { connect, firstItems } from '../api/connect';
import { CliError, EXIT, usageError } from '../exit-codes';
import { type CliContext, contextOf, emit, note } from '../output/cli-context';
import { progressBar } from '../output/progress';
import { terminalSafe, terminalSafeJson } from '../output/terminal-text';
import { type Column, renderRecord, renderTable } from '../output/table';
import { boundedNumber, commaList } from './option-parsers';

interface CreateOptions {
  name?: string;
  query?: string;
  tags?: string[];
  symbologies?: string[];
  formats?: string[];
  sizeMm?: number;
  options?: string;
  wait?: boolean;
  out?: string;
  timeout: number;
}

const JOB_COLUMNS: Column<{ jobId: string; name: string; status: string; count: number | null; createdAt: string }>[] =
  [
    { header: 'job', value: (j) => j.jobId },
    { header: 'name', value: (j) => j.name },
    { header: 'status', value: (j) => j.status },
    { header: 'codes', value: (j) => j.count },
    { header: 'created', value: (j) => j.createdAt },
  ];

/** The request body: --options (JSON, any Gs1ExportWrite field) overlaid by the named options. */
function exportBody(o: CreateOptions): Record<string, unknown> {
  let extra: Record<string, unknown> = {};
  if (o.options) {
    try {
      extra = JSON.parse(o.options) as Record<string, unknown>;
    } catch {
      throw usageError('--options must be a JSON object');
    }
  }
  const named = {
    name: o.name,
    query: o.query,
    tags: o.tags,
    symbologies: o.symbologies,
    formats: o.formats,
    sizeMm: o.sizeMm,
  };
  return { ...extra, ...Object.fromEntries(Object.entries(named).filter(([, v]) => v !== undefined)) };
}

/**
 * Where a job's zip goes: `<dir>/<jobId>.zip`. The id comes from the server, so it is used only when it is a plain
 * name (letters, digits, `-`, `_`); one that could leave `dir` (`../x`, `/etc/x`, a drive or a NUL) is refused.
 */
export function downloadPath(dir: string, jobId: unknown): string {
  if (typeof jobId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(jobId)) {
    throw new CliError(`the API answered an unusable export id ${terminalSafeJson(String(jobId), 0)}`, EXIT.apiError);
  }
  return path.join(dir, `${jobId}.zip`);
}

/** Waits for the job with a progress bar of codes rendered, then writes its zip into `dir`. */
async function waitAndDownload(
  context: CliContext,
  api: WaymarkClient,
  jobId: string,
  dir: string | undefined,
  timeoutMs: number,
) {
  const bar = progressBar(context, 'rendering [{bar}] {percentage}% | {value}/{total} codes | {status}');
  bar.start(1, { status: 'pending' });
  let job: Gs1Export;
  try {
    job = await reachable(
      api.exports.waitUntilReady(jobId, {
        timeoutMs,
        intervalMs: 500,
        onProgress: (j) => {
          if (j.progress && j.progress.total > 0) bar.setTotal(j.progress.total);
          bar.update(j.progress?.done ?? (j.status === 'ready' ? 1 : 0), { status: terminalSafe(String(j.status)) });
        },
      }),
    );
  } finally {
    bar.stop();
  }
  if (!dir) return { job };
  const file = downloadPath(dir, job.jobId);
  const zip = await reachable(api.exports.download(job));
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, zip);
  note(context, `downloaded ${zip.byteLength} bytes to ${file}`);
  return { job, file, bytes: zip.byteLength };
}

/** `waymark exports create|list|get|download|delete`: print-ready GS1 artwork as a zip. */
export function registerExportCommands(program: Command): void {
  const exportsCommand = program
    .command('exports')
    .description('GS1 exports: print-ready codes of your GS1 Digital Links, as a zip');

  exportsCommand
    .command('create')
    .description('start an export; with --wait, show its progress and download the zip into --out')
    .option('--name <name>', 'label for the job list')
    .option('--query <text>', 'only records matching this text')
    .option('--tags <list>', 'only records carrying all these tags (comma-separated)', commaList)
    .option('--symbologies <list>', 'qr, dm or both (default qr)', commaList)
    .option('--formats <list>', 'svg, pdf, eps, ai (default svg)', commaList)
    .option('--size-mm <mm>', 'overall printed size (default 25)', Number)
    .option('--options <json>', 'any other export option as JSON, e.g. {"sheet":"a4","marks":true}')
    .option('--wait', 'wait until the zip is ready')
    .option('--out <dir>', 'with --wait: folder to download the zip into')
    .option('--timeout <seconds>', 'with --wait: give up after this long (default 600)', boundedNumber(1, 86_400), 600)
    .action(async (o: CreateOptions, self: Command) => {
      const context = contextOf(self);
      if (o.out && !o.wait) throw usageError('--out needs --wait');
      const { api } = connect(context);
      const created = await unwrap(api.POST('/v1/gs1/exports', { body: exportBody(o) }));
      if (!o.wait) {
        emit(context, created, (c) => `export ${c.jobId} ${c.status}\n`);
        return;
      }
      note(context, `export ${created.jobId} created`);
      const done = await waitAndDownload(context, api, created.jobId, o.out, o.timeout * 1000);
      emit(
        context,
        { ...done.job, file: done.file },
        (d) => `export ${d.jobId} ready: ${d.count} codes${d.file ? `, ${d.file}` : ''}\n`,
      );
    });

  exportsCommand
    .command('list')
    .description('list export jobs, newest first')
    .option('--limit <n>', 'how many (1-1000, default 50)', boundedNumber(1, 1000), 50)
    .action(async (o: { limit: number }, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const jobs = await reachable(
        firstItems(api.paginate('/v1/gs1/exports', { query: { limit: Math.min(100, o.limit) } }), o.limit),
      );
      emit(context, { jobs }, (d) => renderTable(d.jobs, JOB_COLUMNS, '(no exports)'));
    });

  exportsCommand
    .command('get')
    .description('show an export job')
    .argument('<job-id>')
    .action(async (id: string, _o: unknown, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const job = await reachable(api.exports.get(id));
      emit(context, job, (j) => renderRecord(j as unknown as Record<string, unknown>));
    });

  exportsCommand
    .command('download')
    .description('wait for an export if needed, then download its zip into --out')
    .argument('<job-id>')
    .requiredOption('--out <dir>', 'folder to download the zip into')
    .option('--timeout <seconds>', 'give up after this long (default 600)', boundedNumber(1, 86_400), 600)
    .action(async (id: string, o: { out: string; timeout: number }, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      const done = await waitAndDownload(context, api, id, o.out, o.timeout * 1000);
      emit(context, { jobId: id, file: done.file, bytes: done.bytes }, (d) => `${d.file}\n`);
    });

  exportsCommand
    .command('delete')
    .description('delete an export job and its zip')
    .argument('<job-id>')
    .action(async (id: string, _o: unknown, self: Command) => {
      const context = contextOf(self);
      const { api } = connect(context);
      await unwrap(api.DELETE('/v1/gs1/exports/{id}', { params: { path: { id } } }));
      emit(context, { deleted: id }, () => `deleted ${id}\n`);
    });
}
