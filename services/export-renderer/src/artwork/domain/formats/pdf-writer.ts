import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Artwork } from '../layout/artwork';
import type { ExportOptions } from '../export-options';
import { artworkOperators } from './pdf-artwork';
import { marksOperators } from './pdf-marks';
import { MARKS_MARGIN_MM, printMarks } from './print-marks';
import { num, PT_PER_MM } from './number-format';
import { glyphId, pdfGlyph, pdfGlyphBBox } from './glyph-paths';
import { pdfFile, pdfName, pdfString, type PdfObject } from './pdf-file';

type PdfOptions = Pick<ExportOptions, 'ink' | 'spotName' | 'iccIntent' | 'bleedMm' | 'marks'>;

/** Content streams are small and many: level 1 keeps most of level 6's saving at a fraction of its CPU. */
const CONTENT_LEVEL = 1;
/** Each HRI character's outline as a deflated Form XObject stream: the same bytes in every file. */
const glyphStreams = new Map<string, Uint8Array>();
function glyphStream(ch: string): Uint8Array {
  let s = glyphStreams.get(ch);
  if (!s) glyphStreams.set(ch, (s = deflateSync(`${pdfGlyph(ch)} f*`)));
  return s;
}

function pdfDate(d: Date): string {
  return `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/**
 * One artwork as a print-ready PDF, written directly (one page, a handful of objects: pdfkit's general machinery was
 * most of a symbol's render time). TrimBox is the artwork, BleedBox bleedMm beyond it, and with marks the MediaBox
 * grows to hold crop marks and registration targets outside the bleed. Prepress as pdf-document.ts sets it up for
 * sheets: overprint on in one ExtGState, the ink as DeviceCMYK 0/0/0/1 or a Separation named spotName with a
 * DeviceCMYK 0/0/0/1 alternate, iccIntent as a GTS_PDFX output intent naming a registered condition. Each HRI
 * character is a Form XObject drawn once per use.
 */
export function renderPdf(a: Artwork, options: PdfOptions, title: string): Buffer {
  const margin = options.bleedMm + (options.marks ? MARKS_MARGIN_MM : 0);
  const pageW = (a.widthMm + 2 * margin) * PT_PER_MM;
  const pageH = (a.heightMm + 2 * margin) * PT_PER_MM;
  const box = (insetMm: number) => {
    const i = insetMm * PT_PER_MM;
    return `[${num(i)} ${num(i)} ${num(pageW - i)} ${num(pageH - i)}]`;
  };
  const spot = options.ink === 'spot' && options.spotName ? options.spotName : null;
  const ink = spot ? '/CS0 cs\n1 scn\n/CS0 CS\n1 SCN' : '/DeviceCMYK cs\n0 0 0 1 scn\n/DeviceCMYK CS\n0 0 0 1 SCN';
  let content = `1 0 0 -1 0 ${num(pageH)} cm\n/GSop gs\n${ink}\n${artworkOperators(a, margin, margin, (ch) => `/${glyphId(ch)} Do`)}`;
  if (options.marks) content += marksOperators(printMarks(margin, margin, a.widthMm, a.heightMm, options.bleedMm));

  // 1 catalog, 2 pages, 3 page, 4 content, 5 overprint, 6 info, then colour space, output intent, glyphs.
  const objects: PdfObject[] = [];
  const extra = (o: PdfObject) => objects.push(o) + 6;
  const colorSpace = spot
    ? `/ColorSpace<</CS0 ${extra(`[/Separation ${pdfName(spot)} /DeviceCMYK <</FunctionType 2/Domain[0 1]/C0[0 0 0 0]/C1[0 0 0 1]/N 1>>]`)} 0 R>>`
    : '';
  const intent = options.iccIntent
    ? `/OutputIntents[${extra(`<</Type/OutputIntent/S/GTS_PDFX/OutputConditionIdentifier ${pdfString(options.iccIntent)}/OutputCondition ${pdfString(options.iccIntent)}/RegistryName (http://www.color.org)/Info ${pdfString(options.iccIntent)}>>`)} 0 R]`
    : '';
  let xobjects = '';
  for (const ch of new Set(a.glyphs.map((g) => g.ch))) {
    const ref = extra({
      dict: `<</Type/XObject/Subtype/Form/BBox${pdfGlyphBBox(ch)}/Filter/FlateDecode>>`,
      stream: glyphStream(ch),
    });
    xobjects += `/${glyphId(ch)} ${ref} 0 R`;
  }
  const now = new Date();
  const head: PdfObject[] = [
    `<</Type/Catalog/Pages 2 0 R${intent}>>`,
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    `<</Type/Page/Parent 2 0 R/MediaBox${box(0)}/TrimBox${box(margin)}/BleedBox${box(margin - options.bleedMm)}/Contents 4 0 R` +
      `/Resources<</ProcSet[/PDF]/ExtGState<</GSop 5 0 R>>${colorSpace}${xobjects ? `/XObject<<${xobjects}>>` : ''}>>>>`,
    { dict: '<</Filter/FlateDecode>>', stream: deflateSync(content, { level: CONTENT_LEVEL }) },
    '<</Type/ExtGState/OP true/op true/OPM 1>>',
    `<</Title ${pdfString(title)}/Creator (Waymark export-renderer)/Producer (Waymark export-renderer)/CreationDate (${pdfDate(now)})>>`,
  ];
  const id = createHash('md5').update(`${title}\n${now.toISOString()}\n${content.length}`).digest('hex');
  return pdfFile([...head, ...objects], `/Root 1 0 R/Info 6 0 R/ID[<${id}><${id}>]`);
}
