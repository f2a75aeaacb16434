import { OCRB_CAP_HEIGHT, placeText, textWidthMm, type PlacedGlyph } from '../hri/ocrb-outlines';

export interface HriBlock {
  readonly glyphs: PlacedGlyph[];
  readonly heightMm: number;
}

/**
 * Splits `(01)0950...(10)ABC` into `(01) 0950...` and `(10) ABC`, so a line never breaks inside an element.
 * A value that itself contains `(NN)` is split there too: only the printed text changes, never the symbol.
 */
export function hriTokens(hri: string): string[] {
  return [...hri.matchAll(/\((\d{2,4})\)(.*?)(?=\(\d{2,4}\)|$)/g)].map((m) => `(${m[1]}) ${m[2]}`);
}

function wrap(tokens: string[], sizeMm: number, widthMm: number): string[] {
  const lines: string[] = [];
  for (const token of tokens) {
    const last = lines[lines.length - 1];
    if (last !== undefined && textWidthMm(`${last} ${token}`, sizeMm) <= widthMm)
      lines[lines.length - 1] = `${last} ${token}`;
    else lines.push(token);
  }
  return lines;
}

/**
 * HRI lines centred beneath a symbol `widthMm` wide, starting at `topMm`. The font scales with the symbol
 * (within legible bounds) and shrinks further only when one AI would not fit on a line.
 */
export function hriBlock(tokens: string[], widthMm: number, topMm: number): HriBlock {
  const widest = Math.max(...tokens.map((t) => textWidthMm(t, 1)));
  const sizeMm = Math.min(Math.max(widthMm / 12, 1.8), 3.2, widthMm / widest);
  const lines = wrap(tokens, sizeMm, widthMm);
  const lineHeight = sizeMm * 1.25;
  const gap = sizeMm * 0.4;
  const glyphs: PlacedGlyph[] = [];
  lines.forEach((line, i) => {
    const x = (widthMm - textWidthMm(line, sizeMm)) / 2;
    const baseline = topMm + gap + OCRB_CAP_HEIGHT * sizeMm + i * lineHeight;
    glyphs.push(...placeText(line, sizeMm, x, baseline));
  });
  return { glyphs, heightMm: gap + OCRB_CAP_HEIGHT * sizeMm + (lines.length - 1) * lineHeight + sizeMm * 0.35 };
}
