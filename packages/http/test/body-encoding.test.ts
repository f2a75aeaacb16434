import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createHttpApp } from '../src';
import { captureLogger } from './support/capture-logger';

function echoApp() {
  const seen: unknown[] = [];
  const app = createHttpApp({
    service: 'http-test',
    logger: captureLogger('http-test').logger,
    mount: (a) => {
      a.post('/echo', (req, res) => void (seen.push(req.body), res.json(req.body)));
    },
  });
  return { app, seen };
}

/** The bytes exactly as given: supertest would serialise a Buffer sent as JSON into `{"type":"Buffer",...}`. */
async function post(
  app: ReturnType<typeof createHttpApp>,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { error?: string; code?: string } & Record<string, unknown> }> {
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          port: (server.address() as AddressInfo).port,
          path: '/echo',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    server.close();
  }
}

const json = Buffer.from('{"title":"Café"}');

describe('a compressed body is read, or refused as the client fault it is', () => {
  it.each([
    ['gzip', gzipSync(json)],
    ['deflate', deflateSync(json)],
    ['br', brotliCompressSync(json)],
  ])('reads a body sent with Content-Encoding %s', async (encoding, bytes) => {
    const res = await post(echoApp().app, bytes, { 'content-encoding': encoding });
    expect(res).toEqual({ status: 200, body: { title: 'Café' } });
  });

  it.each(['gzip', 'deflate', 'br'])(
    'answers 400 validation_failed to a body that does not decompress as %s',
    async (encoding) => {
      const { app, seen } = echoApp();
      for (const bytes of [json, Buffer.from([0x1f, 0x8b, 0x08, 0, 1, 2, 3]), gzipSync(json).subarray(0, 12)]) {
        const res = await post(app, bytes, { 'content-encoding': encoding });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'validation_failed',
          error: `body: does not decompress as Content-Encoding ${encoding}`,
        });
      }
      expect(seen).toEqual([]);
    },
  );

  it.each(['compress', 'zip', 'gzip, gzip'])(
    'answers 415 to Content-Encoding %s, which it does not read',
    async (encoding) => {
      const res = await post(echoApp().app, json, { 'content-encoding': encoding });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        error: `Content-Encoding ${encoding} is not supported; send gzip, deflate, br or none (identity)`,
        code: 'unsupported_media_type',
      });
    },
  );

  it('counts the size limit in decompressed bytes, so a small compressed body cannot expand past it', async () => {
    const bomb = gzipSync(Buffer.from(`{"a":"${'x'.repeat(4 * 1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(16 * 1024);
    const res = await post(echoApp().app, bomb, { 'content-encoding': 'gzip' });
    expect(res).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
  });
});

describe('request bodies are strict UTF-8', () => {
  it.each([
    ['FF FE in a string', Buffer.from([...Buffer.from('{"title":"a'), 0xff, 0xfe, ...Buffer.from('"}')])],
    ['a truncated sequence', Buffer.from([...Buffer.from('{"title":"'), 0xe2, 0x82, ...Buffer.from('"}')])],
    ['an overlong encoding of "/"', Buffer.from([...Buffer.from('{"title":"'), 0xc0, 0xaf, ...Buffer.from('"}')])],
    ['an encoded surrogate', Buffer.from([...Buffer.from('{"title":"'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')])],
  ])('answers 400 to %s instead of storing U+FFFD', async (_name, bytes) => {
    const { app, seen } = echoApp();
    const res = await post(app, bytes);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', error: 'body: is not valid UTF-8' });
    expect(seen).toEqual([]);
  });

  it('checks the decompressed bytes, not the compressed ones', async () => {
    const bytes = gzipSync(Buffer.from([...Buffer.from('{"title":"'), 0xff, ...Buffer.from('"}')]));
    const res = await post(echoApp().app, bytes, { 'content-encoding': 'gzip' });
    expect(res).toMatchObject({ status: 400, body: { error: 'body: is not valid UTF-8' } });
  });

  it('reads valid UTF-8 of every length, with or without a charset parameter', async () => {
    const text = 'é€😀 ASCII';
    const { app } = echoApp();
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json; charset=UTF-8']) {
      const res = await post(app, Buffer.from(JSON.stringify({ title: text })), { 'content-type': type });
      expect(res).toEqual({ status: 200, body: { title: text } });
    }
  });

  it('answers 415 to a JSON body declared in another charset', async () => {
    const res = await post(echoApp().app, Buffer.from('{"title":"Caf\u00e9"}', 'utf16le'), {
      'content-type': 'application/json; charset=utf-16le',
    });
    expect(res).toEqual({
      status: 415,
      body: { error: 'Request bodies must be UTF-8 (charset=utf-8 or none)', code: 'unsupported_media_type' },
    });
  });
});
