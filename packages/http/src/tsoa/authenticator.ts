import type { Request } from 'express';

/**
 * Decides who is calling. The HTTP layer knows only this interface; the implementation (API keys, scopes, rate
 * limits) is built by the service from its ports and passed to createHttpApp.
 * Resolve with the principal (tsoa stores it as `request.user`); reject with a DomainError such as
 * `unauthorized` or `insufficient_scope`. Any other rejection is treated as a server fault (500), so an outage
 * of the key store is never reported as a bad key.
 */
export interface Authenticator {
  authenticate(request: Request, securityName: string, scopes: readonly string[]): Promise<unknown>;
}
