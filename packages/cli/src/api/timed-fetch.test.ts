import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestTimeoutError, timedFetch } from './timed-fetch';

/** A server that sends `parts` parts of its body `gapMs` apart, then ends it, or stops sending when `stall`. */
function trickle(parts: number, gapMs: number, stall = false): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/zip' });
    let sent = 0;
    const tick = setInterval(() => {
      if (stall && sent === 1) return;
      res.write('x'.repeat(1024));
      if (++sent === parts) {
        clearInterval(tick);
        res.end();
      }
    }, gapMs);
    res.on('close', () => clearInterval(tick));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }),
    ),
  );
}

describe('timedFetch', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('takes a body that keeps arriving for longer than the timeout, as a large zip on a slow link does', async () => {
    const slow = await trickle(10, 100);
    server = slow.server;
    const response = await timedFetch(500)(slow.url);
    expect((await response.arrayBuffer()).byteLength).toBe(10 * 1024);
  });

  it('gives up on a body that stops arriving, with the timeout in its error', async () => {
    const stalled = await trickle(8, 50, true);
    server = stalled.server;
    await expect(timedFetch(300)(stalled.url)).rejects.toBeInstanceOf(RequestTimeoutError);
  });
});
