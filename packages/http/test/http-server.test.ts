import http from 'node:http';
import net from 'node:net';
import request from 'supertest';
import { createHttpApp, startHttpServer, type RunningHttpServer } from '../src';
import { captureLogger } from './support/capture-logger';
import { waitFor } from '@waymark/testkit';
import { gate } from './support/gate';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(port: number, path: string, agent?: http.Agent): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe('startHttpServer', () => {
  const slow = gate();
  let entered = 0;
  const captured = captureLogger();
  const app = createHttpApp({
    service: 'server-test',
    logger: captured.logger,
    mount: (a) => {
      a.get('/slow', async (_req, res) => {
        entered += 1;
        await slow.promise;
        res.json({ done: true });
      });
      a.get('/fast', (_req, res) => void res.json({ ok: true }));
    },
  });
  const started: RunningHttpServer[] = [];
  const start = async (drainTimeoutMs = 10_000) => {
    const server = await startHttpServer(app, { port: 0, host: '127.0.0.1', logger: captured.logger, drainTimeoutMs });
    started.push(server);
    return server;
  };

  afterAll(async () => {
    slow.open();
    await Promise.all(started.map((s) => s.close()));
  });

  it('listens on the port the OS chose when asked for 0', async () => {
    const server = await start();
    expect(server.port).toBeGreaterThan(0);
    expect((await get(server.port, '/fast')).body).toBe('{"ok":true}');
    await server.close();
  });

  it('drains an in-flight request to completion while refusing new connections', async () => {
    const server = await start();
    const before = entered;
    const inFlight = get(server.port, '/slow');
    await waitFor(() => entered > before, {
      message: 'the slow request to reach its handler',
      timeoutMs: 5_000,
      intervalMs: 10,
    });

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    expect(await connectOutcome(server.port)).toBe('ECONNREFUSED');
    // Readiness turns 503 as soon as draining begins, so a load balancer stops sending work here.
    await request(app)
      .get('/readyz')
      .expect(503, { error: 'Shutting down', code: 'unavailable', details: { checks: {} } });
    expect(closed).toBe(false);

    slow.open();
    const reply = await inFlight;
    expect(reply).toMatchObject({ status: 200, body: '{"done":true}' });
    expect(reply.headers.connection).toBe('close');
    await closing;
    expect(closed).toBe(true);
  });

  it('closes idle keep-alive sockets at once instead of waiting for their timeout', async () => {
    const server = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const reply = await get(server.port, '/fast', agent);
    expect(reply.headers.connection).toBe('keep-alive');
    const started = Date.now();
    await server.close();
    // Node's keep-alive timeout is 5 s; anything near it means the idle socket held the shutdown open.
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
  });

  it('cuts requests still running when the drain deadline passes', async () => {
    const stuck = gate();
    let stuckEntered = false;
    const cutApp = createHttpApp({
      service: 'server-test',
      logger: captured.logger,
      mount: (a) =>
        a.get('/stuck', async () => {
          stuckEntered = true;
          await stuck.promise;
        }),
    });
    const server = await startHttpServer(cutApp, {
      port: 0,
      host: '127.0.0.1',
      logger: captured.logger,
      drainTimeoutMs: 200,
    });
    const inFlight = get(server.port, '/stuck');
    inFlight.catch(() => undefined);
    await waitFor(() => stuckEntered, {
      message: 'the stuck request to reach its handler',
      timeoutMs: 5_000,
      intervalMs: 10,
    });
    await server.close();
    await expect(inFlight).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(captured.lines.some((l) => l.msg === 'drain deadline passed; closing remaining connections')).toBe(true);
    stuck.open();
  });

  it('is idempotent: a second close waits for the same drain', async () => {
    const server = await start();
    const first = server.close();
    expect(server.close()).toBe(first);
    await first;
  });
});
