/**
 * The render budget of one export job (the spec sets none; docs/decisions.md). Vector formats cost the same at any
 * size, so the budget is on raster copies, whose pixels (and the render worker's memory, about 5 bytes a pixel while
 * a symbol is encoded) grow with the square of the printed size.
 */
export const EXPORT_BUDGET = {
  /** One raster copy of one symbol: 25 million pixels (5000 x 5000 px: a 211 mm symbol at 600 dpi, 423 mm at 300). */
  rasterPixelsPerSymbol: 25_000_000,
  /** Every raster copy of one job together: 4 billion pixels (5000 codes, QR and DataMatrix, 25 mm at 600 dpi). */
  rasterPixelsPerJob: 4_000_000_000,
} as const;

export const RASTER_DPI = { none: 0, png300: 300, png600: 600, tiff300: 300, tiff600: 600 } as const;

/** Modules across the smallest symbol of each kind with its quiet zones (QR version 1, DataMatrix 10 x 10). */
const SMALLEST_MODULES = { qr: 21 + 8, dm: 10 + 2 } as const;

export interface BudgetOptions {
  readonly symbologies: readonly ('qr' | 'dm')[];
  readonly sizeMode: 'total' | 'xdim';
  readonly sizeMm: number;
  readonly xdimMm: number;
  readonly ean13: boolean;
  readonly raster: keyof typeof RASTER_DPI;
}

/** Pixels of a raster copy of `widthMm` x `heightMm` at `dpi`. */
export function rasterPixels(widthMm: number, heightMm: number, dpi: number): number {
  return Math.round((widthMm * dpi) / 25.4) * Math.round((heightMm * dpi) / 25.4);
}

/**
 * The side of each 2D symbol the options ask for, at least: exact with sizeMode=total; with sizeMode=xdim the size
 * follows the data, so the smallest symbol of the kind (the renderer checks the real size of each symbol).
 */
function smallestSideMm(o: BudgetOptions, pick: (a: number, b: number) => number): number {
  if (o.sizeMode === 'total') return o.sizeMm;
  return o.xdimMm * o.symbologies.map((s) => SMALLEST_MODULES[s]).reduce(pick);
}

/** Why one symbol's raster copy is over the budget, or null. Checked when the options are parsed. */
export function symbolBudgetIssue(o: BudgetOptions): string | null {
  const dpi = RASTER_DPI[o.raster];
  if (dpi === 0) return null;
  const side = smallestSideMm(o, Math.max);
  const pixels = rasterPixels(side, side, dpi);
  if (pixels <= EXPORT_BUDGET.rasterPixelsPerSymbol) return null;
  return (
    `raster ${o.raster} of a ${side.toFixed(1)} mm symbol is ${pixels} px; the limit is ` +
    `${EXPORT_BUDGET.rasterPixelsPerSymbol} px per symbol (${maxRasterSideMm(dpi).toFixed(0)} mm at ${dpi} dpi); ` +
    'use a vector format for larger symbols'
  );
}

/** The largest square symbol a raster copy at `dpi` may have. */
export function maxRasterSideMm(dpi: number): number {
  return (Math.sqrt(EXPORT_BUDGET.rasterPixelsPerSymbol) * 25.4) / dpi;
}

/** Raster pixels a job of `codes` codes renders, at least. */
export function jobRasterPixels(o: BudgetOptions, codes: number): number {
  const dpi = RASTER_DPI[o.raster];
  if (dpi === 0) return 0;
  const side = smallestSideMm(o, Math.min);
  const symbolsPerCode = o.symbologies.length + (o.ean13 ? 1 : 0);
  return codes * symbolsPerCode * rasterPixels(side, side, dpi);
}

/** Why a job of `codes` codes is over the budget, or null. Checked at creation, once the selection is known. */
export function jobBudgetIssue(o: BudgetOptions, codes: number): string | null {
  const pixels = jobRasterPixels(o, codes);
  if (pixels <= EXPORT_BUDGET.rasterPixelsPerJob) return null;
  return (
    `${codes} codes with raster ${o.raster} at this size are ${pixels} px; the limit is ` +
    `${EXPORT_BUDGET.rasterPixelsPerJob} raster px per export: select fewer codes, a smaller size or a lower dpi`
  );
}
