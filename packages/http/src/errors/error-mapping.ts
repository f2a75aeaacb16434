import { ValidateError } from '@tsoa/runtime';
import { z } from 'zod';
import { MAX_REPORTED_ISSUES, moreIssues } from '@waymark/contracts';
import { isTransientFailure } from '@waymark/events';
import { UNLISTED_ISSUES, type BoundedFieldErrors } from '../tsoa/bounded-template-service';
import { isDomainError } from './domain-error-like';
import type { HttpErrorBody, ValidationIssue } from './error-body';
import { InvalidInputError } from './invalid-input-error';

export interface MappedError {
  readonly status: number;
  readonly body: HttpErrorBody;
  /** True when the error was not a deliberate client-facing one: logged with its stack, hidden from the client. */
  readonly unexpected: boolean;
  /** Seconds for a `Retry-After` header: set when trying again later is expected to work. */
  readonly retryAfterSeconds?: number;
}

const INTERNAL: MappedError = {
  status: 500,
  body: { error: 'Internal server error', code: 'internal_error' },
  unexpected: true,
};

/**
 * A database, cache, broker or object store that is unreachable (the classification the event consumers use to
 * wait out an outage): the request was not wrong and nothing broke for good, so the client is told to retry (503,
 * the `unavailable` of the error table) rather than shown a 500 that reads as a bug. Logged as a warning.
 */
const UNAVAILABLE: MappedError = {
  status: 503,
  body: { error: 'A service this request depends on is unreachable; try again shortly', code: 'unavailable' },
  unexpected: false,
  retryAfterSeconds: 5,
};

/**
 * Same body as contracts' `parseOrThrow`: the first bad field in `error` with how many others there are, at most
 * MAX_REPORTED_ISSUES of them in `details`. `unlisted` counts issues a bounded validator saw but did not keep.
 */
function validationFailed(issues: ValidationIssue[], unlisted = 0): MappedError {
  const [first] = issues;
  const total = issues.length + unlisted;
  const error = first ? `${first.path || 'body'}: ${first.message}${moreIssues(total)}` : 'invalid input';
  const details = issues.slice(0, MAX_REPORTED_ISSUES);
  return { status: 400, body: { error, code: 'validation_failed', details }, unexpected: false };
}

/** body-parser marks its errors with a `type`; these are the client's fault, never ours. */
function bodyParserError(err: unknown): MappedError | undefined {
  const type = (err as { type?: unknown } | null)?.type;
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof type !== 'string' || typeof status !== 'number' || status >= 500) return undefined;
  if (type === 'entity.too.large') {
    return { status: 413, body: { error: 'Request body is too large', code: 'payload_too_large' }, unexpected: false };
  }
  if (type === 'entity.parse.failed') {
    return validationFailed([{ path: 'body', message: 'is not valid JSON' }]);
  }
  return validationFailed([{ path: 'body', message: `could not be read (${type})` }]);
}

/** The single place where a thrown value becomes an HTTP status and an `{error, code, details?}` body. */
export function mapError(err: unknown): MappedError {
  if (isDomainError(err)) {
    const body: HttpErrorBody = { error: err.message, code: err.code };
    if (err.details !== undefined) body.details = err.details;
    return { status: err.status, body, unexpected: false };
  }
  if (err instanceof ValidateError) {
    const issues = Object.entries(err.fields).map(([path, field]) => ({ path, message: field.message }));
    return validationFailed(issues, (err.fields as BoundedFieldErrors)[UNLISTED_ISSUES]);
  }
  if (err instanceof InvalidInputError) return validationFailed(err.issues);
  if (err instanceof URIError) {
    // The router's decodeURIComponent of a path parameter (`/v1/links/%`), before authentication.
    return validationFailed([{ path: 'path', message: 'contains a malformed percent-encoding' }]);
  }
  if (err instanceof z.core.$ZodError) {
    const issues = err.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    return validationFailed(issues);
  }
  return bodyParserError(err) ?? (isTransientFailure(err) ? UNAVAILABLE : INTERNAL);
}
