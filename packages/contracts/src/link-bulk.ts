import { z } from 'zod';
import { ErrorCodeSchema } from './errors';
import { BULK_MAX_ROWS } from './bulk';
import { LinkCreate } from './link';

/**
 * POST /v1/links/bulk body as documented. Services check the envelope with `parseBulkEnvelope('rows', body)` and
 * parse each row with `LinkCreate`, so one bad row fails alone.
 */
export const LinkBulkRequest = z.strictObject({
  rows: z.array(LinkCreate).min(1).max(BULK_MAX_ROWS),
});
export type LinkBulkRequest = z.infer<typeof LinkBulkRequest>;

/** One result per submitted row, in request order; `row` is the 0-based index in `rows`. */
export const LinkBulkRowResult = z.object({
  row: z.number().int().min(0),
  code: z.string().nullable(),
  shortUrl: z.string().nullable(),
  status: z.enum(['created', 'failed']),
  error: z.string().nullable(),
  errorCode: ErrorCodeSchema.nullable(),
});
export type LinkBulkRowResult = z.infer<typeof LinkBulkRowResult>;

export const LinkBulkResult = z.object({
  requested: z.number().int().min(0),
  created: z.number().int().min(0),
  failed: z.number().int().min(0),
  results: z.array(LinkBulkRowResult),
});
export type LinkBulkResult = z.infer<typeof LinkBulkResult>;
