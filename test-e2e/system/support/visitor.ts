import { request } from 'node:http';

export interface Visit {
  status: number;
  location: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface VisitOptions {
  method?: 'GET' | 'HEAD';
  userAgent?: string;
  /** The visitor's address, as a load balancer in front of the gateway would report it. */
  forwardedFor?: string;
  headers?: Record<string, string>;
}

/** A visitor's browser request to `https://<host><path>`, sent to the gateway with that Host (no TLS here). */
export function visit(gatewayPort: number, host: string, path: string, opts: VisitOptions = {}): Promise<Visit> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: gatewayPort,
        path,
        method: opts.method ?? 'GET',
        agent: false,
        headers: {
          host,
          'user-agent':
            opts.userAgent ??
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
          accept: 'text/html',
          ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
          ...opts.headers,
        },
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`visit ${host}${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** The path and query of a short URL or Digital Link, to send to the gateway with the URL's host. */
export function pathOf(url: string): { host: string; path: string } {
  const parsed = new URL(url);
  return { host: parsed.host, path: `${parsed.pathname}${parsed.search}` };
}
