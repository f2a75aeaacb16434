import { DomainError } from './errors';

/** A list position: the creation time and id of the last item of a page (ties on time are broken by id). */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

/** The opaque `nextCursor` of a list ordered by (createdAt, id). */
export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString('base64url');
}

/** Reads a cursor back; one the API did not issue is a 400 `validation_failed` on `cursor`. */
export function decodeKeysetCursor(cursor: string): KeysetPosition {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(at));
    if (typeof id === 'string' && typeof at === 'string' && !Number.isNaN(createdAt.getTime()))
      return { createdAt, id };
  } catch {
    // not JSON: the same answer as any other cursor we did not issue
  }
  throw new DomainError('validation_failed', 'cursor is not one this API returned', [
    { path: 'cursor', message: 'invalid cursor' },
  ]);
}
