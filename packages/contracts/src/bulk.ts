import { z } from 'zod';
import { DomainError } from './errors';
import { parseOrThrow } from './validation';

/** Rows (or records) per bulk request (spec 8); plans may cap lower. */
export const BULK_MAX_ROWS = 500;

/**
 * Checks a bulk body's envelope: `key` must be an array of 1..500 items. Items are returned unvalidated because
 * each row is parsed on its own: a bad row is reported in the results and never fails the request.
 * More than 500 rows (or more than `planCap`) is `bulk_too_large`.
 */
export function parseBulkEnvelope<K extends string>(
  key: K,
  body: unknown,
  planCap: number = BULK_MAX_ROWS,
): Record<K, unknown[]> & Record<string, unknown> {
  const envelope = parseOrThrow(z.looseObject({ [key]: z.array(z.unknown()).min(1) }), body) as Record<string, unknown>;
  const items = envelope[key] as unknown[];
  const cap = Math.min(planCap, BULK_MAX_ROWS);
  if (items.length > cap) throw bulkTooLarge(key, items.length, cap);
  return envelope as Record<K, unknown[]> & Record<string, unknown>;
}

/** The `bulk_too_large` error of a bulk body whose `key` holds `received` items, over `cap`. */
export function bulkTooLarge(key: string, received: number, cap: number = BULK_MAX_ROWS): DomainError {
  return new DomainError('bulk_too_large', `at most ${cap} ${key} per request, got ${received}`, {
    max: cap,
    received,
  });
}
