import { request } from 'undici';
import { createHttpApp, SHED_METRIC, startHttpServer, type LoadSheddingOptions, type RunningHttpServer } from '../src';
import { captureLogger } from './support/capture-logger';
import { gate } from './support/gate';

/** A real server whose `/held` requests stay in flight until the test opens the gate. */
async function serverWith(loadShedding: LoadSheddingOptions) {
  const held = gate();
  let arrived = 0;
  const { logger, lines } = captureLogger('shed-test', 'info');
  const app = createHttpApp({
    service: 'shed-test',
    logger,
    loadShedding,
    mount: (a) => {
      a.get('/held', async (_req, res) => {
        arrived += 1;
        await held.promise;
        res.json({ ok: true });
      });
      a.get('/quick', (_req, res) => void res.json({ ok: true }));
      a.get('/slow', async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        res.json({ ok: true });
      });
      a.post('/slow', async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        res.status(201).json({ ok: true });
      });
    },
  });
  const createdAt = performance.now();
  const server = await startHttpServer(app, { port: 0, host: '127.0.0.1', logger, drainTimeoutMs: 1000 });
  const base = `http://127.0.0.1:${server.port}`;
  return { base, server, held, lines, arrived: () => arrived, createdAt };
}

const get = async (url: string, method: 'GET' | 'POST' = 'GET') => {
  const reply = await request(url, { method, headersTimeout: 2000, bodyTimeout: 2000 });
  return { status: reply.statusCode, headers: reply.headers, body: (await reply.body.json()) as unknown };
};

const waitUntil = async (done: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not met in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('load shedding', () => {
  let running: RunningHttpServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('answers 503 unavailable with Retry-After at once while the service has its limit of requests in flight', async () => {
    const { base, server, held, arrived, lines } = await serverWith({ maxInFlight: 2, retryAfterSeconds: 3 });
    running = server;
    const first = [get(`${base}/held`), get(`${base}/held`)];
    await waitUntil(() => arrived() === 2);

    const started = performance.now();
    const shed = await get(`${base}/quick`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(shed).toMatchObject({
      status: 503,
      headers: { 'retry-after': '3' },
      body: { code: 'unavailable', error: expect.stringContaining('overloaded') },
    });
    expect(Object.keys(shed.body as object).sort()).toEqual(['code', 'error']);
    // Probes are never shed: an overloaded instance is alive, and its metrics say why it sheds.
    expect((await get(`${base}/healthz`)).status).toBe(200);
    const metrics = await request(`${base}/metrics`);
    expect(await metrics.body.text()).toMatch(new RegExp(`${SHED_METRIC}\\{reason="in_flight"[^}]*\\} 1\\b`));
    expect(lines.some((l) => l.msg === 'shedding load: 503' && l.reason === 'in_flight')).toBe(true);

    held.open();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    // The slots come back as answers finish.
    expect((await get(`${base}/quick`)).status).toBe(200);
  });

  it('answers 503 while the event loop runs later than its limit, and serves again once it catches up', async () => {
    let delayMs = 1500;
    const { base, server } = await serverWith({
      maxEventLoopDelayMs: 1000,
      eventLoopDelay: { currentMs: () => delayMs },
    });
    running = server;
    const shed = await get(`${base}/quick`);
    expect(shed).toMatchObject({ status: 503, headers: { 'retry-after': '2' }, body: { code: 'unavailable' } });
    delayMs = 20;
    expect((await get(`${base}/quick`)).status).toBe(200);
  });

  it('answers 503 while every request finishing takes longer than the limit, until a window passes without it', async () => {
    const windowMs = 1500;
    const { base, server, createdAt } = await serverWith({
      maxLatencyMs: 100,
      latencyWindowMs: windowMs,
      latencyMinSamples: 3,
    });
    running = server;
    const sinceCreated = (ms: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, createdAt + ms - performance.now())));
    // A standing queue: three requests of the first window all over the limit.
    expect((await Promise.all([1, 2, 3].map(() => get(`${base}/slow`)))).map((r) => r.status)).toEqual([200, 200, 200]);
    await sinceCreated(windowMs + 100);
    const shed = await get(`${base}/quick`);
    expect(shed).toMatchObject({ status: 503, headers: { 'retry-after': '2' }, body: { code: 'unavailable' } });
    const metrics = await request(`${base}/metrics`);
    expect(await metrics.body.text()).toMatch(new RegExp(`${SHED_METRIC}\\{reason="latency"[^}]*\\} 1\\b`));
    // The next window saw no slow request finish: served again.
    await sinceCreated(2 * windowMs + 100);
    expect((await get(`${base}/quick`)).status).toBe(200);
  });

  it('judges writes apart from reads: slow writes are shed while reads are served', async () => {
    const windowMs = 1500;
    const { base, server, createdAt } = await serverWith({
      maxLatencyMs: 100,
      latencyWindowMs: windowMs,
      latencyMinSamples: 3,
    });
    running = server;
    const writes = [1, 2, 3].map(() => get(`${base}/slow`, 'POST'));
    const reads = [1, 2, 3].map(() => get(`${base}/quick`));
    expect((await Promise.all([...writes, ...reads])).map((r) => r.status)).toEqual([201, 201, 201, 200, 200, 200]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, createdAt + windowMs + 100 - performance.now())));
    expect((await get(`${base}/quick`)).status).toBe(200);
    expect(await get(`${base}/slow`, 'POST')).toMatchObject({ status: 503, body: { code: 'unavailable' } });
  });
});
