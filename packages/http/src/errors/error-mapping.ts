import { ValidateError } from '@tsoa/runtime';
import { z } from 'zod';
import { isDomainError } from './domain-error-like';
import type { HttpErrorBody, ValidationIssue } from './error-body';

export interface MappedError {
  readonly status: number;
  readonly body: HttpErrorBody;
  /** True when the error was not a deliberate client-facing one: logged with its stack, hidden from the client. */
  readonly unexpected: boolean;
}

const INTERNAL: MappedError = {
  status: 500,
  body: { error: 'Internal server error', code: 'internal_error' },
  unexpected: true,
};

/** Same body as contracts' `parseOrThrow`: the first bad field in `error`, every one in `details`. */
function validationFailed(issues: ValidationIssue[]): MappedError {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  const error = first ? `${first.path || 'body'}: ${first.message}${more}` : 'invalid input';
  return { status: 400, body: { error, code: 'validation_failed', details: issues }, unexpected: false };
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
    return validationFailed(issues);
  }
  if (err instanceof z.core.$ZodError) {
    const issues = err.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    return validationFailed(issues);
  }
  return bodyParserError(err) ?? INTERNAL;
}
