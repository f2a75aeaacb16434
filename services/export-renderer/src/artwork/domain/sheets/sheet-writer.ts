import type { Artwork } from '../layout/artwork';
import type { ExportOptions } from '../export-options';
import { addInkPage, createPrintDocument, finish, setPageBox, type PrintDocument } from '../formats/pdf-document';
import { drawArtworkPdf } from '../formats/pdf-artwork';
import { drawMarksPdf } from '../formats/pdf-marks';
import { printMarks } from '../formats/print-marks';
import { PT_PER_MM } from '../formats/number-format';
import { A4, A4_GRID, AVERY_L7160, ROLL_100, type SheetKind } from './sheet-layouts';

type SheetOptions = Pick<ExportOptions, 'ink' | 'spotName' | 'iccIntent'>;

/**
 * Imposes artworks one after another onto `sheet-<kind>.pdf` as they are rendered, so a 5000-code job never
 * holds all its artwork in memory: only pdfkit's compressed output accumulates.
 */
export class SheetWriter {
  private readonly doc: PrintDocument;
  private slot = 0;
  private cursorX = 0;
  private cursorY = 0;
  private rowHeight = 0;

  constructor(
    readonly kind: SheetKind,
    options: SheetOptions,
  ) {
    this.doc = createPrintDocument(options, `sheet-${kind}`);
  }

  add(a: Artwork): void {
    if (this.kind === 'avery-l7160') this.addLabel(a);
    else if (this.kind === 'roll-100') this.addRoll(a);
    else this.addGrid(a);
  }

  finish(): Promise<Buffer> {
    if (this.slot === 0 && this.cursorY === 0) this.newPage(A4.width, A4.height);
    return finish(this.doc);
  }

  private newPage(widthMm: number, heightMm: number): void {
    addInkPage(this.doc, widthMm * PT_PER_MM, heightMm * PT_PER_MM);
    setPageBox(this.doc, 'TrimBox', [0, 0, widthMm * PT_PER_MM, heightMm * PT_PER_MM]);
  }

  private addLabel(a: Artwork): void {
    const perPage = AVERY_L7160.columns * AVERY_L7160.rows;
    const index = this.slot % perPage;
    if (index === 0) this.newPage(A4.width, A4.height);
    const col = index % AVERY_L7160.columns;
    const row = Math.floor(index / AVERY_L7160.columns);
    const x = AVERY_L7160.left + col * AVERY_L7160.pitchX + (AVERY_L7160.labelWidth - a.widthMm) / 2;
    const y = AVERY_L7160.top + row * AVERY_L7160.pitchY + (AVERY_L7160.labelHeight - a.heightMm) / 2;
    drawArtworkPdf(this.doc, a, x, y);
    this.slot++;
  }

  private addRoll(a: Artwork): void {
    this.newPage(ROLL_100.width, a.heightMm + 2 * ROLL_100.margin);
    drawArtworkPdf(this.doc, a, (ROLL_100.width - a.widthMm) / 2, ROLL_100.margin);
    this.slot++;
  }

  /** Shelf packing: left to right, a new row when the width runs out, a new page when the height does. */
  private addGrid(a: Artwork): void {
    const { margin, gutter } = A4_GRID;
    const right = A4.width - margin;
    const bottom = A4.height - margin;
    if (this.slot > 0 && this.cursorX + a.widthMm > right) {
      this.cursorX = margin;
      this.cursorY += this.rowHeight + gutter;
      this.rowHeight = 0;
    }
    if (this.slot === 0 || this.cursorY + a.heightMm > bottom) {
      this.newPage(A4.width, A4.height);
      this.cursorX = margin;
      this.cursorY = margin;
      this.rowHeight = 0;
    }
    drawArtworkPdf(this.doc, a, this.cursorX, this.cursorY);
    const style = { offsetMm: A4_GRID.markOffset, lengthMm: A4_GRID.markLength, targets: false };
    drawMarksPdf(this.doc, printMarks(this.cursorX, this.cursorY, a.widthMm, a.heightMm, 0, style));
    this.cursorX += a.widthMm + gutter;
    this.rowHeight = Math.max(this.rowHeight, a.heightMm);
    this.slot++;
  }
}
