import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when the last byte arrived (for delivery latency). */
  receivedAt: number;
  /** What the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  /** http://localhost:PORT, or http://<host>:PORT when given one; its host:port is the notifier's allowlist entry. */
  base: string;
  received: ReceivedWebhook[];
  /** Answers the next `count` deliveries to `path` with 503 (a failing endpoint), recording them all the same. */
  failNext(path: string, count: number): void;
  stop(): Promise<void>;
}

/**
 * A local HTTP endpoint that answers 204 to every POST (or 503 when told to fail) and records the exact bytes it was
 * sent. On `host` when given (an IPv4 address such as 127.0.0.1), else dual-stack.
 */
export async function startWebhookReceiver(options: { host?: string } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const failures = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const failing = failures.get(path) ?? 0;
      if (failing > 0) failures.set(path, failing - 1);
      const status = failing > 0 ? 503 : 204;
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
        status,
      });
      response.writeHead(status).end();
    });
  });
  // Dual-stack by default, so `localhost` reaches it whether it resolves to 127.0.0.1 or ::1.
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '::', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://${options.host ?? 'localhost'}:${port}`,
    received,
    failNext(path, count) {
      failures.set(path, count);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
