import { PassThrough } from 'node:stream';
import { unzipSync } from 'fflate';
import { renderExport, renderOnThisThread, type RenderExportResult } from '../../src/artwork/app/render-export';
import { exportOptionsSchema } from '../../src/artwork/domain/export-options';
import { renderRecordSchema, type RenderRecord } from '../../src/artwork/domain/render-record-schema';
import { zxingSymbolReader } from '../../src/artwork/infra/zxing-symbol-reader';

let seq = 0;

/** A Digital Link record; each call gets its own batch so codes never collide. */
export function newRecord(overrides: Partial<RenderRecord> = {}): RenderRecord {
  seq += 1;
  const batch = overrides.batch ?? `LOT${seq}`;
  const gtin14 = overrides.gtin14 ?? '09506000134352';
  return renderRecordSchema.parse({
    code: `01/${gtin14}/10/${batch}`,
    domain: 'id.example.com',
    gtin14,
    batch,
    destination: 'https://brand.example.com/p',
    linkTypes: ['gs1:pip'],
    ...overrides,
  });
}

export interface RenderedZip {
  readonly result: RenderExportResult;
  readonly entries: Record<string, Uint8Array>;
  readonly progress: Array<{ done: number; total: number }>;
}

/** Renders an export into memory and unzips it with an independent zip reader (fflate). */
export async function renderZip(records: RenderRecord[], options: Record<string, unknown>): Promise<RenderedZip> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (c: Buffer) => chunks.push(c));
  const progress: Array<{ done: number; total: number }> = [];
  const result = await renderExport({
    records,
    options: exportOptionsSchema.parse(options),
    output,
    renderRecords: renderOnThisThread(zxingSymbolReader),
    onProgress: (p) => {
      progress.push(p);
    },
  });
  return { result, entries: unzipSync(new Uint8Array(Buffer.concat(chunks))), progress };
}

export function text(data: Uint8Array | undefined): string {
  if (!data) throw new Error('missing zip entry');
  return Buffer.from(data).toString('latin1');
}
