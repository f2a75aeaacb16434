import type { Artwork } from '../layout/artwork';
import type { PrintDocument } from './pdf-document';
import { num, PT_PER_MM } from './number-format';
import { glyphScale, pdfGlyph } from './glyph-paths';

/**
 * Draws the artwork with its top-left corner at (xMm, yMm) from the page's top-left, in the current ink.
 * pdfkit flips the page to a y-down system, so modules map by scale only and are written in points without
 * a scaling `cm`: a module's size can be read straight from the content stream. Each HRI glyph is its
 * outline in font units under its own `cm`.
 */
export function drawArtworkPdf(doc: PrintDocument, a: Artwork, xMm: number, yMm: number): void {
  const ops: string[] = [];
  for (const r of a.rects) {
    ops.push(`${num((xMm + r.x) * PT_PER_MM)} ${num((yMm + r.y) * PT_PER_MM)} ${num(r.w * PT_PER_MM)} ${num(r.h * PT_PER_MM)} re`);
  }
  if (ops.length > 0) ops.push('f*');
  for (const g of a.glyphs) {
    const s = glyphScale(g.sizeMm, PT_PER_MM);
    ops.push(`q ${s} 0 0 -${s} ${num((xMm + g.x) * PT_PER_MM)} ${num((yMm + g.y) * PT_PER_MM)} cm ${pdfGlyph(g.ch)} f* Q`);
  }
  doc.addContent(ops.join('\n'));
}
