/**
 * Crop marks and registration targets around a trim box, as line and circle geometry in millimetres
 * (page coordinates, y down). Everything sits outside the bleed: crop marks start MARK_OFFSET beyond it.
 */
export const MARK_OFFSET_MM = 2;
export const MARK_LENGTH_MM = 5;
const TARGET_RADIUS_MM = 1.5;
/** Room beyond the bleed that marks need on each side. */
export const MARKS_MARGIN_MM = MARK_OFFSET_MM + MARK_LENGTH_MM + 1;

export interface Line {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}
export interface Circle {
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
}

export interface Marks {
  readonly lines: Line[];
  readonly circles: Circle[];
}

export interface MarkStyle {
  readonly offsetMm: number;
  readonly lengthMm: number;
  readonly targets: boolean;
}

const SINGLE_ARTWORK: MarkStyle = { offsetMm: MARK_OFFSET_MM, lengthMm: MARK_LENGTH_MM, targets: true };

/** Marks for a trim box at (x, y) of w x h with bleedMm of bleed. */
export function printMarks(x: number, y: number, w: number, h: number, bleedMm: number, style = SINGLE_ARTWORK): Marks {
  const near = bleedMm + style.offsetMm;
  const far = near + style.lengthMm;
  const lines: Line[] = [];
  for (const cx of [x, x + w]) {
    lines.push({ x1: cx, y1: y - near, x2: cx, y2: y - far }, { x1: cx, y1: y + h + near, x2: cx, y2: y + h + far });
  }
  for (const cy of [y, y + h]) {
    lines.push({ x1: x - near, y1: cy, x2: x - far, y2: cy }, { x1: x + w + near, y1: cy, x2: x + w + far, y2: cy });
  }
  if (!style.targets) return { lines, circles: [] };
  const mid = near + style.lengthMm / 2;
  const centres: Array<[number, number]> = [
    [x + w / 2, y - mid],
    [x + w / 2, y + h + mid],
    [x - mid, y + h / 2],
    [x + w + mid, y + h / 2],
  ];
  const circles: Circle[] = [];
  for (const [cx, cy] of centres) {
    circles.push({ cx, cy, r: TARGET_RADIUS_MM });
    const arm = TARGET_RADIUS_MM + 1;
    lines.push({ x1: cx - arm, y1: cy, x2: cx + arm, y2: cy }, { x1: cx, y1: cy - arm, x2: cx, y2: cy + arm });
  }
  return { lines, circles };
}
