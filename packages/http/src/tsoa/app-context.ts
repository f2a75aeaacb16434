import type { Request } from 'express';
import type { Authenticator } from './authenticator';
import type { ControllerContainer } from './controller-container';

export interface TsoaAppContext {
  readonly authenticator?: Authenticator;
  readonly controllers?: ControllerContainer;
}

/**
 * tsoa's generated routes import their hooks from a module, so the hooks are process-wide; the context is not.
 * Each express app registers its own, and the hooks find it through `request.app`, which lets several apps
 * (the embedded mode runs six) live in one process with different authenticators and controllers.
 */
const contexts = new WeakMap<object, TsoaAppContext>();

export function setTsoaAppContext(app: object, context: TsoaAppContext): void {
  contexts.set(app, context);
}

export function tsoaAppContextOf(request: Request): TsoaAppContext {
  const context = contexts.get(request.app);
  if (!context) throw new Error('This express app was not built by createHttpApp; tsoa hooks have no context');
  return context;
}
