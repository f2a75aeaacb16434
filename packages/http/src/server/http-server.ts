import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@waymark/logging';
import { markDraining } from '../app/lifecycle';
import { drainAwareResponse } from './drain-aware-response';

export interface HttpServerOptions {
  readonly port: number;
  readonly host?: string;
  readonly logger: Logger;
  /** How long in-flight requests may take to finish once shutdown begins; then their sockets are cut. */
  readonly drainTimeoutMs?: number;
}

export interface RunningHttpServer {
  /** The bound port (the real one when 0 was asked for). */
  readonly port: number;
  /** Stops accepting, lets in-flight requests finish (up to the deadline), closes keep-alive sockets. Idempotent. */
  close(): Promise<void>;
}

const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;
const IDLE_SWEEP_MS = 50;

export async function startHttpServer(
  app: RequestListener & object,
  options: HttpServerOptions,
): Promise<RunningHttpServer> {
  const { logger } = options;
  let draining = false;
  // A response written once the drain began (in flight then, or arriving on a kept-alive socket meanwhile) is
  // served, and says Connection: close, so its socket closes after it.
  const server = createServer({ ServerResponse: drainAwareResponse(() => draining) }, app);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, host: options.host ?? '0.0.0.0' }, 'http server listening');

  let closing: Promise<void> | undefined;
  const drain = (): Promise<void> => {
    draining = true;
    markDraining(app);
    server.getConnections((error, connections) => logger.info(error ? {} : { connections }, 'http server draining'));
    return new Promise<void>((resolve) => {
      // Sockets that go idle mid-drain (a response finished after headers were already sent) are swept here,
      // because server.close() only closes the sockets that are idle at the moment it is called.
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const deadline = setTimeout(() => {
        logger.warn('drain deadline passed; closing remaining connections');
        server.closeAllConnections();
      }, options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(deadline);
        logger.info('http server closed');
        resolve();
      });
    });
  };

  return {
    port,
    close: () => (closing ??= drain()),
  };
}
