import type { RequestHandler } from 'express';
import { BULK_MAX_ROWS, bulkTooLarge } from '@waymark/contracts';

/**
 * Answers a bulk body whose `key` holds more than BULK_MAX_ROWS items with `bulk_too_large` before the route's
 * validation checks every item (a union check per record, which holds the event loop for as long as the array is long).
 * Mount it on the bulk route ahead of the generated routes; the plan's lower cap stays the use case's.
 */
export function bulkEnvelopeGuard(key: string): RequestHandler {
  return (req, _res, next) => {
    const items = (req.body as Record<string, unknown> | undefined)?.[key];
    next(Array.isArray(items) && items.length > BULK_MAX_ROWS ? bulkTooLarge(key, items.length) : undefined);
  };
}
