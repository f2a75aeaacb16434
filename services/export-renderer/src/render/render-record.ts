import type { ExportOptions } from './options';
import type { RenderRecord } from './record';
import type { Gs1Encoding } from './gs1/gs1-encoding';
import { composeRecord, type SymbolArtwork } from './layout/compose-record';
import { verifySymbol } from './preflight/verify-symbol';
import { renderSvg } from './formats/svg-writer';
import { renderPdf } from './formats/pdf-writer';
import { renderEps } from './formats/eps-writer';
import { rasterExtension, renderRaster } from './raster/raster-writer';
import { fileName } from './zip/file-names';

export interface RenderedFile {
  readonly name: string;
  readonly data: Buffer;
}

export interface RenderedRecord {
  readonly symbols: SymbolArtwork[];
  readonly files: RenderedFile[];
  readonly checks: string[];
}

async function formatFile(s: SymbolArtwork, format: ExportOptions['formats'][number], options: ExportOptions, title: string) {
  if (format === 'svg') return renderSvg(s.artwork, title);
  if (format === 'eps') return renderEps(s.artwork, options, title);
  // ai: Illustrator opens a PDF saved as .ai as a PDF-compatible Illustrator file; the bytes are the PDF's.
  return renderPdf(s.artwork, options, title);
}

/** Every file of one record (each symbol in each format, plus raster copies) and its preflight checks. */
export async function renderRecord(
  record: RenderRecord,
  base: string,
  options: ExportOptions,
  gs1: Gs1Encoding,
): Promise<RenderedRecord> {
  let composed;
  try {
    composed = composeRecord(record, options, gs1);
  } catch (err) {
    return { symbols: [], files: [], checks: [`cannot encode: ${err instanceof Error ? err.message : String(err)}`] };
  }
  const { symbols, checks } = composed;
  const files: RenderedFile[] = [];
  for (const s of symbols) {
    const finding = await verifySymbol(s);
    if (finding) checks.push(finding);
    const title = `${record.code} ${s.symbology}`;
    for (const format of options.formats) {
      files.push({ name: fileName(base, s.symbology, format), data: await formatFile(s, format, options, title) });
    }
    if (options.raster !== 'none') {
      files.push({ name: fileName(base, s.symbology, rasterExtension(options.raster)), data: renderRaster(s.artwork, options.raster) });
    }
  }
  return { symbols, files, checks };
}
