import type { Artwork } from '../layout/artwork';
import type { PrintDocument } from './pdf-document';
import { num, PT_PER_MM } from './number-format';

/**
 * Draws the artwork with its top-left corner at (xMm, yMm) from the page's top-left, in the current ink.
 * pdfkit flips the page to a y-down system, so artwork coordinates map by scale only. Coordinates are
 * written in points (no scaling `cm`), so a module's size can be read straight from the content stream.
 */
export function drawArtworkPdf(doc: PrintDocument, a: Artwork, xMm: number, yMm: number): void {
  const px = (x: number) => num((xMm + x) * PT_PER_MM);
  const py = (y: number) => num((yMm + y) * PT_PER_MM);
  const ops: string[] = [];
  for (const r of a.rects) ops.push(`${px(r.x)} ${py(r.y)} ${num(r.w * PT_PER_MM)} ${num(r.h * PT_PER_MM)} re`);
  for (const g of a.glyphs) {
    if (g.op === 'Z') ops.push('h');
    else if (g.op === 'C') ops.push(`${px(g.x1)} ${py(g.y1)} ${px(g.x2)} ${py(g.y2)} ${px(g.x)} ${py(g.y)} c`);
    else ops.push(`${px(g.x)} ${py(g.y)} ${g.op === 'M' ? 'm' : 'l'}`);
  }
  ops.push('f*');
  doc.addContent(ops.join('\n'));
}
