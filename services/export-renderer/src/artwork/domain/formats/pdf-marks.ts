import type { PrintDocument } from './pdf-document';
import type { Marks } from './print-marks';
import { num, PT_PER_MM } from './number-format';

/** A circle as four Bézier quadrants (the usual 0.5523 approximation), in points. */
function circle(cx: number, cy: number, r: number): string {
  const k = r * 0.5522847498;
  const [x0, x1, y0, y1] = [cx - r, cx + r, cy - r, cy + r].map(num);
  const [c, d] = [num(cx), num(cy)];
  return (
    `${x0} ${d} m ${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${y0} ${c} ${y0} c ` +
    `${num(cx + k)} ${y0} ${x1} ${num(cy - k)} ${x1} ${d} c ${x1} ${num(cy + k)} ${num(cx + k)} ${y1} ${c} ${y1} c ` +
    `${num(cx - k)} ${y1} ${x0} ${num(cy + k)} ${x0} ${d} c h`
  );
}

/** Hairline marks (0.25 pt) in the job's ink, so a one-colour job stays on one plate; y-down page, points. */
export function marksOperators(marks: Marks): string {
  const p = (mm: number) => num(mm * PT_PER_MM);
  let ops = 'q 0.25 w\n';
  for (const l of marks.lines) ops += `${p(l.x1)} ${p(l.y1)} m ${p(l.x2)} ${p(l.y2)} l\n`;
  for (const c of marks.circles) ops += `${circle(c.cx * PT_PER_MM, c.cy * PT_PER_MM, c.r * PT_PER_MM)}\n`;
  return `${ops}S Q\n`;
}

export function drawMarksPdf(doc: PrintDocument, marks: Marks): void {
  doc.addContent(marksOperators(marks).trimEnd());
}
