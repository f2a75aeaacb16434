import type { Artwork } from '../layout/artwork';
import { num } from './number-format';

/** SVG path data for the artwork's rectangles and HRI outlines, in millimetres. */
export function svgPathData(a: Artwork): string {
  const parts: string[] = [];
  for (const r of a.rects) parts.push(`M${num(r.x)} ${num(r.y)}h${num(r.w)}v${num(r.h)}h${num(-r.w)}z`);
  for (const g of a.glyphs) {
    if (g.op === 'Z') parts.push('z');
    else if (g.op === 'C') parts.push(`C${num(g.x1)} ${num(g.y1)} ${num(g.x2)} ${num(g.y2)} ${num(g.x)} ${num(g.y)}`);
    else parts.push(`${g.op}${num(g.x)} ${num(g.y)}`);
  }
  return parts.join('');
}

/**
 * Standalone SVG at real size (width/height in mm, viewBox in mm). SVG has no CMYK: black is #000, and
 * the PDF/EPS files are the print masters.
 */
export function renderSvg(a: Artwork, title: string): Buffer {
  const w = num(a.widthMm);
  const h = num(a.heightMm);
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}">` +
      `<title>${escaped}</title>` +
      `<path fill="#000" fill-rule="evenodd" d="${svgPathData(a)}"/></svg>\n`,
  );
}
