import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when the last byte arrived (for delivery latency). */
  receivedAt: number;
}

export interface WebhookReceiver {
  /** http://localhost:PORT (the notifier allowlists `localhost` for plain http). */
  base: string;
  received: ReceivedWebhook[];
  stop(): Promise<void>;
}

/** A local HTTP endpoint that answers 204 to every POST and records the exact bytes it was sent. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      response.writeHead(204).end();
    });
  });
  // Dual-stack, so `localhost` reaches it whether it resolves to 127.0.0.1 or ::1.
  await new Promise<void>((resolve) => server.listen(0, '::', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://localhost:${port}`,
    received,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
