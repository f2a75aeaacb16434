import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { UnsafeBulkRow } from '@waymark/contracts';
import { createHttpApp } from '../src';
import { captureLogger } from './support/capture-logger';

function hostileApp() {
  const seen: unknown[] = [];
  const app = createHttpApp({
    service: 'http-test',
    logger: captureLogger('http-test').logger,
    mount: (a) => {
      a.get('/items/:id', (req, res) => void res.json({ id: req.params.id, q: req.query.q ?? null }));
      a.post('/echo', (req, res) => void (seen.push(req.body), res.json(req.body)));
    },
  });
  return { app, seen };
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('input no endpoint accepts is a 400 validation_failed, never a 5xx', () => {
  it.each(['/items/%', '/items/%E0%A4%A', '/items/a%zz'])(
    'refuses the malformed percent-encoding in %s',
    async (path) => {
      const res = await request(hostileApp().app).get(path).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(/percent-encoding/) });
    },
  );

  it('marks every answer, errors included, nosniff', async () => {
    const { app } = hostileApp();
    expect((await request(app).get('/items/1').expect(200)).headers['x-content-type-options']).toBe('nosniff');
    expect((await request(app).get('/items/%').expect(400)).headers['x-content-type-options']).toBe('nosniff');
    expect((await request(app).get('/nowhere').expect(404)).headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/items/a%00b', '/items/a?q=a%00b', '/items/a?q%00=1'])('refuses the NUL byte in %s', async (path) => {
    const res = await request(hostileApp().app).get(path).expect(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(/NUL/) });
  });

  it('refuses NUL characters and lone surrogates in body strings and keys, deep nesting and numbers beyond a double', async () => {
    const { app, seen } = hostileApp();
    const bodies = [
      '{"a":"x\\ud800"}',
      '{"\\udc00":1}',
      '{"a":"x\\u0000y"}',
      '{"a":{"k\\u0000":1}}',
      '{"rows":[{"tags":["a\\u0000"]}]}',
    ];
    for (const body of [...bodies, `{"a":${nested(5000)}}`, '{"n":1e400}']) {
      const res = await request(app).post('/echo').set('content-type', 'application/json').send(body).expect(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect(seen).toEqual([]);
    await request(app)
      .post('/echo')
      .set('content-type', 'application/json')
      .send(`{"a":${nested(20)},"s":"\\\\u0000 is text","e":"\\ud83d\\ude00"}`)
      .expect(200);
  });

  it('checks each row of a bulk route on its own, replacing an unsafe row, and the rest of its body as a whole', async () => {
    const seen: unknown[] = [];
    const app = createHttpApp({
      service: 'http-test',
      logger: captureLogger('http-test').logger,
      bulkRowFields: { '/bulk': 'rows' },
      mount: (a) => {
        a.post('/bulk', (req, res) => {
          seen.push(req.body);
          res.json({ unsafe: req.body.rows.map((row: unknown) => row instanceof UnsafeBulkRow), body: req.body });
        });
        a.post('/echo', (req, res) => void res.json(req.body));
      },
    });
    const rows = `[{"t":"ok"},{"t":"a\\u0000b"},{"t":"\\ud800"},{"t":${nested(400_000)}},{"t":${nested(20)}}]`;
    const res = await request(app).post('/bulk').set('content-type', 'application/json').send(`{"rows":${rows}}`);
    expect(res.status).toBe(200);
    expect(res.body.unsafe).toEqual([false, true, true, true, false]);
    expect(res.body.body.rows[1]).toEqual({
      '\u0000unsafeRow': { path: 't', message: 'must not contain a NUL character' },
    });
    expect(res.body.body.rows[3]['\u0000unsafeRow'].message).toMatch(/deeper than 32/);
    for (const [path, body] of [
      ['/bulk', '{"rows":[{"t":"ok"}],"note":"a\\u0000b"}'],
      ['/bulk', `{"rows":{"t":"a\\u0000b"}}`],
      ['/echo', `{"rows":${rows}}`],
    ] as const) {
      const refused = await request(app).post(path).set('content-type', 'application/json').send(body).expect(400);
      expect(refused.body.code).toBe('validation_failed');
    }
    expect(seen).toHaveLength(1);
  });

  it('checks the rows one by one on every spelling express routes to the bulk route (letter case, a trailing slash)', async () => {
    const app = createHttpApp({
      service: 'http-test',
      logger: captureLogger('http-test').logger,
      bulkRowFields: { '/v1/links/bulk': 'rows' },
      mount: (a) => {
        a.post('/v1/links/bulk', (req, res) => {
          res.json({ unsafe: req.body.rows.map((row: unknown) => row instanceof UnsafeBulkRow) });
        });
      },
    });
    for (const path of ['/v1/links/bulk/', '/V1/Links/BULK', '/v1/links/bulk?dry=1']) {
      const res = await request(app)
        .post(path)
        .set('content-type', 'application/json')
        .send('{"rows":[{"t":"ok"},{"t":"a\\u0000b"}]}');
      expect({ path, status: res.status, unsafe: res.body.unsafe }).toEqual({
        path,
        status: 200,
        unsafe: [false, true],
      });
    }
  });

  it.each([
    ['authorization', ['Bearer wm_live_a', 'Bearer wm_live_b']],
    ['x-api-key', ['wm_live_a', 'wm_live_b']],
  ])('refuses a %s header sent twice', async (name, values) => {
    const { status, body } = await rawGet(hostileApp().app, '/items/1', { [name]: values });
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({
      code: 'validation_failed',
      error: expect.stringMatching(new RegExp(`${name}: must be sent once`)),
    });
  });
});

/** supertest merges repeated headers; node:http sends an array value as one header line per element. */
async function rawGet(
  app: ReturnType<typeof createHttpApp>,
  path: string,
  headers: Record<string, string[]>,
): Promise<{ status: number; body: string }> {
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await new Promise((resolve, reject) => {
      const req = httpRequest({ port: (server.address() as AddressInfo).port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}
