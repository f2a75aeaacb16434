import { DomainError } from '@waymark/contracts';

const knownCredentials = new WeakSet<Error>();

/**
 * A 401 for a credential that exists but no longer works (a revoked or expired API key). Its owner retrying it is not
 * guessing, so the failed-authentication throttle does not count it: the client keeps hearing why it is refused.
 */
export function refuseKnownCredential(message: string): DomainError {
  const refusal = new DomainError('unauthorized', message);
  knownCredentials.add(refusal);
  return refusal;
}

export function isKnownCredentialRefusal(error: unknown): boolean {
  return error instanceof Error && knownCredentials.has(error);
}
