import type { Writable } from 'node:stream';
import type { ExportOptions } from '../domain/export-options';
import type { RenderRecord } from '../domain/render-record-schema';
import type { Gs1Encoding } from '../domain/gs1/gs1-encoding';
import { defaultGs1Encoding } from '../domain/gs1/gs1-encoding.default';
import { SheetWriter } from '../domain/sheets/sheet-writer';
import { sheetFitCheck } from '../domain/sheets/sheet-layouts';
import { ZipWriter } from '../domain/zip/zip-writer';
import { zipRecords } from '../domain/zip/zip-records';
import { BaseNames } from '../domain/zip/file-names';
import { manifestCsv, manifestRow, type ManifestRow } from '../domain/zip/manifest';
import { readmeText } from '../domain/zip/readme';
import type { RecordRenderer, SymbolReader } from './artwork-ports';
import { renderRecord } from './render-record';

export interface ExportProgress {
  readonly done: number;
  readonly total: number;
}

/** The RecordRenderer that renders the records one after another on this thread, read back by `reader`. */
export function renderOnThisThread(reader: SymbolReader): RecordRenderer {
  return async function* (jobs, options, gs1, zipDate) {
    for (const job of jobs) yield await renderRecord(job.record, job.base, options, gs1, zipDate, reader);
  };
}

export interface RenderExportInput {
  readonly records: readonly RenderRecord[];
  readonly options: ExportOptions;
  readonly output: Writable;
  /** Called after each code; awaited, so a slow reporter slows rendering instead of piling up. */
  readonly onProgress?: (progress: ExportProgress) => void | Promise<void>;
  readonly gs1?: Gs1Encoding;
  /** How records are rendered (in order): a worker pool, or `renderOnThisThread`. */
  readonly renderRecords: RecordRenderer;
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
    for await (const rendered of input.renderRecords(jobs, options, gs1, now, input.tenant)) {
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
