import type { Artwork } from '../layout/artwork';
import type { ExportOptions } from '../export-options';
import { num, PT_PER_MM } from './number-format';
import { glyphId, glyphScale, psGlyph } from './glyph-paths';

type EpsOptions = Pick<ExportOptions, 'ink' | 'spotName'>;

/** PostScript string literal: backslash, parentheses and non-ASCII escaped. */
function psString(s: string): string {
  return `(${s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')})`;
}

function inkOperators(options: EpsOptions): string {
  if (options.ink === 'spot' && options.spotName) {
    // Separation whose alternate prints the tint as K only: t -> 0 0 0 t.
    return `[/Separation ${psString(options.spotName)} cvn /DeviceCMYK {0 0 0 4 -1 roll}] setcolorspace 1 setcolor`;
  }
  return '0 0 0 1 setcmykcolor';
}

/**
 * EPS (DSC 3.0, EPSF 3.0) of the artwork: 100 % K (or the spot separation) with overprint on. The integer
 * %%BoundingBox is rounded outwards; %%HiResBoundingBox carries the exact size. Drawing happens in millimetres
 * with y down (one transform), so coordinates match the other formats.
 */
export function renderEps(a: Artwork, options: EpsOptions, title: string): Buffer {
  const wPt = a.widthMm * PT_PER_MM;
  const hPt = a.heightMm * PT_PER_MM;
  const path: string[] = a.rects.map((r) => `${num(r.x)} ${num(r.y)} ${num(r.w)} ${num(r.h)} R`);
  const used = [...new Set(a.glyphs.map((g) => g.ch))];
  const glyphProcs = used.map((ch) => `/${glyphId(ch)} { ${psGlyph(ch)} } bind def`);
  const glyphUses = a.glyphs.map((g) => `${num(g.x)} ${num(g.y)} ${glyphScale(g.sizeMm)} /${glyphId(g.ch)} G`);
  const lines = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(wPt)} ${Math.ceil(hPt)}`,
    `%%HiResBoundingBox: 0 0 ${num(wPt)} ${num(hPt)}`,
    `%%Title: ${psString(title)}`,
    '%%Creator: Waymark export-renderer',
    `%%CreationDate: ${psString(new Date().toISOString())}`,
    '%%DocumentData: Clean7Bit',
    '%%LanguageLevel: 2',
    '%%Pages: 1',
    ...(options.ink === 'spot' && options.spotName
      ? [
          `%%DocumentCustomColors: ${psString(options.spotName)}`,
          `%%CMYKCustomColor: 0 0 0 1 ${psString(options.spotName)}`,
        ]
      : ['%%DocumentProcessColors: Black']),
    '%%EndComments',
    '%%BeginProlog',
    '/R { 4 2 roll moveto 1 index 0 rlineto 0 exch rlineto neg 0 rlineto closepath } bind def',
    '/M /moveto load def /L /lineto load def /C /curveto load def /P /closepath load def',
    // x y scale /name G: one glyph in font units (y up) at x y of the artwork (mm, y down).
    '/G { gsave load 4 1 roll 3 1 roll translate dup neg scale newpath exec eofill grestore } bind def',
    ...glyphProcs,
    '%%EndProlog',
    '%%Page: 1 1',
    'gsave',
    `0 ${num(hPt)} translate ${num(PT_PER_MM)} ${num(-PT_PER_MM)} scale`,
    'true setoverprint',
    inkOperators(options),
    'newpath',
    ...path,
    'eofill',
    ...glyphUses,
    'grestore',
    'showpage',
    '%%Trailer',
    '%%EOF',
    '',
  ];
  return Buffer.from(lines.join('\n'), 'latin1');
}
