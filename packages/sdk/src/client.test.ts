import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWaymarkClient } from './waymark-client';

/** A local server that answers from a script of [status, headers, body] and records each request's headers. */
async function scriptedServer(script: [number, Record<string, string>, unknown][]) {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    const [status, headers, body] = script[Math.min(seen.length - 1, script.length - 1)]!;
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

const LINK = { code: 'abc', shortUrl: 'https://go.example/abc' };

describe('the Waymark client', () => {
  it('retries a rate-limited POST after Retry-After with the same Idempotency-Key', async () => {
    const server = await scriptedServer([
      [429, { 'retry-after': '1' }, { error: 'slow down', code: 'rate_limited' }],
      [201, {}, LINK],
    ]);
    try {
      const waymark = createWaymarkClient({ baseUrl: server.url, apiKey: 'wm_live_test' });
      const started = Date.now();
      const { data, response } = await waymark.POST('/v1/links', { body: { destination: 'https://example.com' } });
      expect(response.status).toBe(201);
      expect(data).toEqual(LINK);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(server.seen).toHaveLength(2);
      const keys = server.seen.map((h) => h['idempotency-key']);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(server.seen[0]!['x-api-key']).toBe('wm_live_test');
    } finally {
      await server.close();
    }
  });

  it('sends the key as a Bearer token when asked, and gives up on a wait longer than allowed', async () => {
    const server = await scriptedServer([[503, { 'retry-after': '120' }, { error: 'down', code: 'unavailable' }]]);
    try {
      const waymark = createWaymarkClient({ baseUrl: server.url, apiKey: 'wm_live_b', auth: 'bearer' });
      const { error, response } = await waymark.GET('/v1/links');
      expect(response.status).toBe(503);
      expect(error).toEqual({ error: 'down', code: 'unavailable' });
      expect(server.seen).toHaveLength(1);
      expect(server.seen[0]!.authorization).toBe('Bearer wm_live_b');
      expect(server.seen[0]!['x-api-key']).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
