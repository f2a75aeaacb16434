import { z } from 'zod';

/**
 * Export options as the renderer receives them (spec 2.8). Defaults are the spec's, so a job created
 * with an empty body renders the same artwork everywhere; gs1-catalog validates the request, and the
 * renderer parses again because the job arrives over a topic.
 */
export const exportOptionsSchema = z
  .object({
    symbologies: z.array(z.enum(['qr', 'dm'])).min(1).default(['qr']),
    sizeMode: z.enum(['total', 'xdim']).default('total'),
    sizeMm: z.number().positive().max(1000).default(25),
    xdimMm: z.number().positive().max(50).default(0.495),
    ec: z.enum(['L', 'M', 'Q', 'H']).default('H'),
    hri: z.boolean().default(true),
    compressUri: z.boolean().default(false),
    ean13: z.boolean().default(false),
    formats: z.array(z.enum(['svg', 'pdf', 'eps', 'ai'])).min(1).default(['svg']),
    raster: z.enum(['none', 'png300', 'png600', 'tiff300', 'tiff600']).default('none'),
    sheet: z.enum(['none', 'a4', 'avery-l7160', 'roll-100']).default('none'),
    bleedMm: z.number().min(0).max(10).default(0),
    marks: z.boolean().default(false),
    ink: z.enum(['k100', 'spot']).default('k100'),
    spotName: z.string().min(1).max(127).optional(),
    iccIntent: z.string().min(1).max(127).optional(),
  })
  .refine((o) => o.ink !== 'spot' || o.spotName !== undefined, {
    message: 'spotName is required when ink is spot',
    path: ['spotName'],
  });

export type ExportOptions = z.output<typeof exportOptionsSchema>;
export type Symbology = 'qr' | 'dm' | 'ean13';
export type VectorFormat = ExportOptions['formats'][number];
