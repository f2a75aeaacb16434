import type { IocContainer, ServiceIdentifier } from '@tsoa/runtime';

// tsoa hands over the controller class; its constructor arguments are the controller's business, not ours.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ControllerClass<T> = abstract new (...args: any[]) => T;

/**
 * Builds controllers from factories the service registers, closing over the use cases each one needs.
 * A new controller per request: tsoa's Controller keeps the response status and headers on the instance,
 * so sharing one across concurrent requests would mix them up.
 */
export class ControllerContainer implements IocContainer {
  private readonly factories = new Map<ControllerClass<unknown>, () => unknown>();

  register<T>(controller: ControllerClass<T>, factory: () => T): this {
    if (this.factories.has(controller)) throw new Error(`Controller ${controller.name} is registered twice`);
    this.factories.set(controller, factory);
    return this;
  }

  get<T>(controller: ServiceIdentifier<T>): T;
  get<T>(controller: ServiceIdentifier<T>): Promise<T>;
  get<T>(controller: ServiceIdentifier<T>): T {
    const factory =
      typeof controller === 'function' ? this.factories.get(controller as ControllerClass<unknown>) : undefined;
    if (!factory) {
      const name = typeof controller === 'function' ? controller.name : String(controller);
      throw new Error(`${name} is not registered with this app's ControllerContainer`);
    }
    return factory() as T;
  }
}
