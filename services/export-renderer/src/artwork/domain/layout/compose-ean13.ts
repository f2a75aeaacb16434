import type { Artwork, Rect } from './artwork';
import type { Ean13Symbol } from '../symbols/ean13-symbol';
import { QUIET_ZONES } from './sizing';
import { OCRB_CAP_HEIGHT, placeText, textWidthMm, type PlacedGlyph } from '../hri/ocrb-outlines';

/** Nominal EAN-13 proportions (GS1 General Specifications): bars 22.85 mm high at X 0.330 mm, guards 5X longer. */
const BAR_HEIGHT_MODULES = 22.85 / 0.33;
const GUARD_EXTENSION_MODULES = 5;
/** OCR-B size that puts each digit within its 7-module character. */
const DIGIT_SIZE_MODULES = 10.5;

/** x (in modules, from the artwork's left edge) where digit i (0-12) of the HRI starts. */
function digitX(i: number, digitWidth: number): number {
  const left = QUIET_ZONES.ean13.left;
  if (i === 0) return left - 1 - digitWidth;
  const start = i <= 6 ? left + 3 + 7 * (i - 1) : left + 3 + 42 + 5 + 7 * (i - 7);
  return start + (7 - digitWidth) / 2;
}

/** Lays out an EAN-13 with its 11/7 module quiet zones at `moduleMm`, digits in OCR-B beneath when `hri`. */
export function composeEan13(symbol: Ean13Symbol, moduleMm: number, hri: boolean): Artwork {
  const m = moduleMm;
  const q = QUIET_ZONES.ean13;
  const rects: Rect[] = symbol.bars.map((b) => ({
    x: (q.left + b.x) * m,
    y: 0,
    w: b.width * m,
    h: (BAR_HEIGHT_MODULES + (b.guard ? GUARD_EXTENSION_MODULES : 0)) * m,
  }));
  const sizeMm = DIGIT_SIZE_MODULES * m;
  const digitWidth = textWidthMm('0', sizeMm) / m;
  const baseline = (BAR_HEIGHT_MODULES + 1) * m + OCRB_CAP_HEIGHT * sizeMm;
  const glyphs: PlacedGlyph[] = hri
    ? [...symbol.digits].flatMap((d, i) => placeText(d, sizeMm, digitX(i, digitWidth) * m, baseline))
    : [];
  const widthMm = (q.left + symbol.widthModules + q.right) * m;
  const heightMm = hri ? baseline + m : (BAR_HEIGHT_MODULES + GUARD_EXTENSION_MODULES) * m;
  return {
    symbology: 'ean13',
    widthMm,
    heightMm,
    symbolWidthMm: widthMm,
    symbolHeightMm: heightMm,
    moduleMm,
    rects,
    glyphs,
    hriText: hri ? symbol.digits : '',
  };
}
