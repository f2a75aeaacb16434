/**
 * The one error body every Waymark endpoint returns (spec section 7: string fields `error` and `code`).
 * An interface, not a zod schema, because tsoa reads TypeScript types to document `@Response<HttpErrorBody>(...)`.
 */
export interface HttpErrorBody {
  /** Human-readable explanation; safe to show to an integrator. */
  error: string;
  /** Stable machine-readable code from the error catalog, e.g. `validation_failed`. */
  code: string;
  /** Extra structure for some codes, e.g. the failing fields of `validation_failed`. */
  details?: unknown;
}

/** One failing input in the `details` array of a `validation_failed` error (contracts' FieldIssue): where and why. */
export interface ValidationIssue {
  path: string;
  message: string;
}
