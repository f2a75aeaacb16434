import PDFDocument from 'pdfkit';
import type { ExportOptions } from '../export-options';

export type PrintDocument = InstanceType<typeof PDFDocument>;
type Ink = Pick<ExportOptions, 'ink' | 'spotName' | 'iccIntent'>;

interface DocState {
  overprint: ReturnType<PrintDocument['ref']>;
  ink: Ink;
}
const states = new WeakMap<PrintDocument, DocState>();

/** pdfkit's typings declare end(chunk); a dictionary reference is ended without one. */
function endRef(ref: ReturnType<PrintDocument['ref']>): void {
  (ref as unknown as { end(): void }).end();
}

/**
 * A PDF set up for print: overprint in one ExtGState shared by every page, the ink as DeviceCMYK 0/0/0/1 or a
 * Separation named spotName whose alternate is DeviceCMYK 0/0/0/1 (pdfkit's spot colours), and iccIntent as a
 * GTS_PDFX output intent. No ICC profile can be downloaded here, so the intent names a registered
 * characterisation (e.g. FOGRA39) by OutputConditionIdentifier with RegistryName http://www.color.org and no
 * DestOutputProfile, which PDF/X allows for registered conditions; the printer's RIP supplies the profile.
 */
export function createPrintDocument(ink: Ink, title: string): PrintDocument {
  const doc = new PDFDocument({
    // No text is ever set (HRI is outlines): skip loading pdfkit's default Helvetica, a third of a PDF's cost.
    font: null as unknown as string,
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.4',
    info: { Title: title, Creator: 'Waymark export-renderer', Producer: 'Waymark export-renderer (pdfkit)' },
  });
  const overprint = doc.ref({ Type: 'ExtGState', OP: true, op: true, OPM: 1 });
  endRef(overprint);
  if (ink.ink === 'spot' && ink.spotName) {
    // Missing from @types/pdfkit; pdfkit >= 0.14 builds a Separation with a DeviceCMYK tint function.
    (doc as unknown as { addSpotColor(n: string, c: number, m: number, y: number, k: number): void }).addSpotColor(
      ink.spotName,
      0,
      0,
      0,
      100,
    );
  }
  if (ink.iccIntent) {
    const intent = doc.ref({
      Type: 'OutputIntent',
      S: 'GTS_PDFX',
      OutputConditionIdentifier: new String(ink.iccIntent),
      OutputCondition: new String(ink.iccIntent),
      RegistryName: new String('http://www.color.org'),
      Info: new String(ink.iccIntent),
    });
    endRef(intent);
    (doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.OutputIntents = [intent];
  }
  states.set(doc, { overprint, ink });
  return doc;
}

/** Adds a page of `widthPt` x `heightPt` with overprint on and the ink selected for fill and stroke. */
export function addInkPage(doc: PrintDocument, widthPt: number, heightPt: number): void {
  const state = states.get(doc);
  if (!state) throw new Error('not a print document');
  doc.addPage({ size: [widthPt, heightPt], margin: 0 });
  doc.page.ext_gstates.GSop = state.overprint;
  doc.addContent('/GSop gs');
  const color =
    state.ink.ink === 'spot' && state.ink.spotName
      ? state.ink.spotName
      : ([0, 0, 0, 100] as [number, number, number, number]);
  doc.fillColor(color).strokeColor(color);
}

/** Page boxes in default user space (origin bottom-left): [x0, y0, x1, y1] in points. */
export function setPageBox(
  doc: PrintDocument,
  box: 'TrimBox' | 'BleedBox',
  rect: [number, number, number, number],
): void {
  (doc.page.dictionary.data as Record<string, unknown>)[box] = rect;
}

export function finish(doc: PrintDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
