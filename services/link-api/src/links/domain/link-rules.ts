import { DomainError } from '@waymark/contracts';

/** `expiresAt` must be an instant in the future when it is set (create or PATCH). */
export function parseFutureExpiry(expiresAt: string, now: Date): Date {
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) {
    throw new DomainError('validation_failed', 'expiresAt: must be in the future', [
      { path: 'expiresAt', message: 'must be in the future' },
    ]);
  }
  return at;
}
