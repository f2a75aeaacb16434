/**
 * The shape of `DomainError` from @waymark/contracts (`new DomainError(code, message, details?)`, status from the
 * error catalog). Recognised by class name along the prototype chain rather than `instanceof`, so an error from a
 * second copy of the contracts module (a stale build beside the sources) is still mapped and never becomes a 500.
 */
export interface DomainErrorLike extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: unknown;
}

export function isDomainError(err: unknown): err is DomainErrorLike {
  if (!(err instanceof Error)) return false;
  const candidate = err as Partial<DomainErrorLike>;
  if (typeof candidate.code !== 'string' || typeof candidate.status !== 'number') return false;
  if (candidate.status < 400 || candidate.status > 599) return false;
  for (
    let proto = Object.getPrototypeOf(err);
    proto && proto !== Error.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === 'DomainError') return true;
  }
  return false;
}
