import { z } from 'zod';
import { symbolBudgetIssue } from './gs1-export-budget';
import { Gs1Tag } from './gs1-fields';

export const SYMBOLOGIES = ['qr', 'dm'] as const;
export const EXPORT_FORMATS = ['svg', 'pdf', 'eps', 'ai'] as const;
export const RASTERS = ['none', 'png300', 'png600', 'tiff300', 'tiff600'] as const;
export const SHEETS = ['none', 'a4', 'avery-l7160', 'roll-100'] as const;

/** GS1 guidance for the module size of symbols scanned at the retail point of sale (spec 8); outside it is flagged. */
export const RETAIL_POS_XDIM_MM = { min: 0.396, max: 0.99 } as const;
export const EXPORT_MAX_CODES = 5000;

const uniqueNonEmpty = <T extends string>(values: readonly [T, ...T[]], fallback: T[]) =>
  z
    .array(z.enum(values))
    .min(1)
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, 'values must be unique')
    .default(fallback);

/**
 * Gs1ExportWrite (spec 2.8): every field optional, defaults applied on parse. Defaults the spec leaves open are
 * decided here: ean13 false, compressUri false, raster `none`, sheet `none`, bleedMm 0, marks false, name `export`.
 * Sizes are bounded (sizeMm up to 1000 mm, xdimMm up to 20 mm) so a typo cannot ask for a wall-sized render, and a
 * raster copy of one symbol by the render budget (gs1-export-budget.ts). These are the only limits: the renderer
 * parses jobs with this schema too, and the OpenAPI document states the same numbers (gs1-catalog's gs1-types.ts).
 * `name` is also used in file names inside the zip, so it is limited to a file-name-safe set.
 */
export const Gs1ExportWrite = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 _.()-]*$/, 'may contain only letters, digits, space, "_", ".", "(", ")" and "-"')
      .default('export'),
    query: z.string().min(1).max(200).optional(),
    tags: z.array(Gs1Tag).max(20).optional(),
    symbologies: uniqueNonEmpty(SYMBOLOGIES, ['qr']),
    sizeMode: z.enum(['total', 'xdim']).default('total'),
    sizeMm: z.number().positive().max(1000).default(25),
    xdimMm: z.number().positive().max(20).default(0.495),
    ec: z.enum(['L', 'M', 'Q', 'H']).default('H'),
    hri: z.boolean().default(true),
    /** QR codes carry the compressed Digital Link (GS1 Digital Link compression): a shorter URI, a smaller symbol. */
    compressUri: z.boolean().default(false),
    ean13: z.boolean().default(false),
    formats: uniqueNonEmpty(EXPORT_FORMATS, ['svg']),
    raster: z.enum(RASTERS).default('none'),
    sheet: z.enum(SHEETS).default('none'),
    bleedMm: z.number().min(0).max(10).default(0),
    marks: z.boolean().default(false),
    ink: z.enum(['k100', 'spot']).default('k100'),
    spotName: z
      .string()
      .min(1)
      .max(63)
      .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII')
      .optional(),
    iccIntent: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9 ._()-]+$/, 'must be a print condition name such as FOGRA39')
      .optional(),
  })
  .superRefine((o, ctx) => {
    if (o.ink === 'spot' && o.spotName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['spotName'], message: 'spotName is required when ink is spot' });
    }
    if (o.ink !== 'spot' && o.spotName !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['spotName'], message: 'spotName is only used when ink is spot' });
    }
    const overBudget = symbolBudgetIssue(o);
    if (overBudget) ctx.addIssue({ code: 'custom', path: ['raster'], message: overBudget });
  });

/** What a client may send (every field optional). */
export type Gs1ExportWrite = z.input<typeof Gs1ExportWrite>;
/** The options with every default applied: what a job stores, echoes and hands to the renderer. */
export type Gs1ExportOptions = z.output<typeof Gs1ExportWrite>;
