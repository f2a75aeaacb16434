import type { Symbology } from '../options';

/** Axis-aligned filled rectangle in millimetres; the origin is the artwork's top-left corner, y grows downwards. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Outline path commands in millimetres (same axes as Rect). Filled with the even-odd rule: the OCR-B outlines
 * cut their counters that way, and rectangles and glyphs never overlap, so one even-odd fill draws everything.
 */
export type PathOp =
  | { readonly op: 'M' | 'L'; readonly x: number; readonly y: number }
  | {
      readonly op: 'C';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly x: number;
      readonly y: number;
    }
  | { readonly op: 'Z' };

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
  /** HRI characters as outlines. */
  readonly glyphs: readonly PathOp[];
  readonly hriText: string;
}
