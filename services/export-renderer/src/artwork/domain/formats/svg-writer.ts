import type { Artwork } from '../layout/artwork';
import { num } from './number-format';
import { glyphId, glyphScale, svgGlyph } from './glyph-paths';
import { moduleUnits } from './module-units';

/**
 * The rectangles as one path. On the module grid the path is in whole modules under a scale to the module size
 * (written in full precision, so nothing drifts across the symbol), which is a third of the bytes of millimetres.
 */
function rectsPath(a: Artwork): string {
  const units = moduleUnits(a);
  let d = '';
  if (units) {
    for (let i = 0; i < units.length; i += 4)
      d += `M${units[i]} ${units[i + 1]}h${units[i + 2]}v${units[i + 3]}h-${units[i + 2]}z`;
    return `<path transform="scale(${a.moduleMm})" d="${d}"/>`;
  }
  for (const r of a.rects) d += `M${num(r.x)} ${num(r.y)}h${num(r.w)}v${num(r.h)}h${num(-r.w)}z`;
  return `<path d="${d}"/>`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Standalone SVG at real size (width/height in mm, viewBox in mm). Each HRI character is defined once and
 * placed with <use>. SVG has no CMYK: black is #000, and the PDF/EPS/AI files are the print masters.
 */
export function renderSvg(a: Artwork, title: string): Buffer {
  const w = num(a.widthMm);
  const h = num(a.heightMm);
  const used = [...new Set(a.glyphs.map((g) => g.ch))];
  const defs = used.map((ch) => `<path id="${glyphId(ch)}" fill-rule="evenodd" d="${svgGlyph(ch)}"/>`).join('');
  const uses = a.glyphs
    .map((g) => {
      const s = glyphScale(g.sizeMm);
      return `<use xlink:href="#${glyphId(g.ch)}" transform="matrix(${s} 0 0 -${s} ${num(g.x)} ${num(g.y)})"/>`;
    })
    .join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}">` +
      `<title>${escapeXml(title)}</title>` +
      (defs ? `<defs>${defs}</defs>` : '') +
      `<g fill="#000">${rectsPath(a)}${uses}</g></svg>\n`,
  );
}
