import type { Artwork } from '../layout/artwork';
import type { ExportOptions } from '../options';
import { num, PT_PER_MM } from './number-format';

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
  const path: string[] = [];
  for (const r of a.rects) path.push(`${num(r.x)} ${num(r.y)} ${num(r.w)} ${num(r.h)} R`);
  for (const g of a.glyphs) {
    if (g.op === 'Z') path.push('P');
    else if (g.op === 'C') path.push(`${num(g.x1)} ${num(g.y1)} ${num(g.x2)} ${num(g.y2)} ${num(g.x)} ${num(g.y)} C`);
    else path.push(`${num(g.x)} ${num(g.y)} ${g.op}`);
  }
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
      ? [`%%DocumentCustomColors: ${psString(options.spotName)}`, `%%CMYKCustomColor: 0 0 0 1 ${psString(options.spotName)}`]
      : ['%%DocumentProcessColors: Black']),
    '%%EndComments',
    '%%BeginProlog',
    '/R { 4 2 roll moveto 1 index 0 rlineto 0 exch rlineto neg 0 rlineto closepath } bind def',
    '/M /moveto load def /L /lineto load def /C /curveto load def /P /closepath load def',
    '%%EndProlog',
    '%%Page: 1 1',
    'gsave',
    `0 ${num(hPt)} translate ${num(PT_PER_MM)} ${num(-PT_PER_MM)} scale`,
    'true setoverprint',
    inkOperators(options),
    'newpath',
    ...path,
    'eofill',
    'grestore',
    'showpage',
    '%%Trailer',
    '%%EOF',
    '',
  ];
  return Buffer.from(lines.join('\n'), 'latin1');
}
