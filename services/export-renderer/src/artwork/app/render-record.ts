import type { ExportOptions } from '../domain/export-options';
import type { RenderRecord } from '../domain/render-record-schema';
import type { Gs1Encoding } from '../domain/gs1/gs1-encoding';
import { composeRecord, type SymbolArtwork } from '../domain/layout/compose-record';
import { renderSvg } from '../domain/formats/svg-writer';
import { renderPdf } from '../domain/formats/pdf-writer';
import { renderEps } from '../domain/formats/eps-writer';
import { rasterExtension, rasterOverBudget, renderRaster } from '../domain/raster/raster-writer';
import { fileName } from '../domain/zip/file-names';
import { zipRecords, type ZipInputFile } from '../domain/zip/zip-records';
import type { RenderedRecord, SymbolReader } from './artwork-ports';
import { verifySymbol } from './verify-symbol';

/** Entries whose content is deflated already: stored as is instead of being deflated a second time. */
const PRECOMPRESSED = /\.(pdf|ai|png)$/;

function formatFile(
  s: SymbolArtwork,
  format: ExportOptions['formats'][number],
  options: ExportOptions,
  title: string,
): Buffer {
  if (format === 'svg') return renderSvg(s.artwork, title);
  if (format === 'eps') return renderEps(s.artwork, options, title);
  // ai: Illustrator opens a PDF saved as .ai as a PDF-compatible Illustrator file; the bytes are the PDF's.
  return renderPdf(s.artwork, options, title);
}

/**
 * Every file of one record (each symbol in each format, plus raster copies) and its preflight checks. Each symbol
 * is encoded once (composeRecord); every format and the preflight (read back by `reader`) draw that one geometry.
 */
export async function renderRecord(
  record: RenderRecord,
  base: string,
  options: ExportOptions,
  gs1: Gs1Encoding,
  zipDate: Date,
  reader: SymbolReader,
): Promise<RenderedRecord> {
  let composed;
  try {
    composed = composeRecord(record, options, gs1);
  } catch (err) {
    const checks = [`cannot encode: ${err instanceof Error ? err.message : String(err)}`];
    return { symbols: [], checks, zip: zipRecords([], zipDate) };
  }
  const { symbols, checks } = composed;
  const files: ZipInputFile[] = [];
  for (const s of symbols) {
    const finding = await verifySymbol(s, reader);
    if (finding) checks.push(finding);
    const title = `${record.code} ${s.symbology}`;
    for (const format of options.formats) {
      const name = fileName(base, s.symbology, format);
      files.push({ name, data: formatFile(s, format, options, title), precompressed: PRECOMPRESSED.test(name) });
    }
    const overBudget = options.raster === 'none' ? null : rasterOverBudget(s.artwork, options.raster);
    if (overBudget) checks.push(overBudget);
    else if (options.raster !== 'none') {
      const name = fileName(base, s.symbology, rasterExtension(options.raster));
      files.push({ name, data: renderRaster(s.artwork, options.raster), precompressed: PRECOMPRESSED.test(name) });
    }
  }
  return { symbols, checks, zip: zipRecords(files, zipDate) };
}
