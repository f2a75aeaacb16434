import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface HostileApi {
  url: string;
  seen: SeenRequest[];
  stop(): Promise<void>;
}

/**
 * A local HTTP server standing in for an API that wants to harm its client: it records every request (so a test
 * can tell whether a credential reached it) and answers as `answer` decides; an answer that never ends the response
 * is a silent server.
 */
export async function startHostileApi(answer: (req: SeenRequest, res: ServerResponse) => void): Promise<HostileApi> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    seen.push(request);
    req.resume();
    answer(request, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
