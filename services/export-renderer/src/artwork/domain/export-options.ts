import { Gs1ExportWrite, type Gs1ExportOptions } from '@waymark/contracts';

/**
 * Export options as the renderer receives them (spec 2.8): the API's own schema, so the API and the renderer accept
 * the same values with the same limits and defaults. gs1-catalog validates the request; the renderer parses again
 * because the job arrives over a topic.
 */
export const exportOptionsSchema = Gs1ExportWrite;

export type ExportOptions = Gs1ExportOptions;
export type Symbology = 'qr' | 'dm' | 'ean13';
export type VectorFormat = ExportOptions['formats'][number];
