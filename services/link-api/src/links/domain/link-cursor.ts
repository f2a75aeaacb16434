import { DomainError } from '@waymark/contracts';

/**
 * The list cursor is the position (`seq`) of the last link of the page, opaque to callers. The list runs newest
 * first, so the next page holds links with a smaller seq; links created meanwhile never shift a page.
 */
export function encodeCursor(seq: bigint): string {
  return Buffer.from(`s:${seq.toString()}`).toString('base64url');
}

export function decodeCursor(cursor: string): bigint {
  const match = /^s:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new DomainError('validation_failed', 'cursor: not a cursor this API issued', [
      { path: 'cursor', message: 'invalid cursor' },
    ]);
  return BigInt(match[1]!);
}
