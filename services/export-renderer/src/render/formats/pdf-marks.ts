import type { PrintDocument } from './pdf-document';
import type { Marks } from './print-marks';
import { PT_PER_MM } from './number-format';

/** Hairline marks (0.25 pt) in the job's ink, so a one-colour job stays on one plate. */
export function drawMarksPdf(doc: PrintDocument, marks: Marks): void {
  doc.save().lineWidth(0.25);
  for (const l of marks.lines) {
    doc.moveTo(l.x1 * PT_PER_MM, l.y1 * PT_PER_MM).lineTo(l.x2 * PT_PER_MM, l.y2 * PT_PER_MM);
  }
  for (const c of marks.circles) doc.circle(c.cx * PT_PER_MM, c.cy * PT_PER_MM, c.r * PT_PER_MM);
  doc.stroke().restore();
}
