import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Epoch ms at arrival. */
  at: number;
}

/** Decides the status for the nth request (1-based) on a path. */
export type Responder = (nth: number, request: ReceivedRequest) => number;

/** A real HTTP receiver on 127.0.0.1 that records every request and answers as each path's responder says. */
export async function startReceiver() {
  const requests: ReceivedRequest[] = [];
  const responders = new Map<string, Responder>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(received);
      const nth = requests.filter((r) => r.path === received.path).length;
      const status = (responders.get(received.path) ?? (() => 200))(nth, received);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`status ${status} for request ${nth}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** Receiver URLs use the host name `localhost`; tests allowlist it for plain http with allowEntry. */
    url: (path: string) => `http://localhost:${port}${path}`,
    /** The WEBHOOK_HTTP_ALLOWED_HOSTS entry that opens this receiver, and only it. */
    allowEntry: `localhost:${port}`,
    on: (path: string, responder: Responder) => responders.set(path, responder),
    requestsTo: (path: string) => requests.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
