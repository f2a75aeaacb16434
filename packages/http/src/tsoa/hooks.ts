import type { Request } from 'express';
import type { IocContainer, IocContainerFactory } from '@tsoa/runtime';
import { tsoaAppContextOf } from './app-context';

/**
 * The `authenticationModule` export tsoa's generated routes call for every `@Security(name, scopes)` route.
 * It delegates to the Authenticator the app was built with.
 */
export async function expressAuthentication(
  request: Request,
  securityName: string,
  scopes: string[] = [],
): Promise<unknown> {
  const { authenticator } = tsoaAppContextOf(request);
  if (!authenticator) throw new Error(`Route requires "${securityName}" but the app has no authenticator`);
  return authenticator.authenticate(request, securityName, scopes);
}

/** The `iocModule` export: a per-request lookup of the app's ControllerContainer (tsoa accepts a factory). */
export const iocContainer: IocContainerFactory<Request> = (request: Request): IocContainer => {
  const { controllers } = tsoaAppContextOf(request);
  if (!controllers) throw new Error('The app has tsoa routes but no ControllerContainer');
  return controllers;
};
