import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@waymark/logging';
import { markDraining } from '../app/lifecycle';

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

export async function startHttpServer(app: RequestListener & object, options: HttpServerOptions): Promise<RunningHttpServer> {
  const { logger } = options;
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    // A request that arrives on a kept-alive socket during the drain is served, but its socket closes after it.
    if (draining) res.setHeader('connection', 'close');
    app(req, res);
  });

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
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    logger.info({ inFlight: inFlight.size }, 'http server draining');
    return new Promise<void>((resolve) => {
      // Sockets that go idle mid-drain (a response finished after headers were already sent) are swept here,
      // because server.close() only closes the sockets that are idle at the moment it is called.
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const deadline = setTimeout(() => {
        logger.warn({ inFlight: inFlight.size }, 'drain deadline passed; closing remaining connections');
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
