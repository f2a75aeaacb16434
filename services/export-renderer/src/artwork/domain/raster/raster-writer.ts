import { EXPORT_BUDGET, rasterPixels } from '@waymark/contracts';
import type { Artwork } from '../layout/artwork';
import type { ExportOptions } from '../export-options';
import { rasterise } from './bitmap';
import { encodePng } from './png-encoder';
import { encodeTiff } from './tiff-encoder';

export type RasterOption = Exclude<ExportOptions['raster'], 'none'>;

const RASTERS: Record<RasterOption, { readonly ext: 'png' | 'tif'; readonly dpi: number }> = {
  png300: { ext: 'png', dpi: 300 },
  png600: { ext: 'png', dpi: 600 },
  tiff300: { ext: 'tif', dpi: 300 },
  tiff600: { ext: 'tif', dpi: 600 },
};

export function rasterExtension(raster: RasterOption): string {
  return RASTERS[raster].ext;
}

/**
 * Why this symbol's raster copy is over the per-symbol budget, or null. The budget counts the symbol with its quiet
 * zones (the size the API checks; the HRI beneath adds a few percent). The API refuses such sizes up front; with
 * sizeMode=xdim the size follows the data, so a larger symbol is found here, and its raster copy is left out.
 */
export function rasterOverBudget(a: Artwork, raster: RasterOption): string | null {
  const pixels = rasterPixels(a.symbolWidthMm, a.symbolHeightMm, RASTERS[raster].dpi);
  if (pixels <= EXPORT_BUDGET.rasterPixelsPerSymbol) return null;
  return `${a.symbology}: no ${raster} copy, ${pixels} px is over the limit of ${EXPORT_BUDGET.rasterPixelsPerSymbol} px per symbol`;
}

/** Raster copy of the artwork at its real size and the option's DPI. */
export function renderRaster(a: Artwork, raster: RasterOption): Buffer {
  const { ext, dpi } = RASTERS[raster];
  const bitmap = rasterise(a, dpi / 25.4);
  return ext === 'png' ? encodePng(bitmap, dpi) : encodeTiff(bitmap, dpi);
}
