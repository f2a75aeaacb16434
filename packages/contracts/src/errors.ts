import { z } from 'zod';

/**
 * Every error code the public API returns, with its HTTP status. One catalog for all services, so the same
 * failure has the same code and status wherever it happens (the spec leaves both open; this is the decision).
 */
export const ERROR_CATALOG = {
  validation_failed: 400,
  bulk_too_large: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  entitlement_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  code_taken: 409,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  destination_rejected: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CATALOG;
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOG[code];
}

/** One field-level problem, as listed in `details` of a validation_failed error. */
export const FieldIssue = z.object({
  path: z.string().describe('Dotted path of the offending field, empty for the whole body'),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

/** The error body of every non-2xx response: `{error, code}` plus optional details. Never a stack trace. */
export const ErrorBody = z.object({
  error: z.string().describe('Human-readable message'),
  code: z.string().describe('Stable machine-readable code from the error catalog'),
  details: z.unknown().optional().describe('Code-specific detail, for example field issues of validation_failed'),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * A failure a use case reports; the HTTP layer turns it into an ErrorBody with the catalog's status.
 * Pure: it carries no transport concerns beyond the status looked up from the catalog.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = statusOf(code);
    if (details !== undefined) this.details = details;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, details: this.details };
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
