import { Agent, request } from 'node:http';

/** What a redirect load saw: the time (Date.now()) each 302 arrived, and any other answer or error, counted. */
export interface RedirectLoad {
  readonly answeredAt: number[];
  readonly other: Map<string, number>;
  /** Stops sending; resolves once every visitor has had its last answer (or error). */
  stop(): Promise<void>;
}

/**
 * `visitors` browsers visiting `path` on the redirector at `port` back to back, each on a kept-alive connection, with
 * the Host a short URL carries. A visit counts as answered when its 302 arrives; a dead server's refusals are `other`.
 */
export function startRedirectLoad(port: number, host: string, path: string, visitors: number): RedirectLoad {
  const agent = new Agent({ keepAlive: true, maxSockets: visitors });
  const answeredAt: number[] = [];
  const other = new Map<string, number>();
  let running = true;
  const visitOnce = () =>
    new Promise<void>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          agent,
          headers: { host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', accept: 'text/html' },
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 302) answeredAt.push(Date.now());
            else other.set(String(response.statusCode), (other.get(String(response.statusCode)) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => {
        other.set(error.code ?? error.message, (other.get(error.code ?? error.message) ?? 0) + 1);
        resolve();
      });
      req.end();
    });
  const visitor = async () => {
    while (running) await visitOnce();
  };
  const done = Promise.all(Array.from({ length: visitors }, visitor));
  return {
    answeredAt,
    other,
    async stop() {
      running = false;
      await done;
      agent.destroy();
    },
  };
}
