import type { RequestHandler } from 'express';
import { InvalidInputError } from '../errors/invalid-input-error';

/** Deeper than any Waymark body (a GS1 linkset entry sits at depth 5); validators recurse, so depth is bounded. */
export const MAX_JSON_DEPTH = 32;

/**
 * Walks a parsed JSON body once, without recursion, and refuses what would reach a handler as a server fault:
 * nesting deeper than MAX_JSON_DEPTH (the union validators recurse until the stack overflows), a NUL character in
 * any string or key (PostgreSQL refuses it in text), and numbers too large for a double (JSON.parse makes them
 * Infinity).
 */
export const jsonBodyGuard: RequestHandler = (req, _res, next) => {
  const problem = bodyProblem(req.body);
  next(problem ? new InvalidInputError([problem]) : undefined);
};

function bodyProblem(body: unknown): { path: string; message: string } | null {
  if (body === null || typeof body !== 'object') return null;
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 1, path: 'body' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return { path, message: 'must not contain a NUL character' };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, message: 'is a number too large to represent' };
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_JSON_DEPTH) return { path: 'body', message: `is nested deeper than ${MAX_JSON_DEPTH} levels` };
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0')) return { path, message: 'must not contain a NUL character in a key' };
        stack.push({ value: child, depth: depth + 1, path: Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}` });
      }
    }
  }
  return null;
}
