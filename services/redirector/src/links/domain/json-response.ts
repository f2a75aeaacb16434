import { NO_STORE, type VisitResponse } from '../../shared-kernel/visit';

/** A JSON answer to a visit (errors, linksets, the resolver description), never cached. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  type = 'application/json',
): VisitResponse {
  // nosniff: a linkset or error must never be read as HTML or script by a browser that guesses.
  const base = {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': NO_STORE,
    'x-content-type-options': 'nosniff',
  };
  return { status, headers: { ...base, ...headers }, body: JSON.stringify(body) };
}
