import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@waymark/logging';
import { startEmbeddedGateway, type EmbeddedGateway } from '../src/embedded-gateway';

/** A request to the gateway; a header given several values is sent as that many header lines. */
function send(port: number, headers: Record<string, string | string[]>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/v1/links', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject).end();
  });
}

describe('the embedded gateway', () => {
  let upstream: Server;
  let gateway: EmbeddedGateway;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    const upstreams = { 'link-api': port, 'analytics-ingest': port, notifier: port, 'gs1-catalog': port };
    gateway = await startEmbeddedGateway(0, upstreams, createLogger({ service: 'test', level: 'silent' }));
  });
  afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('refuses a second Authorization or x-api-key header with 400 instead of forwarding only the first', async () => {
    for (const name of ['authorization', 'x-api-key']) {
      const answer = await send(gateway.port, { [name]: ['Bearer wm_live_first', 'Bearer wm_live_second'] });
      expect({ name, status: answer.status, body: JSON.parse(answer.body) }).toEqual({
        name,
        status: 400,
        body: { error: `The ${name} header must be sent once`, code: 'validation_failed' },
      });
    }
    expect(seen).toEqual([]);
    const one = await send(gateway.port, { authorization: 'Bearer wm_live_only' });
    expect(one.status).toBe(200);
    expect(seen.map((headers) => headers.authorization)).toEqual(['Bearer wm_live_only']);
  });
});
