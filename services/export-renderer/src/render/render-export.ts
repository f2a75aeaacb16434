import type { Writable } from 'node:stream';
import type { ExportOptions } from './options';
import type { RenderRecord } from './record';
import type { Gs1Encoding } from './gs1/gs1-encoding';
import { defaultGs1Encoding } from './gs1/gs1-encoding.default';
import { renderRecord, type RenderedRecord } from './render-record';
import { SheetWriter } from './sheets/sheet-writer';
import { sheetFitCheck } from './sheets/sheet-layouts';
import { ZipWriter } from './zip/zip-writer';
import { zipRecords } from './zip/zip-records';
import { BaseNames } from './zip/file-names';
import { manifestCsv, manifestRow, type ManifestRow } from './zip/manifest';
import { readmeText } from './zip/readme';

export interface ExportProgress {
  readonly done: number;
  readonly total: number;
}

/** One record to render and the base name of its files in the zip. */
export interface RecordJob {
  readonly record: RenderRecord;
  readonly base: string;
}

/**
 * Renders the records and yields the results in the order of `jobs`, their files already in zip form dated
 * `zipDate`. The default renders them one after another on this thread; a worker pool can render several at once
 * as long as it yields in order, and share its threads fairly between the tenants of the jobs it has in hand.
 */
export type RecordRenderer = (
  jobs: readonly RecordJob[],
  options: ExportOptions,
  gs1: Gs1Encoding,
  zipDate: Date,
  tenant?: string,
) => AsyncIterable<RenderedRecord>;

async function* renderInOrder(
  jobs: readonly RecordJob[],
  options: ExportOptions,
  gs1: Gs1Encoding,
  zipDate: Date,
): AsyncIterable<RenderedRecord> {
  for (const job of jobs) yield await renderRecord(job.record, job.base, options, gs1, zipDate);
}

export interface RenderExportInput {
  readonly records: readonly RenderRecord[];
  readonly options: ExportOptions;
  readonly output: Writable;
  /** Called after each code; awaited, so a slow reporter slows rendering instead of piling up. */
  readonly onProgress?: (progress: ExportProgress) => void | Promise<void>;
  readonly gs1?: Gs1Encoding;
  /** How records are rendered (in order); on this thread by default. */
  readonly renderRecords?: RecordRenderer;
  /** Whose job this is: a shared renderer takes the tenants' records in turn. */
  readonly tenant?: string;
  readonly clock?: () => Date;
}

export interface RenderExportResult {
  readonly count: number;
  readonly sizeBytes: number;
  readonly codesWithChecks: number;
  readonly files: number;
}

/**
 * Renders an export job into a zip streamed to `output` (spec 2.9): per code and format one file per symbol,
 * the optional sheet, manifest.csv and README.txt. Findings never abort the job; they go to the manifest.
 */
export async function renderExport(input: RenderExportInput): Promise<RenderExportResult> {
  const { records, options } = input;
  const gs1 = input.gs1 ?? defaultGs1Encoding;
  const now = (input.clock ?? (() => new Date()))();
  const zip = new ZipWriter(input.output);
  const sheet = options.sheet === 'none' ? null : new SheetWriter(options.sheet, options);
  const names = new BaseNames();
  const rows: ManifestRow[] = [];
  let files = 0;
  try {
    const jobs = records.map((record) => ({ record, base: names.next(record.code, record.domain) }));
    let index = 0;
    for await (const rendered of (input.renderRecords ?? renderInOrder)(jobs, options, gs1, now, input.tenant)) {
      const record = jobs[index++]!.record;
      await zip.write(rendered.zip);
      files += rendered.zip.entries.length;
      if (sheet) {
        for (const s of rendered.symbols) {
          sheet.add(s.artwork);
          const fit = sheetFitCheck(sheet.kind, s.artwork.widthMm, s.artwork.heightMm);
          if (fit) rendered.checks.push(`${s.symbology}: ${fit}`);
        }
      }
      const fileNames = rendered.zip.entries.map((f) => f.name);
      rows.push(
        manifestRow(
          record,
          gs1.digitalLinkUri(record, options.compressUri),
          rendered.symbols,
          rendered.checks,
          fileNames,
        ),
      );
      await input.onProgress?.({ done: rows.length, total: records.length });
    }
    if (sheet)
      await zip.write(
        zipRecords([{ name: `sheet-${sheet.kind}.pdf`, data: await sheet.finish(), precompressed: true }], now),
      );
    const codesWithChecks = rows.filter((r) => r.checks !== 'ok').length;
    const readme = readmeText({ options, count: rows.length, codesWithChecks, createdAt: now });
    await zip.write(
      zipRecords(
        [
          { name: 'manifest.csv', data: manifestCsv(rows) },
          { name: 'README.txt', data: readme },
        ],
        now,
      ),
    );
    const sizeBytes = await zip.finish();
    return { count: rows.length, sizeBytes, codesWithChecks, files: files + (sheet ? 3 : 2) };
  } catch (err) {
    zip.abort(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}
