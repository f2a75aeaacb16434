import type { Artwork } from '../layout/artwork';
import type { ExportOptions } from '../options';
import { addInkPage, createPrintDocument, finish, setPageBox } from './pdf-document';
import { drawArtworkPdf } from './pdf-artwork';
import { drawMarksPdf } from './pdf-marks';
import { MARKS_MARGIN_MM, printMarks } from './print-marks';
import { PT_PER_MM } from './number-format';

type PdfOptions = Pick<ExportOptions, 'ink' | 'spotName' | 'iccIntent' | 'bleedMm' | 'marks'>;

/**
 * One artwork as a print-ready PDF: TrimBox is the artwork, BleedBox bleedMm beyond it, and with marks the
 * MediaBox grows to hold crop marks and registration targets outside the bleed.
 */
export function renderPdf(a: Artwork, options: PdfOptions, title: string): Promise<Buffer> {
  const margin = options.bleedMm + (options.marks ? MARKS_MARGIN_MM : 0);
  const pageW = a.widthMm + 2 * margin;
  const pageH = a.heightMm + 2 * margin;
  const doc = createPrintDocument(options, title);
  addInkPage(doc, pageW * PT_PER_MM, pageH * PT_PER_MM);
  const box = (inset: number): [number, number, number, number] => [
    inset * PT_PER_MM,
    inset * PT_PER_MM,
    (pageW - inset) * PT_PER_MM,
    (pageH - inset) * PT_PER_MM,
  ];
  setPageBox(doc, 'TrimBox', box(margin));
  setPageBox(doc, 'BleedBox', box(margin - options.bleedMm));
  drawArtworkPdf(doc, a, margin, margin);
  if (options.marks) drawMarksPdf(doc, printMarks(margin, margin, a.widthMm, a.heightMm, options.bleedMm));
  return finish(doc);
}
