import bwipjs from 'bwip-js';
import type { PathOp } from '../layout/artwork';

/**
 * HRI text as vector outlines of OCR-B, the typeface GS1 specifies for human-readable interpretation.
 * bwip-js ships OCR-B glyph outlines (it draws its own HRI from them), so no font file has to be bundled,
 * embedded in a PDF or licensed separately, and every format gets identical shapes.
 */
const REFERENCE_SIZE = 100;
const fontId = bwipjs.FontLib.lookup('OCR-B');

interface Glyph {
  readonly ops: readonly PathOp[];
  readonly advance: number;
}

const glyphs = new Map<string, Glyph>();

/** Glyph at REFERENCE_SIZE in font units (y up, baseline 0); quadratic segments become cubic for PDF/PostScript. */
function glyph(ch: string): Glyph {
  const cached = glyphs.get(ch);
  if (cached) return cached;
  const paths = bwipjs.FontLib.getpaths(fontId, ch.charCodeAt(0), REFERENCE_SIZE, REFERENCE_SIZE);
  const ops: PathOp[] = [];
  let cx = 0;
  let cy = 0;
  for (const p of paths) {
    if (p.type === 'M') {
      if (ops.length > 0) ops.push({ op: 'Z' });
      ops.push({ op: 'M', x: p.x, y: p.y });
    } else if (p.type === 'L') {
      ops.push({ op: 'L', x: p.x, y: p.y });
    } else if (p.type === 'Q') {
      ops.push({
        op: 'C',
        x1: cx + (2 / 3) * (p.cx - cx),
        y1: cy + (2 / 3) * (p.cy - cy),
        x2: p.x + (2 / 3) * (p.cx - p.x),
        y2: p.y + (2 / 3) * (p.cy - p.y),
        x: p.x,
        y: p.y,
      });
    } else {
      ops.push({ op: 'C', x1: p.cx1, y1: p.cy1, x2: p.cx2, y2: p.cy2, x: p.x, y: p.y });
    }
    cx = p.x;
    cy = p.y;
  }
  if (ops.length > 0) ops.push({ op: 'Z' });
  const result = { ops, advance: paths.advance };
  glyphs.set(ch, result);
  return result;
}

/** Height of a capital letter as a fraction of the font size. */
export const OCRB_CAP_HEIGHT = 0.67;

export function textWidthMm(text: string, sizeMm: number): number {
  let units = 0;
  for (const ch of text) units += glyph(ch).advance;
  return (units * sizeMm) / REFERENCE_SIZE;
}

/** Outlines of `text` starting at x with its baseline at y (millimetres, y down). */
export function textOutlines(text: string, sizeMm: number, x: number, baselineY: number): PathOp[] {
  const scale = sizeMm / REFERENCE_SIZE;
  const out: PathOp[] = [];
  let penX = x;
  for (const ch of text) {
    const g = glyph(ch);
    for (const o of g.ops) {
      if (o.op === 'Z') out.push(o);
      else if (o.op === 'C') {
        out.push({
          op: 'C',
          x1: penX + o.x1 * scale,
          y1: baselineY - o.y1 * scale,
          x2: penX + o.x2 * scale,
          y2: baselineY - o.y2 * scale,
          x: penX + o.x * scale,
          y: baselineY - o.y * scale,
        });
      } else out.push({ op: o.op, x: penX + o.x * scale, y: baselineY - o.y * scale });
    }
    penX += g.advance * scale;
  }
  return out;
}
