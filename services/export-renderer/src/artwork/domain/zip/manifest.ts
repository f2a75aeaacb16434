import { stringify } from 'csv-stringify/sync';
import { SAFE_CSV_OPTIONS } from '@waymark/csv';
import type { RenderRecord } from '../render-record-schema';
import type { SymbolArtwork } from '../layout/compose-record';

export const MANIFEST_COLUMNS = [
  'code',
  'gtin',
  'cpv',
  'batch',
  'serial',
  'dl_url',
  'destination',
  'link_types',
  'size_mm',
  'module_mm',
  'checks',
  'files',
] as const;

export type ManifestRow = Record<(typeof MANIFEST_COLUMNS)[number], string>;

const mm = (n: number) => n.toFixed(3);

/**
 * One manifest row. A code can carry several symbols, so size_mm and module_mm list each symbol as
 * `qr=25.000x25.000;dm=...` (symbol incl. quiet zones, without HRI); checks is `ok` or `;`-separated
 * findings; link_types and files are `;`-separated.
 */
export function manifestRow(
  record: RenderRecord,
  dlUrl: string,
  symbols: readonly SymbolArtwork[],
  checks: readonly string[],
  files: readonly string[],
): ManifestRow {
  return {
    code: record.code,
    gtin: record.gtin14,
    cpv: record.cpv ?? '',
    batch: record.batch ?? '',
    serial: record.serial ?? '',
    dl_url: dlUrl,
    destination: record.destination ?? '',
    link_types: record.linkTypes.join(';'),
    size_mm: symbols
      .map((s) => `${s.symbology}=${mm(s.artwork.symbolWidthMm)}x${mm(s.artwork.symbolHeightMm)}`)
      .join(';'),
    module_mm: symbols.map((s) => `${s.symbology}=${mm(s.artwork.moduleMm)}`).join(';'),
    checks: checks.length === 0 ? 'ok' : checks.join(';'),
    files: files.join(';'),
  };
}

export function manifestCsv(rows: readonly ManifestRow[]): Buffer {
  // Batches, serials, destinations and links are tenant input: a printer opening the manifest must not run them.
  return Buffer.from(
    stringify(rows as ManifestRow[], { header: true, columns: [...MANIFEST_COLUMNS], ...SAFE_CSV_OPTIONS }),
  );
}
