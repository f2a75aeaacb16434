import { DomainError } from '@waymark/contracts';

export function notFound(what: string, id: string): DomainError {
  return new DomainError('not_found', `${what} "${id}" does not exist`);
}

export function required<T>(value: T | null | undefined, what: string, id: string): T {
  if (value === null || value === undefined) throw notFound(what, id);
  return value;
}
