import type { Artwork, Rect } from './artwork';
import { moduleRuns, type ModuleMatrix } from '../symbols/module-matrix';
import { QUIET_ZONES } from './sizing';
import { hriBlock, hriTokens } from './hri-block';

/** Lays out a QR or DataMatrix matrix with its quiet zone at `moduleMm`, HRI (bracketed element string) beneath. */
export function compose2d(symbology: 'qr' | 'dm', matrix: ModuleMatrix, moduleMm: number, hri: string | null): Artwork {
  const q = QUIET_ZONES[symbology].left;
  const rects: Rect[] = moduleRuns(matrix).map((r) => ({
    x: (q + r.x) * moduleMm,
    y: (q + r.y) * moduleMm,
    w: r.length * moduleMm,
    h: moduleMm,
  }));
  const symbolWidthMm = (matrix.width + 2 * q) * moduleMm;
  const symbolHeightMm = (matrix.height + 2 * q) * moduleMm;
  const block = hri ? hriBlock(hriTokens(hri), symbolWidthMm, symbolHeightMm) : { glyphs: [], heightMm: 0 };
  return {
    symbology,
    widthMm: symbolWidthMm,
    heightMm: symbolHeightMm + block.heightMm,
    symbolWidthMm,
    symbolHeightMm,
    moduleMm,
    rects,
    glyphs: block.glyphs,
    hriText: hri ?? '',
  };
}
