import type { RequestHandler } from 'express';
import { BULK_ROW_DEPTH, jsonValueProblem, UnsafeBulkRow } from '@waymark/contracts';
import { InvalidInputError } from '../errors/invalid-input-error';

/** Bulk routes whose rows are independent (spec 4.4 rule 2): POST path -> the body field holding the rows. */
export type BulkRowFields = Readonly<Record<string, string>>;

/**
 * Refuses, once and without recursion, a JSON body that would reach a handler as a server fault (see
 * jsonValueProblem): a 400 for the request. On a bulk route, each row is held to the same checks on its own: an
 * unsafe row is replaced by an UnsafeBulkRow, which the use case reports as a failed row, and the other rows go on;
 * the rest of the body still gets the request-level check.
 */
export function jsonBodyGuard(bulkRowFields: BulkRowFields = {}): RequestHandler {
  const fields = new Map(Object.entries(bulkRowFields).map(([path, field]) => [routeKey(path), field]));
  return (req, _res, next) => {
    const body: unknown = req.body;
    const field = req.method === 'POST' ? fields.get(routeKey(req.path)) : undefined;
    const rows = field !== undefined && isObject(body) ? body[field] : undefined;
    if (field === undefined || !Array.isArray(rows)) {
      const problem = isObject(body) ? jsonValueProblem(body, 'body') : null;
      next(problem ? new InvalidInputError([problem]) : undefined);
      return;
    }
    const problem = jsonValueProblem({ ...(body as Record<string, unknown>), [field]: [] }, 'body');
    if (problem) {
      next(new InvalidInputError([problem]));
      return;
    }
    rows.forEach((row: unknown, index) => {
      const issue = jsonValueProblem(row, '', BULK_ROW_DEPTH);
      if (issue) rows[index] = new UnsafeBulkRow(issue);
    });
    next();
  };
}

/** The route a path reaches as express matches it by default: letter case ignored, one trailing slash allowed. */
function routeKey(path: string): string {
  return path.toLowerCase().replace(/\/$/, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}
