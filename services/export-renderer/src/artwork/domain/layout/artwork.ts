import type { Symbology } from '../export-options';
import type { PlacedGlyph } from '../hri/ocrb-outlines';

/** Axis-aligned filled rectangle in millimetres; the origin is the artwork's top-left corner, y grows downwards. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * One symbol laid out at its real size: the single geometry every output format (svg, pdf, eps, raster,
 * sheets) draws and the preflight decodes, so what is checked is what is printed.
 */
export interface Artwork {
  readonly symbology: Symbology;
  /** Trim size: symbol with its quiet zones, plus the HRI block beneath when present. */
  readonly widthMm: number;
  readonly heightMm: number;
  /** Size of the symbol with its quiet zones, without HRI (the manifest's size_mm). */
  readonly symbolWidthMm: number;
  readonly symbolHeightMm: number;
  readonly moduleMm: number;
  /** Dark modules or bars. */
  readonly rects: readonly Rect[];
  /**
   * HRI characters, drawn as OCR-B outlines. Filled with the even-odd rule (the outlines cut their counters
   * that way); rectangles and glyphs never overlap, so one rule serves the whole artwork.
   */
  readonly glyphs: readonly PlacedGlyph[];
  readonly hriText: string;
}
