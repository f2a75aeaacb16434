import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@waymark/logging';
import { freePort, rawExchange } from '@waymark/testkit';
import { startEmbeddedGateway, type EmbeddedGateway } from '../src/embedded-gateway';

describe('the embedded gateway in front of the console files', () => {
  let consoleDir: string;
  let gateway: EmbeddedGateway;

  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'waymark-console-'));
    mkdirSync(join(consoleDir, 'assets'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(consoleDir, 'assets', 'app 1.js'), 'export {};');
    // Nothing listens behind it: only the paths the gateway answers itself are asked for here.
    const nowhere = await freePort();
    const upstreams = { 'link-api': nowhere, 'analytics-ingest': nowhere, notifier: nowhere, 'gs1-catalog': nowhere };
    gateway = await startEmbeddedGateway(0, upstreams, createLogger({ service: 'test', level: 'silent' }), consoleDir);
  });

  afterAll(async () => {
    await gateway?.stop();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const send = (method: string, path: string) =>
    rawExchange(gateway.port, Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));

  it.each([
    ['GET', '/%E0%A4%A'],
    ['HEAD', '/%'],
    ['GET', '/assets/%zz'],
    ['GET', '/%ED%A0%80'],
  ])('answers %s %s, a malformed percent-encoding, with 400 validation_failed', async (method, path) => {
    const answer = await send(method, path);
    expect(answer.status).toBe(400);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    if (method === 'GET') {
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'validation_failed',
        error: 'path: contains a malformed percent-encoding',
      });
    }
  });

  it('still serves a console file whose name is percent-encoded, and 404s a path that names none', async () => {
    expect((await send('GET', '/assets/app%201.js')).status).toBe(200);
    expect((await send('GET', '/')).status).toBe(200);
    const missing = await send('GET', '/assets/none.js');
    expect({ status: missing.status, body: JSON.parse(missing.body) }).toEqual({
      status: 404,
      body: { error: 'No such API route', code: 'not_found' },
    });
  });
});
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
