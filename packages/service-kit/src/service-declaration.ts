import type { RequestListener } from 'node:http';
import type { ServiceAdapters } from '@waymark/http';
import type { ServiceDatabase } from './service-database';
import type { ServiceKit } from './service-kit';

/** What every service's configuration has: where it listens. */
export interface ServiceKitConfig {
  PORT: number;
  HOST: string;
}

/** The adapters a service cannot start without, each with the reason named when it is missing. */
export interface ServiceRequirements {
  databaseUrl?: string;
  rateLimiter?: string;
  objectStore?: string;
}

/** What a service's composition hands back: the request listener to serve, and what its callers may read. */
export interface ServiceEdge<X extends object> {
  listener: RequestListener;
  /** How long in-flight requests may finish at stop; the server's default otherwise. */
  drainTimeoutMs?: number;
  /** Runs once the listener is bound (a start-up log line). */
  started?(port: number): void;
  /** Merged into the running service (the redirector's `ready`). */
  extras?: X;
}

/**
 * A service, declared: its name, needs, database, the order its parts stop in, and how its parts are composed.
 * `startDeclaredService` runs it the same way in production (`main.ts`) and in the embedded mode.
 */
export interface ServiceDeclaration<
  C extends ServiceKitConfig,
  A extends ServiceAdapters,
  X extends object = Record<never, never>,
> {
  name: string;
  requires?: ServiceRequirements;
  database?: ServiceDatabase;
  /**
   * Every part's name, in the order they stop: `http` (the listener drains first), then what feeds work in
   * (consumers, periodic tasks), what flushes, and the clients and pools last.
   */
  stopOrder: readonly string[];
  compose(kit: ServiceKit<C, A>): Promise<ServiceEdge<X>>;
}
