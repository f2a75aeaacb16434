import { z } from 'zod';
import { DomainError, type FieldIssue } from './errors';

/**
 * At most this many issues are listed in `details` of a `validation_failed` error, and the `error` text says how many
 * there were in all: an array of 40,000 bad values must not become a 12 MB answer.
 */
export const MAX_REPORTED_ISSUES = 20;

/** Field issues of a zod error, in a stable shape for `details`: the first MAX_REPORTED_ISSUES of them. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** One-line summary naming the first offending field and how many others there are, for the `error` text. */
export function summarizeIssues(error: z.ZodError): string {
  const [first] = fieldIssues(error);
  if (!first) return 'invalid input';
  return `${first.path === '' ? 'body' : first.path}: ${first.message}${moreIssues(error.issues.length)}`;
}

/** ` (and N more)` after the first issue of `total`, naming the cut when `details` cannot list them all. */
export function moreIssues(total: number): string {
  if (total <= 1) return '';
  const cut = total > MAX_REPORTED_ISSUES ? `; details lists the first ${MAX_REPORTED_ISSUES}` : '';
  return ` (and ${total - 1} more${cut})`;
}

/** Parses outside input or throws a `validation_failed` DomainError that names the bad fields. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new DomainError('validation_failed', summarizeIssues(result.error), fieldIssues(result.error));
}
