import { EM, glyphCache, type Glyph } from '../hri/ocrb-outlines';

/** A glyph's outline in PDF content-stream syntax (font units). */
export const pdfGlyph = glyphCache((g: Glyph) =>
  g.ops
    .map((o) =>
      o.op === 'Z'
        ? 'h'
        : o.op === 'C'
          ? `${o.x1} ${o.y1} ${o.x2} ${o.y2} ${o.x} ${o.y} c`
          : `${o.x} ${o.y} ${o.op === 'M' ? 'm' : 'l'}`,
    )
    .join(' '),
);

/** A glyph's outline in PostScript, with the prolog's one-letter operators (font units). */
export const psGlyph = glyphCache((g: Glyph) =>
  g.ops
    .map((o) =>
      o.op === 'Z' ? 'P' : o.op === 'C' ? `${o.x1} ${o.y1} ${o.x2} ${o.y2} ${o.x} ${o.y} C` : `${o.x} ${o.y} ${o.op}`,
    )
    .join(' '),
);

/** A glyph's outline as SVG path data (font units). */
export const svgGlyph = glyphCache((g: Glyph) =>
  g.ops
    .map((o) =>
      o.op === 'Z' ? 'z' : o.op === 'C' ? `C${o.x1} ${o.y1} ${o.x2} ${o.y2} ${o.x} ${o.y}` : `${o.op}${o.x} ${o.y}`,
    )
    .join(''),
);

/** Scale from font units to `unitsPerMm` for a glyph of sizeMm, with enough digits for sub-micron accuracy. */
export function glyphScale(sizeMm: number, unitsPerMm = 1): string {
  return ((sizeMm / EM) * unitsPerMm).toPrecision(6);
}

/** Identifier of a character usable in SVG ids and PostScript names. */
export function glyphId(ch: string): string {
  return `g${ch.charCodeAt(0)}`;
}

/** A glyph's bounding box in font units as a PDF array (control points included, so it always encloses the outline). */
export const pdfGlyphBBox = glyphCache((g: Glyph) => {
  const xs: number[] = [0];
  const ys: number[] = [0];
  for (const o of g.ops) {
    if (o.op === 'Z') continue;
    xs.push(o.x);
    ys.push(o.y);
    if (o.op === 'C') {
      xs.push(o.x1, o.x2);
      ys.push(o.y1, o.y2);
    }
  }
  return `[${Math.min(...xs)} ${Math.min(...ys)} ${Math.max(...xs)} ${Math.max(...ys)}]`;
});
