import bwipjs from 'bwip-js';

/**
 * HRI text as vector outlines of OCR-B, the typeface GS1 specifies for human-readable interpretation.
 * bwip-js ships OCR-B glyph outlines (it draws its own HRI from them), so no font file has to be bundled,
 * embedded in a PDF or licensed separately, and every format gets identical shapes.
 *
 * Glyphs live in font units (EM units to the em, y up, baseline 0, integers); each writer draws a glyph once
 * per use with a transform, and caches its path in its own syntax, so a character costs a few bytes per use.
 */
export const EM = 1000;
const fontId = bwipjs.FontLib.lookup('OCR-B');

export type GlyphOp =
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

export interface Glyph {
  readonly ops: readonly GlyphOp[];
  readonly advance: number;
}

/** A character placed on the artwork: pen position at its baseline and font size, in millimetres. */
export interface PlacedGlyph {
  readonly ch: string;
  readonly x: number;
  readonly y: number;
  readonly sizeMm: number;
}

const glyphs = new Map<string, Glyph>();
const r = Math.round;

/** Glyph outline; quadratic segments become cubic, which PDF and PostScript draw natively. */
export function glyph(ch: string): Glyph {
  const cached = glyphs.get(ch);
  if (cached) return cached;
  const paths = bwipjs.FontLib.getpaths(fontId, ch.charCodeAt(0), EM, EM);
  const ops: GlyphOp[] = [];
  let cx = 0;
  let cy = 0;
  for (const p of paths) {
    if (p.type === 'M') {
      if (ops.length > 0) ops.push({ op: 'Z' });
      ops.push({ op: 'M', x: r(p.x), y: r(p.y) });
    } else if (p.type === 'L') ops.push({ op: 'L', x: r(p.x), y: r(p.y) });
    else if (p.type === 'Q') {
      const k = 2 / 3;
      ops.push({
        op: 'C',
        x1: r(cx + k * (p.cx - cx)),
        y1: r(cy + k * (p.cy - cy)),
        x2: r(p.x + k * (p.cx - p.x)),
        y2: r(p.y + k * (p.cy - p.y)),
        x: r(p.x),
        y: r(p.y),
      });
    } else ops.push({ op: 'C', x1: r(p.cx1), y1: r(p.cy1), x2: r(p.cx2), y2: r(p.cy2), x: r(p.x), y: r(p.y) });
    cx = p.x;
    cy = p.y;
  }
  if (ops.length > 0) ops.push({ op: 'Z' });
  const result = { ops, advance: paths.advance };
  glyphs.set(ch, result);
  return result;
}

/** Caches one string per character, e.g. a glyph's path in a writer's syntax. */
export function glyphCache(render: (g: Glyph) => string): (ch: string) => string {
  const cache = new Map<string, string>();
  return (ch) => {
    let s = cache.get(ch);
    if (s === undefined) {
      s = render(glyph(ch));
      cache.set(ch, s);
    }
    return s;
  };
}

/** Height of a capital letter as a fraction of the font size. */
export const OCRB_CAP_HEIGHT = 0.67;

export function textWidthMm(text: string, sizeMm: number): number {
  let units = 0;
  for (const ch of text) units += glyph(ch).advance;
  return (units * sizeMm) / EM;
}

/** Places `text` starting at x with its baseline at y (millimetres, y down); spaces are not placed. */
export function placeText(text: string, sizeMm: number, x: number, baselineY: number): PlacedGlyph[] {
  const out: PlacedGlyph[] = [];
  let penX = x;
  for (const ch of text) {
    const g = glyph(ch);
    if (g.ops.length > 0) out.push({ ch, x: penX, y: baselineY, sizeMm });
    penX += (g.advance * sizeMm) / EM;
  }
  return out;
}
