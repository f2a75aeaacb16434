import type { RenderRecord } from '../render-record-schema';

/**
 * What the renderer needs from GS1 rules. Kept as a port so symbol code does not care where the rules live;
 * `gs1-encoding.default.ts` supplies them from @waymark/gs1.
 */
export interface Gs1Encoding {
  /** Element string in HRI form, e.g. `(01)09506000134352(17)261231(10)ABC`: printed beneath and read back. */
  elementStringHri(record: RenderRecord): string;
  /** Element string for bwip-js with parsefnc: `^FNC1` first and after each variable-length value but the last. */
  elementStringFnc1(record: RenderRecord): string;
  /** The 13 digits of the EAN-13 carrying this GTIN, or null when the GTIN has no EAN-13 form. */
  ean13FromGtin14(gtin14: string): string | null;
  /** The Digital Link URI a QR code carries; `compressed`: in GS1 Digital Link compression. */
  digitalLinkUri(record: RenderRecord, compressed?: boolean): string;
}
