import type { ExportOptions, Symbology } from '../export-options';

/** Quiet zones in modules per GS1: QR 4 on every side, DataMatrix 1, EAN-13 11 left and 7 right. */
export const QUIET_ZONES: Record<Symbology, { readonly left: number; readonly right: number; readonly top: number }> = {
  qr: { left: 4, right: 4, top: 4 },
  dm: { left: 1, right: 1, top: 1 },
  ean13: { left: 11, right: 7, top: 0 },
};

/**
 * GS1 General Specifications guidance for the retail point of sale (X-dimension in mm): 2D symbols
 * 0.396-0.990 (spec section 8); EAN-13 0.264-0.660 (80 % to 200 % of the nominal 0.330).
 */
export const MODULE_RANGE_MM: Record<Symbology, { readonly min: number; readonly max: number }> = {
  qr: { min: 0.396, max: 0.99 },
  dm: { min: 0.396, max: 0.99 },
  ean13: { min: 0.264, max: 0.66 },
};

/**
 * Module size for a symbol `modulesWide` modules wide without quiet zones. sizeMode=total makes the symbol
 * including its quiet zones exactly sizeMm wide; sizeMode=xdim fixes the module and lets the size follow the data.
 */
export function moduleSizeMm(
  symbology: Symbology,
  modulesWide: number,
  options: Pick<ExportOptions, 'sizeMode' | 'sizeMm' | 'xdimMm'>,
): number {
  if (options.sizeMode === 'xdim') return options.xdimMm;
  const q = QUIET_ZONES[symbology];
  return options.sizeMm / (modulesWide + q.left + q.right);
}

/** A check message when the module size is outside the GS1 guidance, else null. */
export function moduleSizeCheck(symbology: Symbology, moduleMm: number): string | null {
  const range = MODULE_RANGE_MM[symbology];
  if (moduleMm >= range.min - 1e-9 && moduleMm <= range.max + 1e-9) return null;
  return `${symbology}: module ${moduleMm.toFixed(3)} mm outside GS1 guidance ${range.min}-${range.max} mm`;
}
