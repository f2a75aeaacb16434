/** The API refused a bulk batch as too large: `max` is the plan's row cap when the API named it. */
export class BatchTooLarge extends Error {
  constructor(readonly max: number | undefined) {
    super(max === undefined ? 'batch too large' : `at most ${max} records per request`);
  }
}

/**
 * The refusal in a bulk answer that asks for smaller batches, if it is one: `bulk_too_large` (the plan's row cap in
 * its details) or a 413 from a proxy in front of the API. Shared by the CLI and the console's imports.
 */
export function batchTooLargeOf(status: number, body: unknown): BatchTooLarge | undefined {
  const error = body as { code?: unknown; details?: { max?: unknown } } | null | undefined;
  if (error?.code === 'bulk_too_large') {
    return new BatchTooLarge(typeof error.details?.max === 'number' ? error.details.max : undefined);
  }
  return status === 413 ? new BatchTooLarge(undefined) : undefined;
}
