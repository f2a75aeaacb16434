import { z } from 'zod';
import { BULK_MAX_ROWS } from './bulk';
import { ErrorCodeSchema } from './errors';
import { Gs1Tags } from './gs1-fields';
import { Gs1Record } from './gs1-record';

/**
 * POST /v1/gs1/links/bulk body as documented. Services check the envelope with
 * `parseBulkEnvelope('records', body)`, then `Gs1BulkOptions`, then parse each record with `Gs1Record`, so one
 * bad record fails alone (spec 4.4 rule 2).
 */
export const Gs1BulkRequest = z.strictObject({
  records: z.array(Gs1Record).min(1).max(BULK_MAX_ROWS),
  tags: Gs1Tags.optional(),
  upsert: z.boolean().default(true),
});
export type Gs1BulkRequest = z.output<typeof Gs1BulkRequest>;

/** The request-level fields of a GS1 bulk body, with records left for per-row parsing. */
export const Gs1BulkOptions = z.strictObject({
  records: z.array(z.unknown()),
  tags: Gs1Tags.default([]),
  upsert: z.boolean().default(true),
});
export type Gs1BulkOptions = z.output<typeof Gs1BulkOptions>;

/** One result per submitted record, in request order; `row` is the 0-based index in `records`. */
export const Gs1BulkRowResult = z.object({
  row: z.number().int().min(0),
  gtin: z.string().nullable(),
  code: z.string().nullable().describe('Derived Digital Link path; null when it could not be derived'),
  status: z.enum(['created', 'updated', 'skipped', 'failed']),
  error: z.string().nullable(),
  errorCode: ErrorCodeSchema.nullable(),
});
export type Gs1BulkRowResult = z.infer<typeof Gs1BulkRowResult>;

export const Gs1BulkResult = z.object({
  requested: z.number().int().min(0),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
  results: z.array(Gs1BulkRowResult),
});
export type Gs1BulkResult = z.infer<typeof Gs1BulkResult>;
