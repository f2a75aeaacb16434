import type { RequestHandler } from 'express';
import { InvalidInputError } from '../errors/invalid-input-error';

/** A UTF-16 surrogate without its pair: no UTF-8 form exists, so PostgreSQL and the object store cannot take it. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Deeper than any Waymark body (a GS1 linkset entry sits at depth 5); validators recurse, so depth is bounded. */
export const MAX_JSON_DEPTH = 32;

/**
 * Walks a parsed JSON body once, without recursion, and refuses what would reach a handler as a server fault:
 * nesting deeper than MAX_JSON_DEPTH (the union validators recurse until the stack overflows), a NUL character or
 * a lone surrogate (`"\ud800"`) in any string or key (PostgreSQL refuses both in text), and numbers too large for a
 * double (JSON.parse makes them Infinity).
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
      if (LONE_SURROGATE.test(value)) return { path, message: 'must be valid Unicode (a lone surrogate)' };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, message: 'is a number too large to represent' };
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_JSON_DEPTH) return { path: 'body', message: `is nested deeper than ${MAX_JSON_DEPTH} levels` };
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0') || LONE_SURROGATE.test(key)) {
          return { path, message: 'must not contain a NUL character or a lone surrogate in a key' };
        }
        stack.push({
          value: child,
          depth: depth + 1,
          path: Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`,
        });
      }
    }
  }
  return null;
}
