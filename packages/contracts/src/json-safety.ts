import { DomainError, FieldIssue } from './errors';

/** A UTF-16 surrogate without its pair: no UTF-8 form exists, so PostgreSQL and the object store cannot take it. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Deeper than any Waymark body (a GS1 linkset entry sits at depth 5); validators recurse, so depth is bounded. */
export const MAX_JSON_DEPTH = 32;

/** Depth of a bulk row in its body (`{ rows: [ row ] }`): a row is held to the limit it would have in the body. */
export const BULK_ROW_DEPTH = 3;

/**
 * The first part of a parsed JSON value that would reach a handler as a server fault, or null: nesting deeper than
 * MAX_JSON_DEPTH (recursive validators overflow the stack), a NUL character or a lone surrogate (`"\ud800"`) in any
 * string or key (PostgreSQL refuses both in text), a number too large for a double (JSON.parse makes it Infinity).
 * The walk is iterative, so a value of any depth is checked without recursion. `depth` is the value's own depth.
 */
export function jsonValueProblem(value: unknown, root: string, depth = 1): FieldIssue | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth, path: root }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return { path, message: 'must not contain a NUL character' };
      if (LONE_SURROGATE.test(value)) return { path, message: 'must be valid Unicode (a lone surrogate)' };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, message: 'is a number too large to represent' };
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_JSON_DEPTH) return { path, message: `is nested deeper than ${MAX_JSON_DEPTH} levels` };
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0') || LONE_SURROGATE.test(key)) {
          return { path, message: 'must not contain a NUL character or a lone surrogate in a key' };
        }
        stack.push({ value: child, depth: depth + 1, path: path === '' ? key : `${path}.${key}` });
      }
    }
  }
  return null;
}

/**
 * Key of an unsafe row once serialised (tsoa's union validation clones rows through JSON). It holds a NUL, which no
 * row reaching a use case can carry from a client: the edge replaces any such row with an UnsafeBulkRow.
 */
const UNSAFE_ROW_KEY = '\u0000unsafeRow';

/**
 * A bulk row the HTTP edge found unsafe (see jsonValueProblem), put in the row's place so that nothing between the
 * edge and the use case walks its content; JSON cannot produce a class instance, so a client cannot forge one.
 */
export class UnsafeBulkRow {
  constructor(readonly issue: FieldIssue) {}

  toJSON(): Record<string, FieldIssue> {
    return { [UNSAFE_ROW_KEY]: this.issue };
  }
}

/** The issue of a row replaced by the edge, as an instance or as its JSON clone. */
function replacedRowIssue(row: unknown): FieldIssue | null {
  if (row instanceof UnsafeBulkRow) return row.issue;
  const issue = row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[UNSAFE_ROW_KEY] : undefined;
  return FieldIssue.safeParse(issue).success ? (issue as FieldIssue) : null;
}

/**
 * The validation_failed error of a bulk row that is unsafe to validate or store, or null for a row that may be
 * parsed: the row reports it as a failed row, the batch goes on (spec 4.4 rule 2).
 */
export function unsafeBulkRowError(row: unknown): DomainError | null {
  const issue = replacedRowIssue(row) ?? jsonValueProblem(row, '', BULK_ROW_DEPTH);
  if (issue === null) return null;
  const path = issue.path === '' ? 'row' : issue.path;
  return new DomainError('validation_failed', `${path}: ${issue.message}`, [issue]);
}
