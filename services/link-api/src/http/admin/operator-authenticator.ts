import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { DomainError } from '@waymark/contracts';
import type { Authenticator } from '@waymark/http';
import { OPERATOR_SECURITY } from './operator-security';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The operator, as the operator API's routes see it. */
export interface OperatorPrincipal {
  operator: true;
}

/**
 * Checks `Authorization: Bearer <OPERATOR_TOKEN>`. Both sides are hashed first so the comparison is constant-time
 * whatever the lengths (timingSafeEqual needs equal lengths, and a length check would leak the token's length).
 */
export function operatorAuthenticator(operatorToken: string): Authenticator {
  const expected = createHash('sha256').update(operatorToken).digest();
  return {
    async authenticate(request: Request): Promise<OperatorPrincipal> {
      const presented = BEARER.exec(request.header('authorization') ?? '')?.[1];
      if (presented === undefined)
        throw new DomainError('unauthorized', 'Missing operator token (Authorization: Bearer)');
      const digest = createHash('sha256').update(presented).digest();
      if (!timingSafeEqual(digest, expected)) throw new DomainError('unauthorized', 'Invalid operator token');
      return { operator: true };
    },
  };
}

/** Routes `operator` to the operator check and every other scheme (api_key) to the API key authenticator. */
export function routeBySecurity(operator: Authenticator, api: Authenticator): Authenticator {
  return {
    authenticate: (request, securityName, scopes) =>
      securityName === OPERATOR_SECURITY
        ? operator.authenticate(request, securityName, scopes)
        : api.authenticate(request, securityName, scopes),
  };
}
