import { z } from 'zod';
import { DomainError, type FieldIssue } from './errors';

/** Field issues of a zod error, in a stable shape for `details`. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** One-line summary naming the first offending field, for the `error` text. */
export function summarizeIssues(error: z.ZodError): string {
  const [first] = fieldIssues(error);
  if (!first) return 'invalid input';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return `${first.path === '' ? 'body' : first.path}: ${first.message}${more}`;
}

/** Parses outside input or throws a `validation_failed` DomainError that names every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new DomainError('validation_failed', summarizeIssues(result.error), fieldIssues(result.error));
}
