import type { ExportOptions } from '../export-options';

export type SheetKind = Exclude<ExportOptions['sheet'], 'none'>;

/** A4 portrait in mm. */
export const A4 = { width: 210, height: 297 } as const;

/** A4 grid: artworks packed in rows with gutters wide enough for per-artwork crop marks. */
export const A4_GRID = { margin: 12, gutter: 10, markOffset: 1, markLength: 3 } as const;

/**
 * Avery L7160: 21 labels of 63.5 x 38.1 mm on A4, 3 across with 2.54 mm gaps, 7 down without gaps,
 * 7.21 mm side and 15.15 mm top margins (the template's published geometry).
 */
export const AVERY_L7160 = {
  columns: 3,
  rows: 7,
  labelWidth: 63.5,
  labelHeight: 38.1,
  pitchX: 66.04,
  pitchY: 38.1,
  left: 7.21,
  top: 15.15,
  /** Keep artwork this far inside the label edge: die-cutting tolerance. */
  safety: 1.5,
} as const;

/** Roll of 100 mm wide labels, one per page; each page is as tall as its artwork plus the margins. */
export const ROLL_100 = { width: 100, margin: 5, sideSafety: 2 } as const;

/** A check message when an artwork does not fit the sheet's cell or label, else null. */
export function sheetFitCheck(kind: SheetKind, widthMm: number, heightMm: number): string | null {
  const fits =
    kind === 'avery-l7160'
      ? widthMm <= AVERY_L7160.labelWidth - 2 * AVERY_L7160.safety &&
        heightMm <= AVERY_L7160.labelHeight - 2 * AVERY_L7160.safety
      : kind === 'roll-100'
        ? widthMm <= ROLL_100.width - 2 * ROLL_100.sideSafety
        : widthMm <= A4.width - 2 * A4_GRID.margin && heightMm <= A4.height - 2 * A4_GRID.margin;
  return fits ? null : `sheet ${kind}: artwork ${widthMm.toFixed(2)} x ${heightMm.toFixed(2)} mm does not fit`;
}
