import { DomainError } from '@waymark/contracts';

/**
 * List cursor: the `seq` of the last record of the page, opaque to callers. Lists run oldest first (import order),
 * so the next page holds larger seqs and records imported meanwhile land on later pages.
 */
export function encodeCursor(seq: bigint): string {
  return Buffer.from(`g:${seq.toString()}`).toString('base64url');
}

export function decodeCursor(cursor: string): bigint {
  const match = /^g:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new DomainError('validation_failed', 'cursor: not a cursor this API issued', [
      { path: 'cursor', message: 'invalid cursor' },
    ]);
  return BigInt(match[1]!);
}
