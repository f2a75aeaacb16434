import type { Artwork } from '../layout/artwork';
import type { PrintDocument } from './pdf-document';
import { num, PT_PER_MM } from './number-format';
import { glyphScale, pdfGlyph } from './glyph-paths';
import { formattedOnce, moduleUnits } from './module-units';

/** `x y w h re` per rectangle, in points; on the module grid each grid line's number is formatted once. */
function rectOperators(a: Artwork, xMm: number, yMm: number): string {
  let ops = '';
  const units = moduleUnits(a);
  if (units) {
    const m = a.moduleMm;
    const col = formattedOnce((i) => num((xMm + i * m) * PT_PER_MM));
    const row = formattedOnce((i) => num((yMm + i * m) * PT_PER_MM));
    const len = formattedOnce((i) => num(i * m * PT_PER_MM));
    for (let i = 0; i < units.length; i += 4)
      ops += `${col(units[i]!)} ${row(units[i + 1]!)} ${len(units[i + 2]!)} ${len(units[i + 3]!)} re\n`;
    return ops;
  }
  for (const r of a.rects) {
    ops += `${num((xMm + r.x) * PT_PER_MM)} ${num((yMm + r.y) * PT_PER_MM)} ${num(r.w * PT_PER_MM)} ${num(r.h * PT_PER_MM)} re\n`;
  }
  return ops;
}

/**
 * Content-stream operators that draw the artwork with its top-left corner at (xMm, yMm) from the page's top-left,
 * in the current ink, on a page flipped to y-down (`1 0 0 -1 0 H cm`, as pdfkit and pdf-writer set it up). Modules
 * map by scale only and are written in points without a scaling `cm`: a module's size can be read straight from
 * the content stream. Each HRI glyph is drawn under its own `cm` in font units, by `glyphOperator` (e.g. a Form
 * XObject's `/G48 Do`) or, by default, as its outline.
 */
export function artworkOperators(
  a: Artwork,
  xMm: number,
  yMm: number,
  glyphOperator: (ch: string) => string = (ch) => `${pdfGlyph(ch)} f*`,
): string {
  let ops = rectOperators(a, xMm, yMm);
  if (a.rects.length > 0) ops += 'f*\n';
  for (const g of a.glyphs) {
    const s = glyphScale(g.sizeMm, PT_PER_MM);
    ops += `q ${s} 0 0 -${s} ${num((xMm + g.x) * PT_PER_MM)} ${num((yMm + g.y) * PT_PER_MM)} cm ${glyphOperator(g.ch)} Q\n`;
  }
  return ops;
}

/** Draws the artwork on a pdfkit page (sheets), glyph outlines inline. */
export function drawArtworkPdf(doc: PrintDocument, a: Artwork, xMm: number, yMm: number): void {
  doc.addContent(artworkOperators(a, xMm, yMm).trimEnd());
}
