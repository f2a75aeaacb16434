import type { RenderRecord } from '../record';

/**
 * What the renderer needs from GS1 rules. Kept as a port so the symbol code does not care where the
 * rules live; `gs1-encoding.default.ts` supplies them.
 */
export interface Gs1Encoding {
  /** Element string in bracketed form, e.g. `(01)09506000134352(17)261231(10)ABC`; FNC1 is implied by the brackets. */
  elementString(record: RenderRecord): string;
  /** The 13 digits of the EAN-13 carrying this GTIN, or null when the GTIN has no EAN-13 form. */
  ean13FromGtin14(gtin14: string): string | null;
  /** The Digital Link URI a QR code carries. */
  digitalLinkUri(record: RenderRecord): string;
}
